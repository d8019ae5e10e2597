// Methods of rules values: string.matches, map.diff, list.hasOnly, timestamp.toMillis …
// METHOD_ARITY lists every method name with its number of arguments, so that the loader can
// refuse a name that no type has (a typo or an unsupported method) before any request.
import { evaluationError } from './errors.ts';
import { compileRegex } from './regex.ts';
import { contains, equals, RBytes, RDuration, RLatLng, RMap, RMapDiff, RSet, RTimestamp, RUnknown, typeName, type RList, type RValue } from './values.ts';

export const METHOD_ARITY: Readonly<Record<string, number>> = {
  // string
  lower: 0,
  upper: 0,
  trim: 0,
  matches: 1,
  split: 1,
  replace: 2,
  toUtf8: 0,
  // string, list, set, map, bytes
  size: 0,
  // list and set
  concat: 1,
  hasAll: 1,
  hasAny: 1,
  hasOnly: 1,
  join: 1,
  removeAll: 1,
  toSet: 0,
  difference: 1,
  intersection: 1,
  union: 1,
  // map
  diff: 1,
  get: 2,
  keys: 0,
  values: 0,
  // map_diff
  addedKeys: 0,
  affectedKeys: 0,
  changedKeys: 0,
  removedKeys: 0,
  unchangedKeys: 0,
  // timestamp (and duration: seconds, nanos)
  date: 0,
  day: 0,
  dayOfWeek: 0,
  dayOfYear: 0,
  hours: 0,
  minutes: 0,
  month: 0,
  nanos: 0,
  seconds: 0,
  time: 0,
  toMillis: 0,
  year: 0,
  // bytes
  toBase64: 0,
  toHexString: 0,
  // latlng
  distance: 1,
  latitude: 0,
  longitude: 0,
};

const NS_PER_SECOND = 1_000_000_000n;
const NS_PER_DAY = 86_400n * NS_PER_SECOND;

function items(v: RValue, what: string): RList {
  if (Array.isArray(v)) return v;
  if (v instanceof RSet) return v.items;
  return evaluationError(`${what}() needs a list or set, not ${typeName(v)}`);
}

function str(v: RValue, what: string): string {
  return typeof v === 'string' ? v : evaluationError(`${what}() needs a string, not ${typeName(v)}`);
}

function keySet(keys: Iterable<string>): RSet {
  return new RSet([...keys]);
}

function stringMethod(s: string, name: string, args: RValue[]): RValue {
  switch (name) {
    case 'size':
      return BigInt([...s].length);
    case 'lower':
      return s.toLowerCase();
    case 'upper':
      return s.toUpperCase();
    case 'trim':
      return s.trim();
    case 'matches':
      return compileRegex(str(args[0], 'matches'), true).test(s);
    case 'split':
      return s.split(compileRegex(str(args[0], 'split'), false));
    case 'replace': {
      // RE2 rewrite strings name groups \1 … \9; '$' is literal there.
      const sub = str(args[1], 'replace')
        .replace(/\$/g, '$$$$')
        .replace(/\\([0-9])/g, (_, d: string) => (d === '0' ? '$&' : `$${d}`));
      return s.replace(compileRegex(str(args[0], 'replace'), false, true), sub);
    }
    case 'toUtf8':
      return new RBytes(new TextEncoder().encode(s));
  }
  return noMethod(s, name);
}

function listMethod(list: RList, isSet: boolean, name: string, args: RValue[]): RValue {
  switch (name) {
    case 'size':
      return BigInt(list.length);
    case 'hasAll':
      return items(args[0], name).every((x) => contains(list, x));
    case 'hasAny':
      return items(args[0], name).some((x) => contains(list, x));
    case 'hasOnly': {
      const allowed = items(args[0], name);
      return list.every((x) => contains(allowed, x));
    }
  }
  if (!isSet) {
    switch (name) {
      case 'concat':
        return [...list, ...items(args[0], name)];
      case 'join':
        return list
          .map((x) => (typeof x === 'string' ? x : evaluationError(`join() needs a list of strings, found ${typeName(x)}`)))
          .join(str(args[0], 'join'));
      case 'removeAll': {
        const drop = items(args[0], name);
        return list.filter((x) => !contains(drop, x));
      }
      case 'toSet':
        return new RSet(list);
    }
  } else {
    const other = (): RList => (args[0] instanceof RSet ? args[0].items : evaluationError(`${name}() needs a set, not ${typeName(args[0])}`));
    switch (name) {
      case 'difference': {
        const o = other();
        return new RSet(list.filter((x) => !contains(o, x)));
      }
      case 'intersection': {
        const o = other();
        return new RSet(list.filter((x) => contains(o, x)));
      }
      case 'union':
        return new RSet([...list, ...other()]);
    }
  }
  return noMethod(isSet ? new RSet(list) : list, name);
}

function mapMethod(map: RMap, name: string, args: RValue[]): RValue {
  switch (name) {
    case 'keys':
      return [...map.whole('keys()').keys()];
    case 'values':
      return [...map.whole('values()').values()];
    case 'size':
      return BigInt(map.whole('size()').size);
    case 'get': {
      // get('k', default) or get(['a', 'b'], default) for nested maps.
      const path = Array.isArray(args[0]) ? args[0] : [args[0]];
      let current: RValue = map;
      for (const k of path) {
        const key = str(k, 'get');
        if (!(current instanceof RMap)) return args[1];
        if (!current.entries.has(key)) {
          current.whole(`get('${key}', …)`); // absent here, but maybe present in the real document
          return args[1];
        }
        current = current.entries.get(key)!;
      }
      return current;
    }
    case 'diff': {
      if (!(args[0] instanceof RMap)) return evaluationError(`diff() needs a map, not ${typeName(args[0])}`);
      map.whole('diff()');
      args[0].whole('diff()');
      return new RMapDiff(map, args[0]);
    }
  }
  return noMethod(map, name);
}

function diffMethod(d: RMapDiff, name: string): RValue {
  const left = d.left.entries;
  const right = d.right.entries;
  switch (name) {
    case 'addedKeys':
      return keySet([...left.keys()].filter((k) => !right.has(k)));
    case 'removedKeys':
      return keySet([...right.keys()].filter((k) => !left.has(k)));
    case 'changedKeys':
      return keySet([...left.keys()].filter((k) => right.has(k) && !equals(left.get(k)!, right.get(k)!)));
    case 'unchangedKeys':
      return keySet([...left.keys()].filter((k) => right.has(k) && equals(left.get(k)!, right.get(k)!)));
    case 'affectedKeys':
      return keySet([...new Set([...left.keys(), ...right.keys()])].filter((k) => !left.has(k) || !right.has(k) || !equals(left.get(k)!, right.get(k)!)));
  }
  return noMethod(d, name);
}

function timestampMethod(t: RTimestamp, name: string): RValue {
  const d = new Date(t.seconds * 1000);
  switch (name) {
    case 'toMillis':
      return BigInt(t.seconds) * 1000n + BigInt(Math.floor(t.nanos / 1e6));
    case 'year':
      return BigInt(d.getUTCFullYear());
    case 'month':
      return BigInt(d.getUTCMonth() + 1);
    case 'day':
      return BigInt(d.getUTCDate());
    case 'hours':
      return BigInt(d.getUTCHours());
    case 'minutes':
      return BigInt(d.getUTCMinutes());
    case 'seconds':
      return BigInt(d.getUTCSeconds());
    case 'nanos':
      return BigInt(t.nanos);
    case 'dayOfWeek':
      return BigInt(d.getUTCDay() === 0 ? 7 : d.getUTCDay()); // ISO: Monday 1 … Sunday 7
    case 'dayOfYear':
      return BigInt(Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1);
    case 'date': {
      const midnight = t.totalNanos - (((t.totalNanos % NS_PER_DAY) + NS_PER_DAY) % NS_PER_DAY);
      return RTimestamp.fromNanos(midnight);
    }
    case 'time':
      return new RDuration(((t.totalNanos % NS_PER_DAY) + NS_PER_DAY) % NS_PER_DAY);
  }
  return noMethod(t, name);
}

function durationMethod(d: RDuration, name: string): RValue {
  switch (name) {
    case 'seconds':
      return d.nanos / NS_PER_SECOND; // whole seconds, truncated toward zero
    case 'nanos':
      return d.nanos % NS_PER_SECOND; // the signed remainder
  }
  return noMethod(d, name);
}

/** Great-circle distance in metres (haversine on the mean Earth radius). */
function distance(a: RLatLng, b: RLatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function noMethod(target: RValue, name: string): never {
  return evaluationError(`${typeName(target)} has no method ${name}()`);
}

export function callMethod(target: RValue, name: string, args: RValue[]): RValue {
  if (target instanceof RUnknown) return target.use();
  if (args.length !== METHOD_ARITY[name]) return evaluationError(`${name}() takes ${METHOD_ARITY[name] ?? 0} argument(s)`);
  if (typeof target === 'string') return stringMethod(target, name, args);
  if (Array.isArray(target)) return listMethod(target, false, name, args);
  if (target instanceof RSet) return listMethod(target.items, true, name, args);
  if (target instanceof RMap) return mapMethod(target, name, args);
  if (target instanceof RMapDiff) return diffMethod(target, name);
  if (target instanceof RTimestamp) return timestampMethod(target, name);
  if (target instanceof RDuration) return durationMethod(target, name);
  if (target instanceof RBytes) {
    if (name === 'size') return BigInt(target.data.length);
    if (name === 'toBase64') return Buffer.from(target.data).toString('base64');
    if (name === 'toHexString') return Buffer.from(target.data).toString('hex').toUpperCase();
  }
  if (target instanceof RLatLng) {
    if (name === 'latitude') return target.lat;
    if (name === 'longitude') return target.lng;
    if (name === 'distance')
      return args[0] instanceof RLatLng ? distance(target, args[0]) : evaluationError(`distance() needs a latlng, not ${typeName(args[0])}`);
  }
  return noMethod(target, name);
}
