// Values as rules see them, and their conversion from Firestore's proto3 JSON `Value`.
// Ints are bigint and floats are number: rules keep them apart (`x is int`, `integerValue` vs
// `doubleValue`) while comparing them numerically (`1 == 1.0`).
import type { Fields, Value } from '../value-types.ts';
import { evaluationError } from './errors.ts';

export type RList = readonly RValue[];

export type RValue = null | boolean | bigint | number | string | RList | RMap | RSet | RTimestamp | RDuration | RPath | RBytes | RLatLng | RMapDiff | RUnknown;

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

export class RMap {
  constructor(
    readonly entries: ReadonlyMap<string, RValue>,
    /**
     * A map known only in part: the data of "any document a query could return", holding only
     * the fields the query pins down with `==`. Reading another field, or anything about the map
     * as a whole (keys, size, equality), is an error, so a list rule cannot pass on something
     * the query does not guarantee (rules are not filters).
     */
    readonly partial = false,
  ) {}

  static of(obj: Record<string, RValue>): RMap {
    const entries = new Map<string, RValue>();
    for (const key in obj) entries.set(key, obj[key]);
    return new RMap(entries);
  }

  whole(what: string): ReadonlyMap<string, RValue> {
    if (this.partial) evaluationError(`${what} needs the whole document, which the query does not determine`);
    return this.entries;
  }
}

/** A set: no literal syntax, made by `list.toSet()` and returned by MapDiff methods. */
export class RSet {
  readonly items: RList;
  constructor(items: RList) {
    const out: RValue[] = [];
    for (const x of items) if (!out.some((y) => equals(x, y))) out.push(x);
    this.items = out;
  }
}

/** UTC instant with nanosecond precision. */
export class RTimestamp {
  constructor(
    readonly seconds: number,
    readonly nanos: number,
  ) {}

  static fromNanos(total: bigint): RTimestamp {
    const seconds = total / 1_000_000_000n - (total % 1_000_000_000n < 0n ? 1n : 0n);
    const nanos = total - seconds * 1_000_000_000n;
    const ts = new RTimestamp(Number(seconds), Number(nanos));
    // Firestore's range: 0001-01-01T00:00:00Z .. 9999-12-31T23:59:59.999999999Z.
    if (ts.seconds < -62135596800 || ts.seconds > 253402300799) evaluationError('timestamp out of range');
    return ts;
  }

  static fromDate(d: Date): RTimestamp {
    return RTimestamp.fromNanos(BigInt(d.getTime()) * 1_000_000n);
  }

  get totalNanos(): bigint {
    return BigInt(this.seconds) * 1_000_000_000n + BigInt(this.nanos);
  }

  get millis(): number {
    return this.seconds * 1000 + Math.floor(this.nanos / 1e6);
  }

  toString(): string {
    const base = new Date(this.seconds * 1000).toISOString().slice(0, 19);
    return `${base}.${String(this.nanos).padStart(9, '0')}Z`;
  }
}

export class RDuration {
  constructor(readonly nanos: bigint) {}
}

/** A path such as /databases/(default)/documents/staff/ann@x.org, kept as its segments. */
export class RPath {
  constructor(readonly segments: readonly string[]) {}
  toString(): string {
    return `/${this.segments.join('/')}`;
  }
}

export class RBytes {
  constructor(readonly data: Uint8Array) {}
}

export class RLatLng {
  constructor(
    readonly lat: number,
    readonly lng: number,
  ) {}
}

/** The result of `map.diff(other)`, queried with addedKeys(), changedKeys() … */
export class RMapDiff {
  constructor(
    readonly left: RMap,
    readonly right: RMap,
  ) {}
}

/**
 * Something a list query does not determine, such as the id of "any document it could return".
 * Every use is an error, which makes the list rule deny unless another branch decides it.
 */
export class RUnknown {
  constructor(readonly what: string) {}
  use(): never {
    return evaluationError(`${this.what} is not determined by the query (rules are not filters)`);
  }
}

// ---------- conversion from Firestore values ----------

export function parseTimestamp(s: string): RTimestamp {
  const m = /^(-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i.exec(s);
  // Stryker disable next-line MethodExpression: Date.parse reads a lower-case 'z' as 'Z' too
  const ms = m ? Date.parse(`${m[1]}${m[3].toUpperCase()}`) : NaN;
  if (!m || Number.isNaN(ms)) return evaluationError(`invalid timestamp '${s}'`);
  const nanos = m[2] ? Number(m[2].padEnd(9, '0')) : 0;
  return new RTimestamp(Math.floor(ms / 1000), nanos);
}

/** `projects/p/databases/(default)/documents/a/b` → /databases/(default)/documents/a/b. */
export function referencePath(reference: string): RPath {
  const segments = reference.split('/');
  const at = segments.indexOf('databases');
  return new RPath(at >= 0 ? segments.slice(at) : segments);
}

export function fromValue(v: Value): RValue {
  if ('nullValue' in v) return null;
  if ('booleanValue' in v) return v.booleanValue;
  if ('integerValue' in v) {
    const text = String(v.integerValue);
    return /^-?\d+$/.test(text) ? BigInt(text) : evaluationError(`invalid integerValue ${JSON.stringify(v.integerValue)}`);
  }
  if ('doubleValue' in v) return Number(v.doubleValue);
  if ('stringValue' in v) return v.stringValue;
  if ('timestampValue' in v) return parseTimestamp(v.timestampValue);
  if ('bytesValue' in v) return new RBytes(new Uint8Array(Buffer.from(v.bytesValue, 'base64')));
  if ('referenceValue' in v) return referencePath(v.referenceValue);
  if ('geoPointValue' in v) return new RLatLng(v.geoPointValue.latitude ?? 0, v.geoPointValue.longitude ?? 0);
  if ('arrayValue' in v) return (v.arrayValue.values ?? []).map(fromValue);
  if ('mapValue' in v) return fromFields(v.mapValue.fields ?? {});
  return evaluationError(`unknown Firestore value ${JSON.stringify(v)}`);
}

/**
 * A document's fields as a map converted on first access: a list query may evaluate its rule
 * against thousands of documents, each of which reads only a field or two.
 */
class FieldsMap implements ReadonlyMap<string, RValue> {
  private readonly converted = new Map<string, RValue>();
  constructor(private readonly fields: Fields) {}

  get size(): number {
    return Object.keys(this.fields).length;
  }
  has(key: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.fields, key);
  }
  get(key: string): RValue | undefined {
    if (!this.has(key)) return undefined;
    let v = this.converted.get(key);
    if (v === undefined) this.converted.set(key, (v = fromValue(this.fields[key])));
    return v;
  }
  keys(): MapIterator<string> {
    return Object.keys(this.fields)[Symbol.iterator]();
  }
  *values(): MapIterator<RValue> {
    for (const k of Object.keys(this.fields)) yield this.get(k)!;
  }
  *entries(): MapIterator<[string, RValue]> {
    for (const k of Object.keys(this.fields)) yield [k, this.get(k)!];
  }
  [Symbol.iterator](): MapIterator<[string, RValue]> {
    return this.entries();
  }
  forEach(fn: (value: RValue, key: string, map: ReadonlyMap<string, RValue>) => void): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }
}

export function fromFields(fields: Fields): RMap {
  return new RMap(new FieldsMap(fields));
}

/** Decoded JWT claims (plain JSON) to rules values: whole numbers are ints, as Firestore does. */
export function fromJson(v: unknown): RValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map(fromJson);
  if (typeof v === 'object') {
    return new RMap(new Map(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, fromJson(x)])));
  }
  return evaluationError(`unsupported claim value ${String(v)}`);
}

/** `a.b`, `` `odd.name`.c `` → ['a', 'b'], ['odd.name', 'c'] (Firestore field paths). */
export function splitFieldPath(path: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < path.length) {
    let segment = '';
    if (path[i] === '`') {
      i++;
      while (i < path.length && path[i] !== '`') {
        if (path[i] === '\\') i++;
        segment += path[i++] ?? '';
      }
      i++;
    } else {
      while (i < path.length && path[i] !== '.') segment += path[i++];
    }
    out.push(segment);
    if (path[i] === '.') i++;
  }
  return out;
}

// ---------- types ----------

export function typeName(v: RValue): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
  }
  if (Array.isArray(v)) return 'list';
  if (v instanceof RMap) return 'map';
  if (v instanceof RSet) return 'set';
  if (v instanceof RTimestamp) return 'timestamp';
  if (v instanceof RDuration) return 'duration';
  if (v instanceof RPath) return 'path';
  if (v instanceof RBytes) return 'bytes';
  if (v instanceof RLatLng) return 'latlng';
  if (v instanceof RMapDiff) return 'map_diff';
  if (v instanceof RUnknown) return v.use();
  return 'unknown';
}

/** `v is type`; `number` is int or float. */
export function isType(v: RValue, type: string): boolean {
  const t = typeName(v);
  return type === 'number' ? t === 'int' || t === 'float' : t === type;
}

export function isNumber(v: RValue): v is bigint | number {
  return typeof v === 'bigint' || typeof v === 'number';
}

export function checkedInt(n: bigint): bigint {
  if (n < INT64_MIN || n > INT64_MAX) evaluationError('integer overflow');
  return n;
}

// ---------- equality and order ----------

function numbersEqual(a: bigint | number, b: bigint | number): boolean {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a === b;
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  const [i, f] = typeof a === 'bigint' ? [a, b as number] : [b as bigint, a];
  return Number.isInteger(f) && BigInt(f) === i;
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * `==`. Values of different types are unequal (never an error), except that ints and floats
 * compare numerically. Anything involving what a query leaves open is an error, except a
 * comparison with null: a document a query returns always exists.
 */
export function equals(a: RValue, b: RValue): boolean {
  if (a instanceof RUnknown || b instanceof RUnknown) {
    if (a === null || b === null) return false;
    return (a instanceof RUnknown ? a : (b as RUnknown)).use();
  }
  if ((a instanceof RMap && a.partial) || (b instanceof RMap && b.partial)) {
    if (a === null || b === null) return false;
    (a instanceof RMap && a.partial ? a : (b as RMap)).whole('comparing the document data');
  }
  // Stryker disable next-line LogicalOperator: numbersEqual of a number and a non-number is false too
  if (isNumber(a) && isNumber(b)) return numbersEqual(a, b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  // On either side: `map == diff` is as meaningless as `diff == map`.
  if (a instanceof RMapDiff || b instanceof RMapDiff) evaluationError('a map_diff cannot be compared; use its methods');
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equals(x, b[i]));
  if (a instanceof RMap) {
    if (!(b instanceof RMap) || a.entries.size !== b.entries.size) return false;
    for (const [k, v] of a.entries) {
      if (!b.entries.has(k) || !equals(v, b.entries.get(k)!)) return false;
    }
    return true;
  }
  if (a instanceof RSet) {
    return b instanceof RSet && a.items.length === b.items.length && a.items.every((x) => b.items.some((y) => equals(x, y)));
  }
  if (a instanceof RTimestamp) return b instanceof RTimestamp && a.seconds === b.seconds && a.nanos === b.nanos;
  if (a instanceof RDuration) return b instanceof RDuration && a.nanos === b.nanos;
  if (a instanceof RPath) return b instanceof RPath && a.segments.length === b.segments.length && a.segments.every((s, i) => s === b.segments[i]);
  if (a instanceof RBytes) return b instanceof RBytes && bytesEqual(a.data, b.data);
  if (a instanceof RLatLng) return b instanceof RLatLng && a.lat === b.lat && a.lng === b.lng;
  return false;
}

function compareStrings(a: string, b: string): number {
  // By code point (= UTF-8 byte order), not by UTF-16 unit as JS '<' does.
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
    if (d !== 0) return Math.sign(d);
  }
  return Math.sign(x.length - y.length);
}

/** Order for < <= > >=: numbers, strings, timestamps, durations. NaN is unordered (returns NaN). */
export function compare(a: RValue, b: RValue): number {
  if (a instanceof RUnknown) return a.use();
  if (b instanceof RUnknown) return b.use();
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
    const x = Number(a);
    const y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (a instanceof RTimestamp && b instanceof RTimestamp) return Math.sign(a.seconds - b.seconds) || Math.sign(a.nanos - b.nanos);
  if (a instanceof RDuration && b instanceof RDuration) return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
  return evaluationError(`cannot order ${typeName(a)} and ${typeName(b)}`);
}

export function contains(items: RList, v: RValue): boolean {
  return items.some((x) => equals(x, v));
}

// ---------- display (debug() and error messages) ----------

export function formatFloat(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  if (Number.isInteger(n) && Math.abs(n) < 1e16) return n.toFixed(1);
  return String(n);
}

export function show(v: RValue): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return String(v);
    case 'bigint':
      return v.toString();
    case 'number':
      return formatFloat(v);
    case 'string':
      return JSON.stringify(v);
  }
  if (Array.isArray(v)) return `[${v.map(show).join(', ')}]`;
  if (v instanceof RMap) return `{${[...v.entries].map(([k, x]) => `${JSON.stringify(k)}: ${show(x)}`).join(', ')}${v.partial ? ', …' : ''}}`;
  if (v instanceof RSet) return `set([${v.items.map(show).join(', ')}])`;
  if (v instanceof RTimestamp) return `timestamp(${v.toString()})`;
  if (v instanceof RDuration) return `duration(${v.nanos}ns)`;
  if (v instanceof RPath) return `path(${v.toString()})`;
  if (v instanceof RBytes) return `bytes(${Buffer.from(v.data).toString('base64')})`;
  if (v instanceof RLatLng) return `latlng(${v.lat}, ${v.lng})`;
  if (v instanceof RMapDiff) return `map_diff(${show(v.left)}, ${show(v.right)})`;
  if (v instanceof RUnknown) return `<${v.what}>`;
  return String(v);
}
