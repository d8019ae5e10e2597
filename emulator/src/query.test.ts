import { describe, expect, it } from 'vitest';
import { aggregate, effectiveOrder, equalityConstraints, runStructuredQuery, type Filter, type StructuredQuery } from './query.ts';
import type { StoredDocument, Value } from './value-types.ts';

const root = 'projects/p/databases/(default)/documents';
const doc = (id: string, fields: Record<string, Value>): StoredDocument => ({ name: `${root}/c/${id}`, fields, createTime: '', updateTime: '' });
const int = (n: number): Value => ({ integerValue: String(n) });
const field = (fieldPath: string, op: string, value: Value): Filter => ({ fieldFilter: { field: { fieldPath }, op: op as never, value } });
const ids = (q: StructuredQuery, docs: StoredDocument[]) => runStructuredQuery(q, docs).results.map((d) => d.name.split('/').pop());

const docs = [
  doc('a', { n: int(3), tags: { arrayValue: { values: [{ stringValue: 'x' }] } }, cat: { stringValue: 'blog' } }),
  doc('b', { n: int(1), cat: { stringValue: 'news' } }),
  doc('c', { n: { doubleValue: 2.5 }, cat: { stringValue: 'blog' } }),
  doc('d', { n: { nullValue: null } }),
  doc('e', { other: int(1) }),
];

describe('query engine', () => {
  it('filters with comparisons only within the same type', () => {
    expect(ids({ where: field('n', 'GREATER_THAN', int(1)) }, docs)).toEqual(['c', 'a']);
    expect(ids({ where: field('n', 'GREATER_THAN', { stringValue: '' }) }, docs)).toEqual([]);
  });

  it('!= and not-in exclude missing and null fields', () => {
    expect(ids({ where: field('n', 'NOT_EQUAL', int(1)) }, docs)).toEqual(['c', 'a']);
    expect(ids({ where: field('n', 'NOT_IN', { arrayValue: { values: [int(3)] } }) }, docs)).toEqual(['b', 'c']);
  });

  it('supports array-contains, in, array-contains-any, unary and OR filters', () => {
    expect(ids({ where: field('tags', 'ARRAY_CONTAINS', { stringValue: 'x' }) }, docs)).toEqual(['a']);
    expect(ids({ where: field('cat', 'IN', { arrayValue: { values: [{ stringValue: 'news' }] } }) }, docs)).toEqual(['b']);
    expect(ids({ where: { unaryFilter: { field: { fieldPath: 'n' }, op: 'IS_NULL' } } }, docs)).toEqual(['d']);
    const or: Filter = { compositeFilter: { op: 'OR', filters: [field('n', 'EQUAL', int(1)), field('other', 'EQUAL', int(1))] } };
    expect(ids({ where: or }, docs)).toEqual(['b', 'e']);
  });

  it('orders across types, drops documents missing the order field, and breaks ties by name', () => {
    expect(ids({ orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }] }, docs)).toEqual(['a', 'c', 'b', 'd']);
    expect(ids({ orderBy: [{ field: { fieldPath: 'cat' } }] }, docs)).toEqual(['a', 'c', 'b']);
  });

  it('adds inequality fields and __name__ to the order as the backend does', () => {
    const order = effectiveOrder({ where: field('n', 'GREATER_THAN', int(0)), orderBy: [{ field: { fieldPath: 'cat' }, direction: 'DESCENDING' }] });
    expect(order.map((o) => `${o.field.fieldPath}:${o.direction}`)).toEqual(['cat:DESCENDING', 'n:ASCENDING', '__name__:ASCENDING']);
  });

  it('applies cursors, offset and limit after sorting', () => {
    const byN: StructuredQuery = { orderBy: [{ field: { fieldPath: 'n' } }], where: field('n', 'GREATER_THAN_OR_EQUAL', int(0)) };
    expect(ids({ ...byN, startAt: { values: [int(2)], before: true } }, docs)).toEqual(['c', 'a']);
    expect(ids({ ...byN, startAt: { values: [{ doubleValue: 2.5 }], before: false } }, docs)).toEqual(['a']);
    expect(ids({ ...byN, endAt: { values: [{ doubleValue: 2.5 }], before: true } }, docs)).toEqual(['b']);
    expect(ids({ ...byN, offset: 1, limit: { value: 1 } }, docs)).toEqual(['c']);
  });

  it('projects selected fields only', () => {
    const [first] = runStructuredQuery({ select: { fields: [{ fieldPath: 'cat' }] }, where: field('n', 'EQUAL', int(1)) }, docs).results;
    expect(first.fields).toEqual({ cat: { stringValue: 'news' } });
  });

  it('collects the equalities a query guarantees, ignoring OR branches', () => {
    const and: Filter = { compositeFilter: { op: 'AND', filters: [field('published', 'EQUAL', { booleanValue: true }), field('n', 'GREATER_THAN', int(1))] } };
    expect(equalityConstraints(and)).toEqual({ published: { booleanValue: true } });
    expect(equalityConstraints({ compositeFilter: { op: 'OR', filters: [field('a', 'EQUAL', int(1))] } })).toEqual({});
  });

  it('counts, sums and averages numbers only', () => {
    const out = aggregate([{ alias: 'count', count: {} }, { alias: 'sum', sum: { field: { fieldPath: 'n' } } }, { alias: 'avg', avg: { field: { fieldPath: 'n' } } }], docs);
    expect(out.count).toEqual({ integerValue: '5' });
    expect(out.sum).toEqual({ doubleValue: 6.5 });
    expect(out.avg).toEqual({ doubleValue: 6.5 / 3 });
    expect(aggregate([{ alias: 'avg', avg: { field: { fieldPath: 'missing' } } }], docs).avg).toEqual({ nullValue: null });
  });

  it('refuses an empty or oversized IN list', () => {
    expect(() => ids({ where: field('n', 'IN', { arrayValue: { values: [] } }) }, docs)).toThrow(/non-empty/);
  });
});
