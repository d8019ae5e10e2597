// The structured-query engine: filters, Firestore's implicit ordering, cursors, offset/limit,
// projections and aggregations, over an in-memory list of documents.
import { invalid } from './errors.ts';
import { getField, project } from './fields.ts';
import { parseFieldPath } from './paths.ts';
import type { Fields, StoredDocument, Value } from './value-types.ts';
import { arrayValues, compareValues, isNaNValue, toNumber, typeOrder, TypeOrder, valuesEqual } from './values.ts';

interface FieldReference {
  fieldPath: string;
}

export type Filter =
  | { compositeFilter: { op: 'AND' | 'OR'; filters: Filter[] } }
  | { fieldFilter: { field: FieldReference; op: FieldOp; value: Value } }
  | { unaryFilter: { field: FieldReference; op: 'IS_NAN' | 'IS_NULL' | 'IS_NOT_NAN' | 'IS_NOT_NULL' } };

type FieldOp =
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

export interface Order {
  field: FieldReference;
  direction?: 'ASCENDING' | 'DESCENDING' | 'DIRECTION_UNSPECIFIED';
}

interface Cursor {
  values?: Value[];
  before?: boolean;
}

export interface StructuredQuery {
  select?: { fields?: FieldReference[] };
  from?: Array<{ collectionId?: string; allDescendants?: boolean }>;
  where?: Filter;
  orderBy?: Order[];
  startAt?: Cursor;
  endAt?: Cursor;
  offset?: number;
  limit?: number | { value?: number };
}

const NAME = '__name__';
const INEQUALITIES = new Set<FieldOp>(['LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL', 'NOT_EQUAL', 'NOT_IN']);

// Queries name the same few fields over and over: parse each path once.
const parsedPaths = new Map<string, string[]>();
function segmentsOf(path: string): string[] {
  let segs = parsedPaths.get(path);
  if (!segs) parsedPaths.set(path, (segs = parseFieldPath(path)));
  return segs;
}

/** A field of a document, with __name__ as a reference to the document itself. */
function fieldOf(doc: StoredDocument, path: string): Value | undefined {
  if (path === NAME) return { referenceValue: doc.name };
  return getField(doc.fields, segmentsOf(path));
}

// ---------- filters ----------

function sameType(a: Value, b: Value) {
  return typeOrder(a) === typeOrder(b);
}

function matchesFieldFilter(doc: StoredDocument, f: { field: FieldReference; op: FieldOp; value: Value }): boolean {
  const v = fieldOf(doc, f.field.fieldPath);
  if (v === undefined) return false; // every field filter requires the field to exist
  const target = f.value;
  switch (f.op) {
    case 'EQUAL':
      return valuesEqual(v, target);
    case 'NOT_EQUAL':
      return !('nullValue' in v) && !isNaNValue(v) && !valuesEqual(v, target);
    case 'LESS_THAN':
      return sameType(v, target) && !isNaNValue(v) && compareValues(v, target) < 0;
    case 'LESS_THAN_OR_EQUAL':
      return sameType(v, target) && !isNaNValue(v) && !isNaNValue(target) && compareValues(v, target) <= 0;
    case 'GREATER_THAN':
      return sameType(v, target) && !isNaNValue(v) && !isNaNValue(target) && compareValues(v, target) > 0;
    case 'GREATER_THAN_OR_EQUAL':
      return sameType(v, target) && !isNaNValue(v) && !isNaNValue(target) && compareValues(v, target) >= 0;
    case 'ARRAY_CONTAINS':
      return 'arrayValue' in v && arrayValues(v).some((x) => valuesEqual(x, target));
    case 'IN':
      return arrayValues(target).some((x) => valuesEqual(v, x));
    case 'ARRAY_CONTAINS_ANY':
      return 'arrayValue' in v && arrayValues(v).some((x) => arrayValues(target).some((t) => valuesEqual(x, t)));
    case 'NOT_IN':
      return !('nullValue' in v) && !isNaNValue(v) && !arrayValues(target).some((x) => valuesEqual(v, x));
    default:
      throw invalid(`Unsupported field filter operator ${String(f.op)}.`);
  }
}

export function matchesFilter(doc: StoredDocument, filter: Filter): boolean {
  if ('compositeFilter' in filter) {
    const { op, filters } = filter.compositeFilter;
    if (op === 'OR') return filters.some((f) => matchesFilter(doc, f));
    if (op === 'AND' || (op as string) === 'OPERATOR_UNSPECIFIED') return filters.every((f) => matchesFilter(doc, f));
    throw invalid(`Unsupported composite operator ${String(op)}.`);
  }
  if ('fieldFilter' in filter) return matchesFieldFilter(doc, filter.fieldFilter);
  if ('unaryFilter' in filter) {
    const v = fieldOf(doc, filter.unaryFilter.field.fieldPath);
    switch (filter.unaryFilter.op) {
      case 'IS_NULL':
        return !!v && 'nullValue' in v;
      case 'IS_NAN':
        return !!v && isNaNValue(v);
      case 'IS_NOT_NULL':
        return !!v && !('nullValue' in v);
      case 'IS_NOT_NAN':
        return !!v && !isNaNValue(v);
    }
  }
  throw invalid('Invalid filter.');
}

function validateFilter(filter: Filter) {
  if ('fieldFilter' in filter) {
    const { op, value } = filter.fieldFilter;
    parseFieldPath(filter.fieldFilter.field.fieldPath);
    if (['IN', 'NOT_IN', 'ARRAY_CONTAINS_ANY'].includes(op)) {
      const n = arrayValues(value).length;
      if (!('arrayValue' in value) || n === 0) throw invalid(`A non-empty array is required for '${op}' filters.`);
      if (n > 30) throw invalid(`'${op}' filters support a maximum of 30 elements in the value array.`);
    }
  } else if ('compositeFilter' in filter) {
    filter.compositeFilter.filters.forEach(validateFilter);
  }
}

/** Fields constrained by inequality filters, in lexicographic order (they join the implicit order). */
function inequalityFields(filter: Filter | undefined, out = new Set<string>()): Set<string> {
  if (!filter) return out;
  if ('compositeFilter' in filter) filter.compositeFilter.filters.forEach((f) => inequalityFields(f, out));
  else if ('fieldFilter' in filter && INEQUALITIES.has(filter.fieldFilter.op)) out.add(filter.fieldFilter.field.fieldPath);
  return out;
}

/** `==` constraints every result is guaranteed to satisfy (top level or inside AND). */
export function equalityConstraints(filter: Filter | undefined, out: Record<string, Value> = {}): Record<string, Value> {
  if (!filter) return out;
  if ('compositeFilter' in filter && filter.compositeFilter.op !== 'OR') {
    filter.compositeFilter.filters.forEach((f) => equalityConstraints(f, out));
  } else if ('fieldFilter' in filter && filter.fieldFilter.op === 'EQUAL') {
    out[filter.fieldFilter.field.fieldPath] = filter.fieldFilter.value;
  }
  return out;
}

// ---------- ordering ----------

/** Explicit order, then inequality fields not yet ordered, then __name__ in the last direction. */
export function effectiveOrder(q: StructuredQuery): Order[] {
  const order = [...(q.orderBy ?? [])].map((o) => ({ field: o.field, direction: o.direction === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING' }) as Order);
  const seen = new Set(order.map((o) => o.field.fieldPath));
  for (const f of [...inequalityFields(q.where)].sort()) {
    if (!seen.has(f)) {
      order.push({ field: { fieldPath: f }, direction: 'ASCENDING' });
      seen.add(f);
    }
  }
  if (!seen.has(NAME)) order.push({ field: { fieldPath: NAME }, direction: order.at(-1)?.direction ?? 'ASCENDING' });
  return order;
}

/** Sorts by the effective order, reading each document's sort keys once rather than per comparison. */
function sortByOrder(docs: StoredDocument[], order: Order[]): StoredDocument[] {
  const keyed = docs.map((doc) => ({ doc, keys: order.map((o) => fieldOf(doc, o.field.fieldPath)!) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < order.length; i++) {
      const c = compareValues(a.keys[i], b.keys[i]);
      if (c) return order[i].direction === 'DESCENDING' ? -c : c;
    }
    return 0;
  });
  return keyed.map((k) => k.doc);
}

/** Position of a document relative to a cursor: <0 before it, 0 at it, >0 after it. */
function compareToCursor(doc: StoredDocument, cursor: Cursor, order: Order[]): number {
  const values = cursor.values ?? [];
  if (values.length > order.length) throw invalid('Too many cursor values specified. The specified values must match the orderBy() constraints of the query.');
  for (let i = 0; i < values.length; i++) {
    const c = compareValues(fieldOf(doc, order[i].field.fieldPath)!, values[i]);
    if (c) return order[i].direction === 'DESCENDING' ? -c : c;
  }
  return 0;
}

// ---------- running ----------

export interface QueryPlan {
  /** Documents matching filters and order-by existence, sorted: what rules must allow. */
  candidates: StoredDocument[];
  /** The page the caller gets: after cursors, offset and limit. */
  results: StoredDocument[];
}

export function limitOf(q: StructuredQuery): number | undefined {
  if (q.limit === undefined || q.limit === null) return undefined;
  const n = typeof q.limit === 'number' ? q.limit : q.limit.value;
  if (n === undefined) return undefined;
  if (n < 0) throw invalid('limit must be non-negative.');
  return n;
}

/**
 * `ordered: false` is for aggregations without cursors, offset or limit: they need the matching
 * set, not its order, and skipping the sort is most of their cost.
 */
export function runStructuredQuery(q: StructuredQuery, docs: Iterable<StoredDocument>, { ordered = true } = {}): QueryPlan {
  if (q.where) validateFilter(q.where);
  const order = effectiveOrder(q);
  for (const o of order) segmentsOf(o.field.fieldPath);
  const matched: StoredDocument[] = [];
  for (const doc of docs) {
    if (q.where && !matchesFilter(doc, q.where)) continue;
    // Ordering by a field excludes documents that lack it.
    if (order.some((o) => o.field.fieldPath !== NAME && fieldOf(doc, o.field.fieldPath) === undefined)) continue;
    matched.push(doc);
  }
  const needsOrder = ordered || q.startAt || q.endAt || q.offset || limitOf(q) !== undefined;
  const sorted = needsOrder ? sortByOrder(matched, order) : matched;
  let page = sorted;
  if (q.startAt) {
    const start = q.startAt;
    page = page.filter((d) => {
      const c = compareToCursor(d, start, order);
      return start.before ? c >= 0 : c > 0;
    });
  }
  if (q.endAt) {
    const end = q.endAt;
    page = page.filter((d) => {
      const c = compareToCursor(d, end, order);
      return end.before ? c < 0 : c <= 0;
    });
  }
  const offset = q.offset ?? 0;
  const limit = limitOf(q);
  page = page.slice(offset, limit === undefined ? undefined : offset + limit);
  if (q.select?.fields) {
    const paths = q.select.fields.map((f) => f.fieldPath).filter((p) => p !== NAME).map(parseFieldPath);
    page = page.map((d) => ({ ...d, fields: project(d.fields, paths) }));
  }
  return { candidates: sorted, results: page };
}

// ---------- aggregation ----------

export interface Aggregation {
  alias?: string;
  count?: { upTo?: number | string | { value?: number } };
  sum?: { field: FieldReference };
  avg?: { field: FieldReference };
}

export function aggregate(aggregations: Aggregation[], docs: StoredDocument[]): Fields {
  const out: Fields = {};
  aggregations.forEach((a, i) => {
    const alias = a.alias || `field_${i + 1}`;
    if (a.count) {
      const raw = a.count.upTo;
      const upTo = raw === undefined ? undefined : Number(typeof raw === 'object' ? raw.value : raw);
      out[alias] = { integerValue: String(upTo === undefined ? docs.length : Math.min(upTo, docs.length)) };
      return;
    }
    const spec = a.sum ?? a.avg;
    if (!spec) throw invalid(`Unsupported aggregation ${alias}.`);
    const numbers = docs.map((d) => fieldOf(d, spec.field.fieldPath)).filter((v): v is Value => !!v && typeOrder(v) === TypeOrder.Number);
    if (a.avg) {
      out[alias] = numbers.length ? { doubleValue: numbers.reduce((s, v) => s + toNumber(v), 0) / numbers.length } : { nullValue: null };
      return;
    }
    if (numbers.every((v) => 'integerValue' in v)) {
      const total = numbers.reduce((s, v) => s + BigInt((v as { integerValue: string }).integerValue), 0n);
      out[alias] = total <= 2n ** 63n - 1n && total >= -(2n ** 63n) ? { integerValue: String(total) } : { doubleValue: Number(total) };
    } else {
      out[alias] = { doubleValue: numbers.reduce((s, v) => s + toNumber(v), 0) };
    }
  });
  return out;
}
