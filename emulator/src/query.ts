// Structured queries: parsing with the backend's validation, Firestore's effective order, cursors,
// offset / limit and projection, executed over one collection (or a collection group).
//
// Execution has two paths. When the source can walk an ordered index on the first order field
// (collections of some size; see collection-index.ts), the query walks it in order, sorts only
// runs of equal first values by the remaining order fields, and stops as soon as the page is
// full. Otherwise it scans, filters and sorts (a bounded selection when there is a limit).
import { ApiError, invalid } from './errors.ts';
import {
  compileFilter,
  disjunctionCount,
  equalityConstraints,
  fieldBounds,
  fieldOf,
  inequalityFields,
  MAX_DISJUNCTIONS,
  NAME_FIELD,
  parseFilter,
  type FieldReference,
  type Filter,
  type Predicate,
} from './filters.ts';
import { parseFieldPath, parentCollection, validateCollectionId } from './paths.ts';
import { decodeValue } from './proto-json.ts';
import type { StoredDocument, Value } from './value-types.ts';
import { compareValues } from './values.ts';

export type Direction = 'ASCENDING' | 'DESCENDING';

export interface Order {
  fieldPath: string;
  direction: Direction;
}

export interface Cursor {
  values: Value[];
  before: boolean;
}

export interface ParsedQuery {
  collectionId: string;
  allDescendants: boolean;
  filter?: Filter;
  predicate: Predicate | null;
  /** Explicit order, then inequality fields, then __name__ in the last direction. */
  order: Order[];
  startAt?: Cursor;
  endAt?: Cursor;
  offset: number;
  limit?: number;
  /** Field paths to keep, or null for whole documents. */
  projection: string[][] | null;
}

// ---------- parsing ----------

function nonNegativeInteger(raw: unknown, what: string): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  const n = typeof raw === 'object' ? (raw as { value?: unknown }).value : raw;
  if (n === undefined || n === null) return undefined;
  const num = Number(n);
  if (!Number.isInteger(num)) throw invalid(`${what} must be an integer.`);
  if (num < 0) throw invalid(`${what} must be non-negative, got ${num}.`);
  if (num > 2 ** 31 - 1) throw invalid(`${what} must fit in 32 bits.`);
  return num;
}

function parseOrder(raw: unknown): Order[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw invalid('orderBy must be a list.');
  const seen = new Set<string>();
  return raw.map((o: { field?: FieldReference; direction?: string }) => {
    const fieldPath = o?.field?.fieldPath;
    if (typeof fieldPath !== 'string') throw invalid('orderBy needs field.fieldPath.');
    parseFieldPath(fieldPath);
    if (seen.has(fieldPath)) throw invalid(`orderBy names "${fieldPath}" more than once.`);
    seen.add(fieldPath);
    const d = o.direction ?? 'ASCENDING';
    if (d !== 'ASCENDING' && d !== 'DESCENDING' && d !== 'DIRECTION_UNSPECIFIED') throw invalid(`Unknown order direction ${String(d)}.`);
    return { fieldPath, direction: d === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING' };
  });
}

/** Explicit order, then inequality fields not yet ordered (sorted), then __name__. */
export function effectiveOrder(explicit: Order[], filter: Filter | undefined): Order[] {
  const order = [...explicit];
  const seen = new Set(order.map((o) => o.fieldPath));
  for (const f of inequalityFields(filter)) {
    if (!seen.has(f)) {
      order.push({ fieldPath: f, direction: order.at(-1)?.direction ?? 'ASCENDING' });
      seen.add(f);
    }
  }
  if (!seen.has(NAME_FIELD)) order.push({ fieldPath: NAME_FIELD, direction: order.at(-1)?.direction ?? 'ASCENDING' });
  return order;
}

function parseCursor(raw: unknown, order: Order[], which: string): Cursor | undefined {
  if (raw === undefined || raw === null) return undefined;
  const c = raw as { values?: unknown; before?: unknown };
  const values = c.values ?? [];
  if (!Array.isArray(values)) throw invalid(`${which}.values must be a list.`);
  if (values.length > order.length) {
    throw invalid(
      `Too many cursor values specified in ${which}: the query orders by ${order.length} field${order.length === 1 ? '' : 's'} (${order.map((o) => o.fieldPath).join(', ')}).`,
    );
  }
  const decoded = values.map((v) => decodeValue(v));
  decoded.forEach((v, i) => {
    if (order[i].fieldPath === NAME_FIELD && !('referenceValue' in v)) {
      throw invalid(`The ${which} value for __name__ must be a document reference (referenceValue).`);
    }
  });
  return { values: decoded, before: c.before === true };
}

export function parseStructuredQuery(input: unknown): ParsedQuery {
  if (!input || typeof input !== 'object') throw invalid('A structuredQuery is required.');
  const q = input as Record<string, unknown>;
  if (q.findNearest) throw new ApiError('UNIMPLEMENTED', 'Vector search (findNearest) is not supported by this emulator.');
  const from = q.from as Array<{ collectionId?: unknown; allDescendants?: unknown }> | undefined;
  if (!Array.isArray(from) || from.length !== 1) throw invalid('A query must select exactly one collection (from).');
  const collectionId = validateCollectionId(from[0]?.collectionId);
  const filter = q.where === undefined ? undefined : parseFilter(q.where);
  if (disjunctionCount(filter) > MAX_DISJUNCTIONS) {
    throw invalid(`The query has ${disjunctionCount(filter)} disjunctions in disjunctive normal form; the maximum is ${MAX_DISJUNCTIONS}.`);
  }
  const order = effectiveOrder(parseOrder(q.orderBy), filter);
  const select = q.select as { fields?: FieldReference[] } | undefined;
  let projection: string[][] | null = null;
  if (select?.fields?.length) {
    projection = select.fields
      .filter((f) => f?.fieldPath !== NAME_FIELD)
      .map((f) => {
        if (typeof f?.fieldPath !== 'string') throw invalid('select.fields needs field paths.');
        return parseFieldPath(f.fieldPath);
      });
  }
  return {
    collectionId,
    allDescendants: from[0].allDescendants === true,
    filter,
    predicate: filter ? compileFilter(filter) : null,
    order,
    startAt: parseCursor(q.startAt, order, 'startAt'),
    endAt: parseCursor(q.endAt, order, 'endAt'),
    offset: nonNegativeInteger(q.offset, 'offset') ?? 0,
    limit: nonNegativeInteger(q.limit, 'limit'),
    projection,
  };
}

/** The equality constraints of a query, for rules (request.query and the list check). */
export function queryEqualities(q: ParsedQuery): Record<string, Value> {
  return equalityConstraints(q.filter);
}

// ---------- ordering and cursors ----------

function orderValue(doc: StoredDocument, fieldPath: string): Value | undefined {
  return fieldOf(doc, fieldPath);
}

/** Compares two documents by the order from position `from` on. */
function compareByOrder(a: StoredDocument, b: StoredDocument, order: Order[], from = 0): number {
  for (let i = from; i < order.length; i++) {
    const o = order[i];
    const c = o.fieldPath === NAME_FIELD ? compareNames(a, b) : compareValues(orderValue(a, o.fieldPath)!, orderValue(b, o.fieldPath)!);
    if (c) return o.direction === 'DESCENDING' ? -c : c;
  }
  return 0;
}

function compareNames(a: StoredDocument, b: StoredDocument): number {
  return compareValues({ referenceValue: a.name }, { referenceValue: b.name });
}

/** Where a document sits relative to a cursor: <0 before it, 0 at it, >0 after it. */
function comparedToCursor(doc: StoredDocument, cursor: Cursor, order: Order[]): number {
  for (let i = 0; i < cursor.values.length; i++) {
    const c = compareValues(orderValue(doc, order[i].fieldPath)!, cursor.values[i]);
    if (c) return order[i].direction === 'DESCENDING' ? -c : c;
  }
  return 0;
}

function afterStart(doc: StoredDocument, q: ParsedQuery): boolean {
  if (!q.startAt) return true;
  const c = comparedToCursor(doc, q.startAt, q.order);
  return q.startAt.before ? c >= 0 : c > 0;
}

function beforeEnd(doc: StoredDocument, q: ParsedQuery): boolean {
  if (!q.endAt) return true;
  const c = comparedToCursor(doc, q.endAt, q.order);
  return q.endAt.before ? c < 0 : c <= 0;
}

/** Matches the filter and has every order field (ordering by a field excludes documents without it). */
function matches(doc: StoredDocument, q: ParsedQuery): boolean {
  if (q.predicate && !q.predicate(doc)) return false;
  for (const o of q.order) if (o.fieldPath !== NAME_FIELD && orderValue(doc, o.fieldPath) === undefined) return false;
  return true;
}

// ---------- execution ----------

export interface QuerySource {
  /** Every document the query ranges over, in any order. */
  scan(): Iterable<StoredDocument>;
  size: number;
  /** The collection's path when the source is one collection (enables __name__ seeks). */
  collectionPath?: string;
  /** An ordered walk over an index (see CollectionIndex.walk), when the source has one. */
  walk?(fieldPath: string, descending: boolean, from?: Value | string): Iterable<StoredDocument>;
}

export interface QueryResult {
  /** The page: after cursors, offset and limit, in order. */
  results: StoredDocument[];
  /** Documents skipped by the offset. */
  skipped: number;
  /** With `allCandidates`: every match ignoring offset and limit (any order). */
  candidates?: StoredDocument[];
}

export interface ExecuteOptions {
  /** Also return every match regardless of offset / limit (what rules must allow). */
  allCandidates?: boolean;
  /** The caller needs the set, not its order (aggregations without limit / offset / cursors). */
  unordered?: boolean;
}

export function executeQuery(q: ParsedQuery, source: QuerySource, options: ExecuteOptions = {}): QueryResult {
  if (options.unordered && q.limit === undefined && q.offset === 0 && !q.startAt && !q.endAt) {
    const all: StoredDocument[] = [];
    for (const doc of source.scan()) if (matches(doc, q)) all.push(doc);
    return { results: all, skipped: 0, candidates: options.allCandidates ? all : undefined };
  }
  if (source.walk) return executeByWalk(q, source, options);
  return executeByScan(q, source, options);
}

function executeByWalk(q: ParsedQuery, source: QuerySource, options: ExecuteOptions): QueryResult {
  const primary = q.order[0];
  const descending = primary.direction === 'DESCENDING';
  let from: Value | string | undefined;
  const startValue = q.startAt?.values[0];
  if (startValue !== undefined) {
    if (primary.fieldPath !== NAME_FIELD) from = startValue;
    else if ('referenceValue' in startValue && source.collectionPath !== undefined) {
      const path = startValue.referenceValue.slice(startValue.referenceValue.indexOf('/documents/') + '/documents/'.length);
      if (parentCollection(path) === source.collectionPath) from = path.slice(path.lastIndexOf('/') + 1);
    }
  }
  // Range / equality filters on the first order field bound the walk: seek past what cannot match,
  // stop after it.
  const bounds = primary.fieldPath === NAME_FIELD ? {} : fieldBounds(q.filter, primary.fieldPath);
  const seek = descending ? bounds.upper : bounds.lower;
  if (seek !== undefined && (from === undefined || typeof from === 'string' || (descending ? compareValues(seek, from) < 0 : compareValues(seek, from) > 0)))
    from = seek;
  const stop = descending ? bounds.lower : bounds.upper;
  const pastStop = (value: Value) => stop !== undefined && (descending ? compareValues(value, stop) < 0 : compareValues(value, stop) > 0);
  // Index order within equal first values is by id in the walking direction; anything else
  // (more order fields, or __name__ the other way) needs each run of equal values sorted.
  const rest = q.order.slice(1);
  const runNeedsSort = !(rest.length === 0 || (rest.length === 1 && rest[0].fieldPath === NAME_FIELD && rest[0].direction === primary.direction));
  const want = q.limit === undefined ? Infinity : q.offset + q.limit;
  const page: StoredDocument[] = [];
  const candidates: StoredDocument[] | undefined = options.allCandidates ? [] : undefined;
  let inRange = 0;
  let done = false;

  const emit = (doc: StoredDocument): boolean => {
    if (!afterStart(doc, q)) return true;
    if (!beforeEnd(doc, q)) return false; // sorted: nothing later can be before the end
    candidates?.push(doc);
    if (inRange < want) {
      if (inRange >= q.offset) page.push(doc);
      inRange++;
    }
    return candidates !== undefined || inRange < want;
  };

  let run: StoredDocument[] = [];
  let runValue: Value | undefined;
  const flush = () => {
    if (runNeedsSort && run.length > 1) run.sort((a, b) => compareByOrder(a, b, q.order, 1));
    for (const doc of run) {
      if (!emit(doc)) {
        done = true;
        break;
      }
    }
    run = [];
  };

  for (const doc of source.walk!(primary.fieldPath, descending, from)) {
    if (!runNeedsSort) {
      if (stop !== undefined && pastStop(orderValue(doc, primary.fieldPath)!)) break;
      if (!matches(doc, q)) continue;
      if (!emit(doc)) break;
      continue;
    }
    const value = orderValue(doc, primary.fieldPath)!;
    if (pastStop(value)) break;
    if (run.length && compareValues(value, runValue!) !== 0) {
      flush();
      if (done) break;
    }
    if (!matches(doc, q)) continue;
    if (!run.length) runValue = value;
    run.push(doc);
  }
  if (!done && run.length) flush();
  return { results: page, skipped: Math.min(q.offset, inRange), candidates };
}

function executeByScan(q: ParsedQuery, source: QuerySource, options: ExecuteOptions): QueryResult {
  const matched: StoredDocument[] = [];
  for (const doc of source.scan()) {
    if (matches(doc, q) && afterStart(doc, q) && beforeEnd(doc, q)) matched.push(doc);
  }
  const want = q.limit === undefined ? matched.length : Math.min(matched.length, q.offset + q.limit);
  const sorted = smallest(matched, want, (a, b) => compareByOrder(a, b, q.order));
  return {
    results: sorted.slice(q.offset, want),
    skipped: Math.min(q.offset, sorted.length),
    candidates: options.allCandidates ? matched : undefined,
  };
}

/** The `k` smallest items in order: a bounded heap when k is small, a full sort otherwise. */
export function smallest<T>(items: T[], k: number, cmp: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: the heap and the full sort return the same k smallest; the choice is only speed
  if (k * 8 >= items.length) return [...items].sort(cmp).slice(0, k);
  // Max-heap of the k smallest seen so far.
  const heap: T[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (cmp(heap[i], heap[p]) <= 0) break;
      [heap[i], heap[p]] = [heap[p], heap[i]];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && cmp(heap[l], heap[m]) > 0) m = l;
      if (r < heap.length && cmp(heap[r], heap[m]) > 0) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      up(heap.length - 1);
    } else if (cmp(item, heap[0]) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(cmp);
}
