import { describe, expect, it } from 'vitest';
import { EvaluationError } from './errors.ts';
import { callMethod } from './methods.ts';
import { evalExpr } from './test-support.ts';
import { RBytes, RDuration, RLatLng, RMap, RSet, RTimestamp, RUnknown, type RValue } from './values.ts';

const v = (source: string, vars: Record<string, RValue> = {}) => {
  const r = evalExpr(source, vars);
  if (r instanceof EvaluationError) throw r;
  return r;
};
const fails = (source: string, vars: Record<string, RValue> = {}) => {
  const r = evalExpr(source, vars);
  if (!(r instanceof EvaluationError)) throw new Error(`expected an error from ${source}, got ${String(r)}`);
  return r.message;
};
const setItems = (x: RValue) => (x as RSet).items;

describe('string methods', () => {
  it('size, lower, upper, trim', () => {
    expect(v("'héllo'.size()")).toBe(5n);
    expect(v("'😀'.size()")).toBe(1n);
    expect(v("'Ann@X.Org'.lower()")).toBe('ann@x.org');
    expect(v("'abc'.upper()")).toBe('ABC');
    expect(v("'  a b \\n'.trim()")).toBe('a b');
  });

  it('matches the whole string with an RE2 pattern', () => {
    expect(v("'user@domain.com'.matches('.*@domain[.]com')")).toBe(true);
    expect(v("'banana'.matches('an')")).toBe(false); // not a search
    expect(v("'+254 700 000000'.matches('^[+]?[0-9 ()-]{7,20}$')")).toBe(true);
    expect(v("'ABC'.matches('(?i)abc')")).toBe(true);
    expect(v("'a1'.matches('[[:alpha:]][[:digit:]]')")).toBe(true);
    expect(v("'a-b'.matches('a\\\\-b')")).toBe(true); // '\-' is fine in RE2
    expect(fails("'ab'.matches('a(?=b)')")).toMatch(/look-around is not supported by RE2/);
    // RE2's code points, \x{hhhh}, in and out of a class (written \\x{…} in a rules string).
    expect(v("'a\u202Eb'.matches('a\\\\x{202E}b')")).toBe(true);
    expect(v("'ab'.matches('[^\\\\x{202A}-\\\\x{202E}]*')")).toBe(true);
    expect(v("'a\u202Bb'.matches('[^\\\\x{202A}-\\\\x{202E}]*')")).toBe(false);
    // Adjacent code points, as in the forms' grammar.
    expect(v("'a\u2066b'.matches('[^\\\\x{202E}\\\\x{2066}]*')")).toBe(false);
    expect(v("'ab'.matches('[^\\\\x{202E}\\\\x{2066}]*')")).toBe(true);
    expect(fails("'aa'.matches('(a)\\\\1')")).toMatch(/back-references are not supported/);
    expect(fails("'a'.matches('(')")).toMatch(/invalid regular expression/);
  });

  it('splits and replaces by regular expression', () => {
    expect(v("'a/b/c'.split('/')")).toEqual(['a', 'b', 'c']);
    expect(v("'a1b22c'.split('[0-9]+')")).toEqual(['a', 'b', 'c']);
    expect(v("'banana'.replace('a', 'o')")).toBe('bonono');
    expect(v("'banana'.replace('ana', 'ee')")).toBe('beena');
    expect(v("'foo@test.com'.replace('[.]', '-')")).toBe('foo@test-com');
    expect(v("'cost'.replace('cost', '$1 \\\\0')")).toBe('$1 cost'); // '$' literal, \\0 the match
  });

  it('encodes to UTF-8 bytes', () => {
    expect(v("'é'.toUtf8().size()")).toBe(2n);
    expect(v("'abc'.toUtf8().size() == 3")).toBe(true);
  });
});

describe('list methods', () => {
  it('hasAll, hasAny, hasOnly (with lists or sets)', () => {
    expect(v("['a', 'b'].hasAll(['a'])")).toBe(true);
    expect(v("['a', 'b'].hasAll(['a', 'c'])")).toBe(false);
    expect(v("['a', 'b'].hasAny(['c', 'b'])")).toBe(true);
    expect(v("['a', 'b'].hasAny([])")).toBe(false);
    expect(v("['a', 'b'].hasOnly(['a', 'c'])")).toBe(false);
    expect(v("['a', 'a', 'b'].hasOnly(['a', 'b', 'c'])")).toBe(true);
    expect(v("[].hasOnly(['a'])")).toBe(true);
    expect(v("['a'].hasOnly(['a'].toSet())")).toBe(true);
    expect(fails("['a'].hasAll('a')")).toBe('hasAll() needs a list or set, not string');
  });

  it('size, join, concat, removeAll, toSet', () => {
    expect(v('[1, 2, 3].size()')).toBe(3n);
    expect(v("['a', 'b'].join(', ')")).toBe('a, b');
    expect(fails("['a', 1].join(',')")).toMatch(/join\(\) needs a list of strings/);
    expect(v('[1].concat([2, 3])')).toEqual([1n, 2n, 3n]);
    expect(v('[1, 2, 1, 3].removeAll([1, 3])')).toEqual([2n]);
    expect(setItems(v('[1, 1, 2].toSet()'))).toEqual([1n, 2n]);
  });
});

describe('set methods', () => {
  it('size, hasAll, hasAny, hasOnly, difference, intersection, union', () => {
    expect(v("['a', 'b', 'a'].toSet().size()")).toBe(2n);
    expect(v("['a', 'b'].toSet().hasAll(['a'])")).toBe(true);
    expect(v("['a', 'b'].toSet().hasAny(['c', 'd'].toSet())")).toBe(false);
    expect(v("['a', 'b'].toSet().hasOnly(['a', 'b'])")).toBe(true);
    expect(v("['a', 'b'].toSet().difference(['a', 'c'].toSet()) == ['b'].toSet()")).toBe(true);
    expect(v("['a', 'b'].toSet().intersection(['a', 'c'].toSet()) == ['a'].toSet()")).toBe(true);
    expect(v("['a', 'b'].toSet().union(['a', 'c'].toSet()) == ['c', 'b', 'a'].toSet()")).toBe(true);
    expect(fails("['a'].toSet().join(',')")).toBe('set has no method join()');
  });
});

describe('map methods', () => {
  const vars = { m: RMap.of({ a: 1n, b: 'x', nested: RMap.of({ c: 2n }) }) };

  it('keys, values, size', () => {
    expect(v('m.keys()', vars)).toEqual(['a', 'b', 'nested']);
    expect(v('m.values().size()', vars)).toBe(3n);
    expect(v('m.size()', vars)).toBe(3n);
    expect(v("m.keys().hasOnly(['a', 'b', 'nested'])", vars)).toBe(true);
  });

  it('get(key, default), also for nested keys', () => {
    expect(v("m.get('a', 0)", vars)).toBe(1n);
    expect(v("m.get('z', 'none')", vars)).toBe('none');
    expect(v("m.get(['nested', 'c'], 0)", vars)).toBe(2n);
    expect(v("m.get(['nested', 'z'], 7)", vars)).toBe(7n);
    expect(v("{'a': [2, 7]}.get('c', [1, 1])")).toEqual([1n, 1n]);
  });

  it('diff(): added, removed, changed, unchanged and affected keys', () => {
    const diff = { after: RMap.of({ a: 2n, b: 'x', c: true }), before: RMap.of({ a: 1n, b: 'x', d: null }) };
    expect(setItems(v('after.diff(before).addedKeys()', diff))).toEqual(['c']);
    expect(setItems(v('after.diff(before).removedKeys()', diff))).toEqual(['d']);
    expect(setItems(v('after.diff(before).changedKeys()', diff))).toEqual(['a']);
    expect(setItems(v('after.diff(before).unchangedKeys()', diff))).toEqual(['b']);
    expect(setItems(v('after.diff(before).affectedKeys()', diff)).slice().sort()).toEqual(['a', 'c', 'd']);
    expect(v("after.diff(before).affectedKeys().hasOnly(['a', 'c', 'd'])", diff)).toBe(true);
    expect(v("{'n': 1}.diff({'n': 1.0}).changedKeys().size() == 0")).toBe(true); // numeric equality
    expect(fails("{}.diff('x')")).toBe('diff() needs a map, not string');
  });
});

describe('timestamp and duration', () => {
  const t = new RTimestamp(Date.UTC(2027, 4, 7, 6, 30, 15, 250) / 1000 - 0.25, 250_000_000); // 2027-05-07T06:30:15.25Z (a Friday)
  const vars = { t };

  it('reads the parts of a timestamp in UTC', () => {
    expect(v('[t.year(), t.month(), t.day(), t.hours(), t.minutes(), t.seconds(), t.nanos()]', vars)).toEqual([2027n, 5n, 7n, 6n, 30n, 15n, 250_000_000n]);
    expect(v('t.dayOfWeek()', vars)).toBe(5n);
    expect(v('t.dayOfYear()', vars)).toBe(127n);
    expect(v('t.toMillis()', vars)).toBe(BigInt(Date.UTC(2027, 4, 7, 6, 30, 15, 250)));
    expect(v('t.date() == timestamp.date(2027, 5, 7)', vars)).toBe(true);
    expect(v("t.time() == duration.value(6, 'h') + duration.value(30, 'm') + duration.value(15250, 'ms')", vars)).toBe(true);
  });

  it('makes timestamps with timestamp.date and timestamp.value', () => {
    expect(v('timestamp.date(1984, 1, 2)')).toEqual(new RTimestamp(Date.UTC(1984, 0, 2) / 1000, 0));
    expect(v('timestamp.value(1500)')).toEqual(new RTimestamp(1, 500_000_000));
    expect(v('timestamp.value(-1)')).toEqual(new RTimestamp(-1, 999_000_000));
    expect(fails('timestamp.date(2027, 2, 30)')).toMatch(/is not a date/);
  });

  it('adds and subtracts durations, and compares', () => {
    expect(v("t + duration.value(1, 'd') > t && t - duration.value(1, 'w') < t", vars)).toBe(true);
    expect(v("(t + duration.value(1, 'd')).day()", vars)).toBe(8n);
    expect(v('t - timestamp.date(2027, 5, 7) == duration.time(6, 30, 15, 250000000)', vars)).toBe(true);
    expect(v("duration.value(90, 's').seconds()")).toBe(90n);
    expect(v("(duration.value(1, 's') + duration.value(5, 'ns')).nanos()")).toBe(5n);
    expect(v("duration.abs(duration.value(-10, 's')) == duration.value(10, 's')")).toBe(true);
    expect(v("duration.value(1, 'h') > duration.value(59, 'm')")).toBe(true);
    expect(v("-duration.value(1, 's')")).toEqual(new RDuration(-1_000_000_000n));
    expect(fails("duration.value(1, 'y')")).toMatch(/unknown unit 'y'/);
    expect(fails('t + 1', vars)).toBe("cannot apply '+' to timestamp and int");
    expect(fails('timestamp.value(253402300800000)')).toBe('timestamp out of range');
  });
});

describe('math and conversions', () => {
  it('math.abs, ceil, floor, round, pow, sqrt, isNaN, isInfinite', () => {
    expect(v('math.abs(-3)')).toBe(3n);
    expect(v('math.abs(-1.5)')).toBe(1.5);
    expect(v('[math.ceil(2.1), math.floor(2.7), math.round(2.5), math.round(2.4), math.ceil(3)]')).toEqual([3n, 2n, 3n, 2n, 3n]);
    expect(v('math.pow(2, 10)')).toBe(1024);
    expect(v('math.sqrt(2.25)')).toBe(1.5);
    expect(v('math.isNaN(float("NaN")) && !math.isNaN(1) && math.isInfinite(float("Infinity"))')).toBe(true);
    expect(fails("math.abs('1')")).toMatch(/needs a number/);
  });

  it('int(), float(), string(), path()', () => {
    expect(v("int('42') + int(3.9) + int(-3.9)")).toBe(42n);
    expect(v('float(3)')).toBe(3);
    expect(v('float(3) is float')).toBe(true);
    expect(v("float('2.5')")).toBe(2.5);
    expect(fails("int('4x')")).toMatch(/is not an integer/);
    expect(v("[string(true), string(1), string(2.0), string(null), string('s')]")).toEqual(['true', '1', '2.0', 'null', 's']);
    expect(fails('string([1])')).toMatch(/cannot convert list/);
    expect(v("path('/databases/x/documents/a/b') == /databases/x/documents/a/b")).toBe(true);
  });
});

describe('bytes, latlng and hashing', () => {
  it('bytes: size, toBase64, toHexString; literals', () => {
    const vars = { b: new RBytes(new Uint8Array([0xfb, 0xef])) };
    expect(v('b.size()', vars)).toBe(2n);
    expect(v('b.toBase64()', vars)).toBe('++8=');
    expect(v('b.toHexString()', vars)).toBe('FBEF');
    expect(v("b'\\xFB\\xEF' == b", vars)).toBe(true);
  });

  it('latlng: latitude, longitude, distance in metres', () => {
    const vars = { nairobi: new RLatLng(-1.2921, 36.8219), mombasa: new RLatLng(-4.0435, 39.6682) };
    expect(v('nairobi.latitude()', vars)).toBe(-1.2921);
    expect(v('nairobi.longitude()', vars)).toBe(36.8219);
    const d = v('nairobi.distance(mombasa)', vars) as number;
    expect(d).toBeGreaterThan(435_000);
    expect(d).toBeLessThan(445_000);
    expect(fails('latlng.value(91, 0)')).toMatch(/out of range/);
  });

  it('hashing: md5, sha256, crc32, crc32c of strings or bytes', () => {
    expect(v("hashing.md5('abc').toHexString()")).toBe('900150983CD24FB0D6963F7D28E17F72');
    expect(v("hashing.sha256('abc').toHexString()")).toBe('BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD');
    expect(v("hashing.crc32('123456789').toHexString()")).toBe('CBF43926');
    expect(v("hashing.crc32c('123456789'.toUtf8()).toHexString()")).toBe('E3069283');
  });
});

describe('method errors', () => {
  it('is an error to call a method on a type that does not have it', () => {
    expect(fails("'s'.keys()")).toBe('string has no method keys()');
    expect(fails('(1).size()')).toBe('int has no method size()');
    expect(fails('n.size()', { n: null })).toBe('null has no method size()');
  });
});

describe('robustness', () => {
  it('answers every method, function and operator on every kind of value with a value or an EvaluationError', async () => {
    const { callMethod, METHOD_ARITY } = await import('./methods.ts');
    const { callNamespace, NAMESPACE_ARITY, callConversion } = await import('./builtins.ts');
    const samples: RValue[] = [
      null,
      true,
      0n,
      -3n,
      2.5,
      NaN,
      '',
      'a,b',
      [],
      ['a', 1n],
      RMap.of({ a: 1n }),
      new RMap(new Map([['a', 1n]]), true),
      new RSet(['x']),
      new RTimestamp(0, 0),
      new RDuration(5n),
      new RBytes(new Uint8Array([1])),
      new RLatLng(1, 2),
    ];
    const check = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        expect(error).toBeInstanceOf(EvaluationError);
      }
    };
    for (const [name, arity] of Object.entries(METHOD_ARITY)) {
      for (const target of samples) {
        for (const arg of samples)
          check(() =>
            callMethod(
              target,
              name,
              Array.from({ length: arity }, () => arg),
            ),
          );
      }
    }
    for (const [ns, fns] of Object.entries(NAMESPACE_ARITY)) {
      for (const [name, arity] of Object.entries(fns)) {
        for (const arg of samples)
          check(() =>
            callNamespace(
              ns,
              name,
              Array.from({ length: arity }, () => arg),
            ),
          );
      }
    }
    for (const name of ['int', 'float', 'string', 'path']) for (const arg of samples) check(() => callConversion(name, arg));
    const { binary, negate, not } = await import('./operators.ts');
    const ops = ['==', '!=', '<', '<=', '>', '>=', 'in', '+', '-', '*', '/', '%'] as const;
    for (const a of samples) {
      check(() => negate(a));
      check(() => not(a));
      for (const b of samples) for (const op of ops) check(() => binary(op, a, b));
    }
  });
});

describe('methods, edge by edge', () => {
  it('counts arguments, naming the method', () => {
    expect(fails("'abc'.lower(1)")).toBe('lower() takes 0 argument(s)');
    expect(fails("'abc'.matches()")).toBe('matches() takes 1 argument(s)');
    expect(fails("{'a': 1}.get('a')")).toBe('get() takes 2 argument(s)');
    expect(fails('x.size()', { x: new RUnknown('resource.data') })).toMatch(/^resource\.data is not determined by the query/);
  });

  it('refuses any method on a value the query does not determine, before looking at the method', () => {
    for (const [name, args] of [
      ['size', []],
      ['keys', []],
      ['get', ['a', null]],
    ] as const) {
      expect(() => callMethod(new RUnknown('resource.data'), name, [...args])).toThrow(/^resource\.data is not determined by the query/);
    }
    // Even with the wrong number of arguments: the undetermined value is the first error.
    expect(() => callMethod(new RUnknown('resource.data'), 'size', [1n])).toThrow(/^resource\.data is not determined by the query/);
  });

  it('keeps list methods on lists and set methods on sets', () => {
    expect(fails("['a'].toSet().concat(['b'])")).toBe('set has no method concat()');
    expect(fails("['a'].toSet().toSet()")).toBe('set has no method toSet()');
    expect(fails("['a'].toSet().removeAll(['a'])")).toBe('set has no method removeAll()');
    expect(fails("['a'].union(['b'].toSet())")).toBe('list has no method union()');
    expect(fails("['a'].toSet().union(['b'])")).toBe('union() needs a set, not list');
    expect(fails("['a'].toSet().difference(['b'])")).toBe('difference() needs a set, not list');
    expect(fails("['a'].toSet().intersection('b')")).toBe('intersection() needs a set, not string');
    expect(setItems(v("['a', 'b'].toSet().difference(['b'].toSet())"))).toEqual(['a']);
    expect(setItems(v("['a', 'b'].toSet().intersection(['b', 'c'].toSet())"))).toEqual(['b']);
    expect(setItems(v("['a'].toSet().union(['b', 'a'].toSet())"))).toEqual(['a', 'b']);
    expect(v("['a', 'b'].toSet().size()")).toBe(2n);
    expect(v("['a', 'b'].toSet().hasAny(['b'])")).toBe(true);
    expect(v("['a', 'b'].toSet().hasOnly(['a'])")).toBe(false);
    expect(v("['a', 'b'].toSet().hasAll(['a', 'c'].toSet())")).toBe(false);
  });

  it('joins with a string separator, and concatenates and removes with sets too', () => {
    expect(v("['a'].join('-')")).toBe('a');
    expect(v('[].join(",")')).toBe('');
    expect(fails("['a'].join(1)")).toBe('join() needs a string, not int');
    expect(v("['a'].concat(['b'].toSet())")).toEqual(['a', 'b']);
    expect(v("['a', 'b'].removeAll(['a'].toSet())")).toEqual(['b']);
    expect(fails("['a'].concat('b')")).toBe('concat() needs a list or set, not string');
  });

  it('reads a map only where the query pins it', () => {
    const partial = { d: new RMap(new Map<string, RValue>([['published', true]]), true) };
    expect(v("d.get('published', false)", partial)).toBe(true);
    expect(fails("d.get('draft', false)", partial)).toBe("get('draft', …) needs the whole document, which the query does not determine");
    expect(fails('d.keys()', partial)).toBe('keys() needs the whole document, which the query does not determine');
    expect(fails('d.values()', partial)).toBe('values() needs the whole document, which the query does not determine');
    expect(fails('d.size()', partial)).toBe('size() needs the whole document, which the query does not determine');
    expect(fails("d.diff({'a': 1})", partial)).toBe('diff() needs the whole document, which the query does not determine');
    expect(fails("{'a': 1}.diff(d)", partial)).toBe('diff() needs the whole document, which the query does not determine');
  });

  it('get() needs string keys, and gives the default when the path runs through a non-map', () => {
    expect(fails("{'a': 1}.get(1, 0)")).toBe('get() needs a string, not int');
    expect(fails("{'a': 1}.get(['a', 2], 0)")).toBe('get() needs a string, not int');
    expect(v("{'a': 1}.get(['a', 'b'], 'none')")).toBe('none');
    expect(v("{'a': {'b': {'c': 3}}}.get(['a', 'b', 'c'], 0)")).toBe(3n);
    expect(v("{'a': 1}.get([], 0)")).toEqual(RMap.of({ a: 1n }));
    expect(v("{'a': null}.get('a', 5)")).toBeNull();
  });

  it('diff() keys for values that change type, and for both sides empty', () => {
    const vars = { after: RMap.of({ a: '1', b: 2n }), before: RMap.of({ a: 1n, b: 2.0 }) };
    expect(setItems(v('after.diff(before).changedKeys()', vars))).toEqual(['a']);
    expect(setItems(v('after.diff(before).unchangedKeys()', vars))).toEqual(['b']);
    expect(setItems(v('after.diff(before).affectedKeys()', vars))).toEqual(['a']);
    expect(setItems(v('{}.diff({}).affectedKeys()'))).toEqual([]);
    expect(setItems(v("{}.diff({'x': 1}).removedKeys()"))).toEqual(['x']);
    expect(setItems(v("{}.diff({'x': 1}).affectedKeys()"))).toEqual(['x']);
    expect(setItems(v("{'x': 1}.diff({}).affectedKeys()"))).toEqual(['x']);
    expect(setItems(v("{'x': 1}.diff({}).changedKeys()"))).toEqual([]);
    // A key on one side only is affected without comparing its value, even one the query leaves open.
    const open = { after: RMap.of({ x: new RUnknown('resource.data.x') }), before: RMap.of({ y: new RUnknown('resource.data.y') }) };
    expect(setItems(v('after.diff(before).affectedKeys()', open))).toEqual(['x', 'y']);
    expect(fails('{}.diff({}).keys()')).toBe('map_diff has no method keys()');
  });

  it('reads timestamps before 1970 and around the year', () => {
    const before = { t: new RTimestamp(-1, 500_000_000) }; // 1969-12-31T23:59:59.5Z, a Wednesday
    expect(v('[t.year(), t.month(), t.day(), t.hours(), t.minutes(), t.seconds(), t.nanos()]', before)).toEqual([1969n, 12n, 31n, 23n, 59n, 59n, 500_000_000n]);
    expect(v('t.toMillis()', before)).toBe(-500n);
    expect(v('t.date()', before)).toEqual(new RTimestamp(-86400, 0));
    expect(v('t.time()', before)).toEqual(new RDuration(86_399_500_000_000n));
    expect(v('t.dayOfWeek()', before)).toBe(3n);
    expect(v('t.dayOfYear()', before)).toBe(365n);
    const sunday = { t: new RTimestamp(Date.UTC(2028, 11, 31, 12) / 1000, 0) }; // a leap year's last day, a Sunday
    expect(v('t.dayOfWeek()', sunday)).toBe(7n);
    expect(v('t.dayOfYear()', sunday)).toBe(366n);
    expect(v('t.date()', sunday)).toEqual(new RTimestamp(Date.UTC(2028, 11, 31) / 1000, 0));
    const monday = { t: new RTimestamp(Date.UTC(2027, 0, 4) / 1000, 0) };
    expect(v('[t.dayOfWeek(), t.dayOfYear(), t.month()]', monday)).toEqual([1n, 4n, 1n]);
    expect(v('t.time()', monday)).toEqual(new RDuration(0n));
    expect(fails('t.size()', monday)).toBe('timestamp has no method size()');
  });

  it('splits a negative duration into truncated seconds and a signed remainder', () => {
    const vars = { d: new RDuration(-1_500_000_000n) };
    expect(v('d.seconds()', vars)).toBe(-1n);
    expect(v('d.nanos()', vars)).toBe(-500_000_000n);
    expect(fails('d.day()', vars)).toBe('duration has no method day()');
  });

  it('answers bytes, latlng and string methods only on their own types', () => {
    expect(fails('b.latitude()', { b: new RBytes(new Uint8Array([1])) })).toBe('bytes has no method latitude()');
    expect(fails('p.size()', { p: new RLatLng(0, 0) })).toBe('latlng has no method size()');
    expect(fails('p.distance(1)', { p: new RLatLng(0, 0) })).toBe('distance() needs a latlng, not int');
    expect(v('p.distance(p)', { p: new RLatLng(10, 20) })).toBe(0);
    expect(v('p.distance(q)', { p: new RLatLng(0, 0), q: new RLatLng(0, 180) })).toBeCloseTo(Math.PI * 6_371_008.8, 0);
    expect(v('p.distance(q)', { p: new RLatLng(0, 0), q: new RLatLng(1, 0) })).toBeCloseTo((Math.PI / 180) * 6_371_008.8, 3);
    // Points at different latitudes: a quarter of a great circle, either way round.
    const far = { p: new RLatLng(60, 0), q: new RLatLng(0, 90) };
    expect(v('p.distance(q)', far)).toBeCloseTo((Math.PI / 2) * 6_371_008.8, 3);
    expect(v('q.distance(p)', far)).toBeCloseTo((Math.PI / 2) * 6_371_008.8, 3);
    expect(fails("'a'.toBase64()")).toBe('string has no method toBase64()');
    expect(fails("'a'.split(1)")).toBe('split() needs a string, not int');
    expect(fails("'a'.replace('a', 1)")).toBe('replace() needs a string, not int');
    expect(fails("'a'.replace(1, 'a')")).toBe('replace() needs a string, not int');
    expect(fails("'a'.matches(1)")).toBe('matches() needs a string, not int');
  });

  it('rewrites \\1 … \\9 to groups in replace(), keeping $ literal', () => {
    expect(v("'ab'.replace('(a)(b)', '\\\\2\\\\1')")).toBe('ba');
    expect(v("'ab'.replace('(a)', '$$\\\\1')")).toBe('$$ab');
    expect(v("'a.b.c'.replace('[.]', '')")).toBe('abc');
    expect(v("'Ab'.upper()")).toBe('AB');
    expect(v("'AB'.lower()")).toBe('ab');
  });
});
