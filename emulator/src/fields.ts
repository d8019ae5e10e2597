// Reading and writing nested fields of a document by field path segments.
import type { Fields, Value } from './value-types.ts';
import { mapFields } from './values.ts';
import { validateFieldName } from './paths.ts';
import { invalid } from './errors.ts';

export function getField(fields: Fields, path: string[]): Value | undefined {
  let current: Value | undefined = { mapValue: { fields } };
  for (const seg of path) {
    if (!current || !('mapValue' in current)) return undefined;
    current = mapFields(current)[seg];
  }
  return current;
}

/** Returns a copy of `fields` with `value` at `path` (creating maps on the way); undefined deletes. */
export function setField(fields: Fields, path: string[], value: Value | undefined): Fields {
  const [head, ...rest] = path;
  const copy = { ...fields };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const child = copy[head];
  const childFields = child && 'mapValue' in child ? mapFields(child) : {};
  if (value === undefined && !(child && 'mapValue' in child)) return copy;
  copy[head] = { mapValue: { fields: setField(childFields, rest, value) } };
  return copy;
}

/** Every field name at every depth is a valid stored field name. */
export function validateFields(fields: Fields) {
  for (const [k, v] of Object.entries(fields)) {
    validateFieldName(k);
    if ('mapValue' in v) validateFields(mapFields(v));
    if ('arrayValue' in v) {
      for (const item of v.arrayValue.values ?? []) {
        if ('arrayValue' in item) throw invalid('Cannot have an array directly inside another array.');
        if ('mapValue' in item) validateFields(mapFields(item));
      }
    }
  }
}

/** Keeps only the given field paths (a projection or a read mask). */
export function project(fields: Fields, paths: string[][]): Fields {
  let out: Fields = {};
  for (const p of paths) {
    const v = getField(fields, p);
    if (v !== undefined) out = setField(out, p, v);
  }
  return out;
}
