import { describe, expect, it } from 'vitest';
import { decodeFields, decodeValue, MAX_DEPTH } from './proto-json.ts';
import type { Value } from './value-types.ts';

const rejects = (v: unknown, message?: RegExp) =>
  expect(() => decodeValue(v, { checkFieldNames: true })).toThrow(
    expect.objectContaining({ status: 'INVALID_ARGUMENT', ...(message ? { message: expect.stringMatching(message) } : {}) }),
  );

describe('proto3 JSON values', () => {
  it('accepts int64 as a string or a number and prints it as a canonical string', () => {
    expect(decodeValue({ integerValue: 42 })).toEqual({ integerValue: '42' });
    expect(decodeValue({ integerValue: '-007' })).toEqual({ integerValue: '-7' });
    expect(decodeValue({ integerValue: '9223372036854775807' })).toEqual({ integerValue: '9223372036854775807' });
  });

  it('refuses integers outside int64 or with a fraction', () => {
    rejects({ integerValue: '9223372036854775808' }, /64-bit/);
    rejects({ integerValue: 1.5 });
    rejects({ integerValue: 'ten' });
  });

  it('accepts doubles as numbers and NaN / Infinity as strings', () => {
    expect(decodeValue({ doubleValue: 1.5 })).toEqual({ doubleValue: 1.5 });
    expect(decodeValue({ doubleValue: 'NaN' })).toEqual({ doubleValue: 'NaN' });
    expect(decodeValue({ doubleValue: '-Infinity' })).toEqual({ doubleValue: '-Infinity' });
    expect(decodeValue({ doubleValue: '2.5' })).toEqual({ doubleValue: 2.5 });
    rejects({ doubleValue: 'lots' });
  });

  it('normalises timestamps to UTC with 0/3/6/9 digits and checks the range', () => {
    expect(decodeValue({ timestampValue: '2027-03-01T12:00:00.500+03:00' })).toEqual({ timestampValue: '2027-03-01T09:00:00.500Z' });
    expect(decodeValue({ timestampValue: '2027-03-01T09:00:00.000000Z' })).toEqual({ timestampValue: '2027-03-01T09:00:00Z' });
    rejects({ timestampValue: '2027-03-01' }, /RFC 3339/);
    rejects({ timestampValue: '0000-12-31T23:59:59Z' });
  });

  it('validates bytes, references and geopoints', () => {
    expect(decodeValue({ bytesValue: '-_8=' })).toEqual({ bytesValue: '+/8=' });
    rejects({ bytesValue: 'not base64!' });
    expect(decodeValue({ referenceValue: 'projects/p/databases/(default)/documents/a/b' })).toEqual({
      referenceValue: 'projects/p/databases/(default)/documents/a/b',
    });
    rejects({ referenceValue: 'projects/p/databases/(default)/documents/a' }, /must name a document/);
    expect(decodeValue({ geoPointValue: { latitude: -1.29 } })).toEqual({ geoPointValue: { latitude: -1.29, longitude: 0 } });
    rejects({ geoPointValue: { latitude: 91, longitude: 0 } }, /Latitude/);
    rejects({ geoPointValue: { latitude: 0, longitude: -181 } }, /Longitude/);
  });

  it('accepts the null forms and refuses values with zero or two types', () => {
    expect(decodeValue({ nullValue: 'NULL_VALUE' })).toEqual({ nullValue: null });
    rejects({});
    rejects({ stringValue: 'a', integerValue: '1' }, /exactly one type/);
    rejects('plain');
  });

  it('prints empty arrays and maps without their lists, as the REST API does', () => {
    expect(decodeValue({ arrayValue: { values: [] } })).toEqual({ arrayValue: {} });
    expect(decodeValue({ mapValue: {} })).toEqual({ mapValue: {} });
  });

  it('refuses an array directly inside an array, and nesting deeper than 20', () => {
    rejects({ arrayValue: { values: [{ arrayValue: {} }] } }, /array value directly inside/);
    let deep: Value = { stringValue: 'x' };
    for (let i = 0; i <= MAX_DEPTH; i++) deep = { mapValue: { fields: { a: deep } } };
    rejects(deep, /nested too deeply/);
  });

  it('accepts a vector as the SDK sends it, and nothing else under a reserved name', () => {
    const vector = (value: unknown, extra: Record<string, unknown> = {}) => ({
      mapValue: { fields: { __type__: { stringValue: '__vector__' }, value, ...extra } },
    });
    const written = vector({ arrayValue: { values: [{ doubleValue: 1 }, { doubleValue: '-0' }, { doubleValue: 2.5 }] } });
    expect(decodeFields({ v: written, in: { mapValue: { fields: { deep: written } } } }, { checkFieldNames: true })).toEqual({
      v: {
        mapValue: {
          fields: {
            __type__: { stringValue: '__vector__' },
            value: { arrayValue: { values: [{ doubleValue: 1 }, { doubleValue: -0 }, { doubleValue: 2.5 }] } },
          },
        },
      },
      in: { mapValue: { fields: { deep: decodeValue(written, { checkFieldNames: true }) } } },
    });
    expect(decodeValue(vector({ arrayValue: {} }), { checkFieldNames: true })).toEqual(vector({ arrayValue: {} }));
    expect(decodeValue(vector({ arrayValue: { values: [{ integerValue: 3 }] } }), { checkFieldNames: true })).toEqual(
      vector({ arrayValue: { values: [{ integerValue: '3' }] } }),
    );
    rejects(vector({ arrayValue: { values: [{ stringValue: '1' }] } }), /other than numbers/);
    rejects(vector({ doubleValue: 1 }), /not an array/);
    rejects({ mapValue: { fields: { __type__: { stringValue: '__vector__' } } } }, /exactly the fields __type__/);
    rejects(vector({ arrayValue: {} }, { extra: { nullValue: null } }), /exactly the fields __type__/);
    rejects(vector({ arrayValue: {} }, { __x__: { nullValue: null } }), /exactly the fields __type__/);
    rejects({ mapValue: { fields: { __type__: { stringValue: '__other__' }, value: { arrayValue: {} } } } }, /reserved/);
    rejects({ mapValue: { fields: { __type__: { stringValue: '__vector__', integerValue: 1 }, value: { arrayValue: {} } } } }, /exactly one type/);
    // As a query operand (no field-name checks) it is a value like any other.
    expect(decodeValue(vector({ arrayValue: {} }))).toEqual(vector({ arrayValue: {} }));
  });

  it('checks field names of written maps (not empty, not reserved) at every depth', () => {
    expect(() => decodeFields({ '': { stringValue: 'x' } }, { checkFieldNames: true })).toThrow(/must not be empty/);
    expect(() => decodeFields({ a: { mapValue: { fields: { __id__: { nullValue: null } } } } }, { checkFieldNames: true })).toThrow(/reserved/);
    // Any other character is fine in a stored field name; quoting is a field *path* matter.
    expect(decodeFields({ 'a.b~*/[]': { booleanValue: true } }, { checkFieldNames: true })).toEqual({ 'a.b~*/[]': { booleanValue: true } });
  });
});
