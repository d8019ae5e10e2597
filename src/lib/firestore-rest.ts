// Firestore's REST API without the SDK: the address of a database (the hosted service, or the local
// emulator) and its JSON values. Public pages read over it (lib/rest-reads.ts), so they never
// download the SDK; the build lists articles with it, and a prerendered page's loader reads its
// content version with it before any of the app's JavaScript has loaded.
export function firestoreDocumentsUrl(projectId: string, emulatorHost: string | null): string {
  const origin = emulatorHost ? `http://${emulatorHost}` : 'https://firestore.googleapis.com';
  return `${origin}/v1/projects/${projectId}/databases/(default)/documents`;
}

/** A value as the REST API writes it (google.firestore.v1.Value in proto3 JSON). */
export type RestValue =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number | string }
  | { timestampValue: string }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude?: number; longitude?: number } }
  | { arrayValue: { values?: RestValue[] } }
  | { mapValue: { fields?: Record<string, RestValue> } };

/** A timestamp exactly (a Date holds milliseconds; Firestore keeps nanoseconds). */
export interface ExactTime {
  seconds: number;
  nanoseconds: number;
}

const RFC3339 = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/i;

/** "2027-05-01T09:00:00.123456789Z" as seconds and nanoseconds. */
export function parseTimestamp(text: string): ExactTime {
  const m = RFC3339.exec(text);
  const millis = m ? Date.parse(`${m[1]}${m[3]}`) : NaN;
  if (Number.isNaN(millis)) throw new Error(`Not a Firestore timestamp: ${text}`);
  return { seconds: millis / 1000, nanoseconds: Number((m![2] ?? '').padEnd(9, '0')) };
}

/** The RFC 3339 text of an exact time, with nine fractional digits (as the SDK sends it). */
export function formatTimestamp({ seconds, nanoseconds }: ExactTime): string {
  return `${new Date(seconds * 1000).toISOString().replace(/\.\d*Z$/, '')}.${String(nanoseconds).padStart(9, '0')}Z`;
}

/**
 * A time finer than a Date holds: a Date for everything that reads it, sent to Firestore with its
 * nanoseconds (a fixture recording a server time to the microsecond, as a commit would).
 */
export class ExactDate extends Date {
  readonly exact: ExactTime;
  constructor(exact: ExactTime) {
    super(exact.seconds * 1000 + Math.floor(exact.nanoseconds / 1e6));
    this.exact = exact;
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(v));

/** A value to send (a filter's or a cursor's): what the SDK would make of the same JavaScript value. */
export function encodeValue(value: unknown): RestValue {
  if (value === null || value === undefined) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'number') {
    // The SDK's rule: safe integers (but -0) are integers, anything else a double.
    if (Number.isSafeInteger(value) && !Object.is(value, -0)) return { integerValue: String(value) };
    return { doubleValue: Number.isFinite(value) ? value : String(value) };
  }
  if (value instanceof ExactDate) return { timestampValue: formatTimestamp(value.exact) };
  if (value instanceof Date) {
    const millis = value.getTime();
    const seconds = Math.floor(millis / 1000);
    return { timestampValue: formatTimestamp({ seconds, nanoseconds: (millis - seconds * 1000) * 1e6 }) };
  }
  if (Array.isArray(value)) return { arrayValue: { values: value.map(encodeValue) } };
  if (isPlainObject(value)) return { mapValue: { fields: encodeFields(value) } };
  throw new Error(`Cannot send a ${Object.prototype.toString.call(value)} to Firestore over REST`);
}

/** A document's fields to send: each value as encodeValue makes it. */
export function encodeFields(data: Record<string, unknown>): Record<string, RestValue> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, encodeValue(v)]));
}

/** A timestamp as the SDK's Timestamp.toDate() makes it: seconds*1000 + nanoseconds/1e6, cut to the millisecond. */
const toDate = (t: ExactTime) => new Date(t.seconds * 1000 + t.nanoseconds / 1e6);

/**
 * A value read, as lib/db.ts hands values out: timestamps as Dates, integers as numbers, maps and
 * arrays of plain values; a reference as its document path ("collection/id"), a geopoint as
 * {latitude, longitude}, bytes as their base64 text (the SDK would give its own classes).
 */
export function decodeValue(value: RestValue): unknown {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue;
  if ('stringValue' in value) return value.stringValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue); // "NaN" / "Infinity" too
  if ('timestampValue' in value) return toDate(parseTimestamp(value.timestampValue));
  if ('mapValue' in value) return decodeFields(value.mapValue.fields);
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(decodeValue);
  if ('referenceValue' in value) return value.referenceValue.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\//, '');
  if ('geoPointValue' in value) return { latitude: value.geoPointValue.latitude ?? 0, longitude: value.geoPointValue.longitude ?? 0 };
  if ('bytesValue' in value) return value.bytesValue;
  throw new Error(`Unknown Firestore value: ${JSON.stringify(value)}`);
}

export function decodeFields(fields: Record<string, RestValue> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([k, v]) => [k, decodeValue(v)]));
}
