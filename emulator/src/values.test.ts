import { describe, expect, it } from 'vitest';
import type { Value } from './value-types.ts';
import {
  arrayValues,
  compareNumbers,
  compareReferences,
  compareTimestamps,
  compareUtf8,
  compareValues,
  doubleOf,
  formatTimestamp,
  formatVersion,
  identicalFields,
  identicalValues,
  isNaNValue,
  isNumber,
  isVectorValue,
  makeArray,
  makeMap,
  mapFields,
  parseTimestamp,
  sameValue,
  timestampMicros,
  toNumber,
  typeOrder,
  valuesEqual,
  vectorValues,
} from './values.ts';

const int = (n: number | string): Value => ({ integerValue: String(n) });
const dbl = (n: number | 'NaN' | 'Infinity' | '-Infinity'): Value => ({ doubleValue: n });
const str = (s: string): Value => ({ stringValue: s });
const ts = (s: string): Value => ({ timestampValue: s });
const ref = (p: string): Value => ({ referenceValue: `projects/p/databases/(default)/documents/${p}` });
const arr = (...values: Value[]): Value => ({ arrayValue: { values } });
const map = (fields: Record<string, Value>): Value => ({ mapValue: { fields } });
/** vector([…]) as the SDK sends it. */
const vec = (...n: number[]): Value => map({ __type__: str('__vector__'), value: n.length ? arr(...n.map((x) => dbl(x))) : { arrayValue: {} } });

describe("Firestore's cross-type order", () => {
  // One value of each type, listed in Cloud Firestore's documented order.
  const ordered: Value[] = [
    { nullValue: null },
    { booleanValue: false },
    { booleanValue: true },
    dbl('NaN'),
    dbl('-Infinity'),
    int(-5),
    dbl(1.5),
    int(2),
    dbl('Infinity'),
    ts('2020-01-01T00:00:00Z'),
    ts('2020-01-01T00:00:00.000001Z'),
    str(''),
    str('a'),
    str('b'),
    { bytesValue: 'AA==' },
    { bytesValue: 'AQ==' },
    ref('a/b'),
    ref('a/b/c/d'),
    { geoPointValue: { latitude: -10, longitude: 0 } },
    { geoPointValue: { latitude: 10, longitude: -5 } },
    arr(),
    arr(int(1)),
    arr(int(1), int(2)),
    // Vectors after arrays, before maps: by dimension first, then element by element.
    vec(),
    vec(100),
    vec(1, 2),
    vec(1, 3),
    vec(0, 0, 0),
    map({}),
    map({ a: int(1) }),
  ];

  it('sorts a shuffled list of every type into the documented order', () => {
    const shuffled = [...ordered]
      .reverse()
      .sort(() => 0)
      .sort(compareValues);
    expect(shuffled).toEqual(ordered);
  });

  it('is antisymmetric across all pairs', () => {
    for (let i = 0; i < ordered.length; i++) {
      for (let j = 0; j < ordered.length; j++) {
        expect(Math.sign(compareValues(ordered[i], ordered[j]))).toBe(Math.sign(i - j));
      }
    }
  });
});

describe('vectors', () => {
  it('are equal element by element (ints and doubles alike), and only to vectors', () => {
    expect(valuesEqual(vec(1, 2, 3), vec(1, 2, 3))).toBe(true);
    expect(valuesEqual(vec(1, 2, 3), map({ __type__: str('__vector__'), value: arr(int(1), int(2), int(3)) }))).toBe(true);
    expect(valuesEqual(vec(1, 2, 3), vec(1, 2))).toBe(false);
    expect(valuesEqual(vec(1, 2), arr(dbl(1), dbl(2)))).toBe(false);
    expect(valuesEqual(vec(1, 2), map({ value: arr(dbl(1), dbl(2)) }))).toBe(false);
    expect(compareValues(vec(5), map({ __type__: str('other') }))).toBeLessThan(0); // another __type__ is a map
  });
});

describe('numbers', () => {
  it('compares integers and doubles numerically, NaN first', () => {
    expect(compareValues(int(1), dbl(1))).toBe(0);
    expect(compareValues(int(1), dbl(1.5))).toBeLessThan(0);
    expect(compareValues(dbl('NaN'), int('-9223372036854775808'))).toBeLessThan(0);
    expect(compareValues(dbl('NaN'), dbl('NaN'))).toBe(0);
  });

  it('keeps int64 exact beyond 2^53, also against doubles', () => {
    expect(compareValues(int('9007199254740993'), int('9007199254740992'))).toBeGreaterThan(0);
    // 2^63 - 1 is below the double 2^63 (9223372036854775808).
    expect(compareValues(int('9223372036854775807'), dbl(9223372036854775808))).toBeLessThan(0);
    expect(compareValues(int('9007199254740993'), dbl(9007199254740992))).toBeGreaterThan(0);
  });

  it('treats 1 == 1.0 and -0 == 0 as equal, NaN as equal to nothing in queries', () => {
    expect(valuesEqual(int(1), dbl(1))).toBe(true);
    expect(valuesEqual(dbl(-0), int(0))).toBe(true);
    expect(valuesEqual(dbl('NaN'), dbl('NaN'))).toBe(false);
    // arrayUnion / arrayRemove identity: NaN is NaN.
    expect(sameValue(dbl('NaN'), dbl('NaN'))).toBe(true);
  });
});

describe('strings, references, maps', () => {
  it('orders strings by UTF-8 bytes, not UTF-16 code units', () => {
    // U+FFFD is EF BF BD in UTF-8; U+1F600 is F0 9F 98 80 (bigger), though its UTF-16 starts 0xD83D (smaller).
    expect(compareUtf8('\uFFFD', '😀')).toBeLessThan(0);
    expect(compareValues(str('\uFFFD'), str('😀'))).toBeLessThan(0);
    expect(compareUtf8('a', 'ab')).toBeLessThan(0);
    expect(compareUtf8('B', 'a')).toBeLessThan(0);
  });

  it('compares references segment by segment', () => {
    expect(compareValues(ref('a/b'), ref('a/b/c/d'))).toBeLessThan(0);
    expect(compareValues(ref('a/b/c/d'), ref('a/bc'))).toBeLessThan(0); // "a/b…" < "a/bc" segment-wise
    expect(compareValues(ref('a/z'), ref('b/a'))).toBeLessThan(0);
  });

  it('compares maps by sorted keys, then values', () => {
    expect(compareValues(map({ a: int(2) }), map({ b: int(1) }))).toBeLessThan(0);
    expect(compareValues(map({ a: int(1), b: int(1) }), map({ a: int(1) }))).toBeGreaterThan(0);
    expect(valuesEqual(map({ a: int(1), b: str('x') }), map({ b: str('x'), a: dbl(1) }))).toBe(true);
  });

  it('a map with an extra key is neither equal nor identical, whichever side has it', () => {
    const small = map({ a: int(1) });
    const big = map({ a: int(1), b: int(2) });
    for (const [x, y] of [
      [small, big],
      [big, small],
    ]) {
      expect(valuesEqual(x, y)).toBe(false);
      expect(identicalValues(x, y)).toBe(false);
      expect(sameValue(x, y)).toBe(false);
      expect(compareValues(x, y)).not.toBe(0);
    }
    expect(valuesEqual(map({ a: int(1) }), map({ b: int(1) }))).toBe(false);
    expect(valuesEqual(map({}), map({ a: int(1) }))).toBe(false);
  });
});

describe('timestamps', () => {
  it('parses RFC 3339 with offsets and nanoseconds', () => {
    expect(parseTimestamp('2027-03-01T12:00:00+03:00')).toEqual([Date.UTC(2027, 2, 1, 9) / 1000, 0]);
    expect(parseTimestamp('2027-03-01T09:00:00.123456789Z')).toEqual([Date.UTC(2027, 2, 1, 9) / 1000, 123456789]);
    expect(parseTimestamp('0001-01-01T00:00:00Z')[0]).toBe(-62135596800);
  });

  it.each(['2027-02-30T00:00:00Z', '2027-03-01 09:00:00Z', '2027-03-01T09:00:00', 'yesterday'])('refuses %s', (s) => {
    expect(() => parseTimestamp(s)).toThrow();
  });

  it('prints 0, 3, 6 or 9 fractional digits', () => {
    const s = Date.UTC(2027, 2, 1, 9) / 1000;
    expect(formatTimestamp(s, 0)).toBe('2027-03-01T09:00:00Z');
    expect(formatTimestamp(s, 120_000_000)).toBe('2027-03-01T09:00:00.120Z');
    expect(formatTimestamp(s, 123_400_000)).toBe('2027-03-01T09:00:00.123400Z');
    expect(formatTimestamp(s, 5)).toBe('2027-03-01T09:00:00.000000005Z');
  });

  it('orders timestamps of different precision correctly', () => {
    expect(compareValues(ts('2027-03-01T09:00:00Z'), ts('2027-03-01T09:00:00.5Z'))).toBeLessThan(0);
    expect(compareValues(ts('2027-03-01T09:00:00.5Z'), ts('2027-03-01T09:00:00.499999Z'))).toBeGreaterThan(0);
    expect(compareValues(ts('2027-03-01T09:00:00.100Z'), ts('2027-03-01T09:00:00.1Z'))).toBe(0);
  });

  it('gives versions in microseconds, as Cloud Firestore prints them', () => {
    expect(timestampMicros('1970-01-01T00:00:01.000002Z')).toBe(1_000_002n);
  });
});

describe('identical values (no-op write detection)', () => {
  it('distinguishes types that compare equal', () => {
    expect(identicalValues(int(1), dbl(1))).toBe(false);
    expect(identicalValues(map({ a: arr(int(1)) }), map({ a: arr(int(1)) }))).toBe(true);
    expect(identicalValues(map({ a: int(1) }), map({ a: int(1), b: int(2) }))).toBe(false);
    expect(identicalValues(dbl('NaN'), dbl('NaN'))).toBe(true);
  });
});

const sign = (n: number) => Math.sign(n) || 0; // no -0

describe('comparison, boundary by boundary', () => {
  it.each<[string, Value, Value, number]>([
    ['false < true', { booleanValue: false }, { booleanValue: true }, -1],
    ['true == true', { booleanValue: true }, { booleanValue: true }, 0],
    ['null == null', { nullValue: null }, { nullValue: null }, 0],
    ['a 15-digit int below a 16-digit one', int('999999999999999'), int('1000000000000000'), -1],
    ['negative 16-digit ints', int('-1000000000000001'), int('-1000000000000000'), -1],
    ['16-digit ints that a double cannot tell apart', int('9007199254740993'), int('9007199254740992'), 1],
    ['equal big ints', int('9007199254740993'), int('9007199254740993'), 0],
    ['a big int against a small one', int('-9007199254740993'), int('5'), -1],
    ['a 15-digit negative int against a double', int('-999999999999999'), dbl(-999999999999998.5), -1],
    ['an int against NaN', int(0), dbl('NaN'), 1],
    ['NaN against an int', dbl('NaN'), int(0), -1],
    ['an int against Infinity', int('9223372036854775807'), dbl('Infinity'), -1],
    ['an int against -Infinity', int('-9223372036854775808'), dbl('-Infinity'), 1],
    ['Infinity against an int', dbl('Infinity'), int(1), 1],
    ['a small int equal to a double', int(3), dbl(3), 0],
    ['a small int above a double', int(3), dbl(2.5), 1],
    ['a 16-digit int just below a double with a fraction', int('1000000000000000'), dbl(1000000000000000.5), -1],
    ['a 16-digit int just above a double with a fraction', int('1000000000000000'), dbl(999999999999999.5), 1],
    ['a negative 16-digit int above a double with a fraction', int('-1000000000000000'), dbl(-1000000000000000.5), 1],
    ['a negative 16-digit int below a double with a fraction', int('-1000000000000000'), dbl(-999999999999999.5), -1],
    ['a 16-digit int equal to a double', int('1000000000000000'), dbl(1e15), 0],
    ['a 16-digit int against a smaller whole double', int('1000000000000001'), dbl(1e15), 1],
    ['a double against a 16-digit int', dbl(1000000000000000.5), int('1000000000000000'), 1],
    ['a double against an int beyond 2^53 that it cannot hold', dbl(9007199254740992), int('9007199254740993'), -1],
    ['doubles', dbl(-1.5), dbl(-0.5), -1],
    ['equal doubles', dbl(0.5), dbl(0.5), 0],
    ['a double against NaN', dbl(-1e308), dbl('NaN'), 1],
    ['-0 and 0', dbl(-0), dbl(0), 0],
    ['arrays by element', arr(int(1), int(2)), arr(int(1), int(3)), -1],
    ['arrays by element before length', arr(int(2)), arr(int(1), int(9)), 1],
    ['equal arrays', arr(int(1), str('a')), arr(dbl(1), str('a')), 0],
    ['a longer array after its prefix', arr(int(1), int(2)), arr(int(1)), 1],
    ['maps by key first', map({ b: int(0) }), map({ a: int(9) }), 1],
    ['maps by value of the same key', map({ a: int(1) }), map({ a: int(2) }), -1],
    ['maps with keys in a different insertion order', map({ b: int(1), a: int(2) }), map({ a: int(2), b: int(1) }), 0],
    ['maps compare keys by UTF-8', map({ '\uFFFD': int(1) }), map({ '😀': int(1) }), -1],
    ['bytes by content', { bytesValue: 'AQ==' }, { bytesValue: 'Ag==' }, -1],
    ['a bytes prefix first', { bytesValue: 'AA==' }, { bytesValue: 'AAA=' }, -1],
    ['equal bytes', { bytesValue: 'AAE=' }, { bytesValue: 'AAE=' }, 0],
    ['geopoints by latitude first', { geoPointValue: { latitude: 1, longitude: 9 } }, { geoPointValue: { latitude: 2, longitude: 0 } }, -1],
    ['geopoints by longitude', { geoPointValue: { latitude: 1, longitude: 2 } }, { geoPointValue: { latitude: 1, longitude: 1 } }, 1],
    ['a missing coordinate is 0', { geoPointValue: { longitude: 1 } }, { geoPointValue: { latitude: 0, longitude: 1 } }, 0],
    ['a missing longitude is 0', { geoPointValue: { latitude: 1 } }, { geoPointValue: { latitude: 1, longitude: -1 } }, 1],
    ['vectors by dimension first', vec(9), vec(1, 1), -1],
    ['vectors element by element', vec(1, 3), vec(1, 2), 1],
    ['timestamps by second', ts('2027-03-01T09:00:01Z'), ts('2027-03-01T09:00:00.999Z'), 1],
    ['timestamps with an offset', ts('2027-03-01T10:00:00+01:00'), ts('2027-03-01T08:30:00Z'), 1],
    ['timestamps with an offset, the same instant', ts('2027-03-01T10:00:00+01:00'), ts('2027-03-01T09:00:00Z'), 0],
    ['timestamps with an offset, by nanoseconds', ts('2027-03-01T10:00:00.1+01:00'), ts('2027-03-01T09:00:00.2Z'), -1],
    ['a negative offset', ts('2027-03-01T04:00:00-05:00'), ts('2027-03-01T09:00:00.5Z'), -1],
    ['a zero fraction and none', ts('2027-03-01T09:00:00Z'), ts('2027-03-01T09:00:00.000Z'), 0],
    ['a zero fraction and a tiny one', ts('2027-03-01T09:00:00.000Z'), ts('2027-03-01T09:00:00.000000001Z'), -1],
  ])('%s', (_label, a, b, expected) => {
    expect(sign(compareValues(a, b))).toBe(expected);
    expect(sign(compareValues(b, a))).toBe(sign(-expected));
  });

  it('compares numbers directly, int against double either way', () => {
    expect(sign(compareNumbers(dbl(2.5), int(2)))).toBe(1);
    expect(sign(compareNumbers(int(2), dbl(2.5)))).toBe(-1);
    expect(sign(compareNumbers(dbl('NaN'), dbl('NaN')))).toBe(0);
  });

  it('orders strings by UTF-8 bytes around the surrogates', () => {
    expect(sign(compareUtf8('\uD7FF', '😀'))).toBe(-1); // U+D7FF < U+1F600
    expect(sign(compareUtf8('😀', '\uE000'))).toBe(1); // U+1F600 > U+E000
    expect(sign(compareUtf8('😀', '😁'))).toBe(-1); // both surrogates: by code unit
    expect(sign(compareUtf8('😁', '😀'))).toBe(1);
    expect(sign(compareUtf8('b', 'a'))).toBe(1);
    // The ends of the surrogate range: U+10000 is D800 DC00, U+103FF is D800 DFFF.
    expect(sign(compareUtf8('\uD800\uDC00', '\uFFFF'))).toBe(1);
    expect(sign(compareUtf8('\uFFFF', '\uD800\uDC00'))).toBe(-1);
    expect(sign(compareUtf8('\uD800\uDC00', '\uD800\uDFFF'))).toBe(-1);
    expect(sign(compareUtf8('\uD800\uDFFF', '\uD800\uDC00'))).toBe(1);
    expect(sign(compareUtf8('\uDBFF\uDFFF', '\uE000'))).toBe(1);
    expect(sign(compareUtf8('ab', 'a'))).toBe(1);
    expect(compareUtf8('', '')).toBe(0);
    expect(sign(compareUtf8('', 'a'))).toBe(-1);
  });

  it('compares reference paths segment by segment', () => {
    expect(compareReferences('a/b', 'a/b')).toBe(0);
    expect(sign(compareReferences('a/b/c', 'a/b'))).toBe(1);
    expect(sign(compareReferences('a/c', 'a/b/c'))).toBe(1);
    expect(sign(compareReferences('a-/b', 'a/b'))).toBe(1); // '-' sorts before '/' as a string, not as a segment
  });

  it('compares timestamps in any RFC 3339 form', () => {
    expect(compareTimestamps('2027-03-01T09:00:00Z', '2027-03-01T09:00:00Z')).toBe(0);
    expect(sign(compareTimestamps('2027-03-01T09:00:00.000000001Z', '2027-03-01T09:00:00Z'))).toBe(1);
    expect(sign(compareTimestamps('2027-03-01T09:00:00Z', '2027-03-01T09:00:00.000000001Z'))).toBe(-1);
    expect(sign(compareTimestamps('2027-03-01T09:00:00.5Z', '2027-03-01T09:00:00.25Z'))).toBe(1);
    expect(sign(compareTimestamps('2027-03-01T09:00:00z', '2027-03-01T09:00:00.5Z'))).toBe(-1);
    expect(sign(compareTimestamps('2027-03-01T09:00:00+00:00', '2027-03-01T09:00:00.5Z'))).toBe(-1);
    expect(sign(compareTimestamps('2027-03-01T09:00:00.7+00:00', '2027-03-01T09:00:00.5Z'))).toBe(1);
    expect(sign(compareTimestamps('2026-12-31T23:00:00-02:00', '2027-01-01T00:30:00Z'))).toBe(1);
  });
});

describe('equality as queries use it', () => {
  it.each<[string, Value, Value, boolean]>([
    ['equal strings', str('a'), str('a'), true],
    ['different strings', str('a'), str('b'), false],
    ['a string and a number', str('1'), int(1), false],
    ['NaN and a number', dbl('NaN'), int(1), false],
    ['a number and NaN', int(1), dbl('NaN'), false],
    ['arrays of equal numbers', arr(int(1), dbl(2)), arr(dbl(1), int(2)), true],
    ['arrays of different lengths', arr(int(1)), arr(int(1), int(1)), false],
    ['arrays differing in one element', arr(int(1), int(2)), arr(int(1), int(3)), false],
    ['an array and a vector', arr(dbl(1)), vec(1), false],
    ['vectors of different elements', vec(1, 2), vec(1, 3), false],
    ['empty vectors', vec(), vec(), true],
    ['maps differing in a value', map({ a: int(1) }), map({ a: int(2) }), false],
    ['maps with other keys of the same count', map({ a: int(1), b: int(1) }), map({ a: int(1), c: int(1) }), false],
    ['empty maps', map({}), { mapValue: {} }, true],
    ['nested maps', map({ a: map({ b: arr(int(1)) }) }), map({ a: map({ b: arr(dbl(1)) }) }), true],
    ['null and null', { nullValue: null }, { nullValue: null }, true],
    ['null and false', { nullValue: null }, { booleanValue: false }, false],
    ['references', ref('a/b'), ref('a/b'), true],
    ['timestamps of equal instants', ts('2027-03-01T09:00:00.500Z'), ts('2027-03-01T09:00:00.5Z'), true],
  ])('%s', (_label, a, b, expected) => {
    expect(valuesEqual(a, b)).toBe(expected);
    expect(valuesEqual(b, a)).toBe(expected);
  });

  it('sameValue is equality, except that NaN is NaN', () => {
    expect(sameValue(dbl('NaN'), int(1))).toBe(false);
    expect(sameValue(int(1), dbl('NaN'))).toBe(false);
    expect(sameValue(int(1), dbl(1))).toBe(true);
    expect(sameValue(str('a'), str('b'))).toBe(false);
  });
});

describe('value helpers', () => {
  it('recognises vectors only by a string __type__ of "__vector__"', () => {
    expect(isVectorValue(vec(1))).toBe(true);
    expect(isVectorValue(map({ __type__: int(1) }))).toBe(false);
    expect(isVectorValue(map({ __type__: str('__vectorx__') }))).toBe(false);
    expect(isVectorValue(map({}))).toBe(false);
    expect(isVectorValue({ mapValue: {} })).toBe(false);
    expect(isVectorValue(arr())).toBe(false);
    expect(typeOrder(map({ __type__: int(1) }))).toBe(typeOrder(map({})));
    expect(vectorValues(vec(1, 2))).toEqual([dbl(1), dbl(2)]);
    expect(vectorValues(map({ __type__: str('__vector__') }))).toEqual([]);
  });

  it('refuses a value of no known type', () => {
    expect(() => typeOrder({} as Value)).toThrow('Unknown value type: {}');
  });

  it('reads numbers, NaN, arrays and maps', () => {
    expect(isNumber(undefined)).toBe(false);
    expect(isNumber(str('1'))).toBe(false);
    expect(isNumber(dbl(1))).toBe(true);
    expect(isNumber(int(1))).toBe(true);
    expect(toNumber(int('12'))).toBe(12);
    expect(toNumber(dbl('-Infinity'))).toBe(-Infinity);
    expect(() => toNumber(str('1'))).toThrow('not a number');
    expect(isNaNValue(dbl('NaN'))).toBe(true);
    expect(isNaNValue(dbl(1))).toBe(false);
    expect(isNaNValue(str('NaN'))).toBe(false);
    expect(arrayValues(str('x'))).toEqual([]);
    expect(arrayValues({ arrayValue: {} })).toEqual([]);
    expect(mapFields(str('x'))).toEqual({});
    expect(mapFields({ mapValue: {} })).toEqual({});
  });

  it('builds arrays and maps as the REST API prints them', () => {
    expect(makeArray([])).toEqual({ arrayValue: {} });
    expect(makeArray([int(1)])).toEqual({ arrayValue: { values: [int(1)] } });
    expect(makeMap({})).toEqual({ mapValue: {} });
    expect(makeMap({ a: int(1) })).toEqual({ mapValue: { fields: { a: int(1) } } });
  });

  it('carries NaN and the infinities as strings', () => {
    expect(doubleOf(NaN)).toBe('NaN');
    expect(doubleOf(Infinity)).toBe('Infinity');
    expect(doubleOf(-Infinity)).toBe('-Infinity');
    expect(doubleOf(-1.5)).toBe(-1.5);
  });
});

describe('timestamps, field by field', () => {
  it.each([
    '2027-00-01T00:00:00Z',
    '2027-13-01T00:00:00Z',
    '2027-01-00T00:00:00Z',
    '2027-01-32T00:00:00Z',
    '2027-01-01T24:00:00Z',
    '2027-01-01T00:60:00Z',
    '2027-01-01T00:00:61Z',
    '2027-04-31T00:00:00Z',
    '2027-01-01T00:00:00.1234567890Z',
    'x2027-01-01T00:00:00Z',
    '2027-01-01T00:00:00Zx',
  ])('refuses %s', (s) => {
    expect(() => parseTimestamp(s)).toThrow(`Invalid timestamp: ${s}`);
  });

  it.each<[string, [number, number]]>([
    ['2027-12-31T23:59:59Z', [Date.UTC(2027, 11, 31, 23, 59, 59) / 1000, 0]],
    ['2027-01-01T00:00:00.5Z', [Date.UTC(2027, 0, 1) / 1000, 500_000_000]],
    ['2027-01-01T00:00:00.000000001z', [Date.UTC(2027, 0, 1) / 1000, 1]],
    ['2027-01-01T05:30:00+05:30', [Date.UTC(2027, 0, 1) / 1000, 0]],
    ['2026-12-31T18:30:00-05:30', [Date.UTC(2027, 0, 1) / 1000, 0]],
    ['2027-01-01T00:00:00+00:45', [Date.UTC(2026, 11, 31, 23, 15) / 1000, 0]],
    ['0050-06-15T00:00:00Z', [-60575040000, 0]],
    ['0099-12-31T00:00:00Z', [-59011545600, 0]],
    ['0100-01-01T00:00:00Z', [-59011459200, 0]],
    ['9999-12-31T23:59:59.999999999Z', [253402300799, 999_999_999]],
  ])('parses %s', (s, expected) => {
    expect(parseTimestamp(s)).toEqual(expected);
  });

  it('prints six digits when the last three are zeros, nine otherwise, and years before 1970', () => {
    expect(formatTimestamp(0, 123_456_000)).toBe('1970-01-01T00:00:00.123456Z');
    expect(formatTimestamp(0, 100)).toBe('1970-01-01T00:00:00.000000100Z');
    expect(formatTimestamp(0, 1_000_000)).toBe('1970-01-01T00:00:00.001Z');
    expect(formatTimestamp(-62135596800, 0)).toBe('0001-01-01T00:00:00Z');
  });

  it('prints versions with exactly six fractional digits, and reads them back in microseconds', () => {
    expect(formatVersion(1_000_002)).toBe('1970-01-01T00:00:01.000002Z');
    expect(formatVersion(1_800_000_000_123_456)).toBe('2027-01-15T08:00:00.123456Z');
    expect(formatVersion(0)).toBe('1970-01-01T00:00:00.000000Z');
    expect(timestampMicros('2027-01-15T08:00:00.123456789Z')).toBe(1_800_000_000_123_456n);
    expect(timestampMicros('1969-12-31T23:59:59.5Z')).toBe(-500_000n);
  });
});

describe('identical values, type by type', () => {
  it.each<[string, Value, Value, boolean]>([
    ['equal strings', str('a'), str('a'), true],
    ['different strings', str('a'), str('b'), false],
    ['a string and an int', str('1'), int(1), false],
    ['null and null', { nullValue: null }, { nullValue: null }, true],
    ['null in either spelling', { nullValue: null }, { nullValue: 'NULL_VALUE' }, true],
    ['booleans', { booleanValue: true }, { booleanValue: false }, false],
    ['equal doubles', dbl(1.5), dbl(1.5), true],
    ['different doubles', dbl(1.5), dbl(2.5), false],
    ['geopoints', { geoPointValue: { latitude: 1, longitude: 2 } }, { geoPointValue: { latitude: 1, longitude: 2 } }, true],
    ['geopoints of other latitude', { geoPointValue: { latitude: 1, longitude: 2 } }, { geoPointValue: { latitude: 3, longitude: 2 } }, false],
    ['geopoints of other longitude', { geoPointValue: { latitude: 1, longitude: 2 } }, { geoPointValue: { latitude: 1, longitude: 3 } }, false],
    ['geopoints with a missing zero', { geoPointValue: {} }, { geoPointValue: { latitude: 0, longitude: 0 } }, true],
    ['arrays of other length', arr(int(1)), arr(int(1), int(1)), false],
    ['arrays differing in type', arr(int(1)), arr(dbl(1)), false],
    ['empty arrays in either form', arr(), { arrayValue: {} }, true],
    ['maps differing in a value', map({ a: int(1) }), map({ a: int(2) }), false],
    ['maps with other keys of the same count', map({ a: int(1) }), map({ b: int(1) }), false],
    ['NaN and an int', dbl('NaN'), int(1), false],
    ['null and a string', { nullValue: null }, str('a'), false],
    ['-0 and 0, which are stored differently', dbl(-0), dbl(0), false],
  ])('%s', (_label, a, b, expected) => {
    expect(identicalValues(a, b)).toBe(expected);
    expect(identicalValues(b, a)).toBe(expected);
  });

  it('compares whole documents field by field', () => {
    expect(identicalFields({ a: int(1), b: str('x') }, { b: str('x'), a: int(1) })).toBe(true);
    expect(identicalFields({ a: int(1) }, { a: int(1), b: int(1) })).toBe(false);
    expect(identicalFields({ a: int(1), b: int(1) }, { a: int(1), c: int(1) })).toBe(false);
  });
});
