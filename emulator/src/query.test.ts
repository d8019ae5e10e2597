import { describe, expect, it } from 'vitest';
import { CollectionIndex } from './collection-index.ts';
import { effectiveOrder, executeQuery, parseStructuredQuery, smallest, type QuerySource } from './query.ts';
import type { StoredDocument, Value } from './value-types.ts';
import { compareValues } from './values.ts';

const root = 'projects/p/databases/(default)/documents';
const doc = (id: string, fields: Record<string, Value>): StoredDocument => ({ name: `${root}/c/${id}`, fields, createTime: '', updateTime: '' });
const int = (n: number): Value => ({ integerValue: String(n) });
const str = (s: string): Value => ({ stringValue: s });
const ref = (id: string): Value => ({ referenceValue: `${root}/c/${id}` });
const arr = (...values: Value[]): Value => ({ arrayValue: { values } });
const field = (fieldPath: string, op: string, value: Value) => ({ fieldFilter: { field: { fieldPath }, op, value } });
const by = (fieldPath: string, direction = 'ASCENDING') => ({ field: { fieldPath }, direction });

/** The same documents as a plain scan and as an indexed collection: both must answer alike. */
function sources(docs: StoredDocument[]): Record<string, QuerySource> {
  const coll = new CollectionIndex();
  for (const d of docs) coll.set(d.name.split('/').pop()!, d);
  return {
    scan: { scan: () => docs, size: docs.length },
    index: { scan: () => coll.docs.values(), size: coll.size, collectionPath: 'c', walk: (f, desc, from) => coll.walk(f, desc, from) },
  };
}

function run(query: Record<string, unknown>, docs: StoredDocument[]) {
  const q = parseStructuredQuery({ from: [{ collectionId: 'c' }], ...query });
  const answers = Object.entries(sources(docs)).map(([kind, source]) => [
    kind,
    executeQuery(q, source)
      .results.map((d) => d.name.split('/').pop())
      .join(','),
  ]);
  expect(answers[0][1], 'the indexed walk answers like the scan').toBe(answers[1][1]);
  return answers[0][1];
}

const people = [
  doc('ann', { age: int(34), city: str('nairobi'), name: str('ann') }),
  doc('ben', { age: int(28), city: str('mombasa'), name: str('ben') }),
  doc('cat', { age: int(45), city: str('nairobi'), name: str('cat') }),
  doc('dan', { age: int(28), city: str('kisumu'), name: str('dan') }),
  doc('eve', { age: { doubleValue: 28.5 }, name: str('eve') }),
  doc('fay', { city: str('nairobi') }),
];

describe('ordering', () => {
  it('orders by name when nothing else is asked', () => {
    expect(run({}, [...people].reverse())).toBe('ann,ben,cat,dan,eve,fay');
  });

  it('orders on several fields, drops documents without an order field, breaks ties by name', () => {
    expect(run({ orderBy: [by('age', 'DESCENDING')] }, people)).toBe('cat,ann,eve,dan,ben');
    expect(run({ orderBy: [by('age'), by('name', 'DESCENDING')] }, people)).toBe('dan,ben,eve,ann,cat');
    expect(run({ orderBy: [by('city'), by('__name__', 'DESCENDING')] }, people)).toBe('dan,ben,fay,cat,ann');
  });

  it('adds inequality fields and then __name__ in the last direction', () => {
    const q = parseStructuredQuery({ from: [{ collectionId: 'c' }], where: field('age', 'GREATER_THAN', int(0)), orderBy: [by('city', 'DESCENDING')] });
    expect(q.order).toEqual([
      { fieldPath: 'city', direction: 'DESCENDING' },
      { fieldPath: 'age', direction: 'DESCENDING' },
      { fieldPath: '__name__', direction: 'DESCENDING' },
    ]);
    expect(effectiveOrder([], undefined)).toEqual([{ fieldPath: '__name__', direction: 'ASCENDING' }]);
    expect(run({ where: field('age', 'NOT_EQUAL', int(28)) }, people)).toBe('eve,ann,cat');
  });
});

describe('cursors, offset, limit', () => {
  const byAge = { orderBy: [by('age'), by('name')] };

  it('startAt / startAfter / endAt / endBefore on partial and full cursors', () => {
    expect(run({ ...byAge, startAt: { values: [int(28)], before: true } }, people)).toBe('ben,dan,eve,ann,cat');
    expect(run({ ...byAge, startAt: { values: [int(28)], before: false } }, people)).toBe('eve,ann,cat');
    expect(run({ ...byAge, startAt: { values: [int(28), str('ben')], before: false } }, people)).toBe('dan,eve,ann,cat');
    expect(run({ ...byAge, endAt: { values: [int(34)], before: false } }, people)).toBe('ben,dan,eve,ann');
    expect(run({ ...byAge, endAt: { values: [int(34)], before: true } }, people)).toBe('ben,dan,eve');
  });

  it('descending cursors (what limitToLast sends: flipped order, swapped cursors)', () => {
    const q = { orderBy: [by('age', 'DESCENDING'), by('name', 'DESCENDING')] };
    expect(run({ ...q, limit: 2 }, people)).toBe('cat,ann');
    expect(run({ ...q, startAt: { values: [{ doubleValue: 28.5 }], before: true }, limit: 2 }, people)).toBe('eve,dan');
  });

  it('cursors on __name__', () => {
    expect(run({ startAt: { values: [ref('cat')], before: false } }, people)).toBe('dan,eve,fay');
    expect(run({ orderBy: [by('__name__', 'DESCENDING')], startAt: { values: [ref('cat')], before: true } }, people)).toBe('cat,ben,ann');
  });

  it('offset skips, limit caps, and the skipped count is reported', () => {
    expect(run({ ...byAge, offset: 1, limit: 2 }, people)).toBe('dan,eve');
    const q = parseStructuredQuery({ from: [{ collectionId: 'c' }], ...byAge, offset: 4 });
    expect(executeQuery(q, sources(people).index).skipped).toBe(4);
    expect(run({ ...byAge, limit: 0 }, people)).toBe('');
  });

  it('returns every match as candidates, regardless of offset and limit', () => {
    const q = parseStructuredQuery({ from: [{ collectionId: 'c' }], where: field('city', 'EQUAL', str('nairobi')), limit: 1, offset: 1 });
    for (const source of Object.values(sources(people))) {
      const result = executeQuery(q, source, { allCandidates: true });
      expect(result.results.map((d) => d.name.split('/').pop())).toEqual(['cat']);
      expect(result.candidates!.map((d) => d.name.split('/').pop()).sort()).toEqual(['ann', 'cat', 'fay']);
    }
  });
});

describe('validation', () => {
  it.each([
    ['no collection', {}, /exactly one collection/],
    ['two cursors values too many', { from: [{ collectionId: 'c' }], startAt: { values: [int(1), int(2)] } }, /Too many cursor values/],
    ['a string cursor on __name__', { from: [{ collectionId: 'c' }], startAt: { values: [str('a')] } }, /document reference/],
    ['a negative limit', { from: [{ collectionId: 'c' }], limit: -1 }, /non-negative/],
    ['a negative offset', { from: [{ collectionId: 'c' }], offset: -1 }, /non-negative/],
    ['a repeated order field', { from: [{ collectionId: 'c' }], orderBy: [by('a'), by('a')] }, /more than once/],
    [
      'over 30 disjunctions',
      { from: [{ collectionId: 'c' }], where: { compositeFilter: { op: 'OR', filters: Array.from({ length: 31 }, (_, i) => field('a', 'EQUAL', int(i))) } } },
      /maximum is 30/,
    ],
  ])('refuses %s', (_label, q, message) => {
    expect(() => parseStructuredQuery(q)).toThrow(expect.objectContaining({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }));
  });

  it('accepts limit as a number or an Int32Value wrapper, and projections', () => {
    const q = parseStructuredQuery({
      from: [{ collectionId: 'c' }],
      limit: { value: 3 },
      select: { fields: [{ fieldPath: 'a.b' }, { fieldPath: '__name__' }] },
    });
    expect(q.limit).toBe(3);
    expect(q.projection).toEqual([['a', 'b']]);
  });
});

describe('the indexed walk against a reference implementation', () => {
  // Random documents with mixed types (and missing fields); random queries. The reference sorts
  // everything with the plain comparator; both execution paths must agree with it.
  const rand = (seed: number) => () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const next = rand(7);
  const values: Value[] = [
    int(1),
    int(2),
    { doubleValue: 2 },
    { doubleValue: 'NaN' },
    str('a'),
    str('b'),
    { nullValue: null },
    { booleanValue: true },
    { timestampValue: '2027-01-01T00:00:00Z' },
  ];
  const pick = () => values[Math.floor(next() * values.length)];
  const docs = Array.from({ length: 300 }, (_, i) => {
    const fields: Record<string, Value> = {};
    if (next() < 0.85) fields.a = pick();
    if (next() < 0.85) fields.b = pick();
    fields.k = int(i % 3);
    return doc(`d${String(Math.floor(next() * 1e6)).padStart(6, '0')}-${i}`, fields);
  });

  it('agrees on 400 random queries', () => {
    for (let i = 0; i < 400; i++) {
      const dirs = ['ASCENDING', 'DESCENDING'];
      const orderBy = [by(next() < 0.5 ? 'a' : 'b', dirs[Math.floor(next() * 2)])];
      if (next() < 0.5) orderBy.push(by(orderBy[0].field.fieldPath === 'a' ? 'b' : 'a', dirs[Math.floor(next() * 2)]));
      const query: Record<string, unknown> = { orderBy };
      const filters: unknown[] = [];
      if (next() < 0.5) filters.push(field('k', 'EQUAL', int(Math.floor(next() * 3))));
      if (next() < 0.5) {
        // A range, equality or in on the first order field: the walk seeks and stops by it.
        const ops = ['LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL', 'EQUAL', 'IN'];
        const op = ops[Math.floor(next() * ops.length)];
        const comparable = values.filter((v) => !('nullValue' in v) && !('doubleValue' in v && v.doubleValue === 'NaN'));
        const operand = () => comparable[Math.floor(next() * comparable.length)];
        filters.push(field(orderBy[0].field.fieldPath, op, op === 'IN' ? { arrayValue: { values: [operand(), operand()] } } : operand()));
      }
      if (filters.length) query.where = filters.length === 1 ? filters[0] : { compositeFilter: { op: 'AND', filters } };
      if (next() < 0.5) query.limit = Math.floor(next() * 20);
      if (next() < 0.3) query.offset = Math.floor(next() * 5);
      if (next() < 0.4) query.startAt = { values: [pick()], before: next() < 0.5 };
      if (next() < 0.3) query.endAt = { values: [pick()], before: next() < 0.5 };
      const q = parseStructuredQuery({ from: [{ collectionId: 'c' }], ...query });
      const reference = docs
        .filter((d) => (q.predicate ? q.predicate(d) : true) && q.order.every((o) => o.fieldPath === '__name__' || d.fields[o.fieldPath] !== undefined))
        .sort((x, y) => {
          for (const o of q.order) {
            const c =
              o.fieldPath === '__name__'
                ? compareValues({ referenceValue: x.name }, { referenceValue: y.name })
                : compareValues(x.fields[o.fieldPath], y.fields[o.fieldPath]);
            if (c) return o.direction === 'DESCENDING' ? -c : c;
          }
          return 0;
        })
        .filter((d) => {
          const at = (c: { values: Value[] }) => {
            for (let j = 0; j < c.values.length; j++) {
              const o = q.order[j];
              const c2 = compareValues(o.fieldPath === '__name__' ? { referenceValue: d.name } : d.fields[o.fieldPath], c.values[j]);
              if (c2) return o.direction === 'DESCENDING' ? -c2 : c2;
            }
            return 0;
          };
          if (q.startAt && (q.startAt.before ? at(q.startAt) < 0 : at(q.startAt) <= 0)) return false;
          if (q.endAt && (q.endAt.before ? at(q.endAt) >= 0 : at(q.endAt) > 0)) return false;
          return true;
        });
      const expected = reference.slice(q.offset, q.limit === undefined ? undefined : q.offset + q.limit).map((d) => d.name);
      for (const [kind, source] of Object.entries(sources(docs))) {
        expect(
          executeQuery(q, source).results.map((d) => d.name),
          `${kind}: ${JSON.stringify(query)}`,
        ).toEqual(expected);
      }
    }
  });
});

describe('bounded selection', () => {
  it('returns the k smallest in order, like a sort', () => {
    const items = Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1000);
    expect(smallest(items, 10, (a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(smallest(items, 0, (a, b) => a - b)).toEqual([]);
    expect(smallest([3, 1, 2], 5, (a, b) => a - b)).toEqual([1, 2, 3]);
  });
});

describe('query parsing, field by field', () => {
  const base = { from: [{ collectionId: 'c' }] };
  const parse = (q: Record<string, unknown>) => parseStructuredQuery({ ...base, ...q });
  const refuses = (q: unknown, message: string | RegExp, status = 'INVALID_ARGUMENT') =>
    expect(() => parseStructuredQuery(q)).toThrow(expect.objectContaining({ status, message: expect.stringMatching(message) }));

  it('refuses a missing query, vector search, and anything but one valid collection', () => {
    refuses(undefined, /^A structuredQuery is required\.$/);
    refuses('q', /^A structuredQuery is required\.$/);
    refuses({ ...base, findNearest: {} }, /^Vector search \(findNearest\) is not supported by this emulator\.$/, 'UNIMPLEMENTED');
    refuses({ from: [{ collectionId: 'c' }, { collectionId: 'd' }] }, /^A query must select exactly one collection \(from\)\.$/);
    refuses({ from: [] }, /exactly one collection/);
    refuses({ from: { collectionId: 'c' } }, /exactly one collection/);
    refuses({ from: [{}] }, /non-empty string/);
    refuses({ from: [null] }, /non-empty string/);
    refuses({ from: [{ collectionId: 'a/b' }] }, /must not contain/);
  });

  it('reads the collection, the scope and no filter', () => {
    const q = parse({});
    expect(q).toMatchObject({
      collectionId: 'c',
      allDescendants: false,
      filter: undefined,
      predicate: null,
      offset: 0,
      limit: undefined,
      projection: null,
      startAt: undefined,
      endAt: undefined,
    });
    expect(parseStructuredQuery({ from: [{ collectionId: 'c', allDescendants: true }] }).allDescendants).toBe(true);
    expect(parseStructuredQuery({ from: [{ collectionId: 'c', allDescendants: 'yes' }] }).allDescendants).toBe(false);
  });

  it('takes 30 disjunctions and refuses 31, counting them in the message', () => {
    const ors = (n: number) => ({ where: { compositeFilter: { op: 'OR', filters: Array.from({ length: n }, (_, i) => field('a', 'EQUAL', int(i))) } } });
    expect(() => parse(ors(30))).not.toThrow();
    refuses({ ...base, ...ors(31) }, /^The query has 31 disjunctions in disjunctive normal form; the maximum is 30\.$/);
  });

  it('reads offset and limit: numbers, wrappers, null, and only 32-bit non-negative integers', () => {
    expect(parse({ offset: 2, limit: 0 })).toMatchObject({ offset: 2, limit: 0 });
    expect(parse({ limit: null, offset: null })).toMatchObject({ offset: 0, limit: undefined });
    expect(parse({ limit: { value: null } }).limit).toBeUndefined();
    expect(parse({ limit: {} }).limit).toBeUndefined();
    expect(parse({ limit: '5' }).limit).toBe(5);
    expect(parse({ limit: 2 ** 31 - 1 }).limit).toBe(2 ** 31 - 1);
    refuses({ ...base, limit: 2 ** 31 }, /^limit must fit in 32 bits\.$/);
    refuses({ ...base, limit: 1.5 }, /^limit must be an integer\.$/);
    refuses({ ...base, offset: 'x' }, /^offset must be an integer\.$/);
    refuses({ ...base, limit: -1 }, /^limit must be non-negative, got -1\.$/);
    refuses({ ...base, offset: { value: -2 } }, /^offset must be non-negative, got -2\.$/);
  });

  it('reads orderBy: ascending by default and for DIRECTION_UNSPECIFIED, refusing other directions and bad fields', () => {
    expect(parse({ orderBy: [{ field: { fieldPath: 'a' } }, { field: { fieldPath: 'b' }, direction: 'DIRECTION_UNSPECIFIED' }] }).order).toEqual([
      { fieldPath: 'a', direction: 'ASCENDING' },
      { fieldPath: 'b', direction: 'ASCENDING' },
      { fieldPath: '__name__', direction: 'ASCENDING' },
    ]);
    refuses({ ...base, orderBy: by('a') }, /^orderBy must be a list\.$/);
    refuses({ ...base, orderBy: [{ direction: 'ASCENDING' }] }, /^orderBy needs field\.fieldPath\.$/);
    refuses({ ...base, orderBy: [null] }, /^orderBy needs field\.fieldPath\.$/);
    refuses({ ...base, orderBy: [by('a', 'UP')] }, /^Unknown order direction UP\.$/);
    refuses({ ...base, orderBy: [by('a..b')] }, /\.\./);
    refuses({ ...base, orderBy: [by('a'), by('a', 'DESCENDING')] }, /^orderBy names "a" more than once\.$/);
  });

  it('adds inequality fields after the explicit order, sorted, once, in the last direction, and __name__ only when absent', () => {
    const where = {
      compositeFilter: { op: 'AND', filters: [field('z', 'NOT_EQUAL', int(1)), field('b', 'GREATER_THAN', int(1)), field('a', 'LESS_THAN', int(5))] },
    };
    expect(parse({ where, orderBy: [by('a', 'DESCENDING')] }).order).toEqual([
      { fieldPath: 'a', direction: 'DESCENDING' },
      { fieldPath: 'b', direction: 'DESCENDING' },
      { fieldPath: 'z', direction: 'DESCENDING' },
      { fieldPath: '__name__', direction: 'DESCENDING' },
    ]);
    expect(parse({ where }).order.map((o) => `${o.fieldPath}:${o.direction}`)).toEqual(['a:ASCENDING', 'b:ASCENDING', 'z:ASCENDING', '__name__:ASCENDING']);
    expect(parse({ orderBy: [by('__name__', 'DESCENDING'), by('a')] }).order).toEqual([
      { fieldPath: '__name__', direction: 'DESCENDING' },
      { fieldPath: 'a', direction: 'ASCENDING' },
    ]);
  });

  it('reads cursors: values, before only when true, and at most one value per order field', () => {
    const orderBy = [by('a'), by('b')];
    expect(parse({ orderBy, startAt: { values: [int(1)], before: true }, endAt: { values: [int(2), int(3)] } })).toMatchObject({
      startAt: { values: [int(1)], before: true },
      endAt: { values: [int(2), int(3)], before: false },
    });
    expect(parse({ orderBy, startAt: { values: [int(1)], before: 'true' } }).startAt!.before).toBe(false);
    expect(parse({ orderBy, startAt: {} }).startAt).toEqual({ values: [], before: false });
    expect(parse({ orderBy, startAt: null }).startAt).toBeUndefined();
    expect(parse({ orderBy, startAt: { values: [int(1), int(2), ref('x')] } }).startAt!.values).toHaveLength(3);
    refuses(
      { ...base, orderBy, endAt: { values: [int(1), int(2), ref('x'), int(4)] } },
      /^Too many cursor values specified in endAt: the query orders by 3 fields \(a, b, __name__\)\.$/,
    );
    refuses({ ...base, startAt: { values: [ref('x'), int(4)] } }, /^Too many cursor values specified in startAt: the query orders by 1 field \(__name__\)\.$/);
    refuses({ ...base, endAt: { values: ref('x') } }, /^endAt\.values must be a list\.$/);
    refuses(
      { ...base, orderBy, startAt: { values: [int(1), int(2), str('x')] } },
      /^The startAt value for __name__ must be a document reference \(referenceValue\)\.$/,
    );
    refuses({ ...base, endAt: { values: [str('x')] } }, /^The endAt value for __name__ must be a document reference/);
  });

  it('projects the selected fields, without __name__; no fields means whole documents', () => {
    expect(parse({ select: { fields: [{ fieldPath: '__name__' }] } }).projection).toEqual([]);
    expect(parse({ select: { fields: [] } }).projection).toBeNull();
    expect(parse({ select: {} }).projection).toBeNull();
    expect(parse({ select: { fields: [{ fieldPath: 'a' }, { fieldPath: '`x.y`.z' }] } }).projection).toEqual([['a'], ['x.y', 'z']]);
    refuses({ ...base, select: { fields: [{ fieldPath: 3 }] } }, /^select\.fields needs field paths\.$/);
    refuses({ ...base, select: { fields: [null] } }, /^select\.fields needs field paths\.$/);
  });

  it('compiles the filter into a predicate and exposes its equalities', async () => {
    const { queryEqualities } = await import('./query.ts');
    const q = parse({ where: { compositeFilter: { op: 'AND', filters: [field('city', 'EQUAL', str('nairobi')), field('age', 'GREATER_THAN', int(30))] } } });
    expect(people.filter(q.predicate!).map((d) => d.name.split('/').pop())).toEqual(['ann', 'cat']);
    expect(queryEqualities(q)).toEqual({ city: str('nairobi') });
  });
});

describe('execution details', () => {
  const ids = (r: { results: StoredDocument[] }) => r.results.map((d) => d.name.split('/').pop()).join(',');
  const parse = (q: Record<string, unknown>) => parseStructuredQuery({ from: [{ collectionId: 'c' }], ...q });

  it('an unordered execution returns every match without sorting; with a limit it is ordered after all', () => {
    const shuffled = [people[3], people[0], people[2], people[1], people[4], people[5]];
    const where = field('age', 'GREATER_THAN', int(0));
    for (const source of Object.values(sources(shuffled))) {
      const all = executeQuery(parse({ where }), source, { unordered: true, allCandidates: true });
      expect(all.results.map((d) => d.name.split('/').pop()).sort()).toEqual(['ann', 'ben', 'cat', 'dan', 'eve']);
      expect(all.candidates).toBe(all.results);
      expect(all.skipped).toBe(0);
      expect(executeQuery(parse({ where }), source, { unordered: true }).candidates).toBeUndefined();
      expect(ids(executeQuery(parse({ where, limit: 2 }), source, { unordered: true }))).toBe('ben,dan');
      expect(ids(executeQuery(parse({ where, offset: 3 }), source, { unordered: true }))).toBe('ann,cat');
      expect(ids(executeQuery(parse({ where, startAt: { values: [int(34)], before: false } }), source, { unordered: true }))).toBe('cat');
      expect(ids(executeQuery(parse({ where, endAt: { values: [int(28)], before: true } }), source, { unordered: true }))).toBe('');
      expect(executeQuery(parse({ where }), source).candidates).toBeUndefined();
    }
  });

  it('reports how many the offset skipped, never more than matched', () => {
    for (const source of Object.values(sources(people))) {
      expect(executeQuery(parse({ offset: 10 }), source).skipped).toBe(6);
      expect(executeQuery(parse({ offset: 2, limit: 1 }), source).skipped).toBe(2);
      expect(ids(executeQuery(parse({ offset: 10 }), source))).toBe('');
      expect(ids(executeQuery(parse({ offset: 5, limit: 3 }), source))).toBe('fay');
    }
  });

  it('returns every candidate beyond the page from an ordered walk', () => {
    const q = parse({ orderBy: [by('age')], limit: 1 });
    const result = executeQuery(q, sources(people).index, { allCandidates: true });
    expect(ids(result)).toBe('ben');
    expect(result.candidates!.map((d) => d.name.split('/').pop())).toEqual(['ben', 'dan', 'eve', 'ann', 'cat']);
  });

  it('sorts runs of equal first values by the next order fields, in either direction', () => {
    const docs = [
      doc('a', { g: int(1), h: int(2) }),
      doc('b', { g: int(1), h: int(1) }),
      doc('c', { g: int(2), h: int(0) }),
      doc('d', { g: int(1), h: int(3) }),
      doc('e', { g: int(0), h: int(9) }),
    ];
    expect(run({ orderBy: [by('g'), by('h')] }, docs)).toBe('e,b,a,d,c');
    expect(run({ orderBy: [by('g', 'DESCENDING'), by('h')] }, docs)).toBe('c,b,a,d,e');
    expect(run({ orderBy: [by('g'), by('__name__', 'DESCENDING')] }, docs)).toBe('e,d,b,a,c');
    expect(run({ orderBy: [by('g', 'DESCENDING'), by('__name__', 'DESCENDING')] }, docs)).toBe('c,d,b,a,e');
    expect(run({ orderBy: [by('g'), by('h')], limit: 2 }, docs)).toBe('e,b');
    expect(run({ orderBy: [by('g'), by('h')], offset: 1, limit: 2 }, docs)).toBe('b,a');
    expect(run({ orderBy: [by('g'), by('h')], endAt: { values: [int(1), int(2)], before: false } }, docs)).toBe('e,b,a');
    expect(run({ where: field('h', 'LESS_THAN', int(3)), orderBy: [by('g')] }, docs)).toBe('b,a,c');
  });

  it('walks __name__ ranges by id, in either direction', () => {
    expect(run({ where: field('__name__', 'GREATER_THAN', ref('cat')) }, people)).toBe('dan,eve,fay');
    expect(run({ where: field('__name__', 'LESS_THAN_OR_EQUAL', ref('cat')), orderBy: [by('__name__', 'DESCENDING')] }, people)).toBe('cat,ben,ann');
    expect(run({ where: field('__name__', 'GREATER_THAN', ref('ben')), orderBy: [by('__name__', 'DESCENDING')], limit: 2 }, people)).toBe('fay,eve');
  });

  it('bounds a walk by the filter on the first order field, both ways', () => {
    const docs = Array.from({ length: 20 }, (_, i) => doc(`d${String(i).padStart(2, '0')}`, { n: int(i % 10), m: int(i) }));
    expect(run({ where: field('n', 'GREATER_THAN_OR_EQUAL', int(8)), orderBy: [by('n')] }, docs)).toBe('d08,d18,d09,d19');
    expect(run({ where: field('n', 'LESS_THAN', int(2)), orderBy: [by('n', 'DESCENDING')] }, docs)).toBe('d11,d01,d10,d00');
    expect(run({ where: field('n', 'EQUAL', int(3)), orderBy: [by('n'), by('m', 'DESCENDING')] }, docs)).toBe('d13,d03');
    expect(run({ where: field('n', 'IN', arr(int(7), int(2))), orderBy: [by('n', 'DESCENDING')], startAt: { values: [int(5)], before: true } }, docs)).toBe(
      'd12,d02',
    );
    expect(run({ where: field('n', 'GREATER_THAN', int(6)), orderBy: [by('n')], startAt: { values: [int(2)], before: true } }, docs)).toBe(
      'd07,d17,d08,d18,d09,d19',
    );
    expect(run({ where: field('n', 'GREATER_THAN', int(6)), orderBy: [by('n')], startAt: { values: [int(8)], before: true } }, docs)).toBe('d08,d18,d09,d19');
    expect(run({ where: field('n', 'LESS_THAN', int(3)), orderBy: [by('n', 'DESCENDING')], startAt: { values: [int(1)], before: true } }, docs)).toBe(
      'd11,d01,d10,d00',
    );
    expect(run({ where: field('n', 'LESS_THAN', int(3)), orderBy: [by('n', 'DESCENDING')], startAt: { values: [int(7)], before: true } }, docs)).toBe(
      'd12,d02,d11,d01,d10,d00',
    );
  });

  it('stops walking once the page is full, and skips to the bound instead of reading from the start', () => {
    const docs = Array.from({ length: 100 }, (_, i) => doc(`d${String(i).padStart(3, '0')}`, { n: int(i) }));
    const coll = new CollectionIndex();
    for (const d of docs) coll.set(d.name.split('/').pop()!, d);
    let read = 0;
    const source: QuerySource = {
      scan: () => docs,
      size: docs.length,
      collectionPath: 'c',
      *walk(f, desc, from) {
        for (const d of coll.walk(f, desc, from)) {
          read++;
          yield d;
        }
      },
    };
    const count = (q: Record<string, unknown>) => {
      read = 0;
      const out = ids(executeQuery(parse(q), source));
      return [out, read];
    };
    expect(count({ orderBy: [by('n')], limit: 3 })).toEqual(['d000,d001,d002', 3]);
    expect(count({ orderBy: [by('n', 'DESCENDING')], limit: 2 })).toEqual(['d099,d098', 2]);
    expect(count({ where: field('n', 'GREATER_THAN_OR_EQUAL', int(90)), orderBy: [by('n')], limit: 2 })).toEqual(['d090,d091', 2]);
    expect(count({ where: field('n', 'LESS_THAN_OR_EQUAL', int(10)), orderBy: [by('n', 'DESCENDING')], limit: 2 })).toEqual(['d010,d009', 2]);
    expect(count({ where: field('n', 'LESS_THAN', int(3)), orderBy: [by('n')] })).toEqual(['d000,d001,d002', 5]); // the bound itself is read, then the first past it
    expect(count({ where: field('n', 'GREATER_THAN', int(96)), orderBy: [by('n', 'DESCENDING')] })).toEqual(['d099,d098,d097', 5]);
    expect(count({ where: field('n', 'GREATER_THAN', int(96)), orderBy: [by('n', 'DESCENDING')], limit: 5 })).toEqual(['d099,d098,d097', 5]);
    expect(count({ orderBy: [by('n')], startAt: { values: [int(50)], before: true }, limit: 1 })).toEqual(['d050', 1]);
    expect(count({ orderBy: [by('n', 'DESCENDING')], startAt: { values: [int(50)], before: false }, limit: 1 })).toEqual(['d049', 2]); // the seek lands on 50, which startAfter skips
    // A cursor and a bound: the walk seeks to whichever is further in.
    expect(count({ where: field('n', 'GREATER_THAN', int(90)), orderBy: [by('n')], startAt: { values: [int(95)], before: true }, limit: 2 })).toEqual([
      'd095,d096',
      2,
    ]);
    expect(count({ where: field('n', 'GREATER_THAN', int(95)), orderBy: [by('n')], startAt: { values: [int(90)], before: true }, limit: 2 })).toEqual([
      'd096,d097',
      3,
    ]);
    expect(count({ where: field('n', 'LESS_THAN', int(10)), orderBy: [by('n', 'DESCENDING')], startAt: { values: [int(5)], before: true }, limit: 2 })).toEqual(
      ['d005,d004', 2],
    );
    expect(count({ where: field('n', 'LESS_THAN', int(5)), orderBy: [by('n', 'DESCENDING')], startAt: { values: [int(10)], before: true }, limit: 2 })).toEqual(
      ['d004,d003', 3],
    );
    expect(count({ orderBy: [by('n')], endAt: { values: [int(1)], before: false } })).toEqual(['d000,d001', 3]);
    expect(count({ startAt: { values: [ref('d097')], before: false } })).toEqual(['d098,d099', 3]);
    expect(count({ orderBy: [by('n'), by('__name__', 'DESCENDING')], limit: 2 })).toEqual(['d000,d001', 3]);
    // Runs sorted by a second order field still stop past the filter's bound.
    expect(count({ where: field('n', 'LESS_THAN_OR_EQUAL', int(1)), orderBy: [by('n'), by('__name__', 'DESCENDING')] })).toEqual(['d000,d001', 3]);
    expect(count({ where: field('n', 'GREATER_THAN_OR_EQUAL', int(98)), orderBy: [by('n', 'DESCENDING'), by('__name__')] })).toEqual(['d099,d098', 3]);
    // A cursor on __name__ outside the collection compares as a path and cannot seek.
    expect(count({ startAt: { values: [{ referenceValue: `${root}/b/d097` }], before: false }, limit: 1 })).toEqual(['d000', 1]);
    expect(count({ startAt: { values: [{ referenceValue: `${root}/other/d000` }], before: false }, limit: 1 })).toEqual(['', 100]);
    expect(count({ startAt: { values: [{ referenceValue: `${root}/c/d097/sub/x` }], before: false }, limit: 1 })[0]).toBe('d098');
  });
});

describe('bounded selection of the k smallest', () => {
  it.each([1, 2, 3, 5, 12, 13, 100])('selects the %i smallest of 100 shuffled numbers with a heap, in order', (k) => {
    const items = Array.from({ length: 100 }, (_, i) => (i * 37) % 100);
    expect(smallest(items, k, (a, b) => a - b)).toEqual(Array.from({ length: k }, (_, i) => i));
    expect(smallest(items, k, (a, b) => b - a)).toEqual(Array.from({ length: k }, (_, i) => 99 - i));
  });

  it('selects among duplicates, and nothing for k below one', () => {
    const items = Array.from({ length: 200 }, (_, i) => i % 7);
    expect(smallest(items, 20, (a, b) => a - b)).toEqual(Array(20).fill(0));
    expect(smallest(items, 40, (a, b) => a - b)).toEqual([...Array(29).fill(0), ...Array(11).fill(1)]);
    expect(smallest(items, -1, (a, b) => a - b)).toEqual([]);
  });
});
