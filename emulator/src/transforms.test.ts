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
    expect(apply({ appendMissingElements: { values: [dbl('NaN'), dbl('NaN')] } }, { arrayValue: { values: [int(1)] } }).value).toEqual({
      arrayValue: { values: [int(1), dbl('NaN')] },
    });
    expect(apply({ appendMissingElements: { values: [dbl('NaN')] } }, { arrayValue: { values: [dbl('NaN')] } }).value).toEqual({
      arrayValue: { values: [dbl('NaN')] },
    });
    expect(apply({ removeAllFromArray: { values: [dbl('NaN')] } }, { arrayValue: { values: [dbl('NaN'), int(2)] } }).value).toEqual({
      arrayValue: { values: [int(2)] },
    });
  });

  it.each([
    ['a non-numeric increment', [{ fieldPath: 'f', increment: { stringValue: '1' } }], /integer or double/],
    ['an unknown server value', [{ fieldPath: 'f', setToServerValue: 'LATER' }], /Unsupported server value/],
    [
      'the same field twice',
      [
        { fieldPath: 'f', increment: int(1) },
        { fieldPath: 'f', increment: int(1) },
      ],
      /more than once/,
    ],
    ['a reserved field', [{ fieldPath: '__f__', increment: int(1) }], /reserved/],
    ['no operation', [{ fieldPath: 'f' }], /Unsupported field transform/],
  ])('refuses %s', (_label, raw, message) => {
    expect(() => parseFieldTransforms(raw)).toThrow(expect.objectContaining({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }));
  });
});

describe('field transforms, case by case', () => {
  const arr = (...values: Value[]): Value => ({ arrayValue: { values } });
  const str = (s: string): Value => ({ stringValue: s });

  it('takes no transforms, and up to 500 per document', () => {
    expect(parseFieldTransforms(undefined)).toEqual([]);
    expect(parseFieldTransforms(Array.from({ length: 500 }, (_, i) => ({ fieldPath: `f${i}`, increment: int(1) })))).toHaveLength(500);
    expect(() => parseFieldTransforms(Array.from({ length: 501 }, (_, i) => ({ fieldPath: `f${i}`, increment: int(1) })))).toThrow(
      'A write may contain at most 500 field transforms.',
    );
    expect(() => parseFieldTransforms({ fieldPath: 'f' })).toThrow('fieldTransforms must be a list.');
    expect(() => parseFieldTransforms([{ increment: int(1) }])).toThrow('A field transform needs a fieldPath.');
    expect(() => parseFieldTransforms([null])).toThrow('A field transform needs a fieldPath.');
  });

  it('parses each kind with its field path, and different fields in one write', () => {
    expect(
      parseFieldTransforms([
        { fieldPath: 'a.b', setToServerValue: 'REQUEST_TIME' },
        { fieldPath: 'a.c', minimum: { integerValue: 2 } },
        { fieldPath: 'd', appendMissingElements: { values: [int(1)] } },
      ]),
    ).toEqual([
      { fieldPath: 'a.b', path: ['a', 'b'], kind: 'serverTime' },
      { fieldPath: 'a.c', path: ['a', 'c'], kind: 'minimum', operand: int(2) },
      { fieldPath: 'd', path: ['d'], kind: 'appendMissingElements', elements: [int(1)] },
    ]);
    expect(parseFieldTransforms([{ fieldPath: 'e', removeAllFromArray: {} }])).toEqual([
      { fieldPath: 'e', path: ['e'], kind: 'removeAllFromArray', elements: [] },
    ]);
  });

  it.each(['increment', 'maximum', 'minimum'])('refuses a non-numeric %s, naming it', (kind) => {
    expect(() => parseFieldTransforms([{ fieldPath: 'f', [kind]: str('1') }])).toThrow(`${kind} on "f" needs an integer or double operand.`);
  });

  it('names the unsupported server value and transform', () => {
    expect(() => parseFieldTransforms([{ fieldPath: 'f', setToServerValue: 'LATER' }])).toThrow('Unsupported server value "LATER" for "f".');
    expect(() => parseFieldTransforms([{ fieldPath: 'f' }])).toThrow('Unsupported field transform on "f".');
    expect(() =>
      parseFieldTransforms([
        { fieldPath: 'f', increment: int(1) },
        { fieldPath: 'f', minimum: int(1) },
      ]),
    ).toThrow('Field "f" is transformed more than once in the same write.');
  });

  it('refuses array elements holding reserved field names', () => {
    expect(() => parseFieldTransforms([{ fieldPath: 'f', appendMissingElements: { values: [{ mapValue: { fields: { __x__: int(1) } } }] } }])).toThrow(/__x__/);
  });

  it('server time is the commit time in canonical form', () => {
    const at = (commit: string) => applyTransform(parseFieldTransforms([{ fieldPath: 'f', setToServerValue: 'REQUEST_TIME' }])[0], undefined, commit).value;
    expect(at('2027-03-01T09:00:00.120000Z')).toEqual({ timestampValue: '2027-03-01T09:00:00.120Z' });
    expect(at('2027-03-01T09:00:00.000000Z')).toEqual({ timestampValue: '2027-03-01T09:00:00Z' });
  });

  it('increment reports its new value as the result, adds doubles, and overflows a double to Infinity', () => {
    expect(apply({ increment: int(2) }, int(3))).toEqual({ value: int(5), result: int(5) });
    expect(apply({ increment: dbl(0.25) }, dbl(0.5)).value).toEqual(dbl(0.75));
    expect(apply({ increment: int(1) }, dbl(0.5)).value).toEqual(dbl(1.5));
    expect(apply({ increment: dbl(1e308) }, dbl(1e308)).value).toEqual({ doubleValue: 'Infinity' });
    expect(apply({ increment: int(-5) }, int(3)).value).toEqual(int(-2));
    expect(apply({ increment: int(-1) }, int('-9223372036854775808')).value).toEqual(int('-9223372036854775808'));
    expect(apply({ increment: int(1) }, int('9223372036854775806')).value).toEqual(int('9223372036854775807'));
  });

  it('maximum takes the larger and minimum the smaller; a missing or non-numeric field takes the operand', () => {
    expect(apply({ maximum: int(2) }, int(3))).toEqual({ value: int(3), result: int(3) });
    expect(apply({ maximum: dbl(3.5) }, int(3)).value).toEqual(dbl(3.5));
    expect(apply({ minimum: int(5) }, int(3))).toEqual({ value: int(3), result: int(3) });
    expect(apply({ minimum: int(2) }, dbl(3)).value).toEqual(int(2));
    expect(apply({ minimum: dbl(3) }, int(3)).value).toEqual(int(3)); // a tie keeps the stored value and type
    expect(apply({ maximum: int(3) }, dbl(3)).value).toEqual(dbl(3));
    expect(apply({ maximum: int(1) }, str('x')).value).toEqual(int(1));
    expect(apply({ maximum: int(1) }).value).toEqual(int(1));
  });

  it('the maximum or minimum of anything and NaN is NaN, whichever side it is on', () => {
    expect(apply({ maximum: int(5) }, dbl('NaN')).value).toEqual(dbl('NaN'));
    expect(apply({ minimum: int(5) }, dbl('NaN')).value).toEqual(dbl('NaN'));
    expect(apply({ minimum: dbl('NaN') }, int(5)).value).toEqual(dbl('NaN'));
  });

  it('array union and remove report null as their result, and treat a non-array field as empty', () => {
    expect(apply({ appendMissingElements: { values: [int(1)] } }, arr(int(2)))).toEqual({ value: arr(int(2), int(1)), result: { nullValue: null } });
    expect(apply({ appendMissingElements: { values: [int(1)] } })).toEqual({ value: arr(int(1)), result: { nullValue: null } });
    expect(apply({ removeAllFromArray: { values: [int(1)] } }, arr(int(1), int(2)))).toEqual({ value: arr(int(2)), result: { nullValue: null } });
    expect(apply({ removeAllFromArray: { values: [int(1)] } }, str('x')).value).toEqual({ arrayValue: {} });
    expect(apply({ removeAllFromArray: { values: [int(3)] } }, arr(int(1), int(2))).value).toEqual(arr(int(1), int(2)));
  });

  it('array union does not change the stored array it starts from', () => {
    const stored = arr(int(1));
    apply({ appendMissingElements: { values: [int(2)] } }, stored);
    expect(stored).toEqual(arr(int(1)));
  });
});
