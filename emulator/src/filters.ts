// Query filters: parsing and the backend's validation, then matching. A filter is compiled once
// per request into a predicate with its field paths already parsed, because it runs against
// every candidate document. Matching follows Cloud Firestore (and the SDK's own local matching):
// range operators compare only values of the same type order; != and not-in skip documents where
// the field is missing or null; every field filter skips documents without the field.
import { invalid } from './errors.ts';
import { getField } from './fields.ts';
import { parseFieldPath } from './paths.ts';
import { decodeValue } from './proto-json.ts';
import type { StoredDocument, Value } from './value-types.ts';
import { arrayValues, compareValues, isNaNValue, typeOrder, valuesEqual } from './values.ts';

export const NAME_FIELD = '__name__';

export type FieldOp =
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL'
  | 'EQUAL'
  | 'NOT_EQUAL'
  | 'ARRAY_CONTAINS'
  | 'IN'
  | 'ARRAY_CONTAINS_ANY'
  | 'NOT_IN';

export type UnaryOp = 'IS_NAN' | 'IS_NULL' | 'IS_NOT_NAN' | 'IS_NOT_NULL';

export interface FieldReference {
  fieldPath: string;
}

export type Filter =
  | { compositeFilter: { op: 'AND' | 'OR'; filters: Filter[] } }
  | { fieldFilter: { field: FieldReference; op: FieldOp; value: Value } }
  | { unaryFilter: { field: FieldReference; op: UnaryOp } };

const FIELD_OPS = new Set<FieldOp>([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'EQUAL',
  'NOT_EQUAL',
  'ARRAY_CONTAINS',
  'IN',
  'ARRAY_CONTAINS_ANY',
  'NOT_IN',
]);
const RANGE_OPS = new Set<FieldOp>(['LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL']);
const INEQUALITY_OPS = new Set<string>([...RANGE_OPS, 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', 'IS_NOT_NULL']);
const LIST_OPS = new Set<FieldOp>(['IN', 'NOT_IN', 'ARRAY_CONTAINS_ANY']);
/** Cloud Firestore's limits on the size of a query's filter. */
export const MAX_DISJUNCTIONS = 30;
export const MAX_NOT_IN_VALUES = 10;

/** A field of a document, where __name__ is a reference to the document itself. */
export function fieldOf(doc: StoredDocument, path: string): Value | undefined {
  if (path === NAME_FIELD) return { referenceValue: doc.name };
  return getField(doc.fields, parseFieldPath(path));
}

function fieldPathOf(ref: unknown): string {
  const fieldPath = (ref as FieldReference | undefined)?.fieldPath;
  if (typeof fieldPath !== 'string') throw invalid('A filter needs field.fieldPath.');
  parseFieldPath(fieldPath);
  return fieldPath;
}

/** Validates a request's filter and returns it with operand values in canonical form. */
export function parseFilter(input: unknown): Filter {
  const f = input as Record<string, unknown> | null;
  if (!f || typeof f !== 'object') throw invalid('Invalid filter.');
  if ('compositeFilter' in f) {
    const { op, filters } = (f.compositeFilter ?? {}) as { op?: string; filters?: unknown };
    if (op !== 'AND' && op !== 'OR') throw invalid(`Unsupported composite filter operator ${String(op)}.`);
    if (!Array.isArray(filters) || filters.length === 0) throw invalid('A composite filter must contain at least one filter.');
    return { compositeFilter: { op, filters: filters.map(parseFilter) } };
  }
  if ('fieldFilter' in f) {
    const { field, op, value } = (f.fieldFilter ?? {}) as { field?: unknown; op?: string; value?: unknown };
    const fieldPath = fieldPathOf(field);
    if (!FIELD_OPS.has(op as FieldOp)) throw invalid(`Unsupported field filter operator ${String(op)}.`);
    const operand = decodeValue(value);
    const fieldOp = op as FieldOp;
    if (RANGE_OPS.has(fieldOp) && ('nullValue' in operand || isNaNValue(operand))) {
      throw invalid(`${'nullValue' in operand ? 'Null' : 'NaN'} supports only equality comparisons; ${fieldOp} is not allowed on "${fieldPath}".`);
    }
    if (LIST_OPS.has(fieldOp)) {
      if (!('arrayValue' in operand) || arrayValues(operand).length === 0) throw invalid(`A non-empty array is required for '${fieldOp}' filters.`);
      const n = arrayValues(operand).length;
      const max = fieldOp === 'NOT_IN' ? MAX_NOT_IN_VALUES : MAX_DISJUNCTIONS;
      if (n > max) throw invalid(`'${fieldOp}' filters support a maximum of ${max} elements in the value array.`);
    }
    if (fieldPath === NAME_FIELD) checkNameOperand(fieldOp, operand);
    return { fieldFilter: { field: { fieldPath }, op: fieldOp, value: operand } };
  }
  if ('unaryFilter' in f) {
    const { field, op } = (f.unaryFilter ?? {}) as { field?: unknown; op?: string };
    const fieldPath = fieldPathOf(field);
    if (op !== 'IS_NAN' && op !== 'IS_NULL' && op !== 'IS_NOT_NAN' && op !== 'IS_NOT_NULL') throw invalid(`Unsupported unary filter operator ${String(op)}.`);
    return { unaryFilter: { field: { fieldPath }, op } };
  }
  throw invalid('A filter must be a compositeFilter, a fieldFilter or a unaryFilter.');
}

/** Filters on the document id compare references: the operand must be one. */
function checkNameOperand(op: FieldOp, operand: Value) {
  const values = LIST_OPS.has(op) ? arrayValues(operand) : [operand];
  if (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY') throw invalid(`'${op}' cannot be used on __name__.`);
  for (const v of values) {
    if (!('referenceValue' in v)) throw invalid(`A filter on __name__ must compare to a document reference (referenceValue), got ${JSON.stringify(v)}.`);
  }
}

/** Number of disjunctions of the filter in disjunctive normal form (IN with n values counts n). */
export function disjunctionCount(filter: Filter | undefined): number {
  if (!filter) return 1;
  if ('compositeFilter' in filter) {
    const counts = filter.compositeFilter.filters.map(disjunctionCount);
    return filter.compositeFilter.op === 'OR' ? counts.reduce((a, b) => a + b, 0) : counts.reduce((a, b) => a * b, 1);
  }
  if ('fieldFilter' in filter && (filter.fieldFilter.op === 'IN' || filter.fieldFilter.op === 'ARRAY_CONTAINS_ANY')) {
    return arrayValues(filter.fieldFilter.value).length;
  }
  return 1;
}

export type Predicate = (doc: StoredDocument) => boolean;

/** Compiles a parsed filter into a predicate over documents. */
export function compileFilter(filter: Filter): Predicate {
  if ('compositeFilter' in filter) {
    const parts = filter.compositeFilter.filters.map(compileFilter);
    if (parts.length === 1) return parts[0];
    return filter.compositeFilter.op === 'OR' ? (d) => parts.some((p) => p(d)) : (d) => parts.every((p) => p(d));
  }
  if ('unaryFilter' in filter) {
    const read = reader(filter.unaryFilter.field.fieldPath);
    switch (filter.unaryFilter.op) {
      case 'IS_NULL':
        return (d) => {
          const v = read(d);
          return !!v && 'nullValue' in v;
        };
      case 'IS_NAN':
        return (d) => {
          const v = read(d);
          return !!v && isNaNValue(v);
        };
      case 'IS_NOT_NULL':
        return (d) => {
          const v = read(d);
          return !!v && !('nullValue' in v);
        };
      case 'IS_NOT_NAN':
        return (d) => {
          const v = read(d);
          return !!v && !('nullValue' in v) && !isNaNValue(v);
        };
    }
  }
  const { field, op, value: target } = filter.fieldFilter;
  const read = reader(field.fieldPath);
  const targetType = typeOrder(target);
  const list = arrayValues(target);
  const test = (v: Value): boolean => {
    switch (op) {
      case 'EQUAL':
        return valuesEqual(v, target);
      case 'NOT_EQUAL':
        return !('nullValue' in v) && !valuesEqual(v, target);
      case 'LESS_THAN':
        return typeOrder(v) === targetType && compareValues(v, target) < 0;
      case 'LESS_THAN_OR_EQUAL':
        return typeOrder(v) === targetType && compareValues(v, target) <= 0;
      case 'GREATER_THAN':
        return typeOrder(v) === targetType && compareValues(v, target) > 0;
      case 'GREATER_THAN_OR_EQUAL':
        return typeOrder(v) === targetType && compareValues(v, target) >= 0;
      case 'ARRAY_CONTAINS':
        return arrayValues(v).some((x) => valuesEqual(x, target)); // a non-array has no values
      case 'IN':
        return list.some((x) => valuesEqual(v, x));
      case 'ARRAY_CONTAINS_ANY':
        return arrayValues(v).some((x) => list.some((t) => valuesEqual(x, t)));
      case 'NOT_IN':
        // A null in the list makes the filter match nothing, as in Cloud Firestore.
        return !('nullValue' in v) && !list.some((x) => 'nullValue' in x) && !list.some((x) => valuesEqual(v, x));
    }
  };
  return (d) => {
    const v = read(d);
    return v !== undefined && test(v);
  };
}

function reader(fieldPath: string): (d: StoredDocument) => Value | undefined {
  if (fieldPath === NAME_FIELD) return (d) => ({ referenceValue: d.name });
  const segments = parseFieldPath(fieldPath);
  if (segments.length === 1) {
    const name = segments[0];
    return (d) => d.fields[name];
  }
  return (d) => getField(d.fields, segments);
}

/** Fields constrained by inequality filters (they join the implicit order), sorted. */
export function inequalityFields(filter: Filter | undefined): string[] {
  const out = new Set<string>();
  const visit = (f: Filter) => {
    if ('compositeFilter' in f) f.compositeFilter.filters.forEach(visit);
    else if ('fieldFilter' in f && INEQUALITY_OPS.has(f.fieldFilter.op)) out.add(f.fieldFilter.field.fieldPath);
    else if ('unaryFilter' in f && INEQUALITY_OPS.has(f.unaryFilter.op)) out.add(f.unaryFilter.field.fieldPath);
  };
  if (filter) visit(filter);
  return [...out].sort();
}

/** `==` constraints every result satisfies (top level or inside AND): what rules may rely on. */
export function equalityConstraints(filter: Filter | undefined, out: Record<string, Value> = {}): Record<string, Value> {
  if (!filter) return out;
  if ('compositeFilter' in filter) {
    if (filter.compositeFilter.op === 'AND' || filter.compositeFilter.filters.length === 1) {
      filter.compositeFilter.filters.forEach((f) => equalityConstraints(f, out));
    }
  } else if ('fieldFilter' in filter && filter.fieldFilter.op === 'EQUAL') {
    out[filter.fieldFilter.field.fieldPath] = filter.fieldFilter.value;
  } else if ('unaryFilter' in filter && filter.unaryFilter.op === 'IS_NULL') {
    out[filter.unaryFilter.field.fieldPath] = { nullValue: null };
  }
  return out;
}

/** Fields that an EQUAL filter (top level or under AND) pins to one value. */
export function equalityFields(filter: Filter | undefined): Set<string> {
  return new Set(Object.keys(equalityConstraints(filter)));
}

/**
 * Inclusive bounds that every match's value of `fieldPath` lies within, from the range, equality
 * and `in` filters at the top level or under AND. An ordered index walk seeks to one bound and
 * stops past the other; the filter itself still decides each document.
 */
export function fieldBounds(filter: Filter | undefined, fieldPath: string): { lower?: Value; upper?: Value } {
  const bounds: { lower?: Value; upper?: Value } = {};
  const raise = (v: Value) => {
    if (bounds.lower === undefined || compareValues(v, bounds.lower) > 0) bounds.lower = v;
  };
  const cap = (v: Value) => {
    if (bounds.upper === undefined || compareValues(v, bounds.upper) < 0) bounds.upper = v;
  };
  const visit = (f: Filter) => {
    if ('compositeFilter' in f) {
      if (f.compositeFilter.op === 'AND' || f.compositeFilter.filters.length === 1) f.compositeFilter.filters.forEach(visit);
      return;
    }
    if (!('fieldFilter' in f) || f.fieldFilter.field.fieldPath !== fieldPath) return;
    const { op, value } = f.fieldFilter;
    if (op === 'EQUAL' || op === 'GREATER_THAN' || op === 'GREATER_THAN_OR_EQUAL') raise(value);
    if (op === 'EQUAL' || op === 'LESS_THAN' || op === 'LESS_THAN_OR_EQUAL') cap(value);
    if (op === 'IN') {
      const sorted = [...arrayValues(value)].sort(compareValues);
      raise(sorted[0]);
      cap(sorted[sorted.length - 1]);
    }
  };
  if (filter) visit(filter);
  return bounds;
}
