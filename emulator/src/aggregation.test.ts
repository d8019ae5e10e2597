import { describe, expect, it } from 'vitest';
import { aggregate, aggregatedFields, parseAggregations, requireAggregatedFields } from './aggregation.ts';
import { executeQuery, parseStructuredQuery } from './query.ts';
import type { StoredDocument, Value } from './value-types.ts';

const doc = (fields: Record<string, Value>): StoredDocument => ({
  name: 'projects/p/databases/(default)/documents/c/x',
  fields,
  createTime: '',
  updateTime: '',
});
const int = (n: number | string): Value => ({ integerValue: String(n) });
const run = (aggs: unknown[], docs: StoredDocument[]) => aggregate(parseAggregations(aggs), docs);

describe('aggregations', () => {
  const docs = [doc({ n: int(2) }), doc({ n: int(3) }), doc({ n: { stringValue: '4' } }), doc({})];

  it('counts, with upTo', () => {
    expect(run([{ alias: 'n', count: {} }], docs)).toEqual({ n: int(4) });
    expect(run([{ alias: 'n', count: { upTo: '2' } }], docs)).toEqual({ n: int(2) });
  });

  it('sums integers as an integer, skipping non-numbers; doubles make a double', () => {
    expect(run([{ alias: 's', sum: { field: { fieldPath: 'n' } } }], docs)).toEqual({ s: int(5) });
    expect(run([{ alias: 's', sum: { field: { fieldPath: 'n' } } }], [...docs, doc({ n: { doubleValue: 0.5 } })])).toEqual({ s: { doubleValue: 5.5 } });
    expect(run([{ alias: 's', sum: { field: { fieldPath: 'n' } } }], [])).toEqual({ s: int(0) });
  });

  it('turns an int64 overflow into a double, and keeps NaN', () => {
    const big = [doc({ n: int('9223372036854775807') }), doc({ n: int(1) })];
    expect(run([{ alias: 's', sum: { field: { fieldPath: 'n' } } }], big)).toEqual({ s: { doubleValue: 9223372036854775808 } });
    expect(run([{ alias: 's', sum: { field: { fieldPath: 'n' } } }], [doc({ n: { doubleValue: 'NaN' } })])).toEqual({ s: { doubleValue: 'NaN' } });
  });

  it('averages as a double, null over no numbers', () => {
    expect(run([{ alias: 'a', avg: { field: { fieldPath: 'n' } } }], docs)).toEqual({ a: { doubleValue: 2.5 } });
    expect(run([{ alias: 'a', avg: { field: { fieldPath: 'missing' } } }], docs)).toEqual({ a: { nullValue: null } });
  });

  describe('several aggregations: only documents that have every aggregated field', () => {
    // The firebase-js-sdk suite's example: d has no year.
    const books = [
      doc({ pages: int(100), year: int(1980) }),
      doc({ pages: int(50), year: int(2020) }),
      doc({ pages: int(150), year: int(2021) }),
      doc({ pages: int(50) }),
    ];
    const total = { alias: 'total', sum: { field: { fieldPath: 'pages' } } };
    const avgPages = { alias: 'avgPages', avg: { field: { fieldPath: 'pages' } } };
    const avgYear = { alias: 'avgYear', avg: { field: { fieldPath: 'year' } } };
    const n = { alias: 'n', count: {} };

    it('sum, avg and count are taken over the documents having both fields', () => {
      expect(run([total, avgPages, avgYear, n], books)).toEqual({ total: int(300), avgPages: { doubleValue: 100 }, avgYear: { doubleValue: 2007 }, n: int(3) });
    });

    it('each alone (or with count) covers every document having its own field', () => {
      expect(run([total, n], books)).toEqual({ total: int(350), n: int(4) });
      expect(run([avgYear, n], books)).toEqual({ avgYear: { doubleValue: 2007 }, n: int(3) });
      expect(run([n], [...books, doc({})])).toEqual({ n: int(5) });
    });

    it('a field holding null or a non-number still counts as present', () => {
      const rated = [doc({ r: int(5) }), doc({ r: int(4) }), doc({ r: { stringValue: '3' } }), doc({ r: { nullValue: null } }), doc({})];
      expect(run([{ alias: 's', sum: { field: { fieldPath: 'r' } } }, n], rated)).toEqual({ s: int(9), n: int(4) });
    });

    it('nested field paths, named once however many aggregations read them', () => {
      expect(aggregatedFields(parseAggregations([total, avgPages, avgYear, n]))).toEqual(['pages', 'year']);
      const nested = [doc({ m: { mapValue: { fields: { a: int(1), b: int(2) } } } }), doc({ m: { mapValue: { fields: { a: int(3) } } } })];
      expect(run([{ alias: 's', sum: { field: { fieldPath: 'm.a' } } }, { alias: 'b', avg: { field: { fieldPath: 'm.b' } } }, n], nested)).toEqual({
        s: int(1),
        b: { doubleValue: 2 },
        n: int(1),
      });
    });

    it('the query is restricted before its limit: limit(2) takes the first two documents having every field', () => {
      const named = books.map((d, i) => ({ ...d, name: `projects/p/databases/(default)/documents/c/${'bcda'[i]}` })); // "a" (pages only) sorts first
      const aggs = parseAggregations([total, avgYear, n]);
      const q = requireAggregatedFields(parseStructuredQuery({ from: [{ collectionId: 'c' }], limit: 2 }), aggs);
      const source = { scan: () => named.values(), size: named.length };
      const { results } = executeQuery(q, source);
      expect(results.map((d) => d.name.slice(-1))).toEqual(['b', 'c']);
      expect(aggregate(aggs, results)).toEqual({ total: int(150), avgYear: { doubleValue: 2000 }, n: int(2) });
      const countOnly = parseAggregations([n]);
      expect(requireAggregatedFields(parseStructuredQuery({ from: [{ collectionId: 'c' }] }), countOnly).predicate).toBeNull();
    });
  });

  it('names unnamed aggregations field_1, field_2 …', () => {
    expect(Object.keys(run([{ count: {} }, { sum: { field: { fieldPath: 'n' } } }], docs))).toEqual(['field_1', 'field_2']);
  });

  it.each([
    ['none', [], /at least one/],
    ['six', Array.from({ length: 6 }, (_, i) => ({ alias: `a${i}`, count: {} })), /at most 5/],
    [
      'a duplicate alias',
      [
        { alias: 'x', count: {} },
        { alias: 'x', count: {} },
      ],
      /Duplicate/,
    ],
    ['a zero upTo', [{ alias: 'x', count: { upTo: 0 } }], /positive/],
    ['an unknown kind', [{ alias: 'x', max: {} }], /count, sum, avg/],
  ])('refuses %s', (_label, aggs, message) => {
    expect(() => parseAggregations(aggs)).toThrow(expect.objectContaining({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }));
  });
});
