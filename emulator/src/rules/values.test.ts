import { describe, expect, it } from 'vitest';
import { EvaluationError } from './errors.ts';
import {
  checkedInt,
  compare,
  equals,
  formatFloat,
  fromFields,
  fromJson,
  fromValue,
  INT64_MAX,
  INT64_MIN,
  isNumber,
  isType,
  parseTimestamp,
  RBytes,
  RDuration,
  referencePath,
  RLatLng,
  RMap,
  RMapDiff,
  RPath,
  RSet,
  RTimestamp,
  RUnknown,
  show,
  splitFieldPath,
  typeName,
  type RValue,
} from './values.ts';

describe('conversion from Firestore values', () => {
  it('keeps integerValue as int and doubleValue as float, even when whole', () => {
    expect(fromValue({ integerValue: '42' })).toBe(42n);
    expect(fromValue({ integerValue: '-9223372036854775808' })).toBe(-(2n ** 63n));
    expect(fromValue({ integerValue: 7 })).toBe(7n);
    expect(fromValue({ doubleValue: 2 })).toBe(2);
    expect(typeName(fromValue({ doubleValue: 2 }))).toBe('float');
    expect(fromValue({ doubleValue: 'NaN' })).toBeNaN();
    expect(fromValue({ doubleValue: '-Infinity' })).toBe(-Infinity);
  });

  it('reads timestamps with nanoseconds and offsets', () => {
    const t = fromValue({ timestampValue: '2027-05-07T06:00:00.123456789Z' }) as RTimestamp;
    expect([t.seconds, t.nanos]).toEqual([Date.UTC(2027, 4, 7, 6) / 1000, 123456789]);
    const offset = parseTimestamp('2027-05-07T09:00:00+03:00');
    expect(offset.seconds).toBe(t.seconds);
    expect(parseTimestamp('2027-05-07T06:00:00.5Z').nanos).toBe(500_000_000);
    expect(() => parseTimestamp('yesterday')).toThrow(EvaluationError);
  });

  it('turns references into paths, and reads the other kinds', () => {
    expect(fromValue({ referenceValue: 'projects/p/databases/(default)/documents/staff/ann' })).toEqual(
      new RPath(['databases', '(default)', 'documents', 'staff', 'ann']),
    );
    expect(fromValue({ geoPointValue: { latitude: -1.29, longitude: 36.82 } })).toEqual(new RLatLng(-1.29, 36.82));
    expect([...(fromValue({ bytesValue: 'AAE=' }) as RBytes).data]).toEqual([0, 1]);
    expect(fromValue({ nullValue: null })).toBeNull();
    expect(fromValue({ booleanValue: false })).toBe(false);
    expect(fromValue({ arrayValue: { values: [{ stringValue: 'a' }, { integerValue: '1' }] } })).toEqual(['a', 1n]);
    expect(fromValue({ arrayValue: {} })).toEqual([]);
    const m = fromValue({ mapValue: { fields: { a: { mapValue: { fields: { b: { integerValue: '2' } } } } } } }) as RMap;
    expect((m.entries.get('a') as RMap).entries.get('b')).toBe(2n);
  });

  it('converts document fields on first access, and behaves as a map', () => {
    const m = fromFields({ a: { integerValue: '1' }, b: { stringValue: 'x' } });
    expect(m.entries.size).toBe(2);
    expect(m.entries.has('b')).toBe(true);
    expect(m.entries.get('c')).toBeUndefined();
    expect([...m.entries.keys()]).toEqual(['a', 'b']);
    expect([...m.entries]).toEqual([
      ['a', 1n],
      ['b', 'x'],
    ]);
    expect(equals(m, RMap.of({ b: 'x', a: 1n }))).toBe(true);
  });

  it('reads token claims: whole numbers as ints, objects as maps', () => {
    const token = fromJson({ email: 'a@x.org', email_verified: true, auth_time: 1700000000, score: 0.5, firebase: { sign_in_provider: 'password' } }) as RMap;
    expect(token.entries.get('auth_time')).toBe(1700000000n);
    expect(token.entries.get('score')).toBe(0.5);
    expect((token.entries.get('firebase') as RMap).entries.get('sign_in_provider')).toBe('password');
  });

  it('splits field paths, with backquoted segments', () => {
    expect(splitFieldPath('a.b.c')).toEqual(['a', 'b', 'c']);
    expect(splitFieldPath('`odd.name`.x')).toEqual(['odd.name', 'x']);
    expect(splitFieldPath('published')).toEqual(['published']);
  });
});

describe('types, equality and order', () => {
  it('names types as rules do; number is int or float', () => {
    const cases: Array<[unknown, string]> = [
      [null, 'null'],
      [true, 'bool'],
      [1n, 'int'],
      [1.5, 'float'],
      ['s', 'string'],
      [[], 'list'],
      [RMap.of({}), 'map'],
      [new RSet([]), 'set'],
      [new RTimestamp(0, 0), 'timestamp'],
      [new RPath(['a']), 'path'],
      [new RBytes(new Uint8Array()), 'bytes'],
      [new RLatLng(0, 0), 'latlng'],
    ];
    for (const [v, t] of cases) expect(typeName(v as never)).toBe(t);
    expect(isType(1n, 'number') && isType(1.5, 'number') && !isType('1', 'number')).toBe(true);
  });

  it('compares ints and floats numerically, other kinds by type and content', () => {
    expect(equals(1n, 1)).toBe(true);
    expect(equals(1n, 1.5)).toBe(false);
    expect(equals(NaN, NaN)).toBe(false);
    expect(equals('1', 1n)).toBe(false);
    expect(equals(null, null)).toBe(true);
    expect(equals(null, false)).toBe(false);
    expect(equals([1n, [2n]], [1, [2n]])).toBe(true);
    expect(equals(RMap.of({ a: [1n] }), RMap.of({ a: [1n] }))).toBe(true);
    expect(equals(RMap.of({ a: 1n }), RMap.of({ a: 1n, b: 2n }))).toBe(false);
    expect(equals(new RSet(['a', 'b', 'a']), new RSet(['b', 'a']))).toBe(true);
    expect(equals(new RSet(['a']), ['a'])).toBe(false);
    expect(equals(new RTimestamp(1, 5), new RTimestamp(1, 5))).toBe(true);
    expect(equals(new RPath(['a', 'b']), new RPath(['a', 'b']))).toBe(true);
  });

  it('orders numbers, strings (by code point), timestamps and durations; refuses the rest', () => {
    expect(compare(1n, 2.5)).toBe(-1);
    expect(compare(3n, 3)).toBe(0);
    expect(compare('b', 'a')).toBe(1);
    expect(compare('\u{1F600}', '\uFFFF')).toBe(1); // UTF-16 order would say otherwise
    expect(compare(new RTimestamp(1, 2), new RTimestamp(1, 1))).toBe(1);
    expect(compare(NaN, 1)).toBeNaN();
    expect(() => compare('1', 1n)).toThrow(/cannot order string and int/);
    expect(() => compare(true, false)).toThrow(EvaluationError);
  });

  it('makes any use of what a query leaves open an error, except comparing it with null', () => {
    const unknown = new RUnknown('resource.id');
    expect(() => equals(unknown, 'x')).toThrow(/resource\.id is not determined by the query/);
    expect(equals(unknown, null)).toBe(false);
    expect(() => typeName(unknown)).toThrow(EvaluationError);
    const partial = new RMap(new Map([['published', true]]), true);
    expect(() => equals(partial, RMap.of({ published: true }))).toThrow(/whole document/);
    expect(equals(partial, null)).toBe(false);
    expect(() => partial.whole('keys()')).toThrow(/keys\(\) needs the whole document/);
  });

  it('shows values for debug()', () => {
    expect(show(RMap.of({ a: [1n, 2.0, 'x', null] }))).toBe('{"a": [1, 2.0, "x", null]}');
    expect(show(new RTimestamp(0, 5))).toBe('timestamp(1970-01-01T00:00:00.000000005Z)');
  });
});

const error = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof EvaluationError) return e.message;
    throw e;
  }
  throw new Error('expected an EvaluationError');
};
const bytes = (...b: number[]) => new RBytes(new Uint8Array(b));

describe('rules values: conversion, case by case', () => {
  it('refuses an integerValue that is not an integer, and a value of no known kind', () => {
    expect(error(() => fromValue({ integerValue: '1.5' }))).toBe('invalid integerValue "1.5"');
    expect(error(() => fromValue({ integerValue: '12a' }))).toBe('invalid integerValue "12a"');
    expect(error(() => fromValue({} as never))).toBe('unknown Firestore value {}');
    expect(fromValue({ integerValue: '-12' })).toBe(-12n);
  });

  it('reads a geopoint with a missing coordinate as 0, and an empty map', () => {
    expect(fromValue({ geoPointValue: {} })).toEqual(new RLatLng(0, 0));
    expect(fromValue({ geoPointValue: { latitude: 5 } })).toEqual(new RLatLng(5, 0));
    expect((fromValue({ mapValue: {} }) as RMap).entries.size).toBe(0);
    expect(fromValue({ stringValue: '' })).toBe('');
  });

  it('reads RFC 3339 timestamps in any case and offset, refusing anything else', () => {
    expect(parseTimestamp('2027-05-07T06:00:00z')).toEqual(new RTimestamp(Date.UTC(2027, 4, 7, 6) / 1000, 0));
    expect(parseTimestamp('2027-05-07T06:00:00.000000001-01:30')).toEqual(new RTimestamp(Date.UTC(2027, 4, 7, 7, 30) / 1000, 1));
    expect(parseTimestamp('1969-12-31T23:59:59.5Z')).toEqual(new RTimestamp(-1, 500_000_000));
    for (const bad of [
      '2027-05-07 06:00:00Z',
      '2027-05-07T06:00:00',
      'x2027-05-07T06:00:00Z',
      '2027-05-07T06:00:00Zx',
      '2027-13-07T06:00:00Z',
      '2027-05-07T06:00:00.1234567890Z',
    ]) {
      expect(error(() => parseTimestamp(bad))).toBe(`invalid timestamp '${bad}'`);
    }
  });

  it('keeps a reference path from "databases" on, or whole when it has none', () => {
    expect(referencePath('projects/p/databases/d/documents/a/b')).toEqual(new RPath(['databases', 'd', 'documents', 'a', 'b']));
    expect(referencePath('a/b')).toEqual(new RPath(['a', 'b']));
    expect(new RPath(['databases', 'd']).toString()).toBe('/databases/d');
  });

  it('reads document fields lazily, once each, as a whole map', () => {
    const m = fromFields({ a: { arrayValue: { values: [{ integerValue: '1' }] } }, b: { booleanValue: true } });
    expect(m.entries.get('a')).toBe(m.entries.get('a')); // converted once
    expect([...m.entries.values()]).toEqual([[1n], true]);
    expect(m.entries.has('toString')).toBe(false);
    expect(m.entries.get('toString')).toBeUndefined();
    const seen: string[] = [];
    m.entries.forEach((value, key, map) => seen.push(`${key}=${show(value)}:${map.size}`));
    expect(seen).toEqual(['a=[1]:2', 'b=true:2']);
    expect(m.whole('keys()')).toBe(m.entries);
  });

  it('reads token claims of every JSON kind', () => {
    expect(fromJson(null)).toBeNull();
    expect(fromJson(undefined)).toBeNull();
    expect(fromJson(3)).toBe(3n);
    expect(fromJson(-0.5)).toBe(-0.5);
    expect(fromJson('x')).toBe('x');
    expect(fromJson(false)).toBe(false);
    expect(fromJson([1, 'a', [2.5]])).toEqual([1n, 'a', [2.5]]);
    expect(error(() => fromJson(() => 1))).toMatch(/^unsupported claim value/);
  });

  it('splits field paths with escapes, several quoted segments and empty ones', () => {
    expect(splitFieldPath('`a\\`b`.c')).toEqual(['a`b', 'c']);
    expect(splitFieldPath('a.`b.c`.`d`')).toEqual(['a', 'b.c', 'd']);
    expect(splitFieldPath('`x\\\\y`')).toEqual(['x\\y']);
    expect(splitFieldPath('')).toEqual([]);
    expect(splitFieldPath('a..b')).toEqual(['a', '', 'b']);
    expect(splitFieldPath('`open')).toEqual(['open']); // an unclosed quote ends with the path
  });
});

describe('rules values: types', () => {
  it('names durations, map diffs and what it does not know', () => {
    expect(typeName(new RDuration(1n))).toBe('duration');
    expect(typeName(new RMapDiff(RMap.of({}), RMap.of({})))).toBe('map_diff');
    expect(typeName({} as never)).toBe('unknown');
  });

  it('takes number as int or float, and every other name literally', () => {
    expect(isType(1n, 'int')).toBe(true);
    expect(isType(1n, 'float')).toBe(false);
    expect(isType(1.5, 'float')).toBe(true);
    expect(isType('x', 'string')).toBe(true);
    expect(isType('x', 'number')).toBe(false);
    expect(isNumber(1n) && isNumber(1.5) && !isNumber('1') && !isNumber(null)).toBe(true);
  });

  it('checks ints against the 64-bit bounds, inclusive', () => {
    expect(checkedInt(INT64_MAX)).toBe(INT64_MAX);
    expect(checkedInt(INT64_MIN)).toBe(INT64_MIN);
    expect(error(() => checkedInt(INT64_MAX + 1n))).toBe('integer overflow');
    expect(error(() => checkedInt(INT64_MIN - 1n))).toBe('integer overflow');
  });
});

describe('rules values: equality, kind by kind', () => {
  it.each<[string, RValue, RValue, boolean]>([
    ['ints', 2n, 2n, true],
    ['different ints', 2n, 3n, false],
    ['floats', 2.5, 2.5, true],
    ['different floats', 2.5, 3.5, false],
    ['a float and an int beyond 2^53', 2 ** 53, 2n ** 53n + 1n, false],
    ['a whole float and its int', 2 ** 53, 2n ** 53n, true],
    ['a fractional float and an int', 1.5, 1n, false],
    ['strings', 'a', 'a', true],
    ['a string and null', 'a', null, false],
    ['lists of other length', [1n], [1n, 1n], false],
    ['lists differing in an element', [1n, 2n], [1n, 3n], false],
    ['a list and a set', [1n], new RSet([1n]), false],
    ['maps with other keys of the same size', RMap.of({ a: 1n }), RMap.of({ b: 1n }), false],
    ['maps differing in a value', RMap.of({ a: 1n }), RMap.of({ a: 2n }), false],
    ['a map and a list', RMap.of({}), [], false],
    ['sets of other size', new RSet([1n]), new RSet([1n, 2n]), false],
    ['sets of the same size, other items', new RSet([1n, 2n]), new RSet([1n, 3n]), false],
    ['timestamps differing in nanos', new RTimestamp(1, 1), new RTimestamp(1, 2), false],
    ['timestamps differing in seconds', new RTimestamp(1, 1), new RTimestamp(2, 1), false],
    ['a timestamp and a duration', new RTimestamp(1, 0), new RDuration(1n), false],
    ['durations', new RDuration(5n), new RDuration(5n), true],
    ['different durations', new RDuration(5n), new RDuration(6n), false],
    ['paths of other length', new RPath(['a']), new RPath(['a', 'b']), false],
    ['paths differing in a segment', new RPath(['a', 'b']), new RPath(['a', 'c']), false],
    ['a path and a string', new RPath(['a']), '/a', false],
    ['bytes', bytes(1, 2), bytes(1, 2), true],
    ['bytes of other length', bytes(1), bytes(1, 2), false],
    ['bytes differing in content', bytes(1, 2), bytes(1, 3), false],
    ['latlngs', new RLatLng(1, 2), new RLatLng(1, 2), true],
    ['latlngs of other latitude', new RLatLng(1, 2), new RLatLng(3, 2), false],
    ['latlngs of other longitude', new RLatLng(1, 2), new RLatLng(1, 3), false],
    ['a latlng and bytes', new RLatLng(1, 2), bytes(1, 2), false],
  ])('%s', (_label, a, b, expected) => {
    expect(equals(a, b)).toBe(expected);
    expect(equals(b, a)).toBe(expected);
  });

  it('refuses to compare map diffs, and anything open with anything but null, on either side', () => {
    const diff = new RMapDiff(RMap.of({}), RMap.of({}));
    expect(error(() => equals(diff, diff))).toBe('a map_diff cannot be compared; use its methods');
    expect(error(() => equals(diff, RMap.of({})))).toBe('a map_diff cannot be compared; use its methods');
    expect(error(() => equals(RMap.of({}), diff))).toBe('a map_diff cannot be compared; use its methods');
    expect(error(() => equals(1n, new RUnknown('x')))).toMatch(/^x is not determined/);
    expect(equals(null, new RUnknown('x'))).toBe(false);
    const partial = new RMap(new Map(), true);
    expect(equals(null, partial)).toBe(false);
    expect(error(() => equals(RMap.of({}), partial))).toBe('comparing the document data needs the whole document, which the query does not determine');
  });

  it('makes a set of distinct items', () => {
    expect(new RSet([1n, 1, 2n, 'a', 'a']).items).toEqual([1n, 2n, 'a']);
  });
});

describe('rules values: order', () => {
  it.each<[string, RValue, RValue, number]>([
    ['ints', 1n, 2n, -1],
    ['equal ints', 2n, 2n, 0],
    ['an int and a float', 3n, 2.5, 1],
    ['floats', 2.5, 2.5, 0],
    ['strings by code point', 'a\u{1F600}', 'a\uFFFF', 1],
    ['a string prefix first', 'ab', 'abc', -1],
    ['equal strings', 'abc', 'abc', 0],
    ['timestamps by seconds before nanos', new RTimestamp(2, 0), new RTimestamp(1, 9), 1],
    ['timestamps by nanos', new RTimestamp(1, 1), new RTimestamp(1, 9), -1],
    ['equal timestamps', new RTimestamp(1, 1), new RTimestamp(1, 1), 0],
    ['durations', new RDuration(-1n), new RDuration(1n), -1],
    ['equal durations', new RDuration(1n), new RDuration(1n), 0],
  ])('%s', (_label, a, b, expected) => {
    expect(compare(a, b)).toBe(expected);
    expect(compare(b, a)).toBe(expected === 0 ? 0 : -expected);
  });

  it('is unordered with NaN, and refuses to order other kinds or what is open', () => {
    expect(compare(1n, NaN)).toBeNaN();
    expect(compare(NaN, NaN)).toBeNaN();
    expect(error(() => compare(bytes(1), bytes(2)))).toBe('cannot order bytes and bytes');
    expect(error(() => compare(new RTimestamp(1, 0), new RDuration(1n)))).toBe('cannot order timestamp and duration');
    expect(error(() => compare(1n, new RUnknown('x')))).toMatch(/^x is not determined/);
    expect(error(() => compare(new RUnknown('y'), new RUnknown('x')))).toMatch(/^y is not determined/);
  });

  it('orders ints exactly beyond 2^53, where floats cannot tell them apart', () => {
    expect(compare(2n ** 53n + 1n, 2n ** 53n)).toBe(1);
    expect(compare(2n ** 53n, 2n ** 53n + 1n)).toBe(-1);
    expect(compare(-(2n ** 63n), 2n ** 63n - 1n)).toBe(-1);
  });
});

describe('rules values: timestamps', () => {
  it('splits nanoseconds before and after 1970, within Firestore’s range', () => {
    expect(RTimestamp.fromNanos(-1n)).toEqual(new RTimestamp(-1, 999_999_999));
    expect(RTimestamp.fromNanos(-1_000_000_000n)).toEqual(new RTimestamp(-1, 0));
    expect(RTimestamp.fromNanos(1_500_000_000n)).toEqual(new RTimestamp(1, 500_000_000));
    expect(RTimestamp.fromNanos(-62135596800n * 1_000_000_000n)).toEqual(new RTimestamp(-62135596800, 0));
    expect(RTimestamp.fromNanos(253402300799n * 1_000_000_000n + 999_999_999n)).toEqual(new RTimestamp(253402300799, 999_999_999));
    expect(error(() => RTimestamp.fromNanos(-62135596800n * 1_000_000_000n - 1n))).toBe('timestamp out of range');
    expect(error(() => RTimestamp.fromNanos(253402300800n * 1_000_000_000n))).toBe('timestamp out of range');
  });

  it('gives milliseconds and its text', () => {
    expect(new RTimestamp(2, 345_678_999).millis).toBe(2345);
    expect(new RTimestamp(-1, 500_000_000).millis).toBe(-500);
    expect(RTimestamp.fromDate(new Date(1500))).toEqual(new RTimestamp(1, 500_000_000));
    expect(new RTimestamp(1, 5).toString()).toBe('1970-01-01T00:00:01.000000005Z');
    expect(new RTimestamp(1, 5).totalNanos).toBe(1_000_000_005n);
  });
});

describe('rules values: debug() text', () => {
  it.each<[RValue, string]>([
    [null, 'null'],
    [true, 'true'],
    [-3n, '-3'],
    [2, '2.0'],
    [-2.5, '-2.5'],
    [NaN, 'NaN'],
    [Infinity, 'Infinity'],
    [-Infinity, '-Infinity'],
    [1e16, '10000000000000000'],
    [1e21, '1e+21'],
    [9999999999999998, '9999999999999998.0'],
    ['a"b', '"a\\"b"'],
    [[], '[]'],
    [new RMap(new Map([['k', 1n]]), true), '{"k": 1, …}'],
    [RMap.of({}), '{}'],
    [RMap.of({ a: 1n, b: 'x' }), '{"a": 1, "b": "x"}'],
    [new RSet(['a', 1n]), 'set(["a", 1])'],
    [new RDuration(5n), 'duration(5ns)'],
    [new RPath(['a', 'b']), 'path(/a/b)'],
    [bytes(0, 1), 'bytes(AAE=)'],
    [new RLatLng(1.5, -2), 'latlng(1.5, -2)'],
    [new RMapDiff(RMap.of({ a: 1n }), RMap.of({})), 'map_diff({"a": 1}, {})'],
    [new RUnknown('resource.id'), '<resource.id>'],
  ])('shows %s', (value, text) => {
    expect(show(value)).toBe(text);
  });

  it('prints floats with a decimal point when whole and small', () => {
    expect(formatFloat(0)).toBe('0.0');
    expect(formatFloat(-1e15)).toBe('-1000000000000000.0');
    expect(formatFloat(-1e16)).toBe('-10000000000000000');
    expect(formatFloat(0.1)).toBe('0.1');
  });
});
