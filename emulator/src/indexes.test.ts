import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { findServing, indexFor, indexNeeds, parseIndexConfig, requireIndexes, type CompositeIndex, type IndexConfig } from './indexes.ts';
import { parseStructuredQuery } from './query.ts';

// A compact query: filters as [field, op, value], orders as [field, 'asc' | 'desc'].
type Spec = { where?: Array<[string, string, unknown]>; or?: Array<[string, string, unknown]>; orderBy?: Array<[string, 'asc' | 'desc']>; group?: boolean };

const OPS: Record<string, string> = { '==': 'EQUAL', '!=': 'NOT_EQUAL', '<': 'LESS_THAN', '<=': 'LESS_THAN_OR_EQUAL', '>': 'GREATER_THAN', '>=': 'GREATER_THAN_OR_EQUAL', in: 'IN', 'not-in': 'NOT_IN', 'array-contains': 'ARRAY_CONTAINS', 'array-contains-any': 'ARRAY_CONTAINS_ANY' };

const value = (v: unknown): unknown => (Array.isArray(v) ? { arrayValue: { values: v.map(value) } } : typeof v === 'number' ? { integerValue: String(v) } : typeof v === 'boolean' ? { booleanValue: v } : { stringValue: String(v) });
const fieldFilter = ([f, op, v]: [string, string, unknown]) => ({ fieldFilter: { field: { fieldPath: f }, op: OPS[op], value: value(v) } });

function query(spec: Spec) {
  const filters = (spec.where ?? []).map(fieldFilter);
  if (spec.or) filters.push({ compositeFilter: { op: 'OR', filters: spec.or.map(fieldFilter) } } as never);
  return parseStructuredQuery({
    from: [{ collectionId: 'items', allDescendants: spec.group ?? false }],
    where: filters.length ? { compositeFilter: { op: 'AND', filters } } : undefined,
    orderBy: (spec.orderBy ?? []).map(([f, d]) => ({ field: { fieldPath: f }, direction: d === 'desc' ? 'DESCENDING' : 'ASCENDING' })),
  });
}

const idx = (...fields: string[]): CompositeIndex => ({
  collectionGroup: 'items',
  queryScope: 'COLLECTION',
  fields: fields.map((f) => {
    const [fieldPath, mode] = f.split(':');
    return mode === 'contains' ? { fieldPath, arrayConfig: 'CONTAINS' as const } : { fieldPath, order: mode === 'desc' ? ('DESCENDING' as const) : ('ASCENDING' as const) };
  }),
});

const none: IndexConfig = { indexes: [], fieldOverrides: [] };
const served = (spec: Spec, config: IndexConfig = none, aggregated: string[] = []) => {
  try {
    requireIndexes(config, query(spec), aggregated);
    return true;
  } catch (e) {
    if (e instanceof ApiError && e.status === 'FAILED_PRECONDITION') return false;
    throw e;
  }
};

describe('queries served by the automatic single-field indexes', () => {
  it.each<[string, Spec]>([
    ['no filter, no order', {}],
    ['one equality', { where: [['a', '==', 1]] }],
    ['several equalities (index merging)', { where: [['a', '==', 1], ['b', '==', 2], ['c', 'in', [1, 2]]] }],
    ['equalities ordered by __name__ descending', { where: [['a', '==', 1]], orderBy: [['__name__', 'desc']] }],
    ['a range on one field', { where: [['a', '>', 1]] }],
    ['a range and an order on the same field', { where: [['a', '>=', 1], ['a', '<', 9]], orderBy: [['a', 'desc']] }],
    ['an order on one field', { orderBy: [['a', 'desc']] }],
    ['!= and not-in on one field', { where: [['a', '!=', 1]] }],
    ['array-contains alone', { where: [['tags', 'array-contains', 'x']] }],
    ['array-contains-any alone', { where: [['tags', 'array-contains-any', ['x', 'y']]] }],
    ['a range on __name__ with equalities', { where: [['a', '==', 1]], orderBy: [['__name__', 'asc']] }],
    ['an OR of equalities', { or: [['a', '==', 1], ['b', '==', 2]] }],
  ])('%s', (_, spec) => expect(served(spec)).toBe(true));
});

describe('queries that need a composite index', () => {
  // Each shape, and the index Firestore would ask for.
  it.each<[string, Spec, string[]]>([
    ['an equality and an order', { where: [['status', '==', 'paid']], orderBy: [['timestamp', 'desc']] }, ['status:asc', 'timestamp:desc']],
    ['an equality and a range', { where: [['status', '==', 'paid'], ['amount', '>', 5]] }, ['status:asc', 'amount:asc']],
    ['a range on one field, ordered by another', { where: [['a', '>', 1]], orderBy: [['b', 'asc']] }, ['b:asc', 'a:asc']],
    ['ranges on two fields', { where: [['a', '>', 1], ['b', '<', 2]] }, ['a:asc', 'b:asc']],
    ['two orders', { orderBy: [['a', 'asc'], ['b', 'desc']] }, ['a:asc', 'b:desc']],
    ['array-contains and an equality', { where: [['tags', 'array-contains', 'x'], ['a', '==', 1]] }, ['a:asc', 'tags:contains']],
    ['array-contains and an order', { where: [['tags', 'array-contains', 'x']], orderBy: [['t', 'desc']] }, ['tags:contains', 't:desc']],
    ['an order, then __name__ against it', { orderBy: [['a', 'asc'], ['__name__', 'desc']] }, ['a:asc', '__name__:desc']],
    ['in and an order', { where: [['a', 'in', [1, 2]]], orderBy: [['t', 'asc']] }, ['a:asc', 't:asc']],
  ])('%s', (_, spec, fields) => {
    expect(served(spec)).toBe(false);
    const [need] = indexNeeds(query(spec));
    expect(indexFor(need)).toEqual(idx(...fields));
    expect(served(spec, { indexes: [idx(...fields)], fieldOverrides: [] })).toBe(true);
  });

  it('says so as production does, with the entry to add', () => {
    const run = () => requireIndexes(none, query({ where: [['status', '==', 'paid']], orderBy: [['timestamp', 'desc']] }));
    expect(run).toThrow(ApiError);
    try {
      run();
    } catch (e) {
      const error = e as ApiError;
      expect(error.status).toBe('FAILED_PRECONDITION');
      expect(error.httpStatus).toBe(400);
      expect(error.message).toMatch(/^The query requires an index\./);
      const entry = JSON.parse(error.message.slice(error.message.indexOf('{')));
      expect(entry).toEqual({ collectionGroup: 'items', queryScope: 'COLLECTION', fields: [{ fieldPath: 'status', order: 'ASCENDING' }, { fieldPath: 'timestamp', order: 'DESCENDING' }] });
    }
  });
});

describe('matching composite indexes', () => {
  const spec: Spec = { where: [['a', '==', 1], ['b', '==', 2]], orderBy: [['t', 'desc']] };

  it('takes the equality fields in any order and direction', () => {
    expect(served(spec, { indexes: [idx('b:desc', 'a:asc', 't:desc')], fieldOverrides: [] })).toBe(true);
  });

  it('needs the order fields exactly: direction and position', () => {
    expect(served(spec, { indexes: [idx('a:asc', 'b:asc', 't:asc')], fieldOverrides: [] })).toBe(false);
    expect(served(spec, { indexes: [idx('a:asc', 't:desc', 'b:asc')], fieldOverrides: [] })).toBe(false);
  });

  it('does not serve a query with fewer filters than the index pins', () => {
    expect(served({ where: [['a', '==', 1]], orderBy: [['t', 'desc']] }, { indexes: [idx('a:asc', 'b:asc', 't:desc')], fieldOverrides: [] })).toBe(false);
  });

  it('merges indexes that share the order suffix', () => {
    const config = { indexes: [idx('a:asc', 't:desc'), idx('b:asc', 't:desc')], fieldOverrides: [] };
    expect(served(spec, config)).toBe(true);
    expect(findServing(indexNeeds(query(spec))[0], config)).toEqual({ served: true, composites: config.indexes });
    expect(served({ where: [['a', '==', 1], ['c', '==', 2]], orderBy: [['t', 'desc']] }, config)).toBe(false);
  });

  it('merges composites that each pin the array-contains field too', () => {
    const search: Spec = { where: [['a', '==', 1], ['b', '==', 2], ['tags', 'array-contains', 'x']], orderBy: [['t', 'desc']] };
    expect(served(search, { indexes: [idx('a:asc', 'tags:contains', 't:desc'), idx('b:asc', 'tags:contains', 't:desc')], fieldOverrides: [] })).toBe(true);
    expect(served(search, { indexes: [idx('a:asc', 't:desc'), idx('b:asc', 't:desc')], fieldOverrides: [] })).toBe(false);
  });

  it('ignores indexes of another collection or scope', () => {
    const other = { ...idx('a:asc', 't:desc'), collectionGroup: 'others' };
    const group = { ...idx('a:asc', 't:desc'), queryScope: 'COLLECTION_GROUP' as const };
    const s: Spec = { where: [['a', '==', 1]], orderBy: [['t', 'desc']] };
    expect(served(s, { indexes: [other, group], fieldOverrides: [] })).toBe(false);
    expect(served({ ...s, group: true }, { indexes: [group], fieldOverrides: [] })).toBe(true);
  });

  it('needs every disjunct of an OR served', () => {
    const s: Spec = { or: [['a', '==', 1], ['b', '==', 2]], orderBy: [['t', 'desc']] };
    expect(served(s, { indexes: [idx('a:asc', 't:desc')], fieldOverrides: [] })).toBe(false);
    expect(served(s, { indexes: [idx('a:asc', 't:desc'), idx('b:asc', 't:desc')], fieldOverrides: [] })).toBe(true);
  });

  it('puts the fields that sum() and avg() read into the index', () => {
    expect(served({}, none, ['amount'])).toBe(true);
    expect(served({ where: [['status', '==', 'paid']] }, none, ['amount'])).toBe(false);
    expect(served({ where: [['status', '==', 'paid']] }, { indexes: [idx('status:asc', 'amount:asc')], fieldOverrides: [] }, ['amount'])).toBe(true);
  });
});

describe('single-field indexes and overrides', () => {
  it('has no single-field index in collection-group scope unless an override adds it', () => {
    expect(served({ where: [['a', '==', 1]], group: true })).toBe(false);
    const config = parseIndexConfig({ fieldOverrides: [{ collectionGroup: 'items', fieldPath: 'a', indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }] }] });
    expect(served({ where: [['a', '==', 1]], group: true }, config)).toBe(true);
  });

  it('honours an exemption of a field, of its parent map and of the whole group', () => {
    const exempt = (fieldPath: string) => parseIndexConfig({ fieldOverrides: [{ collectionGroup: 'items', fieldPath, indexes: [] }] });
    expect(served({ where: [['body', '==', 'x']] }, exempt('body'))).toBe(false);
    expect(served({ orderBy: [['meta.size', 'desc']] }, exempt('meta'))).toBe(false);
    expect(served({ where: [['a', '==', 1]] }, exempt('*'))).toBe(false);
    expect(served({ where: [['other', '==', 1]] }, exempt('body'))).toBe(true);
  });

  it('honours an override that keeps some modes only', () => {
    const config = parseIndexConfig({ fieldOverrides: [{ collectionGroup: 'items', fieldPath: 't', indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }] }] });
    expect(served({ orderBy: [['t', 'asc']] }, config)).toBe(true);
    expect(served({ orderBy: [['t', 'desc']] }, config)).toBe(false);
    expect(served({ where: [['t', 'array-contains', 1]] }, config)).toBe(false);
  });

  it('asks for a field override, not a composite, when one field is missing', () => {
    const config = parseIndexConfig({ fieldOverrides: [{ collectionGroup: 'items', fieldPath: 'body', indexes: [] }] });
    expect(() => requireIndexes(config, query({ where: [['body', '==', 'x']] }))).toThrow(/"fieldOverrides"[^{]*\{"collectionGroup":"items","fieldPath":"body","indexes":\[\{"order":"ASCENDING","queryScope":"COLLECTION"\}\]\}/);
  });
});

describe('the indexes file', () => {
  it('reads the project file as deployed', () => {
    const config = parseIndexConfig({ indexes: [{ collectionGroup: 'items', queryScope: 'COLLECTION', fields: [{ fieldPath: 'a', order: 'ASCENDING' }, { fieldPath: 'b', arrayConfig: 'CONTAINS' }] }], fieldOverrides: [] });
    expect(config.indexes).toHaveLength(1);
  });

  it.each([
    [{ indexes: {} }, /must be a list/],
    [{ indexes: [{ queryScope: 'COLLECTION', fields: [] }] }, /collectionGroup/],
    [{ indexes: [{ collectionGroup: 'x', queryScope: 'NOPE', fields: [] }] }, /queryScope/],
    [{ indexes: [{ collectionGroup: 'x', fields: [{ fieldPath: 'a', order: 'ASCENDING' }] }] }, /at least two fields/],
    [{ indexes: [{ collectionGroup: 'x', fields: [{ fieldPath: 'a' }, { fieldPath: 'b', order: 'UP' }] }] }, /exactly one of|ASCENDING or DESCENDING/],
    [{ fieldOverrides: [{ collectionGroup: 'x', fieldPath: 'a', indexes: [{ order: 'ASCENDING', arrayConfig: 'CONTAINS' }] }] }, /exactly one of/],
  ])('refuses %j', (raw, message) => {
    expect(() => parseIndexConfig(raw)).toThrow(message);
  });
});
