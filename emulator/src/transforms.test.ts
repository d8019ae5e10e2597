import { describe, expect, it } from 'vitest';
import { applyTransform, parseFieldTransforms } from './transforms.ts';
import type { Value } from './value-types.ts';

const NOW = '2027-03-01T09:00:00.123Z';
const int = (n: number | string): Value => ({ integerValue: String(n) });
const dbl = (n: number | 'NaN'): Value => ({ doubleValue: n });
const apply = (t: Record<string, unknown>, current?: Value) => applyTransform(parseFieldTransforms([{ fieldPath: 'f', ...t }])[0], current, NOW);

describe('field transforms', () => {
  it('server timestamp is the commit time, also as the transform result', () => {
    expect(apply({ setToServerValue: 'REQUEST_TIME' })).toEqual({ value: { timestampValue: NOW }, result: { timestampValue: NOW } });
  });

  it('increment adds, sets a missing or non-numeric field, mixes to double, saturates int64', () => {
    expect(apply({ increment: int(2) }, int(3)).value).toEqual(int(5));
    expect(apply({ increment: int(2) }).value).toEqual(int(2));
    expect(apply({ increment: int(2) }, { stringValue: 'x' }).value).toEqual(int(2));
    expect(apply({ increment: dbl(0.5) }, int(1)).value).toEqual(dbl(1.5));
    expect(apply({ increment: int(1) }, int('9223372036854775807')).value).toEqual(int('9223372036854775807'));
    expect(apply({ increment: int(-10) }, int('-9223372036854775800')).value).toEqual(int('-9223372036854775808'));
  });

  it('maximum and minimum keep the stored value on ties and let NaN win', () => {
    expect(apply({ maximum: int(5) }, int(3)).value).toEqual(int(5));
    expect(apply({ maximum: dbl(3) }, int(3)).value).toEqual(int(3));
    expect(apply({ minimum: dbl(2.5) }, int(3)).value).toEqual(dbl(2.5));
    expect(apply({ minimum: int(1) }).value).toEqual(int(1));
    expect(apply({ maximum: dbl('NaN') }, int(3)).value).toEqual(dbl('NaN'));
  });

  it('array union appends missing elements once; remove takes out every equal one', () => {
    const list = { arrayValue: { values: [{ stringValue: 'a' }, int(1), { stringValue: 'a' }] } };
    expect(apply({ appendMissingElements: { values: [{ stringValue: 'b' }, dbl(1), { stringValue: 'b' }] } }, list).value).toEqual({
      arrayValue: { values: [{ stringValue: 'a' }, int(1), { stringValue: 'a' }, { stringValue: 'b' }] },
    });
    expect(apply({ removeAllFromArray: { values: [{ stringValue: 'a' }, dbl(1)] } }, list).value).toEqual({ arrayValue: {} });
    expect(apply({ appendMissingElements: { values: [int(1)] } }, { stringValue: 'not a list' }).value).toEqual({ arrayValue: { values: [int(1)] } });
    expect(apply({ removeAllFromArray: { values: [int(1)] } }).value).toEqual({ arrayValue: {} });
  });

  it('array union treats NaN as equal to NaN (unlike a query), so it is appended once', () => {
    expect(apply({ appendMissingElements: { values: [dbl('NaN'), dbl('NaN')] } }, { arrayValue: { values: [int(1)] } }).value).toEqual({ arrayValue: { values: [int(1), dbl('NaN')] } });
    expect(apply({ appendMissingElements: { values: [dbl('NaN')] } }, { arrayValue: { values: [dbl('NaN')] } }).value).toEqual({ arrayValue: { values: [dbl('NaN')] } });
    expect(apply({ removeAllFromArray: { values: [dbl('NaN')] } }, { arrayValue: { values: [dbl('NaN'), int(2)] } }).value).toEqual({ arrayValue: { values: [int(2)] } });
  });

  it.each([
    ['a non-numeric increment', [{ fieldPath: 'f', increment: { stringValue: '1' } }], /integer or double/],
    ['an unknown server value', [{ fieldPath: 'f', setToServerValue: 'LATER' }], /Unsupported server value/],
    ['the same field twice', [{ fieldPath: 'f', increment: int(1) }, { fieldPath: 'f', increment: int(1) }], /more than once/],
    ['a reserved field', [{ fieldPath: '__f__', increment: int(1) }], /reserved/],
    ['no operation', [{ fieldPath: 'f' }], /Unsupported field transform/],
  ])('refuses %s', (_label, raw, message) => {
    expect(() => parseFieldTransforms(raw)).toThrow(expect.objectContaining({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }));
  });
});
