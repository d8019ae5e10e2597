import { describe, expect, it } from 'vitest';
import { EvaluationError } from './errors.ts';
import {
  compare,
  equals,
  fromFields,
  fromJson,
  fromValue,
  isType,
  parseTimestamp,
  RBytes,
  RLatLng,
  RMap,
  RPath,
  RSet,
  RTimestamp,
  RUnknown,
  show,
  splitFieldPath,
  typeName,
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
    expect(fromValue({ referenceValue: 'projects/p/databases/(default)/documents/staff/ann' })).toEqual(new RPath(['databases', '(default)', 'documents', 'staff', 'ann']));
    expect(fromValue({ geoPointValue: { latitude: -1.29, longitude: 36.82 } })).toEqual(new RLatLng(-1.29, 36.82));
    expect([...(fromValue({ bytesValue: 'AAE=' }) as RBytes).data]).toEqual([0, 1]);
    expect(fromValue({ nullValue: null })).toBeNull();
    expect(fromValue({ booleanValue: false })).toBe(false);
    expect(fromValue({ arrayValue: { values: [{ stringValue: 'a' }, { integerValue: '1' }] } })).toEqual(['a', 1n]);
    expect(fromValue({ arrayValue: {} })).toEqual([]);
    const m = fromValue({ mapValue: { fields: { a: { mapValue: { fields: { b: { integerValue: '2' } } } } } } }) as RMap;
    expect(((m.entries.get('a') as RMap).entries.get('b'))).toBe(2n);
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
