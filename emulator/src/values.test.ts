import { describe, expect, it } from 'vitest';
import type { Value } from './value-types.ts';
import { compareUtf8, compareValues, formatTimestamp, identicalValues, parseTimestamp, sameValue, timestampMicros, valuesEqual } from './values.ts';

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
    const shuffled = [...ordered].reverse().sort(() => 0).sort(compareValues);
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
