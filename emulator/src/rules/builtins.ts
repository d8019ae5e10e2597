// Global functions (int, float, string, path) and the namespaces math, timestamp, duration,
// latlng and hashing. Document reads (get, exists …) and debug live in the evaluator, which owns
// the request. The arity tables let the loader refuse unknown names before any request.
import { createHash } from 'node:crypto';
import { evaluationError } from './errors.ts';
import { checkedInt, formatFloat, RBytes, RDuration, RLatLng, RPath, RTimestamp, typeName, type RValue } from './values.ts';

/** Global functions and their arities, including those the evaluator implements itself. */
export const FUNCTION_ARITY: Readonly<Record<string, number>> = {
  get: 1,
  exists: 1,
  getAfter: 1,
  existsAfter: 1,
  debug: 1,
  int: 1,
  float: 1,
  string: 1,
  path: 1,
};

export const NAMESPACE_ARITY: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  math: { abs: 1, ceil: 1, floor: 1, round: 1, isInfinite: 1, isNaN: 1, pow: 2, sqrt: 1 },
  timestamp: { date: 3, value: 1 },
  duration: { abs: 1, time: 4, value: 2 },
  latlng: { value: 2 },
  hashing: { md5: 1, sha256: 1, crc32: 1, crc32c: 1 },
};

/** Firestore rules' own document reads: not in Cloud Storage rules, which read Firestore through `firestore.*`. */
export const FIRESTORE_READ_FUNCTIONS: ReadonlySet<string> = new Set(['get', 'exists', 'getAfter', 'existsAfter']);

/** Cloud Storage rules' cross-service namespace (`firestore.get(path)`, `firestore.exists(path)`); not in Firestore rules. */
export const CROSS_SERVICE_ARITY: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  firestore: { get: 1, exists: 1 },
};

const DURATION_UNITS: Record<string, bigint> = {
  w: 604_800_000_000_000n,
  d: 86_400_000_000_000n,
  h: 3_600_000_000_000n,
  m: 60_000_000_000n,
  s: 1_000_000_000n,
  ms: 1_000_000n,
  ns: 1n,
};

function int(v: RValue, what: string): bigint {
  return typeof v === 'bigint' ? v : evaluationError(`${what} needs an int, not ${typeName(v)}`);
}

function num(v: RValue, what: string): number {
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'number') return v;
  return evaluationError(`${what} needs a number, not ${typeName(v)}`);
}

function floatToInt(x: number, what: string): bigint {
  if (!Number.isFinite(x)) return evaluationError(`${what}: ${formatFloat(x)} is not an integer`);
  return checkedInt(BigInt(Math.trunc(x)));
}

export function toInt(v: RValue): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') return floatToInt(v, 'int()');
  if (typeof v === 'string') {
    const s = v.trim();
    if (/^[+-]?\d+$/.test(s)) return checkedInt(BigInt(s));
    return evaluationError(`int(): '${v}' is not an integer`);
  }
  return evaluationError(`int() cannot convert ${typeName(v)}`);
}

export function toFloat(v: RValue): number {
  if (typeof v === 'bigint' || typeof v === 'number') return Number(v);
  if (typeof v === 'string') {
    const s = v.trim();
    if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s) || /^[+-]?(Infinity|NaN)$/.test(s)) return Number(s);
    return evaluationError(`float(): '${v}' is not a number`);
  }
  return evaluationError(`float() cannot convert ${typeName(v)}`);
}

export function toStringValue(v: RValue): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean' || typeof v === 'bigint' || typeof v === 'string') return String(v);
  if (typeof v === 'number') return formatFloat(v);
  if (v instanceof RPath) return v.toString();
  return evaluationError(`string() cannot convert ${typeName(v)}`);
}

export function toPath(v: RValue): RPath {
  if (v instanceof RPath) return v;
  if (typeof v !== 'string') return evaluationError(`path() needs a string, not ${typeName(v)}`);
  return new RPath(v.split('/').filter((s) => s !== ''));
}

/** int(), float(), string(), path(). */
export function callConversion(name: string, arg: RValue): RValue {
  switch (name) {
    case 'int':
      return toInt(arg);
    case 'float':
      return toFloat(arg);
    case 'string':
      return toStringValue(arg);
    case 'path':
      return toPath(arg);
  }
  return evaluationError(`unknown function ${name}()`);
}

function crcTable(polynomial: number): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? polynomial ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}
const CRC32 = crcTable(0xedb88320);
const CRC32C = crcTable(0x82f63b78);

function crc(data: Uint8Array, table: Uint32Array): RBytes {
  let c = 0xffffffff;
  for (const b of data) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, (c ^ 0xffffffff) >>> 0);
  return new RBytes(out);
}

function hashInput(v: RValue, what: string): Uint8Array {
  if (v instanceof RBytes) return v.data;
  if (typeof v === 'string') return new TextEncoder().encode(v);
  return evaluationError(`${what} needs bytes or a string, not ${typeName(v)}`);
}

export function callNamespace(ns: string, name: string, args: RValue[]): RValue {
  const key = `${ns}.${name}`;
  const arity = NAMESPACE_ARITY[ns]?.[name];
  if (arity === undefined) return evaluationError(`unknown function ${key}()`);
  if (args.length !== arity) return evaluationError(`${key}() takes ${arity} argument(s)`);
  const [a, b] = args;
  switch (key) {
    case 'math.abs':
      if (typeof a === 'bigint') return checkedInt(a < 0n ? -a : a);
      return Math.abs(num(a, key));
    case 'math.ceil':
      return typeof a === 'bigint' ? a : floatToInt(Math.ceil(num(a, key)), key);
    case 'math.floor':
      return typeof a === 'bigint' ? a : floatToInt(Math.floor(num(a, key)), key);
    case 'math.round':
      return typeof a === 'bigint' ? a : floatToInt(Math.sign(num(a, key)) * Math.round(Math.abs(num(a, key))), key);
    case 'math.isInfinite':
      return Math.abs(num(a, key)) === Infinity;
    case 'math.isNaN':
      return Number.isNaN(num(a, key));
    case 'math.pow':
      return num(a, key) ** num(b, key);
    case 'math.sqrt':
      return Math.sqrt(num(a, key));
    case 'timestamp.date': {
      const [y, m, d] = args.map((x) => Number(int(x, key)));
      if (m < 1 || m > 12 || d < 1 || d > 31) return evaluationError(`${key}(${y}, ${m}, ${d}) is not a date`);
      const date = new Date(Date.UTC(2000, m - 1, d));
      date.setUTCFullYear(y);
      if (date.getUTCMonth() !== m - 1) return evaluationError(`${key}(${y}, ${m}, ${d}) is not a date`);
      return RTimestamp.fromNanos(BigInt(date.getTime()) * 1_000_000n);
    }
    case 'timestamp.value':
      return RTimestamp.fromNanos(int(a, key) * 1_000_000n);
    case 'duration.abs':
      if (!(a instanceof RDuration)) return evaluationError(`${key} needs a duration, not ${typeName(a)}`);
      return new RDuration(a.nanos < 0n ? -a.nanos : a.nanos);
    case 'duration.time': {
      const [h, m, s, ns] = args.map((x) => int(x, key));
      return new RDuration(h * DURATION_UNITS.h + m * DURATION_UNITS.m + s * DURATION_UNITS.s + ns);
    }
    case 'duration.value': {
      const unit = typeof b === 'string' ? DURATION_UNITS[b] : undefined;
      if (unit === undefined) return evaluationError(`${key}: unknown unit ${typeof b === 'string' ? `'${b}'` : typeName(b)} (use w, d, h, m, s, ms or ns)`);
      return new RDuration(int(a, key) * unit);
    }
    case 'latlng.value': {
      const lat = num(a, key);
      const lng = num(b, key);
      if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return evaluationError(`${key}(${lat}, ${lng}) is out of range`);
      return new RLatLng(lat, lng);
    }
    case 'hashing.md5':
      return new RBytes(new Uint8Array(createHash('md5').update(hashInput(a, key)).digest()));
    case 'hashing.sha256':
      return new RBytes(new Uint8Array(createHash('sha256').update(hashInput(a, key)).digest()));
    case 'hashing.crc32':
      return crc(hashInput(a, key), CRC32);
    case 'hashing.crc32c':
      return crc(hashInput(a, key), CRC32C);
  }
  return evaluationError(`unknown function ${key}()`);
}
