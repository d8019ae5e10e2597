import { describe, expect, it } from 'vitest';
import { compileRules } from './index.ts';
import { EvaluationError } from './errors.ts';
import { allowed, conditionHolds, decide, evalExpr, holdsFor, request, wrap } from './test-support.ts';
import { RBytes, RMap, RPath, RSet, type RValue } from './values.ts';

const v = (source: string, vars: Record<string, RValue> = {}) => evalExpr(source, vars);
const fails = (source: string, vars: Record<string, RValue> = {}) => {
  const r = evalExpr(source, vars);
  if (!(r instanceof EvaluationError)) throw new Error(`expected an error from ${source}, got ${String(r)}`);
  return r.message;
};

describe('operators', () => {
  it('does int arithmetic with 64-bit overflow and division errors', () => {
    expect(v('1 + 2 * 3 - 4')).toBe(3n);
    expect(v('7 / 2')).toBe(3n);
    expect(v('-7 / 2')).toBe(-3n); // truncates toward zero
    expect(v('7 % 3')).toBe(1n);
    expect(v('-7 % 3')).toBe(-1n);
    expect(v('-(3)')).toBe(-3n);
    expect(fails('1 / 0')).toBe('division by zero');
    expect(fails('1 % 0')).toBe('modulo by zero');
    expect(fails('9223372036854775807 + 1')).toBe('integer overflow');
    expect(v('-9223372036854775808')).toBe(-(2n ** 63n));
  });

  it('mixes ints and floats into floats', () => {
    expect(v('1 + 0.5')).toBe(1.5);
    expect(v('7 / 2.0')).toBe(3.5);
    expect(v('2.5 * 2')).toBe(5);
    expect(typeof v('2.5 * 2')).toBe('number');
    expect(fails('1.0 / 0')).toBe('division by zero');
  });

  it("concatenates strings with '+' and refuses other mixes", () => {
    expect(v("'a' + 'b'")).toBe('ab');
    expect(fails("'a' + 1")).toBe("cannot apply '+' to string and int");
    expect(fails('[1] + [2]')).toBe("cannot apply '+' to list and list");
    expect(fails('true + 1')).toMatch(/cannot apply/);
  });

  it('compares with == != < <= > >=', () => {
    expect(v('1 == 1.0 && 2 != 3 && 1 < 2 && 2 <= 2 && 3 > 2.5 && 3 >= 3')).toBe(true);
    expect(v("'abc' < 'abd' && 'b' > 'abc'")).toBe(true);
    expect(v("[1, 'a'] == [1, 'a'] && {'a': [1]} == {'a': [1]}")).toBe(true);
    expect(v("1 == '1'")).toBe(false);
    expect(v('null == null && null != 0')).toBe(true);
    expect(fails("1 < 'a'")).toBe('cannot order int and string');
  });

  it("tests membership with 'in' on lists, sets and map keys", () => {
    expect(v('2 in [1, 2] && !(3 in [1, 2]) && 2.0 in [1, 2]')).toBe(true);
    expect(v("'a' in ['a', 'b'].toSet()")).toBe(true);
    expect(v("'k' in {'k': 1} && !('v' in {'k': 'v'})")).toBe(true);
    expect(fails("'a' in 'abc'")).toBe("'in' needs a list, set or map, not string");
  });

  it("needs bools for '!', '&&', '||' and '?:'", () => {
    expect(v('!false')).toBe(true);
    expect(fails('!1')).toBe("'!' needs a bool, not int");
    expect(fails("1 ? 'a' : 'b'")).toBe('the condition of ?: must be a bool, not int');
    expect(v("1 > 2 ? 'a' : 'b'")).toBe('b');
    expect(fails("'x' && true")).toMatch(/an operand of '&&' must be a bool, not string/);
  });

  it("checks types with 'is'", () => {
    const vars = { m: RMap.of({}), p: new RPath(['a']), by: new RBytes(new Uint8Array()) };
    expect(v("'s' is string && 1 is int && 1.0 is float && 1 is number && 1.5 is number && true is bool", vars)).toBe(true);
    expect(v('{} is map && [] is list && [1].toSet() is set && null is null && m is map && p is path && by is bytes', vars)).toBe(true);
    expect(v('request is map', { request: RMap.of({}) })).toBe(true);
    expect(v("timestamp.value(0) is timestamp && duration.value(1, 's') is duration && latlng.value(1, 2) is latlng")).toBe(true);
    expect(v("1 is float || 1.0 is int || '1' is number || null is map")).toBe(false);
  });

  it('indexes lists, maps, strings and paths, and takes ranges', () => {
    expect(v("[1, 2, 3][1] + {'a': 5}['a']")).toBe(7n);
    expect(v("'héllo'[1]")).toBe('é');
    expect(v('[1, 2, 3, 4][1:3]')).toEqual([2n, 3n]);
    expect(v("'abcdef'[0:3] == 'abc' && 'abcdef'[4:] == 'ef'")).toBe(true);
    expect(v('p[1]', { p: new RPath(['databases', '(default)']) })).toBe('(default)');
    expect(fails('[1][1]')).toBe('index 1 out of range');
    expect(fails('[1][-1]')).toBe('index -1 out of range');
    expect(fails("{'a': 1}['b']")).toBe('Property b is undefined on object.');
    expect(fails("{'a': 1}.b")).toBe('Property b is undefined on object.');
    expect(fails('n.x', { n: null })).toMatch(/^Null value error/);
  });

  it('builds paths, interpolating strings, ints and paths', () => {
    expect(v("/databases/$(db)/documents/staff/$('Ann@X.org'.lower())", { db: '(default)' })).toEqual(
      new RPath(['databases', '(default)', 'documents', 'staff', 'ann@x.org']),
    );
    expect(v('/a/$(n)/$(p)', { n: 7n, p: new RPath(['b', 'c']) })).toEqual(new RPath(['a', '7', 'b', 'c']));
    expect(fails('/a/$(m)', { m: RMap.of({}) })).toBe('cannot put map in a path');
    expect(v('/a/b == path("a/b")')).toBe(true);
  });

  it('refuses duplicate keys in a map literal', () => {
    expect(fails("{'a': 1, 'a': 2}")).toBe("duplicate map key 'a'");
  });
});

describe('error semantics of && and ||', () => {
  // `n.x` is an error (null has no fields); ERR stands for it below.
  const vars = { n: null };
  const holdsV = (s: string) => conditionHolds(s.replaceAll('ERR', 'n.x'), vars);

  it('|| is true as soon as one side is true, even if the other is an error', () => {
    expect(holdsV('ERR || true')).toBe(true);
    expect(holdsV('true || ERR')).toBe(true);
    expect(holdsV('ERR || false')).toBe(false);
    expect(holdsV('false || ERR')).toBe(false);
    expect(holdsV('ERR || ERR')).toBe(false);
  });

  it('&& is false as soon as one side is false, even if the other is an error', () => {
    expect(holdsV('ERR && false')).toBe(false);
    expect(holdsV('false && ERR')).toBe(false);
    expect(holdsV('ERR && true')).toBe(false);
    expect(holdsV('true && ERR')).toBe(false);
    expect(conditionHolds('!(n.x && false)', vars)).toBe(true); // (error && false) is false, a value
    expect(conditionHolds('!(n.x && true)', vars)).toBe(false); // still an error
  });

  it('an error anywhere else makes the condition fail, even under !', () => {
    expect(holdsFor('!(request.auth.uid == "x")')).toBe(false);
    expect(holdsFor('(request.auth.uid == "x") == false')).toBe(false);
    expect(holdsFor('request.auth.uid == "x" ? false : true')).toBe(false);
  });

  it('short-circuits: the right side of a decided && or || is not evaluated', () => {
    const lookups: string[] = [];
    expect(holdsFor('true || exists(/databases/$(database)/documents/x/y)', { lookups })).toBe(true);
    expect(holdsFor('false && exists(/databases/$(database)/documents/x/y)', { lookups })).toBe(false);
    expect(lookups).toEqual([]);
  });

  it('grants only for exactly true', () => {
    expect(holdsFor('1')).toBe(false);
    expect(holdsFor("'true'")).toBe(false);
    expect(holdsFor('null')).toBe(false);
    expect(decide('match /a/{id} { allow get: if 1; }').reason).toMatch(/evaluation error at L4:31 \(the condition is int, not bool\)/);
  });
});

describe('functions', () => {
  it('takes parameters and lets, and sees the wildcards of its block', () => {
    const rules = `
      function owns(uid) { let me = request.auth.uid; return me == uid && database == '(default)'; }
      match /users/{uid} { allow get: if owns(uid); }`;
    expect(allowed(rules, { path: 'users/u1', auth: { uid: 'u1', token: {} } })).toBe(true);
    expect(allowed(rules, { path: 'users/u2', auth: { uid: 'u1', token: {} } })).toBe(false);
  });

  it('evaluates a let only when it is used, and once', () => {
    const lookups: string[] = [];
    const rules = `
      function f(ok) { let doc = get(/databases/$(database)/documents/d/1); let broken = null.x; return ok || doc.data.n == 1 && doc.data.n < 2; }
      match /a/{id} { allow get: if f(true); allow list: if f(false); }`;
    expect(allowed(rules, { lookups })).toBe(true);
    expect(lookups).toEqual([]); // neither let was needed
    expect(allowed(rules, { method: 'list', path: 'a', docs: { 'd/1': { n: 1 } }, lookups, query: { equalities: {}, candidates: [] } })).toBe(true);
    expect(lookups).toEqual(['d/1']); // read once though used twice
  });

  it('passes errors out of a function to the caller (where || can still decide)', () => {
    expect(allowed('function bad() { return null.x; } match /a/{id} { allow get: if bad() || true; }')).toBe(true);
    expect(allowed('function bad() { return null.x; } match /a/{id} { allow get: if bad(); }')).toBe(false);
  });

  it('refuses recursion', () => {
    const d = decide('function f(n) { return n <= 0 || f(n - 1); } match /a/{id} { allow get: if f(3); }');
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/recursive call to f\(\)/);
    const mutual = decide(
      'function even(n) { return n == 0 || odd(n - 1); } function odd(n) { return n != 0 && even(n - 1); } match /a/{id} { allow get: if even(2); }',
    );
    expect(mutual.reason).toMatch(/recursive call to even\(\)/);
  });

  it('caps nested calls at 20', () => {
    const chain = (depth: number) => {
      const fns = Array.from({ length: depth }, (_, i) => (i === depth - 1 ? `function f${i}() { return true; }` : `function f${i}() { return f${i + 1}(); }`));
      return `${fns.join('\n')}\nmatch /a/{id} { allow get: if f0(); }`;
    };
    expect(allowed(chain(20))).toBe(true);
    const d = decide(chain(21));
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/nested deeper than 20/);
  });

  it('writes debug() values to the log and returns them', () => {
    const lines: string[] = [];
    const a = compileRules(wrap("match /a/{id} { allow get: if debug(request.method) == 'get' && debug({'n': 1.0}) != null; }"), 'firestore.rules', {
      debug: (t) => lines.push(t),
    });
    expect(a.authorize(request()).allowed).toBe(true);
    expect(lines).toEqual(['"get"', '{"n": 1.0}']);
  });

  it('reports where an error arose', () => {
    const d = decide("match /a/{id} {\n  allow get: if request.auth.uid == 'x';\n}");
    expect(d.reason).toBe("'get' on /a/1: evaluation error at L5:29 (Null value error: cannot read 'uid' of null.) for 'get' @ L5");
  });
});

describe('sets from lists', () => {
  it('drops duplicates', () => {
    expect((v("['a', 'b', 'a'].toSet()") as RSet).items).toEqual(['a', 'b']);
  });
});
