// Firestore values: type order, comparison and equality exactly as Cloud Firestore orders them
// (https://firebase.google.com/docs/firestore/manage-data/data-types#value_type_ordering):
// null < booleans < numbers (NaN first; ints and doubles compared numerically) < timestamps <
// strings (UTF-8 byte order) < bytes < references < geopoints < arrays < vectors < maps.
// A vector is stored as a map {__type__: "__vector__", value: [numbers]}; vectors compare by
// dimension, then element by element (the documented order, and the SDK's valueCompare).
//
// Values reaching these functions are canonical (see proto-json.ts): integers as decimal strings,
// timestamps as "YYYY-MM-DDTHH:MM:SS[.fff…]Z". Comparison is the hot path of every query, so
// it avoids allocations where it can.
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
  Vector = 9,
  Map = 10,
}

/** The `__type__` of the map a vector is stored as. */
export const VECTOR_TYPE = '__vector__';

/** A map {__type__: "__vector__", value: [...]}, which is how vector values are stored. */
export function isVectorValue(v: Value): boolean {
  if (!('mapValue' in v)) return false;
  const type = v.mapValue.fields?.__type__;
  return !!type && 'stringValue' in type && type.stringValue === VECTOR_TYPE;
}

/** A vector's elements. */
export function vectorValues(v: Value): Value[] {
  const value = mapFields(v).value;
  return value ? arrayValues(value) : [];
}

export function typeOrder(v: Value): TypeOrder {
  if ('stringValue' in v) return TypeOrder.String;
  if ('integerValue' in v || 'doubleValue' in v) return TypeOrder.Number;
  if ('timestampValue' in v) return TypeOrder.Timestamp;
  if ('booleanValue' in v) return TypeOrder.Boolean;
  if ('nullValue' in v) return TypeOrder.Null;
  if ('mapValue' in v) return isVectorValue(v) ? TypeOrder.Vector : TypeOrder.Map;
  if ('arrayValue' in v) return TypeOrder.Array;
  if ('referenceValue' in v) return TypeOrder.Reference;
  if ('bytesValue' in v) return TypeOrder.Bytes;
  if ('geoPointValue' in v) return TypeOrder.GeoPoint;
  throw new TypeError(`Unknown value type: ${JSON.stringify(v)}`);
}

export function isNumber(v: Value | undefined): boolean {
  return !!v && ('integerValue' in v || 'doubleValue' in v);
}

export function toNumber(v: Value): number {
  if ('integerValue' in v) return Number(v.integerValue);
  if ('doubleValue' in v) return Number(v.doubleValue); // 'NaN' / 'Infinity' strings too
  throw new TypeError('not a number');
}

export function isNaNValue(v: Value): boolean {
  return 'doubleValue' in v && Number.isNaN(Number(v.doubleValue));
}

// ---------- strings ----------

/**
 * UTF-8 byte order without encoding: it equals code point order, which differs from JavaScript's
 * UTF-16 code unit order only when a surrogate (a code point above U+FFFF) meets U+E000–U+FFFF.
 */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      const xs = x >= 0xd800 && x <= 0xdfff;
      const ys = y >= 0xd800 && y <= 0xdfff;
      if (xs === ys) return x < y ? -1 : 1;
      return xs ? 1 : -1;
    }
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

// ---------- numbers ----------

const SAFE_DIGITS = 15; // any integer of at most 15 digits is exactly representable as a double

function isSmall(int: string): boolean {
  return int.length - (int[0] === '-' ? 1 : 0) <= SAFE_DIGITS;
}

function compareIntegers(a: string, b: string): number {
  if (isSmall(a) && isSmall(b)) {
    const x = Number(a);
    const y = Number(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** An int64 against a double, exactly (a large int64 is not exactly a double). */
function compareIntegerToDouble(int: string, d: number): number {
  if (Number.isNaN(d)) return 1; // NaN sorts before every other number
  if (d === Infinity) return -1;
  if (d === -Infinity) return 1;
  if (isSmall(int)) {
    const x = Number(int);
    return x < d ? -1 : x > d ? 1 : 0;
  }
  const whole = BigInt(Math.trunc(d));
  const x = BigInt(int);
  if (x !== whole) return x < whole ? -1 : 1;
  const frac = d - Math.trunc(d);
  return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

function compareDoubles(x: number, y: number): number {
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

export function compareNumbers(a: Value, b: Value): number {
  const ai = 'integerValue' in a;
  const bi = 'integerValue' in b;
  if (ai && bi) return compareIntegers(String(a.integerValue), String(b.integerValue));
  if (ai) return compareIntegerToDouble(String(a.integerValue), toNumber(b));
  if (bi) return -compareIntegerToDouble(String((b as { integerValue: string }).integerValue), toNumber(a));
  return compareDoubles(toNumber(a), toNumber(b));
}

// ---------- timestamps ----------

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i;
export const MIN_TIMESTAMP_SECONDS = -62135596800; // 0001-01-01T00:00:00Z
export const MAX_TIMESTAMP_SECONDS = 253402300799; // 9999-12-31T23:59:59Z

/** RFC 3339 → [seconds, nanos], keeping the nanoseconds a Date would drop. */
export function parseTimestamp(s: string): [number, number] {
  const m = TIMESTAMP.exec(s);
  if (!m) throw new TypeError(`Invalid timestamp: ${s}`);
  const [, y, mo, d, h, mi, sec, frac, zone] = m;
  if (+mo < 1 || +mo > 12 || +d < 1 || +d > 31 || +h > 23 || +mi > 59 || +sec > 60) throw new TypeError(`Invalid timestamp: ${s}`);
  let ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +sec);
  // Date.UTC maps years 0-99 to 1900-1999.
  if (+y < 100) {
    const date = new Date(ms);
    date.setUTCFullYear(+y);
    ms = date.getTime();
  }
  if (new Date(ms).getUTCDate() !== +d) throw new TypeError(`Invalid timestamp: ${s}`);
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    ms -= sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
  }
  const nanos = frac ? Number(frac.padEnd(9, '0')) : 0;
  return [Math.floor(ms / 1000), nanos];
}

/** The proto3 JSON form: "Z", with 0, 3, 6 or 9 fractional digits. */
export function formatTimestamp(seconds: number, nanos: number): string {
  // Years 0001–9999 (the range Firestore accepts) print as four digits.
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  if (nanos === 0) return `${base}Z`;
  const digits = String(nanos).padStart(9, '0');
  const trimmed = digits.endsWith('000000') ? digits.slice(0, 3) : digits.endsWith('000') ? digits.slice(0, 6) : digits;
  return `${base}.${trimmed}Z`;
}

/**
 * A version (commit time, update time, read time) as Cloud Firestore prints it: RFC 3339 in UTC
 * with exactly six fractional digits, from microseconds since the epoch.
 */
export function formatVersion(micros: number): string {
  const seconds = Math.floor(micros / 1e6);
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  return `${base}.${String(micros - seconds * 1e6).padStart(6, '0')}Z`;
}

/** Microseconds since the epoch, as Cloud Firestore prints versions in its messages. */
export function timestampMicros(s: string): bigint {
  const [sec, nanos] = parseTimestamp(s);
  return BigInt(sec) * 1_000_000n + BigInt(Math.floor(nanos / 1000));
}

/** Canonical timestamps share a fixed-width "YYYY-MM-DDTHH:MM:SS" head; only the fraction varies. */
export function compareTimestamps(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length >= 20 && b.length >= 20 && a.endsWith('Z') && b.endsWith('Z') && a[19] !== '+' && b[19] !== '+') {
    const ha = a.slice(0, 19);
    const hb = b.slice(0, 19);
    if (ha !== hb) return ha < hb ? -1 : 1;
    const fa = a[19] === '.' ? a.slice(20, -1).padEnd(9, '0') : '000000000';
    const fb = b[19] === '.' ? b.slice(20, -1).padEnd(9, '0') : '000000000';
    return fa < fb ? -1 : fa > fb ? 1 : 0;
  }
  const [as, an] = parseTimestamp(a);
  const [bs, bn] = parseTimestamp(b);
  return as !== bs ? Math.sign(as - bs) : Math.sign(an - bn);
}

// ---------- references, arrays, maps ----------

/** References compare segment by segment, so "a/b" < "a/b/c" < "a/bc". */
export function compareReferences(a: string, b: string): number {
  if (a === b) return 0;
  const x = a.split('/');
  const y = b.split('/');
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const c = compareUtf8(x[i], y[i]);
    if (c) return c;
  }
  return Math.sign(x.length - y.length);
}

function compareArrays(a: Value[], b: Value[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i], b[i]);
    if (c) return c;
  }
  return Math.sign(a.length - b.length);
}

/** Maps compare as their (key, value) pairs in key order. */
function compareMaps(a: Fields, b: Fields): number {
  const ka = Object.keys(a).sort(compareUtf8);
  const kb = Object.keys(b).sort(compareUtf8);
  const n = Math.min(ka.length, kb.length);
  for (let i = 0; i < n; i++) {
    const c = compareUtf8(ka[i], kb[i]) || compareValues(a[ka[i]], b[kb[i]]);
    if (c) return c;
  }
  return Math.sign(ka.length - kb.length);
}

function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(Buffer.from(a, 'base64'), Buffer.from(b, 'base64'));
}

export function compareValues(a: Value, b: Value): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
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
      return compareBytes((a as { bytesValue: string }).bytesValue, (b as { bytesValue: string }).bytesValue);
    case TypeOrder.Reference:
      return compareReferences((a as { referenceValue: string }).referenceValue, (b as { referenceValue: string }).referenceValue);
    case TypeOrder.GeoPoint: {
      const x = (a as { geoPointValue: { latitude?: number; longitude?: number } }).geoPointValue;
      const y = (b as { geoPointValue: { latitude?: number; longitude?: number } }).geoPointValue;
      return compareDoubles(x.latitude ?? 0, y.latitude ?? 0) || compareDoubles(x.longitude ?? 0, y.longitude ?? 0);
    }
    case TypeOrder.Array:
      return compareArrays(arrayValues(a), arrayValues(b));
    case TypeOrder.Vector: {
      const x = vectorValues(a);
      const y = vectorValues(b);
      return Math.sign(x.length - y.length) || compareArrays(x, y);
    }
    case TypeOrder.Map:
      return compareMaps(mapFields(a), mapFields(b));
  }
}

/** Equality as queries use it: 1 == 1.0 and -0 == 0, but NaN equals nothing (use IS_NAN). */
export function valuesEqual(a: Value, b: Value): boolean {
  const ta = typeOrder(a);
  if (ta !== typeOrder(b)) return false;
  if (ta === TypeOrder.Number && (isNaNValue(a) || isNaNValue(b))) return false;
  if (ta === TypeOrder.Array || ta === TypeOrder.Vector) {
    const x = ta === TypeOrder.Array ? arrayValues(a) : vectorValues(a);
    const y = ta === TypeOrder.Array ? arrayValues(b) : vectorValues(b);
    return x.length === y.length && x.every((v, i) => valuesEqual(v, y[i]));
  }
  if (ta === TypeOrder.Map) {
    const x = mapFields(a);
    const y = mapFields(b);
    const keys = Object.keys(x);
    return keys.length === Object.keys(y).length && keys.every((k) => k in y && valuesEqual(x[k], y[k]));
  }
  return compareValues(a, b) === 0;
}

/** Identity for arrayUnion / arrayRemove: like equality, except NaN matches NaN. */
export function sameValue(a: Value, b: Value): boolean {
  if (isNaNValue(a) && isNaNValue(b)) return true;
  return valuesEqual(a, b);
}

export function arrayValues(v: Value): Value[] {
  return ('arrayValue' in v && v.arrayValue.values) || [];
}

export function mapFields(v: Value): Fields {
  return ('mapValue' in v && v.mapValue.fields) || {};
}

/** An array value in the form the REST API prints: an empty array has no `values`. */
export function makeArray(values: Value[]): Value {
  return values.length ? { arrayValue: { values } } : { arrayValue: {} };
}

/** A map value in the form the REST API prints: an empty map has no `fields`. */
export function makeMap(fields: Fields): Value {
  for (const _ in fields) return { mapValue: { fields } };
  return { mapValue: {} };
}

/** A computed double as proto3 JSON carries it: NaN and the infinities travel as strings. */
export function doubleOf(n: number): number | 'NaN' | 'Infinity' | '-Infinity' {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  return n;
}

/**
 * Exactly the same stored value (type included: 1 and 1.0 differ, NaN equals NaN). A write that
 * leaves a document identical does not change its update time, as in Cloud Firestore.
 */
export function identicalValues(a: Value, b: Value): boolean {
  const ka = Object.keys(a)[0];
  if (ka !== Object.keys(b)[0]) return false;
  if ('mapValue' in a) return identicalFields(mapFields(a), mapFields(b));
  if ('arrayValue' in a) {
    const x = arrayValues(a);
    const y = arrayValues(b);
    return x.length === y.length && x.every((v, i) => identicalValues(v, y[i]));
  }
  if ('geoPointValue' in a) {
    const x = a.geoPointValue;
    const y = (b as { geoPointValue: typeof x }).geoPointValue;
    return (x.latitude ?? 0) === (y.latitude ?? 0) && (x.longitude ?? 0) === (y.longitude ?? 0);
  }
  if ('doubleValue' in a) return Object.is(Number(a.doubleValue), Number((b as { doubleValue: unknown }).doubleValue));
  return (a as Record<string, unknown>)[ka] === (b as Record<string, unknown>)[ka] || 'nullValue' in a;
}

export function identicalFields(a: Fields, b: Fields): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => k in b && identicalValues(a[k], b[k]));
}
