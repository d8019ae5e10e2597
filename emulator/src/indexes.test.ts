import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import {
  findServing,
  indexFor,
  indexKey,
  indexNeeds,
  missingIndexError,
  parseIndexConfig,
  requireIndexes,
  singleFieldIndexed,
  type CompositeIndex,
  type IndexConfig,
} from './indexes.ts';
import { parseStructuredQuery } from './query.ts';

// A compact query: filters as [field, op, value], orders as [field, 'asc' | 'desc'].
type Spec = { where?: Array<[string, string, unknown]>; or?: Array<[string, string, unknown]>; orderBy?: Array<[string, 'asc' | 'desc']>; group?: boolean };

const OPS: Record<string, string> = {
  '==': 'EQUAL',
  '!=': 'NOT_EQUAL',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
  in: 'IN',
  'not-in': 'NOT_IN',
  'array-contains': 'ARRAY_CONTAINS',
  'array-contains-any': 'ARRAY_CONTAINS_ANY',
};

const value = (v: unknown): unknown =>
  Array.isArray(v)
    ? { arrayValue: { values: v.map(value) } }
    : typeof v === 'number'
      ? { integerValue: String(v) }
      : typeof v === 'boolean'
        ? { booleanValue: v }
        : { stringValue: String(v) };
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
    return mode === 'contains'
      ? { fieldPath, arrayConfig: 'CONTAINS' as const }
      : { fieldPath, order: mode === 'desc' ? ('DESCENDING' as const) : ('ASCENDING' as const) };
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
    [
      'several equalities (index merging)',
      {
        where: [
          ['a', '==', 1],
          ['b', '==', 2],
          ['c', 'in', [1, 2]],
        ],
      },
    ],
    ['equalities ordered by __name__ descending', { where: [['a', '==', 1]], orderBy: [['__name__', 'desc']] }],
    ['a range on one field', { where: [['a', '>', 1]] }],
    [
      'a range and an order on the same field',
      {
        where: [
          ['a', '>=', 1],
          ['a', '<', 9],
        ],
        orderBy: [['a', 'desc']],
      },
    ],
    ['an order on one field', { orderBy: [['a', 'desc']] }],
    ['!= and not-in on one field', { where: [['a', '!=', 1]] }],
    ['array-contains alone', { where: [['tags', 'array-contains', 'x']] }],
    ['array-contains-any alone', { where: [['tags', 'array-contains-any', ['x', 'y']]] }],
    ['a range on __name__ with equalities', { where: [['a', '==', 1]], orderBy: [['__name__', 'asc']] }],
    [
      'an OR of equalities',
      {
        or: [
          ['a', '==', 1],
          ['b', '==', 2],
        ],
      },
    ],
  ])('%s', (_, spec) => expect(served(spec)).toBe(true));
});

describe('queries that need a composite index', () => {
  // Each shape, and the index Firestore would ask for.
  it.each<[string, Spec, string[]]>([
    ['an equality and an order', { where: [['status', '==', 'paid']], orderBy: [['timestamp', 'desc']] }, ['status:asc', 'timestamp:desc']],
    [
      'an equality and a range',
      {
        where: [
          ['status', '==', 'paid'],
          ['amount', '>', 5],
        ],
      },
      ['status:asc', 'amount:asc'],
    ],
    ['a range on one field, ordered by another', { where: [['a', '>', 1]], orderBy: [['b', 'asc']] }, ['b:asc', 'a:asc']],
    [
      'ranges on two fields',
      {
        where: [
          ['a', '>', 1],
          ['b', '<', 2],
        ],
      },
      ['a:asc', 'b:asc'],
    ],
    [
      'two orders',
      {
        orderBy: [
          ['a', 'asc'],
          ['b', 'desc'],
        ],
      },
      ['a:asc', 'b:desc'],
    ],
    [
      'array-contains and an equality',
      {
        where: [
          ['tags', 'array-contains', 'x'],
          ['a', '==', 1],
        ],
      },
      ['a:asc', 'tags:contains'],
    ],
    ['array-contains and an order', { where: [['tags', 'array-contains', 'x']], orderBy: [['t', 'desc']] }, ['tags:contains', 't:desc']],
    [
      'an order, then __name__ against it',
      {
        orderBy: [
          ['a', 'asc'],
          ['__name__', 'desc'],
        ],
      },
      ['a:asc', '__name__:desc'],
    ],
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
      expect(entry).toEqual({
        collectionGroup: 'items',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'status', order: 'ASCENDING' },
          { fieldPath: 'timestamp', order: 'DESCENDING' },
        ],
      });
    }
  });
});

describe('matching composite indexes', () => {
  const spec: Spec = {
    where: [
      ['a', '==', 1],
      ['b', '==', 2],
    ],
    orderBy: [['t', 'desc']],
  };

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
    expect(
      served(
        {
          where: [
            ['a', '==', 1],
            ['c', '==', 2],
          ],
          orderBy: [['t', 'desc']],
        },
        config,
      ),
    ).toBe(false);
  });

  it('merges composites that each pin the array-contains field too', () => {
    const search: Spec = {
      where: [
        ['a', '==', 1],
        ['b', '==', 2],
        ['tags', 'array-contains', 'x'],
      ],
      orderBy: [['t', 'desc']],
    };
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
    const s: Spec = {
      or: [
        ['a', '==', 1],
        ['b', '==', 2],
      ],
      orderBy: [['t', 'desc']],
    };
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
    const config = parseIndexConfig({
      fieldOverrides: [{ collectionGroup: 'items', fieldPath: 'a', indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }] }],
    });
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
    const config = parseIndexConfig({
      fieldOverrides: [{ collectionGroup: 'items', fieldPath: 't', indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }] }],
    });
    expect(served({ orderBy: [['t', 'asc']] }, config)).toBe(true);
    expect(served({ orderBy: [['t', 'desc']] }, config)).toBe(false);
    expect(served({ where: [['t', 'array-contains', 1]] }, config)).toBe(false);
  });

  it('asks for a field override, not a composite, when one field is missing', () => {
    const config = parseIndexConfig({ fieldOverrides: [{ collectionGroup: 'items', fieldPath: 'body', indexes: [] }] });
    expect(() => requireIndexes(config, query({ where: [['body', '==', 'x']] }))).toThrow(
      /"fieldOverrides"[^{]*\{"collectionGroup":"items","fieldPath":"body","indexes":\[\{"order":"ASCENDING","queryScope":"COLLECTION"\}\]\}/,
    );
  });
});

describe('the indexes file', () => {
  it('reads the project file as deployed', () => {
    const config = parseIndexConfig({
      indexes: [
        {
          collectionGroup: 'items',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 'a', order: 'ASCENDING' },
            { fieldPath: 'b', arrayConfig: 'CONTAINS' },
          ],
        },
      ],
      fieldOverrides: [],
    });
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

describe('the indexes file, check by check', () => {
  const refuses = (raw: unknown, message: string) => expect(() => parseIndexConfig(raw)).toThrow(`Indexes file: ${message}`);
  const two = [
    { fieldPath: 'a', order: 'ASCENDING' },
    { fieldPath: 'b', order: 'DESCENDING' },
  ];

  it('reads fields of each mode, COLLECTION by default, and empty files', () => {
    expect(parseIndexConfig({})).toEqual({ indexes: [], fieldOverrides: [] });
    expect(
      parseIndexConfig({
        indexes: [
          {
            collectionGroup: 'x',
            fields: [
              { fieldPath: 'a', order: 'DESCENDING' },
              { fieldPath: 'b', arrayConfig: 'CONTAINS' },
              { fieldPath: 'v', vectorConfig: { dimension: 3 } },
              { fieldPath: '__name__', order: 'ASCENDING' },
            ],
          },
        ],
        fieldOverrides: [
          { collectionGroup: 'x', fieldPath: 'm.n', indexes: [{ arrayConfig: 'CONTAINS', queryScope: 'COLLECTION_GROUP' }] },
          { collectionGroup: 'x', fieldPath: 'e' },
        ],
      }),
    ).toEqual({
      indexes: [
        {
          collectionGroup: 'x',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 'a', order: 'DESCENDING' },
            { fieldPath: 'b', arrayConfig: 'CONTAINS' },
            { fieldPath: 'v' },
            { fieldPath: '__name__', order: 'ASCENDING' },
          ],
        },
      ],
      fieldOverrides: [
        { collectionGroup: 'x', fieldPath: 'm.n', indexes: [{ queryScope: 'COLLECTION_GROUP', order: undefined, arrayConfig: 'CONTAINS' }] },
        { collectionGroup: 'x', fieldPath: 'e', indexes: [] },
      ],
    });
  });

  it.each<[unknown, string]>([
    [null, 'top level: expected an object with "indexes" and "fieldOverrides".'],
    ['x', 'top level: expected an object with "indexes" and "fieldOverrides".'],
    [{ indexes: {} }, 'indexes: must be a list.'],
    [{ fieldOverrides: {} }, 'fieldOverrides: must be a list.'],
    [{ indexes: [null] }, 'indexes[0]: needs a collectionGroup.'],
    [{ indexes: [{ collectionGroup: '', fields: two }] }, 'indexes[0]: needs a collectionGroup.'],
    [{ indexes: [{ collectionGroup: 3, fields: two }] }, 'indexes[0]: needs a collectionGroup.'],
    [
      {
        indexes: [
          { collectionGroup: 'x', fields: two },
          { collectionGroup: 'x', queryScope: 'ALL', fields: two },
        ],
      },
      'indexes[1]: queryScope must be COLLECTION or COLLECTION_GROUP.',
    ],
    [{ indexes: [{ collectionGroup: 'x' }] }, 'indexes[0]: needs a list of fields.'],
    [{ indexes: [{ collectionGroup: 'x', fields: [two[0], null] }] }, 'indexes[0].fields[1]: each field needs a fieldPath.'],
    [{ indexes: [{ collectionGroup: 'x', fields: [two[0], { fieldPath: 1, order: 'ASCENDING' }] }] }, 'indexes[0].fields[1]: each field needs a fieldPath.'],
    [
      { indexes: [{ collectionGroup: 'x', fields: [two[0], { fieldPath: 'b' }] }] },
      'indexes[0].fields[1]: field "b" needs exactly one of order, arrayConfig or vectorConfig.',
    ],
    [
      { indexes: [{ collectionGroup: 'x', fields: [two[0], { fieldPath: 'b', order: 'ASCENDING', vectorConfig: {} }] }] },
      'indexes[0].fields[1]: field "b" needs exactly one of order, arrayConfig or vectorConfig.',
    ],
    [
      { indexes: [{ collectionGroup: 'x', fields: [two[0], { fieldPath: 'b', order: 'UP' }] }] },
      'indexes[0].fields[1]: field "b": order must be ASCENDING or DESCENDING.',
    ],
    [
      { indexes: [{ collectionGroup: 'x', fields: [two[0], { fieldPath: 'b', arrayConfig: 'ANY' }] }] },
      'indexes[0].fields[1]: field "b": arrayConfig must be CONTAINS.',
    ],
    [
      { indexes: [{ collectionGroup: 'x', fields: [two[0]] }] },
      'indexes[0]: a composite index needs at least two fields (one field is a single-field index: use fieldOverrides).',
    ],
    [{ fieldOverrides: [null] }, 'fieldOverrides[0]: needs a collectionGroup and a fieldPath.'],
    [{ fieldOverrides: [{ collectionGroup: 'x' }] }, 'fieldOverrides[0]: needs a collectionGroup and a fieldPath.'],
    [{ fieldOverrides: [{ fieldPath: 'a' }] }, 'fieldOverrides[0]: needs a collectionGroup and a fieldPath.'],
    [{ fieldOverrides: [{ collectionGroup: 'x', fieldPath: 'a', indexes: {} }] }, 'fieldOverrides[0]: indexes must be a list.'],
    [
      { fieldOverrides: [{ collectionGroup: 'x', fieldPath: 'a', indexes: [{ order: 'ASCENDING', queryScope: 'ALL' }] }] },
      'fieldOverrides[0].indexes[0]: queryScope must be COLLECTION or COLLECTION_GROUP.',
    ],
    [
      { fieldOverrides: [{ collectionGroup: 'x', fieldPath: 'a', indexes: [{ queryScope: 'COLLECTION' }] }] },
      'fieldOverrides[0].indexes[0]: needs exactly one of order or arrayConfig.',
    ],
    [
      { fieldOverrides: [{ collectionGroup: 'x', fieldPath: 'a', indexes: [{ order: 'UP' }] }] },
      'fieldOverrides[0].indexes[0]: order must be ASCENDING or DESCENDING.',
    ],
    [
      { fieldOverrides: [{ collectionGroup: 'x', fieldPath: 'a', indexes: [{ arrayConfig: 'ANY' }] }] },
      'fieldOverrides[0].indexes[0]: arrayConfig must be CONTAINS.',
    ],
  ])('refuses %j', (raw, message) => refuses(raw, message));

  it('checks field paths, except __name__ in an index and "*" in an override', () => {
    expect(() => parseIndexConfig({ indexes: [{ collectionGroup: 'x', fields: [{ fieldPath: 'a..b', order: 'ASCENDING' }, two[1]] }] })).toThrow();
    expect(() => parseIndexConfig({ fieldOverrides: [{ collectionGroup: 'x', fieldPath: 'a..b' }] })).toThrow();
    expect(() => parseIndexConfig({ fieldOverrides: [{ collectionGroup: 'x', fieldPath: '*' }] })).not.toThrow();
  });
});

describe('what a query needs', () => {
  it('skips filters on __name__ and equalities on ordered fields, and ends in __name__ in the last direction', () => {
    const q = query({
      where: [
        ['a', '==', 1],
        ['t', '==', 2],
      ],
      orderBy: [['t', 'desc']],
    });
    const onName = parseStructuredQuery({
      from: [{ collectionId: 'items' }],
      where: {
        compositeFilter: {
          op: 'AND',
          filters: [
            { fieldFilter: { field: { fieldPath: '__name__' }, op: 'EQUAL', value: { referenceValue: 'projects/p/databases/(default)/documents/items/x' } } },
            q.filter,
          ],
        },
      },
      orderBy: [{ field: { fieldPath: 't' }, direction: 'DESCENDING' }],
    });
    const [need] = indexNeeds(onName);
    expect(need).toEqual({
      collectionGroup: 'items',
      queryScope: 'COLLECTION',
      equalities: ['a'],
      arrayContains: null,
      order: [{ fieldPath: 't', direction: 'DESCENDING' }],
      nameDirection: 'DESCENDING',
    });
  });

  it('sorts equalities, counts is-null and is-nan as equalities, and array-contains-any as array-contains', () => {
    const q = parseStructuredQuery({
      from: [{ collectionId: 'items', allDescendants: true }],
      where: {
        compositeFilter: {
          op: 'AND',
          filters: [
            { unaryFilter: { field: { fieldPath: 'z' }, op: 'IS_NULL' } },
            { unaryFilter: { field: { fieldPath: 'y' }, op: 'IS_NAN' } },
            { fieldFilter: { field: { fieldPath: 'x' }, op: 'IN', value: { arrayValue: { values: [{ integerValue: '1' }] } } } },
            { fieldFilter: { field: { fieldPath: 'tags' }, op: 'ARRAY_CONTAINS_ANY', value: { arrayValue: { values: [{ integerValue: '1' }] } } } },
          ],
        },
      },
    });
    expect(indexNeeds(q)).toEqual([
      { collectionGroup: 'items', queryScope: 'COLLECTION_GROUP', equalities: ['x', 'y', 'z'], arrayContains: 'tags', order: [], nameDirection: 'ASCENDING' },
    ]);
  });

  it('adds aggregated fields once, ascending, after the order', () => {
    const [need] = indexNeeds(query({ orderBy: [['a', 'desc']] }), ['a', 'b', 'b']);
    expect(need.order).toEqual([
      { fieldPath: 'a', direction: 'DESCENDING' },
      { fieldPath: 'b', direction: 'ASCENDING' },
    ]);
    expect(need.nameDirection).toBe('DESCENDING');
  });

  it('has one need per disjunct of an OR, each with the AND-ed filters', () => {
    const needs = indexNeeds(
      query({
        where: [['c', '==', 1]],
        or: [
          ['a', '==', 1],
          ['b', 'array-contains', 2],
        ],
      }),
    );
    expect(needs.map((n) => [n.equalities, n.arrayContains])).toEqual([
      [['a', 'c'], null],
      [['c'], 'b'],
    ]);
  });
});

describe('serving and the error production gives', () => {
  const need = (spec: Spec, aggregated: string[] = []) => indexNeeds(query(spec), aggregated)[0];

  it('serves an order on one field by its single-field index only with __name__ in the same direction', () => {
    expect(
      served({
        orderBy: [
          ['a', 'asc'],
          ['__name__', 'asc'],
        ],
      }),
    ).toBe(true);
    expect(
      served({
        orderBy: [
          ['a', 'desc'],
          ['__name__', 'asc'],
        ],
      }),
    ).toBe(false);
    expect(served({ orderBy: [['a', 'asc']] }, none, ['a'])).toBe(true);
  });

  it('serves equalities only when each has a single-field index in some direction', () => {
    const config = parseIndexConfig({ fieldOverrides: [{ collectionGroup: 'items', fieldPath: 'a', indexes: [{ order: 'DESCENDING' }] }] });
    expect(
      served(
        {
          where: [
            ['a', '==', 1],
            ['b', '==', 1],
          ],
        },
        config,
      ),
    ).toBe(true);
    const exempt = parseIndexConfig({ fieldOverrides: [{ collectionGroup: 'items', fieldPath: 'a', indexes: [{ arrayConfig: 'CONTAINS' }] }] });
    expect(
      served(
        {
          where: [
            ['a', '==', 1],
            ['b', '==', 1],
          ],
        },
        exempt,
      ),
    ).toBe(false);
    expect(served({ where: [['a', 'array-contains', 1]] }, exempt)).toBe(true);
    expect(
      served({
        where: [
          ['a', 'array-contains', 1],
          ['b', '==', 1],
        ],
      }),
    ).toBe(false);
  });

  it('matches an index whose trailing __name__ runs in the query direction, explicit or implied', () => {
    const s: Spec = { where: [['a', '==', 1]], orderBy: [['t', 'desc']] };
    expect(served(s, { indexes: [idx('a:asc', 't:desc', '__name__:desc')], fieldOverrides: [] })).toBe(true);
    expect(served(s, { indexes: [idx('a:asc', 't:desc', '__name__:asc')], fieldOverrides: [] })).toBe(false);
    const asc: Spec = {
      where: [['a', '==', 1]],
      orderBy: [
        ['t', 'asc'],
        ['__name__', 'desc'],
      ],
    };
    expect(served(asc, { indexes: [idx('a:asc', 't:asc')], fieldOverrides: [] })).toBe(false);
    expect(served(asc, { indexes: [idx('a:asc', 't:asc', '__name__:desc')], fieldOverrides: [] })).toBe(true);
  });

  it('does not use an index with an array-contains field the query does not pin, or with fewer fields than the order', () => {
    const s: Spec = { where: [['a', '==', 1]], orderBy: [['t', 'desc']] };
    expect(served(s, { indexes: [idx('tags:contains', 'a:asc', 't:desc')], fieldOverrides: [] })).toBe(false);
    expect(
      served(
        {
          orderBy: [
            ['a', 'asc'],
            ['b', 'asc'],
            ['c', 'asc'],
          ],
        },
        { indexes: [idx('b:asc', 'c:asc')], fieldOverrides: [] },
      ),
    ).toBe(false);
    expect(
      served(
        {
          where: [
            ['a', '==', 1],
            ['t', '>', 1],
          ],
        },
        { indexes: [idx('a:desc', 't:asc')], fieldOverrides: [] },
      ),
    ).toBe(true);
  });

  it('prefers one whole index, and merges only what adds a field', () => {
    const s: Spec = {
      where: [
        ['a', '==', 1],
        ['b', '==', 2],
      ],
      orderBy: [['t', 'desc']],
    };
    const whole = idx('a:asc', 'b:asc', 't:desc');
    const ta = idx('a:asc', 't:desc');
    const tb = idx('b:asc', 't:desc');
    expect(findServing(need(s), { indexes: [ta, whole, tb], fieldOverrides: [] })).toEqual({ served: true, composites: [whole] });
    expect(findServing(need(s), { indexes: [ta, ta, tb], fieldOverrides: [] })).toEqual({ served: true, composites: [ta, tb] });
    expect(findServing(need(s), { indexes: [ta, ta], fieldOverrides: [] })).toEqual({ served: false });
    expect(
      findServing(
        need({
          orderBy: [
            ['t', 'desc'],
            ['u', 'asc'],
          ],
        }),
        { indexes: [ta], fieldOverrides: [] },
      ),
    ).toEqual({ served: false });
    expect(
      findServing(
        need({
          orderBy: [
            ['t', 'desc'],
            ['u', 'asc'],
          ],
        }),
        { indexes: [idx('t:desc', 'u:asc')], fieldOverrides: [] },
      ),
    ).toEqual({ served: true, composites: [idx('t:desc', 'u:asc')] });
    expect(requireIndexes({ indexes: [ta, tb], fieldOverrides: [] }, query(s))).toEqual([ta, tb]);
    expect(requireIndexes(none, query({ where: [['a', '==', 1]] }))).toEqual([]);
  });

  it('asks for __name__ in the index only when it runs against the last field', () => {
    expect(
      indexFor(
        need({
          orderBy: [
            ['a', 'desc'],
            ['b', 'asc'],
            ['__name__', 'desc'],
          ],
        }),
      ),
    ).toEqual(idx('a:desc', 'b:asc', '__name__:desc'));
    expect(
      indexFor(
        need({
          orderBy: [
            ['a', 'desc'],
            ['b', 'desc'],
          ],
        }),
      ),
    ).toEqual(idx('a:desc', 'b:desc'));
    expect(indexFor(need({ where: [['tags', 'array-contains', 1]], orderBy: [['__name__', 'desc']] }))).toEqual(idx('tags:contains', '__name__:desc'));
    expect(indexFor(need({ where: [['a', '==', 1]], group: true }))).toEqual({ ...idx('a:asc'), queryScope: 'COLLECTION_GROUP' });
  });

  it('asks for a single-field override for one array-contains or one order, a composite otherwise', () => {
    const message = (spec: Spec) => missingIndexError(need(spec)).message;
    expect(message({ where: [['tags', 'array-contains', 1]], group: true })).toContain(
      'The single-field index it needs is not enabled (COLLECTION_GROUP scope); add this to "fieldOverrides" in firestore.indexes.json (keeping the modes the field already has): {"collectionGroup":"items","fieldPath":"tags","indexes":[{"arrayConfig":"CONTAINS","queryScope":"COLLECTION_GROUP"}]}',
    );
    expect(message({ orderBy: [['t', 'desc']], group: true })).toContain(
      '{"collectionGroup":"items","fieldPath":"t","indexes":[{"order":"DESCENDING","queryScope":"COLLECTION_GROUP"}]}',
    );
    expect(
      message({
        orderBy: [
          ['t', 'desc'],
          ['__name__', 'asc'],
        ],
      }),
    ).toBe(
      'The query requires an index. Add this to "indexes" in firestore.indexes.json: {"collectionGroup":"items","queryScope":"COLLECTION","fields":[{"fieldPath":"t","order":"DESCENDING"},{"fieldPath":"__name__","order":"ASCENDING"}]}',
    );
    expect(
      message({
        where: [
          ['a', '==', 1],
          ['b', '==', 1],
        ],
      }),
    ).toMatch(/^The query requires an index\. Add this to "indexes"/);
    expect(
      message({
        where: [
          ['a', '==', 1],
          ['tags', 'array-contains', 1],
        ],
      }),
    ).toMatch(/Add this to "indexes"/);
    expect(message({ where: [['tags', 'array-contains', 1]], orderBy: [['t', 'asc']] })).toMatch(/Add this to "indexes"/);
    expect(missingIndexError(need({ where: [['a', '==', 1]] })).status).toBe('FAILED_PRECONDITION');
  });

  it('keys an index by group, scope and field modes', () => {
    expect(
      indexKey({
        collectionGroup: 'g',
        queryScope: 'COLLECTION_GROUP',
        fields: [{ fieldPath: 'a', order: 'ASCENDING' }, { fieldPath: 'b', arrayConfig: 'CONTAINS' }, { fieldPath: 'v' }],
      }),
    ).toBe('g/COLLECTION_GROUP/a:ASCENDING,b:CONTAINS,v:VECTOR');
  });
});

describe('single-field overrides by path', () => {
  const config = (fieldPath: string, indexes: unknown[] = []) => parseIndexConfig({ fieldOverrides: [{ collectionGroup: 'items', fieldPath, indexes }] });

  it('finds the nearest override: the field, its parent, then "*"; other groups do not count', () => {
    const c = parseIndexConfig({
      fieldOverrides: [
        { collectionGroup: 'items', fieldPath: 'm', indexes: [] },
        { collectionGroup: 'items', fieldPath: 'm.keep', indexes: [{ order: 'ASCENDING' }] },
        { collectionGroup: 'other', fieldPath: 'x', indexes: [] },
      ],
    });
    expect(singleFieldIndexed(c, 'items', 'COLLECTION', 'm.keep', 'ASCENDING')).toBe(true);
    expect(singleFieldIndexed(c, 'items', 'COLLECTION', 'm.drop', 'ASCENDING')).toBe(false);
    expect(singleFieldIndexed(c, 'items', 'COLLECTION', 'x', 'ASCENDING')).toBe(true);
    expect(singleFieldIndexed(c, 'other', 'COLLECTION', 'x', 'DESCENDING')).toBe(false);
    expect(singleFieldIndexed(c, 'items', 'COLLECTION_GROUP', 'x', 'ASCENDING')).toBe(false);
  });

  it('matches quoted segments as the override names them', () => {
    expect(singleFieldIndexed(config('`a-b`'), 'items', 'COLLECTION', '`a-b`', 'ASCENDING')).toBe(false);
    expect(singleFieldIndexed(config('`a-b`.c'), 'items', 'COLLECTION', '`a-b`.c', 'ASCENDING')).toBe(false);
    expect(singleFieldIndexed(config('`a\\`b`'), 'items', 'COLLECTION', '`a\\`b`', 'ASCENDING')).toBe(false);
    expect(singleFieldIndexed(config('_a9'), 'items', 'COLLECTION', '_a9', 'ASCENDING')).toBe(false);
    expect(singleFieldIndexed(config('`9a`'), 'items', 'COLLECTION', '`9a`', 'ASCENDING')).toBe(false);
    expect(singleFieldIndexed(config('__name__'), 'items', 'COLLECTION', '__name__', 'ASCENDING')).toBe(false);
  });

  it('takes the scope of an override mode as COLLECTION unless it says otherwise, and CONTAINS only from arrayConfig', () => {
    expect(singleFieldIndexed(config('a', [{ order: 'ASCENDING' }]), 'items', 'COLLECTION', 'a', 'ASCENDING')).toBe(true);
    expect(singleFieldIndexed(config('a', [{ order: 'ASCENDING' }]), 'items', 'COLLECTION_GROUP', 'a', 'ASCENDING')).toBe(false);
    expect(singleFieldIndexed(config('a', [{ order: 'ASCENDING' }]), 'items', 'COLLECTION', 'a', 'CONTAINS')).toBe(false);
    expect(singleFieldIndexed(config('a', [{ arrayConfig: 'CONTAINS', queryScope: 'COLLECTION_GROUP' }]), 'items', 'COLLECTION_GROUP', 'a', 'CONTAINS')).toBe(
      true,
    );
    expect(singleFieldIndexed(config('a', [{ arrayConfig: 'CONTAINS' }]), 'items', 'COLLECTION', 'a', 'ASCENDING')).toBe(false);
  });
});

describe('matching an index field by field', () => {
  const need = (spec: Spec) => indexNeeds(query(spec))[0];
  const with_ = (...indexes: CompositeIndex[]): IndexConfig => ({ indexes, fieldOverrides: [] });

  it('needs each order field in the query direction, even when the index ends in the right __name__', () => {
    const s: Spec = {
      where: [
        ['a', '==', 1],
        ['b', '==', 2],
      ],
      orderBy: [['t', 'desc']],
    };
    expect(served(s, with_(idx('a:asc', 'b:asc', 't:asc', '__name__:desc')))).toBe(false);
    expect(served(s, with_(idx('a:asc', 'b:asc', 'u:desc', '__name__:desc')))).toBe(false);
    expect(served(s, with_(idx('a:asc', 'b:asc', 't:desc', '__name__:desc')))).toBe(true);
  });

  it('does not take an index shorter than the order, whatever its prefix', () => {
    expect(
      served(
        {
          where: [['x', '==', 1]],
          orderBy: [
            ['a', 'asc'],
            ['b', 'asc'],
            ['c', 'asc'],
          ],
        },
        with_(idx('x:asc', 'a:asc')),
      ),
    ).toBe(false);
  });

  it('takes an array-contains field of the index only for the field the query searches', () => {
    const s: Spec = {
      where: [
        ['a', '==', 1],
        ['x', 'array-contains', 1],
      ],
      orderBy: [['t', 'desc']],
    };
    expect(served(s, with_(idx('a:asc', 'tags:contains', 't:desc')))).toBe(false);
    expect(served(s, with_(idx('a:asc', 'x:contains', 't:desc')))).toBe(true);
  });

  it('reports no composites for what single-field indexes serve', () => {
    expect(requireIndexes(none, query({ where: [['tags', 'array-contains', 'x']] }))).toEqual([]);
    expect(requireIndexes(none, query({ orderBy: [['a', 'desc']] }))).toEqual([]);
    expect(requireIndexes(none, query({}))).toEqual([]);
    expect(findServing(need({ where: [['a', '>', 1]] }), none)).toEqual({ served: true, composites: [] });
  });

  it('asks for a composite, not an override, for two orders in one direction', () => {
    expect(
      missingIndexError(
        need({
          orderBy: [
            ['a', 'desc'],
            ['b', 'desc'],
          ],
        }),
      ).message,
    ).toBe(
      'The query requires an index. Add this to "indexes" in firestore.indexes.json: {"collectionGroup":"items","queryScope":"COLLECTION","fields":[{"fieldPath":"a","order":"DESCENDING"},{"fieldPath":"b","order":"DESCENDING"}]}',
    );
    expect(missingIndexError(need({ where: [['a', '==', 1]], orderBy: [['t', 'asc']] })).message).toMatch(/Add this to "indexes"/);
    expect(missingIndexError(need({ where: [['x', 'array-contains', 1]], orderBy: [['t', 'asc']] })).message).toMatch(/Add this to "indexes"/);
    expect(
      missingIndexError(
        need({
          where: [
            ['x', 'array-contains', 1],
            ['a', '==', 1],
          ],
        }),
      ).message,
    ).toMatch(/Add this to "indexes"/);
  });

  it('asks for no fields for a query that needs none', () => {
    expect(indexFor(need({}))).toEqual({ collectionGroup: 'items', queryScope: 'COLLECTION', fields: [] });
  });
});
