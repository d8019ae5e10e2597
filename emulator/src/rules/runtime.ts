// Values as rules see them, converted from Firestore's proto3 JSON. Ints are bigint and floats
// are number, because rules keep the two apart (`x is int`) while comparing them numerically.
import type { Fields, Value } from '../value-types.ts';
import { parseTimestamp } from '../values.ts';
import { EvaluationError } from './errors.ts';

export class RMap {
  constructor(readonly entries: Map<string, RV>) {}
  static of(obj: Record<string, RV>) {
    return new RMap(new Map(Object.entries(obj)));
  }
}
export class RSet {
  constructor(readonly items: RV[]) {}
}
export class RTimestamp {
  constructor(
    readonly seconds: number,
    readonly nanos: number,
  ) {}
  get millis() {
    return this.seconds * 1000 + Math.floor(this.nanos / 1e6);
  }
}
export class RDuration {
  constructor(readonly nanos: bigint) {}
}
export class RPath {
  constructor(readonly segments: string[]) {}
  toString() {
    return `/${this.segments.join('/')}`;
  }
}
export class RBytes {
  constructor(readonly data: Buffer) {}
}
export class RLatLng {
  constructor(
    readonly lat: number,
    readonly lng: number,
  ) {}
}
export class RMapDiff {
  constructor(
    readonly left: RMap,
    readonly right: RMap,
  ) {}
}
/** A namespace such as `math` or `timestamp`: only its members can be used. */
export class RNamespace {
  constructor(readonly name: string) {}
}

export type RV = null | boolean | bigint | number | string | RV[] | RMap | RSet | RTimestamp | RDuration | RPath | RBytes | RLatLng | RMapDiff | RNamespace;

export function fail(message: string): never {
  throw new EvaluationError(message);
}

export function fromValue(v: Value): RV {
  if ('nullValue' in v) return null;
  if ('booleanValue' in v) return v.booleanValue;
  if ('integerValue' in v) return BigInt(v.integerValue);
  if ('doubleValue' in v) return Number(v.doubleValue);
  if ('stringValue' in v) return v.stringValue;
  if ('timestampValue' in v) return new RTimestamp(...parseTimestamp(v.timestampValue));
  if ('bytesValue' in v) return new RBytes(Buffer.from(v.bytesValue, 'base64'));
  if ('referenceValue' in v) return new RPath(v.referenceValue.replace(/^projects\/[^/]+\//, '').split('/'));
  if ('geoPointValue' in v) return new RLatLng(v.geoPointValue.latitude ?? 0, v.geoPointValue.longitude ?? 0);
  if ('arrayValue' in v) return (v.arrayValue.values ?? []).map(fromValue);
  if ('mapValue' in v) return fromFields(v.mapValue.fields ?? {});
  return fail('unknown value');
}

export function fromFields(fields: Fields): RMap {
  return new RMap(new Map(Object.entries(fields).map(([k, v]) => [k, fromValue(v)])));
}

/** Plain JS (decoded JWT claims) to rules values. */
export function fromJson(v: unknown): RV {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map(fromJson);
  if (typeof v === 'object') return new RMap(new Map(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, fromJson(x)])));
  return fail('unsupported claim value');
}

export function typeName(v: RV): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'number') return 'float';
  if (typeof v === 'string') return 'string';
  if (Array.isArray(v)) return 'list';
  if (v instanceof RMap) return 'map';
  if (v instanceof RSet) return 'set';
  if (v instanceof RTimestamp) return 'timestamp';
  if (v instanceof RDuration) return 'duration';
  if (v instanceof RPath) return 'path';
  if (v instanceof RBytes) return 'bytes';
  if (v instanceof RLatLng) return 'latlng';
  if (v instanceof RMapDiff) return 'map_diff';
  return 'namespace';
}

export function isType(v: RV, type: string): boolean {
  const t = typeName(v);
  if (type === 'number') return t === 'int' || t === 'float';
  return t === type;
}

export function isNumber(v: RV): v is bigint | number {
  return typeof v === 'bigint' || typeof v === 'number';
}

export function equals(a: RV, b: RV): boolean {
  if (isNumber(a) && isNumber(b)) return Number(a) === Number(b) && (typeof a !== 'bigint' || typeof b !== 'bigint' || a === b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equals(x, b[i]));
  if (a instanceof RMap) {
    return b instanceof RMap && a.entries.size === b.entries.size && [...a.entries].every(([k, v]) => b.entries.has(k) && equals(v, b.entries.get(k)!));
  }
  if (a instanceof RSet) return b instanceof RSet && a.items.length === b.items.length && a.items.every((x) => b.items.some((y) => equals(x, y)));
  if (a instanceof RTimestamp) return b instanceof RTimestamp && a.seconds === b.seconds && a.nanos === b.nanos;
  if (a instanceof RDuration) return b instanceof RDuration && a.nanos === b.nanos;
  if (a instanceof RPath) return b instanceof RPath && a.toString() === b.toString();
  if (a instanceof RBytes) return b instanceof RBytes && a.data.equals(b.data);
  if (a instanceof RLatLng) return b instanceof RLatLng && a.lat === b.lat && a.lng === b.lng;
  return false;
}

export function compare(a: RV, b: RV): number {
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
    return Math.sign(Number(a) - Number(b));
  }
  if (typeof a === 'string' && typeof b === 'string') return Buffer.compare(Buffer.from(a), Buffer.from(b));
  if (a instanceof RTimestamp && b instanceof RTimestamp) return Math.sign(a.seconds - b.seconds) || Math.sign(a.nanos - b.nanos);
  if (a instanceof RDuration && b instanceof RDuration) return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
  return fail(`cannot compare ${typeName(a)} with ${typeName(b)}`);
}

export function contains(list: RV[], v: RV) {
  return list.some((x) => equals(x, v));
}

export function uniq(items: RV[]): RV[] {
  const out: RV[] = [];
  for (const x of items) if (!contains(out, x)) out.push(x);
  return out;
}
