import { describe, expect, it } from 'vitest';
import { EvaluationError } from './errors.ts';
import { binary, negate, not } from './operators.ts';
import { evalExpr } from './test-support.ts';
import { INT64_MAX, INT64_MIN, RDuration, RMap, RSet, RTimestamp, RUnknown, type RValue } from './values.ts';

const v = (source: string, vars: Record<string, RValue> = {}) => evalExpr(source, vars);
const error = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof EvaluationError) return e.message;
    throw e;
  }
  throw new Error('expected an EvaluationError');
};
const fails = (source: string, vars: Record<string, RValue> = {}) => {
  const r = evalExpr(source, vars);
  if (!(r instanceof EvaluationError)) throw new Error(`expected an error from ${source}, got ${String(r)}`);
  return r.message;
};

describe('int arithmetic at the 64-bit bounds', () => {
  const max = { max: INT64_MAX, min: INT64_MIN };
  it.each<[string, RValue | string]>([
    ['max + 0', INT64_MAX],
    ['max + 1', 'integer overflow'],
    ['min - 0', INT64_MIN],
    ['min - 1', 'integer overflow'],
    ['max - -1', 'integer overflow'],
    ['max * 1', INT64_MAX],
    ['max * 2', 'integer overflow'],
    ['min * -1', 'integer overflow'],
    ['min / -1', 'integer overflow'],
    ['min / 1', INT64_MIN],
    ['7 - 9', -2n],
    ['6 * -7', -42n],
    ['-7 / -2', 3n],
    ['7 % -3', 1n],
    ['0 / 5', 0n],
  ])('%s', (source, expected) => {
    const r = v(source, max);
    if (typeof expected === 'string') expect((r as EvaluationError).message).toBe(expected);
    else expect(r).toBe(expected);
  });

  it('negates ints, floats and durations, and refuses the rest', () => {
    expect(negate(5n)).toBe(-5n);
    expect(negate(INT64_MAX)).toBe(-INT64_MAX);
    expect(error(() => negate(INT64_MIN))).toBe('integer overflow');
    expect(negate(2.5)).toBe(-2.5);
    expect(negate(new RDuration(3n))).toEqual(new RDuration(-3n));
    expect(error(() => negate('a'))).toBe('cannot negate string');
    expect(error(() => negate(true))).toBe('cannot negate bool');
    expect(error(() => negate(new RUnknown('resource.id')))).toMatch(/^resource\.id is not determined by the query/);
  });
});

describe('float arithmetic', () => {
  it.each<[string, RValue | string]>([
    ['5.5 - 0.5', 5],
    ['5 - 0.5', 4.5],
    ['0.5 - 5', -4.5],
    ['1.5 * 3', 4.5],
    ['3 * 1.5', 4.5],
    ['7.5 % 2', 1.5],
    ['7 % 2.5', 2],
    ['1 / 4.0', 0.25],
    ['1.0 % 0', 'modulo by zero'],
    ['1 % 0.0', 'modulo by zero'],
    ['1 / 0.0', 'division by zero'],
    ['2.0 + 2', 4],
  ])('%s', (source, expected) => {
    const r = v(source);
    if (typeof expected === 'string') expect((r as EvaluationError).message).toBe(expected);
    else expect(r).toBe(expected);
  });

  it('keeps a float a float when whole', () => {
    expect(typeof v('2.0 + 2')).toBe('number');
    expect(typeof v('2 + 2')).toBe('bigint');
  });
});

describe('timestamps and durations', () => {
  const t = new RTimestamp(100, 500);
  const d = new RDuration(2_000_000_600n); // 2 s and 600 ns
  const vars = { t, d, u: new RTimestamp(90, 900) };

  it('adds and subtracts durations to timestamps, either side of +', () => {
    expect(v('t + d', vars)).toEqual(new RTimestamp(102, 1100));
    expect(v('d + t', vars)).toEqual(new RTimestamp(102, 1100));
    expect(v('t - d', vars)).toEqual(new RTimestamp(97, 999_999_900));
  });

  it('takes the difference of two timestamps as a duration, and adds durations', () => {
    expect(v('t - u', vars)).toEqual(new RDuration(9_999_999_600n));
    expect(v('u - t', vars)).toEqual(new RDuration(-9_999_999_600n));
    expect(v('d + d', vars)).toEqual(new RDuration(4_000_001_200n));
    expect(v('d - d', vars)).toEqual(new RDuration(0n));
  });

  it('refuses the combinations that mean nothing', () => {
    expect(fails('t + u', vars)).toBe("cannot apply '+' to timestamp and timestamp");
    expect(fails('d - t', vars)).toBe("cannot apply '-' to duration and timestamp");
    expect(fails('t * d', vars)).toBe("cannot apply '*' to timestamp and duration");
    expect(fails('d * d', vars)).toBe("cannot apply '*' to duration and duration");
    expect(fails('t + 1', vars)).toBe("cannot apply '+' to timestamp and int");
    expect(fails("'a' - 'b'")).toBe("cannot apply '-' to string and string");
    expect(fails("1 + 'a'")).toBe("cannot apply '+' to int and string");
  });

  it('errs past the timestamps Firestore can hold', () => {
    expect(fails('t - d', { t: new RTimestamp(-62135596800, 0), d: new RDuration(1n) })).toBe('timestamp out of range');
    expect(fails('t + d', { t: new RTimestamp(253402300799, 999_999_999), d: new RDuration(1n) })).toBe('timestamp out of range');
  });
});

describe('what a query leaves open', () => {
  const unknown = new RUnknown('resource.id');

  it('cannot take part in arithmetic on either side', () => {
    expect(fails('x + 1', { x: unknown })).toMatch(/^resource\.id is not determined by the query/);
    expect(fails('1 - x', { x: unknown })).toMatch(/^resource\.id is not determined by the query/);
    expect(fails('x < 1', { x: unknown })).toMatch(/^resource\.id is not determined/);
    expect(fails('1 >= x', { x: unknown })).toMatch(/^resource\.id is not determined/);
  });

  it("answers 'in' on a partial map only for the keys the query pins", () => {
    const partial = new RMap(new Map([['published', true]]), true);
    expect(binary('in', 'published', partial)).toBe(true);
    expect(error(() => binary('in', 'draft', partial))).toBe("'draft' in … needs the whole document, which the query does not determine");
    expect(binary('in', 'draft', RMap.of({ published: true }))).toBe(false);
  });
});

describe('comparison and membership operators', () => {
  it.each<[string, boolean]>([
    ['1 < 1', false],
    ['1 <= 1', true],
    ['2 <= 1', false],
    ['1 > 1', false],
    ['2 > 1', true],
    ['1 >= 1', true],
    ['0 >= 1', false],
    ['1 == 2', false],
    ['1 != 1', false],
    ['1 != 2', true],
    ["'b' <= 'a'", false],
    ['1.5 < 1', false],
  ])('%s is %s', (source, expected) => {
    expect(v(source)).toBe(expected);
  });

  it('compares NaN as unordered: every order comparison is false', () => {
    const vars = { n: NaN };
    for (const op of ['<', '<=', '>', '>=']) expect(v(`n ${op} 1`, vars)).toBe(false);
    expect(v('n == n', vars)).toBe(false);
    expect(v('n != n', vars)).toBe(true);
  });

  it("'in' looks in lists, sets and map keys, and needs a string key for a map", () => {
    expect(binary('in', 2n, [1n, 2n])).toBe(true);
    expect(binary('in', 3n, [1n, 2n])).toBe(false);
    expect(binary('in', 1, new RSet([1n]))).toBe(true);
    expect(binary('in', 2n, new RSet([1n]))).toBe(false);
    expect(error(() => binary('in', 1n, RMap.of({ a: 1n })))).toBe('map keys are strings, not int');
    expect(error(() => binary('in', 1n, 5n))).toBe("'in' needs a list, set or map, not int");
  });

  it("'!' needs a bool", () => {
    expect(not(true)).toBe(false);
    expect(not(false)).toBe(true);
    expect(error(() => not(null))).toBe("'!' needs a bool, not null");
    expect(error(() => not(1n))).toBe("'!' needs a bool, not int");
  });
});
