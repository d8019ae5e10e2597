// Document size as Cloud Firestore counts it for the 1 MiB limit
// (https://firebase.google.com/docs/firestore/storage-size): strings are UTF-8 bytes + 1; a
// document name is its ids' string sizes + 16; a document is its name + its fields (name string
// size + value size each) + 32.
import type { Fields, Value } from './value-types.ts';
import { arrayValues, mapFields } from './values.ts';

export const MAX_DOCUMENT_BYTES = 1_048_576;

export function stringSize(s: string): number {
  return Buffer.byteLength(s, 'utf8') + 1;
}

/** Size of a document name from its path relative to /documents ("users/jeff/tasks/t1"). */
export function documentNameSize(path: string): number {
  return path.split('/').reduce((n, id) => n + stringSize(id), 16);
}

export function valueSize(v: Value): number {
  if ('stringValue' in v) return stringSize(v.stringValue);
  if ('integerValue' in v || 'doubleValue' in v || 'timestampValue' in v) return 8;
  if ('booleanValue' in v || 'nullValue' in v) return 1;
  if ('mapValue' in v) return fieldsSize(mapFields(v));
  if ('arrayValue' in v) return arrayValues(v).reduce((n, x) => n + valueSize(x), 0);
  if ('bytesValue' in v) return Buffer.byteLength(v.bytesValue, 'base64');
  if ('geoPointValue' in v) return 16;
  if ('referenceValue' in v) {
    const i = v.referenceValue.indexOf('/documents/');
    return documentNameSize(i < 0 ? v.referenceValue : v.referenceValue.slice(i + '/documents/'.length));
  }
  return 0;
}

export function fieldsSize(fields: Fields): number {
  let n = 0;
  for (const k in fields) n += stringSize(k) + valueSize(fields[k]);
  return n;
}

export function documentSize(path: string, fields: Fields): number {
  return documentNameSize(path) + fieldsSize(fields) + 32;
}
