import { describe, expect, it } from 'vitest';
import { applyTransform } from './transforms.ts';

const now = '2027-05-07T06:00:00.000Z';
const int = (n: number | string) => ({ integerValue: String(n) });

describe('field transforms', () => {
  it('sets the server time', () => {
    expect(applyTransform({ fieldPath: 't', setToServerValue: 'REQUEST_TIME' }, undefined, now)).toEqual({ timestampValue: now });
  });

  it('increments, starting from the increment on a missing or non-numeric field, saturating int64', () => {
    expect(applyTransform({ fieldPath: 'n', increment: int(2) }, int(3), now)).toEqual(int(5));
    expect(applyTransform({ fieldPath: 'n', increment: int(2) }, { stringValue: 'x' }, now)).toEqual(int(2));
    expect(applyTransform({ fieldPath: 'n', increment: { doubleValue: 0.5 } }, int(1), now)).toEqual({ doubleValue: 1.5 });
    expect(applyTransform({ fieldPath: 'n', increment: int(1) }, int('9223372036854775807'), now)).toEqual(int('9223372036854775807'));
  });

  it('keeps the maximum and the minimum', () => {
    expect(applyTransform({ fieldPath: 'n', maximum: int(5) }, int(7), now)).toEqual(int(7));
    expect(applyTransform({ fieldPath: 'n', minimum: int(5) }, int(7), now)).toEqual(int(5));
  });

  it('adds missing elements and removes all occurrences', () => {
    const arr = (...v: string[]) => ({ arrayValue: { values: v.map((s) => ({ stringValue: s })) } });
    expect(applyTransform({ fieldPath: 'a', appendMissingElements: arr('b', 'c').arrayValue }, arr('a', 'b'), now)).toEqual(arr('a', 'b', 'c'));
    expect(applyTransform({ fieldPath: 'a', removeAllFromArray: arr('a').arrayValue }, arr('a', 'b', 'a'), now)).toEqual(arr('b'));
  });
});
