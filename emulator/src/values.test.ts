import { describe, expect, it } from 'vitest';
import type { Value } from './value-types.ts';
import { compareValues, fieldsSize, formatTimestamp, normalizeValue, parseTimestamp, valuesEqual } from './values.ts';

const int = (n: number | string): Value => ({ integerValue: String(n) });
const dbl = (n: number | 'NaN'): Value => ({ doubleValue: n });
const str = (s: string): Value => ({ stringValue: s });

describe('Firestore value ordering', () => {
  it('orders types: null < bool < number < timestamp < string < bytes < reference < geopoint < array < map', () => {
    const ordered: Value[] = [
      { nullValue: null },
      { booleanValue: false },
      dbl('NaN'),
      int(-5),
      { timestampValue: '2020-01-01T00:00:00Z' },
      str('a'),
      { bytesValue: 'AA==' },
      { referenceValue: 'projects/p/databases/(default)/documents/a/b' },
      { geoPointValue: { latitude: 1, longitude: 2 } },
      { arrayValue: { values: [] } },
      { mapValue: { fields: {} } },
    ];
    const shuffled = [...ordered].reverse();
    expect(shuffled.sort(compareValues)).toEqual(ordered);
  });

  it('compares ints and doubles numerically, NaN first, big ints exactly', () => {
    expect(compareValues(int(1), dbl(1.5))).toBeLessThan(0);
    expect(compareValues(int(2), dbl(2))).toBe(0);
    expect(compareValues(dbl('NaN'), int(-1e9))).toBeLessThan(0);
    expect(compareValues(int('9007199254740993'), int('9007199254740992'))).toBeGreaterThan(0);
  });

  it('orders strings by UTF-8 bytes, references segment by segment', () => {
    expect(compareValues(str('Z'), str('a'))).toBeLessThan(0);
    expect(compareValues(str('é'), str('z'))).toBeGreaterThan(0);
    const ref = (p: string): Value => ({ referenceValue: `projects/p/databases/(default)/documents/${p}` });
    expect(compareValues(ref('a/b'), ref('a/b/c/d'))).toBeLessThan(0);
    expect(compareValues(ref('a/b/c/d'), ref('a/bc'))).toBeLessThan(0);
  });

  it('compares timestamps to the nanosecond', () => {
    expect(compareValues({ timestampValue: '2020-01-01T00:00:00.000000001Z' }, { timestampValue: '2020-01-01T00:00:00Z' })).toBeGreaterThan(0);
  });

  it('orders arrays and maps element by element', () => {
    const arr = (...v: Value[]): Value => ({ arrayValue: { values: v } });
    expect(compareValues(arr(int(1)), arr(int(1), int(0)))).toBeLessThan(0);
    expect(compareValues({ mapValue: { fields: { a: int(2) } } }, { mapValue: { fields: { b: int(1) } } })).toBeLessThan(0);
  });

  it('treats NaN as equal to nothing and 1 as equal to 1.0', () => {
    expect(valuesEqual(dbl('NaN'), dbl('NaN'))).toBe(false);
    expect(valuesEqual(int(1), dbl(1))).toBe(true);
  });
});

describe('timestamps and normalisation', () => {
  it('round-trips RFC 3339 with nanoseconds and offsets', () => {
    expect(parseTimestamp('2027-05-07T09:00:00.123456789+03:00')).toEqual([Date.UTC(2027, 4, 7, 6) / 1000, 123456789]);
    expect(formatTimestamp(0, 5_000)).toBe('1970-01-01T00:00:00.000005Z');
  });

  it('stores integers as strings, whatever the client sent', () => {
    expect(normalizeValue({ integerValue: 7 })).toEqual({ integerValue: '7' });
    expect(() => normalizeValue({ madeUp: 1 } as unknown as Value)).toThrow();
  });

  it('sizes documents as Firestore does (strings + 1 byte, numbers 8)', () => {
    expect(fieldsSize({ a: str('xyz'), n: int(1) })).toBe(2 + 4 + 2 + 8);
  });
});
