import { Timestamp } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { decodeFields, decodeValue, encodeFields, encodeValue, ExactDate, firestoreDocumentsUrl, formatTimestamp, parseTimestamp } from './firestore-rest.ts';

describe("Firestore's REST address", () => {
  it('is the hosted service for a real project', () => {
    expect(firestoreDocumentsUrl('nci-summit', null)).toBe('https://firestore.googleapis.com/v1/projects/nci-summit/databases/(default)/documents');
  });

  it('is the local emulator, over plain HTTP, when one is named', () => {
    expect(firestoreDocumentsUrl('demo-nci-summit', '127.0.0.1:8080')).toBe('http://127.0.0.1:8080/v1/projects/demo-nci-summit/databases/(default)/documents');
  });
});

describe('timestamps over REST', () => {
  it('reads RFC 3339 with 0 to 9 fractional digits and any offset, exactly', () => {
    expect(parseTimestamp('2027-05-01T09:00:00Z')).toEqual({ seconds: 1809162000, nanoseconds: 0 });
    expect(parseTimestamp('2027-05-01T09:00:00.5Z')).toEqual({ seconds: 1809162000, nanoseconds: 500_000_000 });
    expect(parseTimestamp('2027-05-01T09:00:00.123456Z')).toEqual({ seconds: 1809162000, nanoseconds: 123_456_000 });
    expect(parseTimestamp('2027-05-01T12:00:00.123456789+03:00')).toEqual({ seconds: 1809162000, nanoseconds: 123_456_789 });
    expect(parseTimestamp('1969-12-31T23:59:59.000500000Z')).toEqual({ seconds: -1, nanoseconds: 500_000 });
    expect(() => parseTimestamp('yesterday')).toThrow('Not a Firestore timestamp: yesterday');
  });

  it('writes them with nine digits, as the SDK sends them, and reads back what it wrote', () => {
    expect(formatTimestamp({ seconds: 1809162000, nanoseconds: 123_456_789 })).toBe('2027-05-01T09:00:00.123456789Z');
    expect(formatTimestamp({ seconds: -1, nanoseconds: 500_000 })).toBe('1969-12-31T23:59:59.000500000Z');
    for (const t of [
      { seconds: 0, nanoseconds: 0 },
      { seconds: 1809162000, nanoseconds: 1 },
      { seconds: -86_400, nanoseconds: 999_999_999 },
    ])
      expect(parseTimestamp(formatTimestamp(t))).toEqual(t);
  });
});

describe('values read over REST', () => {
  it('are the plain values the data module hands out', () => {
    expect(
      decodeFields({
        none: { nullValue: null },
        yes: { booleanValue: true },
        text: { stringValue: 'Nairobi' },
        count: { integerValue: '42' },
        share: { doubleValue: 0.25 },
        odd: { doubleValue: 'NaN' },
        far: { doubleValue: '-Infinity' },
        at: { timestampValue: '2027-05-01T09:00:00.123456789Z' },
        tags: { arrayValue: { values: [{ stringValue: 'a' }, { integerValue: '1' }] } },
        empty: { arrayValue: {} },
        venue: { mapValue: { fields: { room: { stringValue: 'Hall A' }, seats: { integerValue: '300' } } } },
        blank: { mapValue: {} },
        speaker: { referenceValue: 'projects/p/databases/(default)/documents/speakers/amina-otieno' },
        place: { geoPointValue: { latitude: -1.29, longitude: 36.82 } },
        equator: { geoPointValue: {} },
        blob: { bytesValue: 'AAE=' },
      }),
    ).toEqual({
      none: null,
      yes: true,
      text: 'Nairobi',
      count: 42,
      share: 0.25,
      odd: NaN,
      far: -Infinity,
      at: new Date('2027-05-01T09:00:00.123Z'),
      tags: ['a', 1],
      empty: [],
      venue: { room: 'Hall A', seats: 300 },
      blank: {},
      speaker: 'speakers/amina-otieno',
      place: { latitude: -1.29, longitude: 36.82 },
      equator: { latitude: 0, longitude: 0 },
      blob: 'AAE=',
    });
    expect(decodeFields(undefined)).toEqual({});
  });

  it('turns a timestamp into the Date the SDK’s Timestamp.toDate() makes, before 1970 too', () => {
    for (const [text, seconds, nanoseconds] of [
      ['2027-05-01T09:00:00.999999999Z', 1809162000, 999_999_999],
      ['1969-12-31T23:59:59.000500000Z', -1, 500_000],
      ['1960-01-01T00:00:00.123456789Z', -315619200, 123_456_789],
    ] as const) {
      expect(decodeValue({ timestampValue: text })).toEqual(new Timestamp(seconds, nanoseconds).toDate());
    }
  });

  it('refuses a value it does not know', () => {
    expect(() => decodeValue({ vectorValue: [] } as never)).toThrow('Unknown Firestore value');
  });
});

describe('values sent over REST (filters, cursors)', () => {
  it('are what the SDK makes of the same JavaScript values', () => {
    expect(encodeValue(null)).toEqual({ nullValue: null });
    expect(encodeValue(undefined)).toEqual({ nullValue: null });
    expect(encodeValue(false)).toEqual({ booleanValue: false });
    expect(encodeValue('x')).toEqual({ stringValue: 'x' });
    expect(encodeValue(7)).toEqual({ integerValue: '7' });
    expect(encodeValue(-7)).toEqual({ integerValue: '-7' });
    expect(encodeValue(-0)).toEqual({ doubleValue: -0 });
    expect(encodeValue(2.5)).toEqual({ doubleValue: 2.5 });
    expect(encodeValue(2 ** 60)).toEqual({ doubleValue: 2 ** 60 });
    expect(encodeValue(NaN)).toEqual({ doubleValue: 'NaN' });
    expect(encodeValue(Infinity)).toEqual({ doubleValue: 'Infinity' });
    expect(encodeValue(new Date('2027-05-01T09:00:00.123Z'))).toEqual({ timestampValue: '2027-05-01T09:00:00.123000000Z' });
    expect(encodeValue(new Date(-999))).toEqual({ timestampValue: '1969-12-31T23:59:59.001000000Z' });
    expect(encodeValue(['blog', 'news'])).toEqual({ arrayValue: { values: [{ stringValue: 'blog' }, { stringValue: 'news' }] } });
    expect(encodeValue({ a: 1, b: { c: true } })).toEqual({
      mapValue: { fields: { a: { integerValue: '1' }, b: { mapValue: { fields: { c: { booleanValue: true } } } } } },
    });
  });

  it('sends an ExactDate with its nanoseconds, and reads as the Date of its milliseconds', () => {
    const exact = new ExactDate({ seconds: 1809162000, nanoseconds: 123_456_789 });
    expect(exact.toISOString()).toBe('2027-05-01T09:00:00.123Z');
    expect(encodeValue(exact)).toEqual({ timestampValue: '2027-05-01T09:00:00.123456789Z' });
  });

  it('sends a document’s fields each as encodeValue makes it', () => {
    expect(encodeFields({ n: 1, at: new Date(0), tags: [] })).toEqual({
      n: { integerValue: '1' },
      at: { timestampValue: '1970-01-01T00:00:00.000000000Z' },
      tags: { arrayValue: { values: [] } },
    });
  });

  it('refuses what has no Firestore value (the SDK would too)', () => {
    expect(() => encodeValue(new Map())).toThrow('Cannot send a [object Map] to Firestore over REST');
    expect(() => encodeValue(() => 1)).toThrow('Cannot send');
  });

  it('sends a Date as the SDK does: the timestamp of its milliseconds', () => {
    for (const date of [new Date('2027-05-01T09:00:00.123Z'), new Date(-999), new Date(0)]) {
      const sent = encodeValue(date) as { timestampValue: string };
      const sdk = Timestamp.fromDate(date);
      expect(parseTimestamp(sent.timestampValue)).toEqual({ seconds: sdk.seconds, nanoseconds: sdk.nanoseconds });
    }
  });
});
