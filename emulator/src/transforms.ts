// Field transforms of a write (`updateTransforms`, or the older `transform` write), applied on the
// server after the write's update, with the semantics of the REST reference
// (https://firebase.google.com/docs/firestore/reference/rest/v1/Write#FieldTransform).
import { invalid } from './errors.ts';
import { decodeValue } from './proto-json.ts';
import { parseWritableFieldPath } from './paths.ts';
import type { Value } from './value-types.ts';
import { arrayValues, compareNumbers, doubleOf, formatTimestamp, isNaNValue, isNumber, makeArray, parseTimestamp, sameValue, toNumber } from './values.ts';

export type FieldTransform =
  | { fieldPath: string; path: string[]; kind: 'serverTime' }
  | { fieldPath: string; path: string[]; kind: 'increment' | 'maximum' | 'minimum'; operand: Value }
  | { fieldPath: string; path: string[]; kind: 'appendMissingElements' | 'removeAllFromArray'; elements: Value[] };

/** Cloud Firestore's limit on field transforms per document in one commit. */
export const MAX_TRANSFORMS_PER_DOCUMENT = 500;

export function parseFieldTransforms(raw: unknown): FieldTransform[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw invalid('fieldTransforms must be a list.');
  if (raw.length > MAX_TRANSFORMS_PER_DOCUMENT) throw invalid(`A write may contain at most ${MAX_TRANSFORMS_PER_DOCUMENT} field transforms.`);
  const seen = new Set<string>();
  return raw.map((t: Record<string, unknown>) => {
    const fieldPath = t?.fieldPath;
    if (typeof fieldPath !== 'string') throw invalid('A field transform needs a fieldPath.');
    const path = parseWritableFieldPath(fieldPath);
    if (seen.has(fieldPath)) throw invalid(`Field "${fieldPath}" is transformed more than once in the same write.`);
    seen.add(fieldPath);
    if (t.setToServerValue !== undefined) {
      if (t.setToServerValue !== 'REQUEST_TIME') throw invalid(`Unsupported server value ${JSON.stringify(t.setToServerValue)} for "${fieldPath}".`);
      return { fieldPath, path, kind: 'serverTime' };
    }
    for (const kind of ['increment', 'maximum', 'minimum'] as const) {
      if (t[kind] !== undefined) {
        const operand = decodeValue(t[kind]);
        if (!isNumber(operand)) throw invalid(`${kind} on "${fieldPath}" needs an integer or double operand.`);
        return { fieldPath, path, kind, operand };
      }
    }
    for (const kind of ['appendMissingElements', 'removeAllFromArray'] as const) {
      if (t[kind] !== undefined) {
        const elements = arrayValues(decodeValue({ arrayValue: t[kind] }, { checkFieldNames: true }));
        return { fieldPath, path, kind, elements };
      }
    }
    throw invalid(`Unsupported field transform on "${fieldPath}".`);
  });
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** Integer sums saturate at the int64 bounds; a double on either side makes a double. */
function add(a: Value, b: Value): Value {
  if ('integerValue' in a && 'integerValue' in b) {
    const sum = BigInt(a.integerValue) + BigInt(b.integerValue);
    return { integerValue: String(sum > INT64_MAX ? INT64_MAX : sum < INT64_MIN ? INT64_MIN : sum) };
  }
  return { doubleValue: doubleOf(toNumber(a) + toNumber(b)) };
}

/** maximum / minimum: NaN wins; equal operands keep the stored value (and its type). */
function extreme(current: Value, operand: Value, kind: 'maximum' | 'minimum'): Value {
  if (isNaNValue(current)) return current;
  if (isNaNValue(operand)) return operand;
  const c = compareNumbers(operand, current);
  return (kind === 'maximum' ? c > 0 : c < 0) ? operand : current;
}

export interface TransformOutcome {
  /** The field's new value. */
  value: Value;
  /** What the commit response reports for this transform. */
  result: Value;
}

/** Applies one transform to a field's current value (undefined when the field is missing). */
export function applyTransform(t: FieldTransform, current: Value | undefined, commitTime: string): TransformOutcome {
  switch (t.kind) {
    case 'serverTime': {
      // The commit time as a value, in the canonical form every stored timestamp has.
      const value = { timestampValue: formatTimestamp(...parseTimestamp(commitTime)) };
      return { value, result: value };
    }
    case 'increment': {
      const value = isNumber(current) ? add(current!, t.operand) : t.operand;
      return { value, result: value };
    }
    case 'maximum':
    case 'minimum': {
      const value = isNumber(current) ? extreme(current!, t.operand, t.kind) : t.operand;
      return { value, result: value };
    }
    case 'appendMissingElements': {
      const base = current ? [...arrayValues(current)] : []; // a non-array has no values
      for (const el of t.elements) if (!base.some((b) => sameValue(b, el))) base.push(el);
      return { value: makeArray(base), result: { nullValue: null } };
    }
    case 'removeAllFromArray': {
      const base = current ? arrayValues(current) : [];
      return { value: makeArray(base.filter((b) => !t.elements.some((r) => sameValue(b, r)))), result: { nullValue: null } };
    }
  }
}
