// The proto3 JSON mapping of Firestore's `Value`, as the REST API carries it: what a request may
// send, checked and turned into one canonical form that the rest of the emulator relies on
// (integers as decimal strings, timestamps in "Z" with 0/3/6/9 fractional digits, bytes in
// standard base64). Clients may send int64 as a JSON number or a string, doubles as numbers or as
// "NaN" / "Infinity" / "-Infinity", timestamps with any offset: all of that is accepted here.
// https://firebase.google.com/docs/firestore/reference/rest/v1/Value
import { invalid } from './errors.ts';
import { validateFieldName } from './paths.ts';
import type { Fields, Value } from './value-types.ts';
import { formatTimestamp, isNumber, makeArray, makeMap, MAX_TIMESTAMP_SECONDS, MIN_TIMESTAMP_SECONDS, parseTimestamp, VECTOR_TYPE } from './values.ts';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/** Cloud Firestore refuses values nested deeper than this (maps and arrays). */
export const MAX_DEPTH = 20;

const VALUE_KINDS = [
  'nullValue',
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'bytesValue',
  'referenceValue',
  'geoPointValue',
  'arrayValue',
  'mapValue',
] as const;

export interface DecodeOptions {
  /** Field names in maps are checked as stored field names (writes); query operands skip it. */
  checkFieldNames?: boolean;
}

/** A request's Value → the canonical stored Value; INVALID_ARGUMENT when it is not one. */
export function decodeValue(input: unknown, options: DecodeOptions = {}, depth = 0): Value {
  if (depth > MAX_DEPTH) throw invalid(`Value is nested too deeply: the maximum depth of maps and arrays is ${MAX_DEPTH}.`);
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw invalid(`Invalid value: ${short(input)}.`);
  const keys = Object.keys(input).filter((k) => (VALUE_KINDS as readonly string[]).includes(k));
  if (keys.length !== 1) throw invalid(`A value must have exactly one type, got ${short(input)}.`);
  const v = input as Record<string, unknown>;
  const raw = v[keys[0]];
  switch (keys[0] as (typeof VALUE_KINDS)[number]) {
    case 'nullValue':
      if (raw !== null && raw !== 'NULL_VALUE' && raw !== 0) throw invalid(`Invalid nullValue: ${short(raw)}.`);
      return { nullValue: null };
    case 'booleanValue':
      if (typeof raw !== 'boolean') throw invalid(`Invalid booleanValue: ${short(raw)}.`);
      return { booleanValue: raw };
    case 'integerValue':
      return { integerValue: decodeInteger(raw) };
    case 'doubleValue':
      return { doubleValue: decodeDouble(raw) };
    case 'timestampValue':
      return { timestampValue: decodeTimestamp(raw) };
    case 'stringValue':
      if (typeof raw !== 'string') throw invalid(`Invalid stringValue: ${short(raw)}.`);
      return { stringValue: raw };
    case 'bytesValue':
      return { bytesValue: decodeBytes(raw) };
    case 'referenceValue':
      return { referenceValue: decodeReference(raw) };
    case 'geoPointValue':
      return { geoPointValue: decodeGeoPoint(raw) };
    case 'arrayValue': {
      const list = (raw as { values?: unknown } | null)?.values ?? [];
      if (!Array.isArray(list)) throw invalid('arrayValue.values must be a list.');
      return makeArray(
        list.map((item) => {
          const decoded = decodeValue(item, options, depth + 1);
          if ('arrayValue' in decoded) throw invalid('Cannot have an array value directly inside another array value.');
          return decoded;
        }),
      );
    }
    case 'mapValue': {
      const fields = (raw as { fields?: unknown } | null)?.fields ?? {};
      if (options.checkFieldNames && looksLikeVector(fields)) return decodeVector(fields as Record<string, unknown>, options, depth);
      return makeMap(decodeFields(fields, options, depth + 1));
    }
  }
}

/** A map whose `__type__` is the string "__vector__": the SDKs' vector(), or something posing as one. */
function looksLikeVector(fields: unknown): boolean {
  const type = (fields as { __type__?: { stringValue?: unknown } } | null)?.__type__;
  return !!type && typeof type === 'object' && type.stringValue === VECTOR_TYPE;
}

const VECTOR_SHAPE = 'A vector value is a map with exactly the fields __type__ ("__vector__") and value (an array of numbers)';

/**
 * The one map allowed to hold a reserved field name: a vector, `{__type__: "__vector__", value:
 * [numbers]}`, as the SDKs' `vector([…])` sends it. Anything else under `__type__` is refused
 * like any reserved name.
 */
function decodeVector(fields: Record<string, unknown>, options: DecodeOptions, depth: number): Value {
  const names = Object.keys(fields);
  if (names.length !== 2 || !('value' in fields)) throw invalid(`${VECTOR_SHAPE}; got the fields ${names.map((n) => JSON.stringify(n)).join(', ')}.`);
  decodeValue(fields.__type__, options, depth + 1); // exactly a stringValue
  const value = decodeValue(fields.value, { ...options, checkFieldNames: false }, depth + 1);
  if (!('arrayValue' in value)) throw invalid(`${VECTOR_SHAPE}; its value is not an array.`);
  const elements = value.arrayValue.values ?? [];
  if (!elements.every((e) => isNumber(e))) throw invalid(`${VECTOR_SHAPE}; its value holds something other than numbers.`);
  return { mapValue: { fields: { __type__: { stringValue: VECTOR_TYPE }, value } } };
}

export function decodeFields(input: unknown, options: DecodeOptions = {}, depth = 0): Fields {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw invalid('Document fields must be a map.');
  const out: Fields = {};
  for (const [name, value] of Object.entries(input)) {
    if (options.checkFieldNames) validateFieldName(name);
    out[name] = decodeValue(value, options, depth);
  }
  return out;
}

export function decodeInteger(raw: unknown): string {
  let n: bigint;
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) n = BigInt(raw);
  else if (typeof raw === 'string' && /^[+-]?\d+$/.test(raw.trim())) n = BigInt(raw.trim());
  else throw invalid(`Invalid integerValue: ${short(raw)}.`);
  if (n < INT64_MIN || n > INT64_MAX) throw invalid(`integerValue ${String(raw)} is out of the 64-bit range.`);
  return n.toString();
}

export function decodeDouble(raw: unknown): number | 'NaN' | 'Infinity' | '-Infinity' {
  if (typeof raw === 'number') return raw;
  if (raw === 'NaN' || raw === 'Infinity' || raw === '-Infinity') return raw;
  if (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  throw invalid(`Invalid doubleValue: ${short(raw)}.`);
}

export function decodeTimestamp(raw: unknown): string {
  if (typeof raw !== 'string') throw invalid(`Invalid timestampValue: ${short(raw)}.`);
  let seconds: number;
  let nanos: number;
  try {
    [seconds, nanos] = parseTimestamp(raw);
  } catch {
    throw invalid(`Invalid timestamp "${raw}": expected RFC 3339, e.g. "2027-03-01T09:00:00Z".`);
  }
  if (seconds < MIN_TIMESTAMP_SECONDS || seconds > MAX_TIMESTAMP_SECONDS) {
    throw invalid(`Timestamp "${raw}" is out of range: Firestore accepts 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z.`);
  }
  return formatTimestamp(seconds, nanos);
}

function decodeBytes(raw: unknown): string {
  if (typeof raw !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(raw)) throw invalid(`Invalid bytesValue: ${short(raw)} is not base64.`);
  return Buffer.from(raw, 'base64').toString('base64');
}

const DOCUMENT_NAME = /^projects\/[^/]+\/databases\/[^/]+\/documents\/(.+)$/;

function decodeReference(raw: unknown): string {
  if (typeof raw !== 'string') throw invalid(`Invalid referenceValue: ${short(raw)}.`);
  const m = DOCUMENT_NAME.exec(raw);
  const segments = m ? m[1].split('/') : [];
  if (!m || segments.length % 2 !== 0 || segments.some((s) => s === '')) {
    throw invalid(`Invalid referenceValue "${raw}": it must name a document, projects/{project}/databases/{database}/documents/{path}.`);
  }
  return raw;
}

function decodeGeoPoint(raw: unknown): { latitude: number; longitude: number } {
  const g = (raw ?? {}) as { latitude?: unknown; longitude?: unknown };
  const latitude = g.latitude === undefined ? 0 : Number(g.latitude);
  const longitude = g.longitude === undefined ? 0 : Number(g.longitude);
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) throw invalid(`Latitude must be in the range [-90, 90], got ${short(g.latitude)}.`);
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180)
    throw invalid(`Longitude must be in the range [-180, 180], got ${short(g.longitude)}.`);
  return { latitude, longitude };
}

function short(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
