// Field transforms of a Write (`updateTransforms`), applied on the server after the update.
import { invalid } from './errors.ts';
import type { Value } from './value-types.ts';
import { arrayValues, compareValues, toNumber, typeOrder, TypeOrder, valuesEqual } from './values.ts';

export interface FieldTransform {
  fieldPath: string;
  setToServerValue?: 'REQUEST_TIME' | 'SERVER_VALUE_UNSPECIFIED';
  increment?: Value;
  maximum?: Value;
  minimum?: Value;
  appendMissingElements?: { values?: Value[] };
  removeAllFromArray?: { values?: Value[] };
}

const isNumber = (v: Value | undefined): v is Value => !!v && typeOrder(v) === TypeOrder.Number;

/** Integer arithmetic saturates at int64 bounds, as Firestore does. */
function addNumbers(a: Value, b: Value): Value {
  if ('integerValue' in a && 'integerValue' in b) {
    const sum = BigInt(a.integerValue) + BigInt(b.integerValue);
    const max = 2n ** 63n - 1n;
    const min = -(2n ** 63n);
    return { integerValue: String(sum > max ? max : sum < min ? min : sum) };
  }
  return { doubleValue: toNumber(a) + toNumber(b) };
}

/** Applies one transform to the current value; returns the new value (also the transform result). */
export function applyTransform(t: FieldTransform, current: Value | undefined, requestTime: string): Value {
  if (t.setToServerValue) {
    if (t.setToServerValue !== 'REQUEST_TIME') throw invalid(`Unknown server value ${t.setToServerValue}.`);
    return { timestampValue: requestTime };
  }
  if (t.increment) {
    if (!isNumber(t.increment)) throw invalid('increment needs a number.');
    return isNumber(current) ? addNumbers(current, t.increment) : t.increment;
  }
  if (t.maximum) {
    if (!isNumber(t.maximum)) throw invalid('maximum needs a number.');
    return isNumber(current) && compareValues(current, t.maximum) >= 0 ? current : t.maximum;
  }
  if (t.minimum) {
    if (!isNumber(t.minimum)) throw invalid('minimum needs a number.');
    return isNumber(current) && compareValues(current, t.minimum) <= 0 ? current : t.minimum;
  }
  if (t.appendMissingElements) {
    const base = current && 'arrayValue' in current ? [...arrayValues(current)] : [];
    for (const el of t.appendMissingElements.values ?? []) if (!base.some((b) => valuesEqual(b, el))) base.push(el);
    return { arrayValue: { values: base } };
  }
  if (t.removeAllFromArray) {
    const remove = t.removeAllFromArray.values ?? [];
    const base = current && 'arrayValue' in current ? arrayValues(current) : [];
    return { arrayValue: { values: base.filter((b) => !remove.some((r) => valuesEqual(b, r))) } };
  }
  throw invalid(`Unsupported transform on ${t.fieldPath}.`);
}
