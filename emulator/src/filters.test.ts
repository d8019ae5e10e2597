import { describe, expect, it } from 'vitest';
import { compileFilter, disjunctionCount, equalityConstraints, fieldBounds, inequalityFields, parseFilter, type Filter } from './filters.ts';
import type { StoredDocument, Value } from './value-types.ts';

const root = 'projects/p/databases/(default)/documents';
const doc = (id: string, fields: Record<string, Value>): StoredDocument => ({ name: `${root}/c/${id}`, fields, createTime: '', updateTime: '' });
const int = (n: number): Value => ({ integerValue: String(n) });
const str = (s: string): Value => ({ stringValue: s });
const arr = (...values: Value[]): Value => ({ arrayValue: { values } });
const field = (fieldPath: string, op: string, value: Value) => ({ fieldFilter: { field: { fieldPath }, op, value } });
const unary = (fieldPath: string, op: string) => ({ unaryFilter: { field: { fieldPath }, op } });
const and = (...filters: unknown[]) => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: unknown[]) => ({ compositeFilter: { op: 'OR', filters } });

const docs = [
  doc('a', { n: int(3), tags: arr(str('x'), str('y')), cat: str('blog') }),
  doc('b', { n: int(1), cat: str('news') }),
  doc('c', { n: { doubleValue: 2.5 }, cat: str('blog') }),
  doc('d', { n: { nullValue: null } }),
  doc('e', { n: { doubleValue: 'NaN' }, other: int(1) }),
  doc('f', { n: str('3') }),
  doc('g', { nested: { mapValue: { fields: { deep: int(7) } } } }),
];
const ids = (f: unknown) => docs.filter(compileFilter(parseFilter(f))).map((d) => d.name.split('/').pop()).join('');

describe('field filters', () => {
  it('== matches numerically across int and double; skips missing fields', () => {
    expect(ids(field('n', 'EQUAL', { doubleValue: 3 }))).toBe('a');
    expect(ids(field('nested.deep', 'EQUAL', int(7)))).toBe('g');
  });

  it('range operators compare only within the same type order', () => {
    expect(ids(field('n', 'GREATER_THAN', int(1)))).toBe('ac');
    expect(ids(field('n', 'LESS_THAN_OR_EQUAL', int(3)))).toBe('abce'); // NaN sorts first among numbers
    expect(ids(field('n', 'GREATER_THAN_OR_EQUAL', str('')))).toBe('f');
  });

  it('!= and not-in skip missing and null fields', () => {
    expect(ids(field('n', 'NOT_EQUAL', int(1)))).toBe('acef');
    expect(ids(field('n', 'NOT_IN', arr(int(3), int(1))))).toBe('cef');
    expect(ids(field('n', 'NOT_IN', arr(int(3), { nullValue: null })))).toBe('');
  });

  it('takes up to 10 not-in values and 30 in / array-contains-any values, and refuses one more', () => {
    const values = (n: number) => arr(...Array.from({ length: n }, (_, i) => int(i)));
    expect(() => parseFilter(field('n', 'NOT_IN', values(10)))).not.toThrow();
    expect(() => parseFilter(field('n', 'NOT_IN', values(11)))).toThrow("'NOT_IN' filters support a maximum of 10 elements");
    for (const op of ['IN', 'ARRAY_CONTAINS_ANY']) {
      expect(() => parseFilter(field('n', op, values(30)))).not.toThrow();
      expect(() => parseFilter(field('n', op, values(31)))).toThrow(`'${op}' filters support a maximum of 30 elements`);
    }
    expect(() => parseFilter(field('n', 'IN', arr()))).toThrow("A non-empty array is required for 'IN' filters.");
  });

  it('supports in, array-contains and array-contains-any', () => {
    expect(ids(field('cat', 'IN', arr(str('news'), str('none'))))).toBe('b');
    expect(ids(field('tags', 'ARRAY_CONTAINS', str('y')))).toBe('a');
    expect(ids(field('tags', 'ARRAY_CONTAINS_ANY', arr(str('q'), str('x'))))).toBe('a');
    expect(ids(field('cat', 'ARRAY_CONTAINS', str('blog')))).toBe('');
  });

  it('filters on __name__ compare document references', () => {
    expect(ids(field('__name__', 'GREATER_THAN', { referenceValue: `${root}/c/e` }))).toBe('fg');
    expect(() => parseFilter(field('__name__', 'EQUAL', str('a')))).toThrow(/document reference/);
  });
});

describe('unary and composite filters', () => {
  it('IS_NULL, IS_NAN, IS_NOT_NULL, IS_NOT_NAN', () => {
    expect(ids(unary('n', 'IS_NULL'))).toBe('d');
    expect(ids(unary('n', 'IS_NAN'))).toBe('e');
    expect(ids(unary('n', 'IS_NOT_NULL'))).toBe('abcef');
    expect(ids(unary('n', 'IS_NOT_NAN'))).toBe('abcf');
  });

  it('AND and OR nest', () => {
    expect(ids(or(field('n', 'EQUAL', int(1)), field('other', 'EQUAL', int(1))))).toBe('be');
    expect(ids(and(field('cat', 'EQUAL', str('blog')), or(field('n', 'LESS_THAN', int(3)), field('tags', 'ARRAY_CONTAINS', str('x')))))).toBe('ac');
  });
});

describe('validation', () => {
  it.each([
    ['an empty in list', field('a', 'IN', arr()), /non-empty array/],
    ['in over 30 values', field('a', 'IN', arr(...Array.from({ length: 31 }, (_, i) => int(i)))), /maximum of 30/],
    ['not-in over 10 values', field('a', 'NOT_IN', arr(...Array.from({ length: 11 }, (_, i) => int(i)))), /maximum of 10/],
    ['a range on null', field('a', 'LESS_THAN', { nullValue: null }), /only equality/],
    ['a range on NaN', field('a', 'GREATER_THAN', { doubleValue: 'NaN' }), /only equality/],
    ['an unknown operator', field('a', 'LIKE', str('x')), /Unsupported/],
    ['an empty composite', { compositeFilter: { op: 'AND', filters: [] } }, /at least one/],
    ['a bad field path', field('a..b', 'EQUAL', int(1)), /\.\./],
  ])('refuses %s', (_label, f, message) => {
    expect(() => parseFilter(f)).toThrow(expect.objectContaining({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }));
  });

  it('counts disjunctions in normal form', () => {
    const f = parseFilter(and(or(field('a', 'EQUAL', int(1)), field('b', 'EQUAL', int(1))), field('c', 'IN', arr(int(1), int(2), int(3)))));
    expect(disjunctionCount(f)).toBe(6);
  });
});

describe('what a query guarantees', () => {
  it('collects == constraints from the top level and AND, never from OR', () => {
    const f = parseFilter(and(field('published', 'EQUAL', { booleanValue: true }), unary('deletedAt', 'IS_NULL'), or(field('x', 'EQUAL', int(1)), field('y', 'EQUAL', int(2)))));
    expect(equalityConstraints(f)).toEqual({ published: { booleanValue: true }, deletedAt: { nullValue: null } });
  });

  it('lists inequality fields, sorted', () => {
    expect(inequalityFields(parseFilter(and(field('z', 'GREATER_THAN', int(1)), field('a', 'NOT_EQUAL', int(1)), field('m', 'EQUAL', int(1)))) as Filter)).toEqual(['a', 'z']);
  });
});

describe('bounds for an ordered walk', () => {
  it('takes the tightest range from AND-ed filters, and nothing from OR', () => {
    const f = parseFilter(and(field('n', 'GREATER_THAN', int(1)), field('n', 'GREATER_THAN_OR_EQUAL', int(3)), field('n', 'LESS_THAN', int(9)), field('m', 'LESS_THAN', int(0))));
    expect(fieldBounds(f, 'n')).toEqual({ lower: int(3), upper: int(9) });
    expect(fieldBounds(parseFilter(field('n', 'IN', arr(int(7), int(2), int(5)))), 'n')).toEqual({ lower: int(2), upper: int(7) });
    expect(fieldBounds(parseFilter(or(field('n', 'EQUAL', int(1)), field('n', 'EQUAL', int(5)))), 'n')).toEqual({});
    expect(fieldBounds(parseFilter(field('n', 'NOT_EQUAL', int(1))), 'n')).toEqual({});
  });
});
