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
  const answers = Object.entries(sources(docs)).map(([kind, source]) => [kind, executeQuery(q, source).results.map((d) => d.name.split('/').pop()).join(',')]);
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
    ['over 30 disjunctions', { from: [{ collectionId: 'c' }], where: { compositeFilter: { op: 'OR', filters: Array.from({ length: 31 }, (_, i) => field('a', 'EQUAL', int(i))) } } }, /maximum is 30/],
  ])('refuses %s', (_label, q, message) => {
    expect(() => parseStructuredQuery(q)).toThrow(expect.objectContaining({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }));
  });

  it('accepts limit as a number or an Int32Value wrapper, and projections', () => {
    const q = parseStructuredQuery({ from: [{ collectionId: 'c' }], limit: { value: 3 }, select: { fields: [{ fieldPath: 'a.b' }, { fieldPath: '__name__' }] } });
    expect(q.limit).toBe(3);
    expect(q.projection).toEqual([['a', 'b']]);
  });
});

describe('the indexed walk against a reference implementation', () => {
  // Random documents with mixed types (and missing fields); random queries. The reference sorts
  // everything with the plain comparator; both execution paths must agree with it.
  const rand = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const next = rand(7);
  const values: Value[] = [int(1), int(2), { doubleValue: 2 }, { doubleValue: 'NaN' }, str('a'), str('b'), { nullValue: null }, { booleanValue: true }, { timestampValue: '2027-01-01T00:00:00Z' }];
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
            const c = o.fieldPath === '__name__' ? compareValues({ referenceValue: x.name }, { referenceValue: y.name }) : compareValues(x.fields[o.fieldPath], y.fields[o.fieldPath]);
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
        expect(executeQuery(q, source).results.map((d) => d.name), `${kind}: ${JSON.stringify(query)}`).toEqual(expected);
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
