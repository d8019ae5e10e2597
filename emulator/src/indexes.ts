// Composite-index enforcement: which queries Cloud Firestore would refuse for want of an index.
// The official emulator serves every query, so a missing index is first seen in production as
// FAILED_PRECONDITION. This module models Firestore's index selection from the documented rules:
//
// - Every field has single-field indexes, ascending and descending, and an array-contains index,
//   in COLLECTION scope only; `fieldOverrides` replace that per field (and its sub-fields).
// - A query with equality filters only (==, in, null, NaN), ordered by __name__ alone, merges
//   single-field indexes (or composites that share a suffix).
// - A query ranging and ordering over one field, with no other filter, uses that field's index.
// - Anything else needs a composite index: the equality fields first (any order, any direction),
//   then the array-contains field, then the query's order fields exactly as the query orders them
//   (explicit orderBy, then inequality fields), and __name__ in the query's final direction.
//   Several composites with the same order suffix may be merged to cover the equality fields.
// - sum() and avg() read the aggregated field from the index, so it joins the order fields.
//
// Where production may be more lenient than this model (merging a single-field array-contains
// index with other filters' indexes, say), the model asks for an index: an extra index costs little,
// a missing one breaks a screen.
import { ApiError } from './errors.ts';
import { NAME_FIELD, type Filter } from './filters.ts';
import { parseFieldPath } from './paths.ts';
import type { Direction, Order, ParsedQuery } from './query.ts';

export type QueryScope = 'COLLECTION' | 'COLLECTION_GROUP';

export interface IndexField {
  fieldPath: string;
  order?: Direction;
  arrayConfig?: 'CONTAINS';
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: QueryScope;
  fields: IndexField[];
}

export interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  indexes: Array<{ queryScope?: QueryScope; order?: Direction; arrayConfig?: 'CONTAINS' }>;
}

export interface IndexConfig {
  indexes: CompositeIndex[];
  fieldOverrides: FieldOverride[];
}

/** What one disjunct of a query needs from the indexes. */
export interface IndexNeed {
  collectionGroup: string;
  queryScope: QueryScope;
  /** Fields pinned to a value (==, in, is null, is NaN), sorted. */
  equalities: string[];
  arrayContains: string | null;
  /** The order the index must have after the equality fields, without __name__. */
  order: Order[];
  /** Direction of the trailing __name__. */
  nameDirection: Direction;
}

/** How a need is met: by single-field indexes (an empty list) or by these composites. */
export type Serving = { served: true; composites: CompositeIndex[] } | { served: false };

// ---------- the file ----------

function fail(where: string, what: string): never {
  throw new Error(`Indexes file: ${where}: ${what}`);
}

const isDirection = (v: unknown): v is Direction => v === 'ASCENDING' || v === 'DESCENDING';
const isScope = (v: unknown): v is QueryScope => v === 'COLLECTION' || v === 'COLLECTION_GROUP';

function parseField(raw: unknown, where: string): IndexField {
  const f = raw as Record<string, unknown>;
  if (!f || typeof f.fieldPath !== 'string') fail(where, 'each field needs a fieldPath.');
  if (f.fieldPath !== NAME_FIELD) parseFieldPath(f.fieldPath);
  const modes = [f.order !== undefined, f.arrayConfig !== undefined, f.vectorConfig !== undefined].filter(Boolean).length;
  if (modes !== 1) fail(where, `field "${f.fieldPath}" needs exactly one of order, arrayConfig or vectorConfig.`);
  if (f.order !== undefined && !isDirection(f.order)) fail(where, `field "${f.fieldPath}": order must be ASCENDING or DESCENDING.`);
  if (f.arrayConfig !== undefined && f.arrayConfig !== 'CONTAINS') fail(where, `field "${f.fieldPath}": arrayConfig must be CONTAINS.`);
  // Vector indexes serve findNearest, which this emulator does not run; keep them as unusable fields.
  return f.order
    ? { fieldPath: f.fieldPath, order: f.order as Direction }
    : f.arrayConfig
      ? { fieldPath: f.fieldPath, arrayConfig: 'CONTAINS' }
      : { fieldPath: f.fieldPath };
}

/** Reads firestore.indexes.json's content, with the checks `firebase deploy` makes. */
export function parseIndexConfig(raw: unknown): IndexConfig {
  const json = raw as { indexes?: unknown; fieldOverrides?: unknown };
  if (!json || typeof json !== 'object') fail('top level', 'expected an object with "indexes" and "fieldOverrides".');
  const indexes = (json.indexes ?? []) as unknown[];
  const overrides = (json.fieldOverrides ?? []) as unknown[];
  if (!Array.isArray(indexes)) fail('indexes', 'must be a list.');
  if (!Array.isArray(overrides)) fail('fieldOverrides', 'must be a list.');
  return {
    indexes: indexes.map((raw, i) => {
      const x = raw as Record<string, unknown>;
      const where = `indexes[${i}]`;
      if (!x || typeof x.collectionGroup !== 'string' || !x.collectionGroup) fail(where, 'needs a collectionGroup.');
      const queryScope = x.queryScope ?? 'COLLECTION';
      if (!isScope(queryScope)) fail(where, 'queryScope must be COLLECTION or COLLECTION_GROUP.');
      if (!Array.isArray(x.fields)) fail(where, 'needs a list of fields.');
      const fields = x.fields.map((f, j) => parseField(f, `${where}.fields[${j}]`));
      if (fields.length < 2) fail(where, 'a composite index needs at least two fields (one field is a single-field index: use fieldOverrides).');
      return { collectionGroup: x.collectionGroup, queryScope, fields };
    }),
    fieldOverrides: overrides.map((raw, i) => {
      const x = raw as Record<string, unknown>;
      const where = `fieldOverrides[${i}]`;
      if (!x || typeof x.collectionGroup !== 'string' || typeof x.fieldPath !== 'string') fail(where, 'needs a collectionGroup and a fieldPath.');
      if (x.fieldPath !== '*') parseFieldPath(x.fieldPath);
      const list = x.indexes ?? [];
      if (!Array.isArray(list)) fail(where, 'indexes must be a list.');
      return {
        collectionGroup: x.collectionGroup,
        fieldPath: x.fieldPath,
        indexes: list.map((m: Record<string, unknown>, j) => {
          const at = `${where}.indexes[${j}]`;
          if (m.queryScope !== undefined && !isScope(m.queryScope)) fail(at, 'queryScope must be COLLECTION or COLLECTION_GROUP.');
          if ((m.order === undefined) === (m.arrayConfig === undefined)) fail(at, 'needs exactly one of order or arrayConfig.');
          if (m.order !== undefined && !isDirection(m.order)) fail(at, 'order must be ASCENDING or DESCENDING.');
          if (m.arrayConfig !== undefined && m.arrayConfig !== 'CONTAINS') fail(at, 'arrayConfig must be CONTAINS.');
          return {
            queryScope: m.queryScope as QueryScope | undefined,
            order: m.order as Direction | undefined,
            arrayConfig: m.arrayConfig as 'CONTAINS' | undefined,
          };
        }),
      };
    }),
  };
}

// ---------- what a query needs ----------

type Simple = Exclude<Filter, { compositeFilter: unknown }>;

/** The filter in disjunctive normal form: each inner list is one conjunction. */
function disjuncts(filter: Filter | undefined): Simple[][] {
  if (!filter) return [[]];
  if (!('compositeFilter' in filter)) return [[filter]];
  const parts = filter.compositeFilter.filters.map(disjuncts);
  if (filter.compositeFilter.op === 'OR') return parts.flat();
  return parts.reduce<Simple[][]>((acc, part) => acc.flatMap((left) => part.map((right) => [...left, ...right])), [[]]);
}

const EQUALITY_OPS = new Set(['EQUAL', 'IN', 'IS_NULL', 'IS_NAN']);
const ARRAY_OPS = new Set(['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY']);

/**
 * What each disjunct of the query needs, for a collection query or a collection-group one.
 * `aggregated` are the fields that sum() and avg() read.
 */
export function indexNeeds(q: ParsedQuery, aggregated: string[] = []): IndexNeed[] {
  const order = q.order.filter((o) => o.fieldPath !== NAME_FIELD);
  const name = q.order.find((o) => o.fieldPath === NAME_FIELD);
  for (const field of aggregated) if (!order.some((o) => o.fieldPath === field)) order.push({ fieldPath: field, direction: 'ASCENDING' });
  const ordered = new Set(order.map((o) => o.fieldPath));
  return disjuncts(q.filter).map((conjunction) => {
    const equalities = new Set<string>();
    let arrayContains: string | null = null;
    for (const f of conjunction) {
      const { fieldPath } = 'fieldFilter' in f ? f.fieldFilter.field : f.unaryFilter.field;
      const op = 'fieldFilter' in f ? f.fieldFilter.op : f.unaryFilter.op;
      if (fieldPath === NAME_FIELD) continue; // every index ends in __name__
      if (EQUALITY_OPS.has(op) && !ordered.has(fieldPath)) equalities.add(fieldPath);
      if (ARRAY_OPS.has(op)) arrayContains = fieldPath;
    }
    return {
      collectionGroup: q.collectionId,
      queryScope: q.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION',
      equalities: [...equalities].sort(),
      arrayContains,
      order,
      nameDirection: name?.direction ?? order.at(-1)?.direction ?? 'ASCENDING',
    };
  });
}

// ---------- which indexes serve it ----------

type Mode = Direction | 'CONTAINS';

/** Whether the single-field index of `fieldPath` in this mode exists (defaults or overrides). */
export function singleFieldIndexed(config: IndexConfig, collectionGroup: string, scope: QueryScope, fieldPath: string, mode: Mode): boolean {
  const segments = parseFieldPath(fieldPath);
  // The nearest override wins: the field's own, then its parent map's, …, then the group's "*".
  for (let n = segments.length; n >= 0; n--) {
    const path = n === 0 ? '*' : fieldPath === NAME_FIELD ? fieldPath : segments.slice(0, n).map(quoteSegment).join('.');
    const override = config.fieldOverrides.find((o) => o.collectionGroup === collectionGroup && o.fieldPath === path);
    if (override)
      return override.indexes.some((m) => (m.queryScope ?? 'COLLECTION') === scope && (mode === 'CONTAINS' ? m.arrayConfig === 'CONTAINS' : m.order === mode));
  }
  return scope === 'COLLECTION';
}

function quoteSegment(segment: string): string {
  return /^[A-Za-z_][A-Za-z_0-9]*$/.test(segment) ? segment : `\`${segment.replace(/[`\\]/g, (c) => `\\${c}`)}\``;
}

/** An index's fields without __name__, and the direction of its trailing __name__. */
function normalised(index: CompositeIndex): { fields: IndexField[]; nameDirection: Direction } {
  const fields = [...index.fields];
  const last = fields.at(-1);
  if (last?.fieldPath === NAME_FIELD) {
    fields.pop();
    return { fields, nameDirection: last.order ?? 'ASCENDING' };
  }
  return { fields, nameDirection: last?.order ?? 'ASCENDING' };
}

/** The prefix of `index` ahead of the need's order, when the index can serve the need at all. */
function usablePrefix(index: CompositeIndex, need: IndexNeed): IndexField[] | null {
  if (index.collectionGroup !== need.collectionGroup || index.queryScope !== need.queryScope) return null;
  const { fields, nameDirection } = normalised(index);
  if (nameDirection !== need.nameDirection || fields.length < need.order.length) return null;
  const prefix = fields.slice(0, fields.length - need.order.length);
  const suffix = fields.slice(fields.length - need.order.length);
  if (!suffix.every((f, i) => f.fieldPath === need.order[i].fieldPath && f.order === need.order[i].direction)) return null;
  const pinned = new Set(need.equalities);
  const fits = prefix.every((f) => (f.arrayConfig ? f.fieldPath === need.arrayContains : pinned.has(f.fieldPath) && !!f.order));
  return fits ? prefix : null;
}

export function findServing(need: IndexNeed, config: IndexConfig): Serving {
  const { collectionGroup: group, queryScope: scope, equalities, arrayContains, order } = need;
  const single = (field: string, mode: Mode) => singleFieldIndexed(config, group, scope, field, mode);
  // Single-field indexes (merged for several equalities), when the order asks nothing of them.
  if (order.length === 0 && !arrayContains && equalities.every((e) => single(e, 'ASCENDING') || single(e, 'DESCENDING'))) {
    return { served: true, composites: [] };
  }
  if (order.length === 0 && arrayContains && equalities.length === 0 && single(arrayContains, 'CONTAINS')) return { served: true, composites: [] };
  if (
    order.length === 1 &&
    equalities.length === 0 &&
    !arrayContains &&
    need.nameDirection === order[0].direction &&
    single(order[0].fieldPath, order[0].direction)
  ) {
    return { served: true, composites: [] };
  }
  const wanted = new Set([...equalities, ...(arrayContains ? [arrayContains] : [])]);
  const usable = config.indexes
    .map((index) => ({ index, prefix: usablePrefix(index, need) }))
    .filter((u): u is { index: CompositeIndex; prefix: IndexField[] } => u.prefix !== null);
  // One index holding every pinned field is the plan Firestore prefers.
  const whole = usable.find((u) => u.prefix.length === wanted.size);
  if (whole) return { served: true, composites: [whole.index] };
  // Otherwise merge indexes that share the order suffix, each scanned with its whole prefix pinned.
  if (wanted.size === 0) return { served: false };
  const used: CompositeIndex[] = [];
  const covered = new Set<string>();
  for (const u of usable) {
    if (u.prefix.some((f) => !covered.has(f.fieldPath))) {
      used.push(u.index);
      u.prefix.forEach((f) => covered.add(f.fieldPath));
    }
  }
  return covered.size === wanted.size && used.length > 1 ? { served: true, composites: used } : { served: false };
}

/** The composite index that serves the need on its own: what to add to firestore.indexes.json. */
export function indexFor(need: IndexNeed): CompositeIndex {
  const fields: IndexField[] = [
    ...need.equalities.map((fieldPath) => ({ fieldPath, order: 'ASCENDING' as const })),
    ...(need.arrayContains ? [{ fieldPath: need.arrayContains, arrayConfig: 'CONTAINS' as const }] : []),
    ...need.order.map((o) => ({ fieldPath: o.fieldPath, order: o.direction })),
  ];
  const last = fields.at(-1);
  const implicitName = last?.order ?? 'ASCENDING';
  if (implicitName !== need.nameDirection) fields.push({ fieldPath: NAME_FIELD, order: need.nameDirection });
  return { collectionGroup: need.collectionGroup, queryScope: need.queryScope, fields };
}

/** Whether the need is one field that a field override has taken out of the single-field indexes. */
function needsSingleField(need: IndexNeed): IndexField | null {
  const { equalities, arrayContains, order } = need;
  if (order.length === 0 && !arrayContains && equalities.length === 1) return { fieldPath: equalities[0], order: 'ASCENDING' };
  if (order.length === 0 && arrayContains && equalities.length === 0) return { fieldPath: arrayContains, arrayConfig: 'CONTAINS' };
  if (order.length === 1 && !arrayContains && equalities.length === 0 && need.nameDirection === order[0].direction)
    return { fieldPath: order[0].fieldPath, order: order[0].direction };
  return null;
}

/** Production's refusal, with the entry that would make the query work. */
export function missingIndexError(need: IndexNeed): ApiError {
  const field = needsSingleField(need);
  if (field) {
    const mode = field.arrayConfig ? { arrayConfig: field.arrayConfig } : { order: field.order };
    const override = { collectionGroup: need.collectionGroup, fieldPath: field.fieldPath, indexes: [{ ...mode, queryScope: need.queryScope }] };
    return new ApiError(
      'FAILED_PRECONDITION',
      `The query requires an index. The single-field index it needs is not enabled (${need.queryScope} scope); add this to "fieldOverrides" in firestore.indexes.json (keeping the modes the field already has): ${JSON.stringify(override)}`,
    );
  }
  return new ApiError('FAILED_PRECONDITION', `The query requires an index. Add this to "indexes" in firestore.indexes.json: ${JSON.stringify(indexFor(need))}`);
}

/** A stable key for an index, to count its use. */
export function indexKey(index: CompositeIndex): string {
  const fields = index.fields.map((f) => `${f.fieldPath}:${f.order ?? f.arrayConfig ?? 'VECTOR'}`).join(',');
  return `${index.collectionGroup}/${index.queryScope}/${fields}`;
}

/**
 * Checks a query against the indexes: returns the composites it uses, or throws production's
 * FAILED_PRECONDITION for the first disjunct no index serves.
 */
export function requireIndexes(config: IndexConfig, q: ParsedQuery, aggregated: string[] = []): CompositeIndex[] {
  const used: CompositeIndex[] = [];
  for (const need of indexNeeds(q, aggregated)) {
    const serving = findServing(need, config);
    if (!serving.served) throw missingIndexError(need);
    used.push(...serving.composites);
  }
  return used;
}
