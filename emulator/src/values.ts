// Firestore values: type order, comparison and equality exactly as Cloud Firestore orders them
// (https://firebase.google.com/docs/firestore/manage-data/data-types#value_type_ordering):
// null < booleans < numbers (NaN first; ints and doubles compared numerically) < timestamps <
// strings (UTF-8 byte order) < bytes < references < geopoints < arrays < maps.
import type { Fields, Value } from './value-types.ts';

export const enum TypeOrder {
  Null = 0,
  Boolean = 1,
  Number = 2,
  Timestamp = 3,
  String = 4,
  Bytes = 5,
  Reference = 6,
  GeoPoint = 7,
  Array = 8,
  Map = 9,
}

export function typeOrder(v: Value): TypeOrder {
  if ('nullValue' in v) return TypeOrder.Null;
  if ('booleanValue' in v) return TypeOrder.Boolean;
  if ('integerValue' in v || 'doubleValue' in v) return TypeOrder.Number;
  if ('timestampValue' in v) return TypeOrder.Timestamp;
  if ('stringValue' in v) return TypeOrder.String;
  if ('bytesValue' in v) return TypeOrder.Bytes;
  if ('referenceValue' in v) return TypeOrder.Reference;
  if ('geoPointValue' in v) return TypeOrder.GeoPoint;
  if ('arrayValue' in v) return TypeOrder.Array;
  if ('mapValue' in v) return TypeOrder.Map;
  throw new TypeError(`Unknown value type: ${JSON.stringify(v)}`);
}

export function toNumber(v: Value): number {
  if ('integerValue' in v) return Number(v.integerValue);
  if ('doubleValue' in v) return Number(v.doubleValue); // 'NaN' / 'Infinity' strings too
  throw new TypeError('not a number');
}

export function isNaNValue(v: Value): boolean {
  return 'doubleValue' in v && Number.isNaN(Number(v.doubleValue));
}

/** Integers stay exact beyond 2^53 by comparing as bigint when both sides are integers. */
function compareNumbers(a: Value, b: Value): number {
  if ('integerValue' in a && 'integerValue' in b) {
    const x = BigInt(a.integerValue);
    const y = BigInt(b.integerValue);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = toNumber(a);
  const y = toNumber(b);
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** RFC 3339 → [seconds, nanos], keeping nanosecond precision that Date would drop. */
export function parseTimestamp(s: string): [number, number] {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(s);
  if (!m) throw new TypeError(`Invalid timestamp: ${s}`);
  const seconds = Math.floor(Date.parse(`${m[1]}${m[3]}`) / 1000);
  const nanos = m[2] ? Number(m[2].padEnd(9, '0')) : 0;
  return [seconds, nanos];
}

export function formatTimestamp(seconds: number, nanos: number): string {
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  const digits = String(nanos).padStart(9, '0');
  return `${base}.${digits.endsWith('000') ? digits.slice(0, 6) : digits}Z`;
}

function compareTimestamps(a: string, b: string): number {
  const [as, an] = parseTimestamp(a);
  const [bs, bn] = parseTimestamp(b);
  return as !== bs ? Math.sign(as - bs) : Math.sign(an - bn);
}

function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** References compare segment by segment, so "a/b" < "a/b/c" < "a/bc". */
function compareReferences(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const c = compareUtf8(x[i], y[i]);
    if (c) return c;
  }
  return Math.sign(x.length - y.length);
}

function compareArrays(a: Value[], b: Value[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareValues(a[i], b[i]);
    if (c) return c;
  }
  return Math.sign(a.length - b.length);
}

/** Maps compare by their keys in order, then values, key by key. */
function compareMaps(a: Fields, b: Fields): number {
  const ka = Object.keys(a).sort(compareUtf8);
  const kb = Object.keys(b).sort(compareUtf8);
  for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
    const c = compareUtf8(ka[i], kb[i]) || compareValues(a[ka[i]], b[kb[i]]);
    if (c) return c;
  }
  return Math.sign(ka.length - kb.length);
}

export function compareValues(a: Value, b: Value): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return Math.sign(ta - tb);
  switch (ta) {
    case TypeOrder.Null:
      return 0;
    case TypeOrder.Boolean:
      return Number((a as { booleanValue: boolean }).booleanValue) - Number((b as { booleanValue: boolean }).booleanValue);
    case TypeOrder.Number:
      return compareNumbers(a, b);
    case TypeOrder.Timestamp:
      return compareTimestamps((a as { timestampValue: string }).timestampValue, (b as { timestampValue: string }).timestampValue);
    case TypeOrder.String:
      return compareUtf8((a as { stringValue: string }).stringValue, (b as { stringValue: string }).stringValue);
    case TypeOrder.Bytes:
      return Buffer.compare(Buffer.from((a as { bytesValue: string }).bytesValue, 'base64'), Buffer.from((b as { bytesValue: string }).bytesValue, 'base64'));
    case TypeOrder.Reference:
      return compareReferences((a as { referenceValue: string }).referenceValue, (b as { referenceValue: string }).referenceValue);
    case TypeOrder.GeoPoint: {
      const x = (a as { geoPointValue: { latitude?: number; longitude?: number } }).geoPointValue;
      const y = (b as { geoPointValue: { latitude?: number; longitude?: number } }).geoPointValue;
      return Math.sign((x.latitude ?? 0) - (y.latitude ?? 0)) || Math.sign((x.longitude ?? 0) - (y.longitude ?? 0));
    }
    case TypeOrder.Array:
      return compareArrays(arrayValues(a), arrayValues(b));
    case TypeOrder.Map:
      return compareMaps(mapFields(a), mapFields(b));
  }
}

/** Equality as queries use it: 1 == 1.0, but NaN never equals anything (use IS_NAN). */
export function valuesEqual(a: Value, b: Value): boolean {
  if (isNaNValue(a) || isNaNValue(b)) return false;
  if (typeOrder(a) !== typeOrder(b)) return false;
  if (typeOrder(a) === TypeOrder.Array) {
    const x = arrayValues(a);
    const y = arrayValues(b);
    return x.length === y.length && x.every((v, i) => valuesEqual(v, y[i]));
  }
  if (typeOrder(a) === TypeOrder.Map) {
    const x = mapFields(a);
    const y = mapFields(b);
    const keys = Object.keys(x);
    return keys.length === Object.keys(y).length && keys.every((k) => k in y && valuesEqual(x[k], y[k]));
  }
  return compareValues(a, b) === 0;
}

export function arrayValues(v: Value): Value[] {
  return ('arrayValue' in v && v.arrayValue.values) || [];
}

export function mapFields(v: Value): Fields {
  return ('mapValue' in v && v.mapValue.fields) || {};
}

/** Size in bytes as Firestore counts it (https://firebase.google.com/docs/firestore/storage-size). */
export function valueSize(v: Value): number {
  switch (typeOrder(v)) {
    case TypeOrder.Null:
    case TypeOrder.Boolean:
      return 1;
    case TypeOrder.Number:
      return 8;
    case TypeOrder.Timestamp:
      return 8;
    case TypeOrder.String:
      return Buffer.byteLength((v as { stringValue: string }).stringValue, 'utf8') + 1;
    case TypeOrder.Bytes:
      return Buffer.from((v as { bytesValue: string }).bytesValue, 'base64').length;
    case TypeOrder.Reference:
      return Buffer.byteLength((v as { referenceValue: string }).referenceValue.split('/documents/')[1] ?? '', 'utf8') + 16;
    case TypeOrder.GeoPoint:
      return 16;
    case TypeOrder.Array:
      return arrayValues(v).reduce((n, x) => n + valueSize(x), 0);
    case TypeOrder.Map:
      return fieldsSize(mapFields(v));
  }
}

export function fieldsSize(fields: Fields): number {
  return Object.entries(fields).reduce((n, [k, v]) => n + Buffer.byteLength(k, 'utf8') + 1 + valueSize(v), 0);
}

/** Accepts the SDK's proto3 JSON and returns a canonical copy (integers as strings). */
export function normalizeValue(v: Value): Value {
  if ('integerValue' in v) return { integerValue: String(BigInt(v.integerValue)) };
  if ('nullValue' in v) return { nullValue: null };
  if ('arrayValue' in v) return { arrayValue: { values: arrayValues(v).map(normalizeValue) } };
  if ('mapValue' in v) return { mapValue: { fields: normalizeFields(mapFields(v)) } };
  if ('timestampValue' in v) {
    const [s, n] = parseTimestamp(v.timestampValue);
    return { timestampValue: formatTimestamp(s, n) };
  }
  typeOrder(v); // throws on an unknown shape
  return v;
}

export function normalizeFields(fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, normalizeValue(v)]));
}
