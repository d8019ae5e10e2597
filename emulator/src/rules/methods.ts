// Methods of rules values (string.matches, map.diff, list.hasOnly, timestamp.toMillis …) and the
// members of the global namespaces (math, timestamp, duration, latlng).
import {
  compare,
  contains,
  equals,
  fail,
  isNumber,
  RBytes,
  RDuration,
  RLatLng,
  RMap,
  RMapDiff,
  RNamespace,
  RPath,
  RSet,
  RTimestamp,
  typeName,
  uniq,
  type RV,
} from './runtime.ts';

const asList = (v: RV, what: string): RV[] => (Array.isArray(v) ? v : v instanceof RSet ? v.items : fail(`${what} needs a list or set`));
const asString = (v: RV, what: string): string => (typeof v === 'string' ? v : fail(`${what} needs a string`));
const asInt = (v: RV, what: string): bigint => (typeof v === 'bigint' ? v : fail(`${what} needs an int`));
const arity = (args: RV[], n: number, name: string) => {
  if (args.length !== n) fail(`${name}() takes ${n} argument(s)`);
};

/** Rules regexes are RE2 and match the whole string. */
function fullMatch(s: string, re: string) {
  try {
    return new RegExp(`^(?:${re})$`, 'u').test(s);
  } catch {
    return fail(`invalid regular expression '${re}'`);
  }
}

function diffKeys(d: RMapDiff) {
  const l = d.left.entries;
  const r = d.right.entries;
  const keys = uniq([...l.keys(), ...r.keys()]) as string[];
  return {
    added: keys.filter((k) => l.has(k) && !r.has(k)),
    removed: keys.filter((k) => !l.has(k) && r.has(k)),
    changed: keys.filter((k) => l.has(k) && r.has(k) && !equals(l.get(k)!, r.get(k)!)),
    unchanged: keys.filter((k) => l.has(k) && r.has(k) && equals(l.get(k)!, r.get(k)!)),
  };
}

const UNITS: Record<string, bigint> = { w: 604800n * 10n ** 9n, d: 86400n * 10n ** 9n, h: 3600n * 10n ** 9n, m: 60n * 10n ** 9n, s: 10n ** 9n, ms: 10n ** 6n, us: 1000n, ns: 1n };

function namespaceMember(ns: string, name: string, args: RV[]): RV {
  const key = `${ns}.${name}`;
  switch (key) {
    case 'math.abs':
      return isNumber(args[0]) ? (typeof args[0] === 'bigint' ? (args[0] < 0n ? -args[0] : args[0]) : Math.abs(args[0])) : fail('math.abs needs a number');
    case 'math.ceil':
    case 'math.floor':
    case 'math.round': {
      const x = args[0];
      if (!isNumber(x)) return fail(`${key} needs a number`);
      return BigInt(Math[name as 'ceil' | 'floor' | 'round'](Number(x)));
    }
    case 'math.sqrt':
      return isNumber(args[0]) ? Math.sqrt(Number(args[0])) : fail('math.sqrt needs a number');
    case 'math.isNaN':
      return typeof args[0] === 'number' && Number.isNaN(args[0]);
    case 'math.isInfinite':
      return typeof args[0] === 'number' && !Number.isFinite(args[0]) && !Number.isNaN(args[0]);
    case 'timestamp.date': {
      arity(args, 3, key);
      const [y, m, d] = args.map((a) => Number(asInt(a, key)));
      return new RTimestamp(Date.UTC(y, m - 1, d) / 1000, 0);
    }
    case 'timestamp.value': {
      const ms = Number(asInt(args[0], key));
      return new RTimestamp(Math.floor(ms / 1000), (((ms % 1000) + 1000) % 1000) * 1e6);
    }
    case 'duration.value': {
      arity(args, 2, key);
      const unit = UNITS[asString(args[1], key)] ?? fail(`unknown duration unit '${String(args[1])}'`);
      return new RDuration(asInt(args[0], key) * unit);
    }
    case 'duration.time': {
      arity(args, 4, key);
      const [h, m, s, ns] = args.map((a) => asInt(a, key));
      return new RDuration(h * UNITS.h + m * UNITS.m + s * UNITS.s + ns);
    }
    case 'latlng.value':
      return new RLatLng(Number(args[0]), Number(args[1]));
    default:
      return fail(`unknown function ${key}()`);
  }
}

export function callMethod(target: RV, name: string, args: RV[]): RV {
  if (target instanceof RNamespace) return namespaceMember(target.name, name, args);
  if (typeof target === 'string') {
    switch (name) {
      case 'size':
        return BigInt([...target].length);
      case 'matches':
        return fullMatch(target, asString(args[0], 'matches'));
      case 'lower':
        return target.toLowerCase();
      case 'upper':
        return target.toUpperCase();
      case 'trim':
        return target.trim();
      case 'split':
        return target.split(new RegExp(asString(args[0], 'split'), 'u'));
      case 'replace':
        return target.replace(new RegExp(asString(args[0], 'replace'), 'gu'), asString(args[1], 'replace'));
      case 'toUtf8':
        return new RBytes(Buffer.from(target, 'utf8'));
    }
  }
  if (Array.isArray(target) || target instanceof RSet) {
    const items = asList(target, name);
    switch (name) {
      case 'size':
        return BigInt(items.length);
      case 'hasAll':
        return asList(args[0], name).every((x) => contains(items, x));
      case 'hasAny':
        return asList(args[0], name).some((x) => contains(items, x));
      case 'hasOnly': {
        const allowed = asList(args[0], name);
        return items.every((x) => contains(allowed, x));
      }
      case 'toSet':
        return new RSet(uniq(items));
      case 'join':
        return items.map((x) => asString(x, 'join')).join(asString(args[0], 'join'));
      case 'concat':
        return [...items, ...asList(args[0], name)];
      case 'removeAll': {
        const drop = asList(args[0], name);
        return items.filter((x) => !contains(drop, x));
      }
      case 'difference':
        return new RSet(items.filter((x) => !contains(asList(args[0], name), x)));
      case 'intersection':
        return new RSet(items.filter((x) => contains(asList(args[0], name), x)));
      case 'union':
        return new RSet(uniq([...items, ...asList(args[0], name)]));
    }
  }
  if (target instanceof RMap) {
    switch (name) {
      case 'keys':
        return [...target.entries.keys()];
      case 'values':
        return [...target.entries.values()];
      case 'size':
        return BigInt(target.entries.size);
      case 'get': {
        arity(args, 2, 'get');
        const path = Array.isArray(args[0]) ? args[0] : [args[0]];
        let cur: RV = target;
        for (const k of path) {
          if (!(cur instanceof RMap) || !cur.entries.has(asString(k, 'get'))) return args[1];
          cur = cur.entries.get(k as string)!;
        }
        return cur;
      }
      case 'diff':
        return args[0] instanceof RMap ? new RMapDiff(target, args[0]) : fail('diff() needs a map');
    }
  }
  if (target instanceof RMapDiff) {
    const k = diffKeys(target);
    switch (name) {
      case 'addedKeys':
        return new RSet(k.added);
      case 'removedKeys':
        return new RSet(k.removed);
      case 'changedKeys':
        return new RSet(k.changed);
      case 'unchangedKeys':
        return new RSet(k.unchanged);
      case 'affectedKeys':
        return new RSet([...k.added, ...k.removed, ...k.changed]);
    }
  }
  if (target instanceof RTimestamp) {
    const d = new Date(target.millis);
    switch (name) {
      case 'toMillis':
        return BigInt(target.millis);
      case 'seconds':
        return BigInt(target.seconds);
      case 'nanos':
        return BigInt(target.nanos);
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
      case 'dayOfWeek':
        return BigInt(d.getUTCDay() === 0 ? 7 : d.getUTCDay());
      case 'date':
        return new RTimestamp(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) / 1000, 0);
    }
  }
  if (target instanceof RDuration) {
    if (name === 'seconds') return target.nanos / 10n ** 9n;
    if (name === 'nanos') return target.nanos % 10n ** 9n;
  }
  if (target instanceof RBytes) {
    if (name === 'size') return BigInt(target.data.length);
    if (name === 'toBase64') return target.data.toString('base64');
  }
  if (target instanceof RLatLng) {
    if (name === 'latitude') return target.lat;
    if (name === 'longitude') return target.lng;
  }
  if (target instanceof RPath && name === 'toString') return target.toString();
  return fail(`${typeName(target)} has no method ${name}()`);
}

/** Arithmetic: + - * / % on numbers, + on strings and lists, timestamp ± duration. */
export function arithmetic(op: string, a: RV, b: RV): RV {
  if (op === '+' && typeof a === 'string' && typeof b === 'string') return a + b;
  if (op === '+' && Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (a instanceof RTimestamp && b instanceof RDuration && (op === '+' || op === '-')) {
    const total = BigInt(a.seconds) * 10n ** 9n + BigInt(a.nanos) + (op === '+' ? b.nanos : -b.nanos);
    return new RTimestamp(Number(total / 10n ** 9n), Number(total % 10n ** 9n));
  }
  if (a instanceof RTimestamp && b instanceof RTimestamp && op === '-') {
    return new RDuration((BigInt(a.seconds) - BigInt(b.seconds)) * 10n ** 9n + BigInt(a.nanos - b.nanos));
  }
  if (a instanceof RDuration && b instanceof RDuration && (op === '+' || op === '-')) return new RDuration(op === '+' ? a.nanos + b.nanos : a.nanos - b.nanos);
  if (!isNumber(a) || !isNumber(b)) return fail(`cannot apply '${op}' to ${typeName(a)} and ${typeName(b)}`);
  if (typeof a === 'bigint' && typeof b === 'bigint') {
    if ((op === '/' || op === '%') && b === 0n) return fail('division by zero');
    switch (op) {
      case '+':
        return a + b;
      case '-':
        return a - b;
      case '*':
        return a * b;
      case '/':
        return a / b;
      case '%':
        return a % b;
    }
  }
  const x = Number(a);
  const y = Number(b);
  switch (op) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      return x / y;
    case '%':
      return x % y;
  }
  return fail(`unknown operator ${op}`);
}

export { compare };
