import { describe, expect, it } from 'vitest';
import { aggregate, parseAggregations } from './aggregation.ts';
import type { StoredDocument, Value } from './value-types.ts';

const doc = (fields: Record<string, Value>): StoredDocument => ({ name: 'projects/p/databases/(default)/documents/c/x', fields, createTime: '', updateTime: '' });
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

  it('names unnamed aggregations field_1, field_2 …', () => {
    expect(Object.keys(run([{ count: {} }, { sum: { field: { fieldPath: 'n' } } }], docs))).toEqual(['field_1', 'field_2']);
  });

  it.each([
    ['none', [], /at least one/],
    ['six', Array.from({ length: 6 }, (_, i) => ({ alias: `a${i}`, count: {} })), /at most 5/],
    ['a duplicate alias', [{ alias: 'x', count: {} }, { alias: 'x', count: {} }], /Duplicate/],
    ['a zero upTo', [{ alias: 'x', count: { upTo: 0 } }], /positive/],
    ['an unknown kind', [{ alias: 'x', max: {} }], /count, sum, avg/],
  ])('refuses %s', (_label, aggs, message) => {
    expect(() => parseAggregations(aggs)).toThrow(expect.objectContaining({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }));
  });
});
