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
const ids = (f: unknown) =>
  docs
    .filter(compileFilter(parseFilter(f)))
    .map((d) => d.name.split('/').pop())
    .join('');

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
    const f = parseFilter(
      and(field('published', 'EQUAL', { booleanValue: true }), unary('deletedAt', 'IS_NULL'), or(field('x', 'EQUAL', int(1)), field('y', 'EQUAL', int(2)))),
    );
    expect(equalityConstraints(f)).toEqual({ published: { booleanValue: true }, deletedAt: { nullValue: null } });
  });

  it('lists inequality fields, sorted', () => {
    expect(
      inequalityFields(parseFilter(and(field('z', 'GREATER_THAN', int(1)), field('a', 'NOT_EQUAL', int(1)), field('m', 'EQUAL', int(1)))) as Filter),
    ).toEqual(['a', 'z']);
  });
});

describe('bounds for an ordered walk', () => {
  it('takes the tightest range from AND-ed filters, and nothing from OR', () => {
    const f = parseFilter(
      and(field('n', 'GREATER_THAN', int(1)), field('n', 'GREATER_THAN_OR_EQUAL', int(3)), field('n', 'LESS_THAN', int(9)), field('m', 'LESS_THAN', int(0))),
    );
    expect(fieldBounds(f, 'n')).toEqual({ lower: int(3), upper: int(9) });
    expect(fieldBounds(parseFilter(field('n', 'IN', arr(int(7), int(2), int(5)))), 'n')).toEqual({ lower: int(2), upper: int(7) });
    expect(fieldBounds(parseFilter(or(field('n', 'EQUAL', int(1)), field('n', 'EQUAL', int(5)))), 'n')).toEqual({});
    expect(fieldBounds(parseFilter(field('n', 'NOT_EQUAL', int(1))), 'n')).toEqual({});
  });
});

// Every type once, so a comparison that forgets its type order shows up.
const typed = [
  doc('null', { v: { nullValue: null } }),
  doc('false', { v: { booleanValue: false } }),
  doc('nan', { v: { doubleValue: 'NaN' } }),
  doc('one', { v: int(1) }),
  doc('two', { v: { doubleValue: 2 } }),
  doc('three', { v: int(3) }),
  doc('ts', { v: { timestampValue: '2027-01-01T00:00:00Z' } }),
  doc('str', { v: str('m') }),
  doc('bytes', { v: { bytesValue: 'AQ==' } }),
  doc('ref', { v: { referenceValue: `${root}/c/x` } }),
  doc('geo', { v: { geoPointValue: { latitude: 1, longitude: 1 } } }),
  doc('arr', { v: arr(int(2)) }),
  doc('map', { v: { mapValue: { fields: { k: int(2) } } } }),
  doc('none', { w: int(2) }),
];
const match = (f: unknown) =>
  typed
    .filter(compileFilter(parseFilter(f)))
    .map((d) => d.name.split('/').pop())
    .join(',');

describe('what each operator matches across every type', () => {
  it.each([
    ['LESS_THAN', int(2), 'nan,one'],
    ['LESS_THAN_OR_EQUAL', int(2), 'nan,one,two'],
    ['GREATER_THAN', int(2), 'three'],
    ['GREATER_THAN_OR_EQUAL', int(2), 'two,three'],
    ['LESS_THAN', str('m'), ''],
    ['LESS_THAN_OR_EQUAL', str('m'), 'str'],
    ['GREATER_THAN', str('a'), 'str'],
    ['GREATER_THAN_OR_EQUAL', str('n'), ''],
    ['GREATER_THAN', { booleanValue: false }, ''],
    ['GREATER_THAN_OR_EQUAL', { booleanValue: false }, 'false'],
    ['LESS_THAN', arr(int(3)), 'arr'],
    ['GREATER_THAN', { mapValue: { fields: { k: int(1) } } }, 'map'],
    ['EQUAL', int(2), 'two'],
    ['EQUAL', { nullValue: null }, 'null'],
    ['EQUAL', arr(int(2)), 'arr'],
    ['NOT_EQUAL', int(2), 'false,nan,one,three,ts,str,bytes,ref,geo,arr,map'],
    ['NOT_IN', arr(int(1), int(3), str('m')), 'false,nan,two,ts,bytes,ref,geo,arr,map'],
    ['IN', arr(int(1), str('m'), { nullValue: null }), 'null,one,str'],
    ['ARRAY_CONTAINS', int(2), 'arr'],
    ['ARRAY_CONTAINS', { doubleValue: 2 }, 'arr'],
    ['ARRAY_CONTAINS_ANY', arr(int(7), { doubleValue: 2 }), 'arr'],
    ['ARRAY_CONTAINS_ANY', arr(int(7)), ''],
  ])('%s %j', (op, value, expected) => {
    expect(match(field('v', op, value))).toBe(expected);
  });

  it('== never matches NaN (IS_NAN does)', () => {
    expect(match(field('v', 'EQUAL', { doubleValue: 'NaN' }))).toBe('');
    expect(match(unary('v', 'IS_NAN'))).toBe('nan');
    expect(match(unary('v', 'IS_NOT_NAN'))).toBe('false,one,two,three,ts,str,bytes,ref,geo,arr,map');
    expect(match(unary('v', 'IS_NOT_NULL'))).toBe('false,nan,one,two,three,ts,str,bytes,ref,geo,arr,map');
    expect(match(unary('v', 'IS_NULL'))).toBe('null');
  });

  it('a unary filter on a missing field matches nothing', () => {
    for (const op of ['IS_NULL', 'IS_NAN', 'IS_NOT_NULL', 'IS_NOT_NAN']) expect(match(unary('missing', op))).toBe('');
  });

  it('one filter inside AND or OR matches as the filter alone; OR of two takes either', () => {
    expect(match(and(field('v', 'EQUAL', int(1))))).toBe('one');
    expect(match(or(field('v', 'EQUAL', int(1))))).toBe('one');
    expect(match(or(field('v', 'EQUAL', int(1)), field('w', 'EQUAL', int(2))))).toBe('one,none');
    expect(match(and(field('v', 'GREATER_THAN', int(1)), field('v', 'LESS_THAN', int(3))))).toBe('two');
  });

  it('matches a dotted path into a map, and a quoted single segment containing a dot', () => {
    const docs2 = [doc('x', { m: { mapValue: { fields: { k: int(1) } } }, 'm.k': int(2) })];
    const hit = (f: unknown) => docs2.filter(compileFilter(parseFilter(f))).length;
    expect(hit(field('m.k', 'EQUAL', int(1)))).toBe(1);
    expect(hit(field('`m.k`', 'EQUAL', int(2)))).toBe(1);
    expect(hit(field('`m.k`', 'EQUAL', int(1)))).toBe(0);
  });
});

describe('filter validation messages', () => {
  const refuses = (f: unknown, message: string | RegExp) =>
    expect(() => parseFilter(f)).toThrow(expect.objectContaining({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }));

  it('refuses what is not a filter', () => {
    refuses(null, /^Invalid filter\.$/);
    refuses('x', /^Invalid filter\.$/);
    refuses({}, /^A filter must be a compositeFilter, a fieldFilter or a unaryFilter\.$/);
  });

  it('refuses composites without a known operator or a list of filters', () => {
    refuses({ compositeFilter: { op: 'XOR', filters: [field('a', 'EQUAL', int(1))] } }, /^Unsupported composite filter operator XOR\.$/);
    refuses({ compositeFilter: null }, /^Unsupported composite filter operator undefined\.$/);
    refuses({ compositeFilter: { op: 'OR', filters: 'x' } }, /^A composite filter must contain at least one filter\.$/);
    refuses({ compositeFilter: { op: 'OR' } }, /at least one filter/);
    expect(parseFilter({ compositeFilter: { op: 'OR', filters: [field('a', 'EQUAL', int(1))] } })).toEqual({
      compositeFilter: { op: 'OR', filters: [{ fieldFilter: { field: { fieldPath: 'a' }, op: 'EQUAL', value: int(1) } }] },
    });
  });

  it('refuses field and unary filters without a field path', () => {
    refuses({ fieldFilter: { op: 'EQUAL', value: int(1) } }, /^A filter needs field\.fieldPath\.$/);
    refuses({ fieldFilter: null }, /^A filter needs field\.fieldPath\.$/);
    refuses({ fieldFilter: { field: { fieldPath: 3 }, op: 'EQUAL', value: int(1) } }, /^A filter needs field\.fieldPath\.$/);
    refuses({ unaryFilter: { op: 'IS_NULL' } }, /^A filter needs field\.fieldPath\.$/);
    refuses({ unaryFilter: null }, /^A filter needs field\.fieldPath\.$/);
    refuses(unary('a..b', 'IS_NULL'), /\.\./);
  });

  it('names the unsupported operator', () => {
    refuses(field('a', 'LIKE', str('x')), /^Unsupported field filter operator LIKE\.$/);
    refuses(unary('a', 'IS_EMPTY'), /^Unsupported unary filter operator IS_EMPTY\.$/);
    refuses(unary('a', 'EQUAL'), /^Unsupported unary filter operator EQUAL\.$/);
  });

  it('says whether null or NaN was ranged over, for every range operator, and allows equality on both', () => {
    for (const op of ['LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL']) {
      refuses(field('a', op, { nullValue: null }), `^Null supports only equality comparisons; ${op} is not allowed on "a".$`);
      refuses(field('a', op, { doubleValue: 'NaN' }), `^NaN supports only equality comparisons; ${op} is not allowed on "a".$`);
    }
    for (const op of ['EQUAL', 'NOT_EQUAL']) {
      expect(() => parseFilter(field('a', op, { nullValue: null }))).not.toThrow();
      expect(() => parseFilter(field('a', op, { doubleValue: 'NaN' }))).not.toThrow();
    }
  });

  it('requires a non-empty array for in, not-in and array-contains-any, and no array for array-contains', () => {
    for (const op of ['IN', 'NOT_IN', 'ARRAY_CONTAINS_ANY']) {
      refuses(field('a', op, int(1)), `^A non-empty array is required for '${op}' filters\\.$`);
      refuses(field('a', op, arr()), `^A non-empty array is required for '${op}' filters\\.$`);
      expect(() => parseFilter(field('a', op, arr(int(1))))).not.toThrow();
    }
    expect(() => parseFilter(field('a', 'ARRAY_CONTAINS', arr()))).not.toThrow();
    expect(() => parseFilter(field('a', 'EQUAL', arr(...Array.from({ length: 40 }, (_, i) => int(i)))))).not.toThrow();
  });

  it('returns the operand in canonical form', () => {
    expect(parseFilter(field('a', 'EQUAL', { integerValue: 5 } as unknown as Value))).toEqual({
      fieldFilter: { field: { fieldPath: 'a' }, op: 'EQUAL', value: int(5) },
    });
  });
});

describe('filters on __name__', () => {
  const ref = (id: string): Value => ({ referenceValue: `${root}/c/${id}` });
  const names = (f: unknown) =>
    docs
      .filter(compileFilter(parseFilter(f)))
      .map((d) => d.name.split('/').pop())
      .join('');

  it('in and not-in take lists of document references', () => {
    expect(names(field('__name__', 'IN', arr(ref('b'), ref('e'))))).toBe('be');
    expect(names(field('__name__', 'NOT_IN', arr(ref('b'), ref('e'))))).toBe('acdfg');
    expect(names(field('__name__', 'EQUAL', ref('c')))).toBe('c');
  });

  it('refuses array-contains, and any operand that is not a reference', () => {
    expect(() => parseFilter(field('__name__', 'ARRAY_CONTAINS', ref('a')))).toThrow("'ARRAY_CONTAINS' cannot be used on __name__.");
    expect(() => parseFilter(field('__name__', 'ARRAY_CONTAINS_ANY', arr(ref('a'))))).toThrow("'ARRAY_CONTAINS_ANY' cannot be used on __name__.");
    expect(() => parseFilter(field('__name__', 'IN', arr(ref('a'), str('b'))))).toThrow(
      'A filter on __name__ must compare to a document reference (referenceValue), got {"stringValue":"b"}.',
    );
    expect(() => parseFilter(field('__name__', 'NOT_IN', arr(str('b'))))).toThrow(/document reference/);
    expect(() => parseFilter(field('__name__', 'LESS_THAN', int(1)))).toThrow(/document reference/);
  });
});

describe('disjunctions, inequality fields and equality constraints', () => {
  const p = (f: unknown) => parseFilter(f);

  it('counts one disjunction without a filter or for a plain filter; in and array-contains-any count their values, not-in one', () => {
    expect(disjunctionCount(undefined)).toBe(1);
    expect(disjunctionCount(p(field('a', 'EQUAL', int(1))))).toBe(1);
    expect(disjunctionCount(p(field('a', 'IN', arr(int(1), int(2)))))).toBe(2);
    expect(disjunctionCount(p(field('a', 'ARRAY_CONTAINS_ANY', arr(int(1), int(2), int(3)))))).toBe(3);
    expect(disjunctionCount(p(field('a', 'NOT_IN', arr(int(1), int(2), int(3)))))).toBe(1);
    expect(disjunctionCount(p(or(field('a', 'EQUAL', int(1)), field('b', 'IN', arr(int(1), int(2))))))).toBe(3);
    expect(disjunctionCount(p(and(field('a', 'IN', arr(int(1), int(2))), field('b', 'IN', arr(int(1), int(2), int(3))))))).toBe(6);
    expect(disjunctionCount(p(unary('a', 'IS_NULL')))).toBe(1);
  });

  it('takes != , not-in, is-not-null and is-not-nan as inequalities, once each, and not ==, in, is-null', () => {
    expect(inequalityFields(undefined)).toEqual([]);
    const f = p(
      and(
        field('b', 'NOT_IN', arr(int(1))),
        unary('d', 'IS_NOT_NULL'),
        unary('c', 'IS_NOT_NAN'),
        field('b', 'LESS_THAN', int(1)),
        field('a', 'GREATER_THAN_OR_EQUAL', int(1)),
        field('e', 'LESS_THAN_OR_EQUAL', int(1)),
        field('x', 'IN', arr(int(1))),
        unary('y', 'IS_NULL'),
        field('z', 'ARRAY_CONTAINS', int(1)),
      ),
    );
    expect(inequalityFields(f)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(inequalityFields(p(or(field('a', 'NOT_EQUAL', int(1)), field('b', 'EQUAL', int(1)))))).toEqual(['a']);
  });

  it('takes == from a one-filter OR, but not other operators or an OR of two', () => {
    expect(equalityConstraints(undefined)).toEqual({});
    expect(equalityConstraints(p(or(field('a', 'EQUAL', int(1)))))).toEqual({ a: int(1) });
    expect(equalityConstraints(p(or(field('a', 'EQUAL', int(1)), field('a', 'EQUAL', int(2)))))).toEqual({});
    expect(
      equalityConstraints(p(and(field('a', 'IN', arr(int(1))), field('b', 'NOT_EQUAL', int(1)), unary('c', 'IS_NAN'), unary('d', 'IS_NOT_NULL')))),
    ).toEqual({});
  });

  it('lists the fields pinned by ==', async () => {
    const { equalityFields } = await import('./filters.ts');
    expect([...equalityFields(p(and(field('a', 'EQUAL', int(1)), unary('b', 'IS_NULL'), field('c', 'GREATER_THAN', int(1)))))]).toEqual(['a', 'b']);
    expect(equalityFields(undefined).size).toBe(0);
  });
});

describe('bounds for an ordered walk, operator by operator', () => {
  const b = (f: unknown, path = 'n') => fieldBounds(parseFilter(f), path);

  it.each([
    ['EQUAL', { lower: int(5), upper: int(5) }],
    ['GREATER_THAN', { lower: int(5) }],
    ['GREATER_THAN_OR_EQUAL', { lower: int(5) }],
    ['LESS_THAN', { upper: int(5) }],
    ['LESS_THAN_OR_EQUAL', { upper: int(5) }],
    ['NOT_EQUAL', {}],
    ['ARRAY_CONTAINS', {}],
  ])('%s bounds the field', (op, expected) => {
    expect(b(field('n', op, int(5)))).toEqual(expected);
  });

  it('keeps the greatest lower and the least upper bound, whatever their order', () => {
    expect(b(and(field('n', 'GREATER_THAN_OR_EQUAL', int(3)), field('n', 'GREATER_THAN', int(1))))).toEqual({ lower: int(3) });
    expect(b(and(field('n', 'LESS_THAN', int(3)), field('n', 'LESS_THAN_OR_EQUAL', int(9))))).toEqual({ upper: int(3) });
    expect(b(and(field('n', 'LESS_THAN', int(9)), field('n', 'LESS_THAN_OR_EQUAL', int(3))))).toEqual({ upper: int(3) });
    expect(b(and(field('n', 'IN', arr(int(4), int(8))), field('n', 'GREATER_THAN', int(6)), field('n', 'LESS_THAN', int(5))))).toEqual({
      lower: int(6),
      upper: int(5),
    });
  });

  it('takes a one-filter OR, ignores other fields, unary filters and no filter', () => {
    expect(b(or(field('n', 'GREATER_THAN', int(2))))).toEqual({ lower: int(2) });
    expect(b(field('m', 'GREATER_THAN', int(2)))).toEqual({});
    expect(b(and(unary('n', 'IS_NULL'), field('n', 'LESS_THAN', int(2))))).toEqual({ upper: int(2) });
    expect(fieldBounds(undefined, 'n')).toEqual({});
    expect(b(field('n', 'IN', arr(int(4))))).toEqual({ lower: int(4), upper: int(4) });
  });
});
