import { describe, expect, it, vi } from 'vitest';
import type { Expr, FunctionDecl } from './ast.ts';
import { compileRules } from './index.ts';
import { EvaluationError } from './errors.ts';
import { Env, evaluate, holds, type EvalContext } from './evaluator.ts';
import type { FunctionInfo, Scope } from './matcher.ts';
import { parseExpression } from './parser.ts';
import { allowed, conditionHolds, context, decide, evalExpr, holdsFor, request, wrap } from './test-support.ts';
import { RBytes, RMap, RPath, RSet, RUnknown, type RValue } from './values.ts';

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

  it('refuses recursion when it reaches the evaluator (the loader refuses it first: limits.test.ts)', () => {
    expect(callDirect([], 'f()').value).toBe('error: recursive call to f() (Firestore does not allow recursion)');
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

// Calls `body` as a function with `lets`, bypassing the loader's checks (which refuse some of
// these at load time): what the evaluator itself does when they reach it.
function callDirect(lets: [string, string][], body: string, opts: { params?: string[]; args?: string; visible?: boolean } = {}) {
  const decl: FunctionDecl = {
    name: 'f',
    params: opts.params ?? [],
    lets: lets.map(([name, src]) => ({ name, value: parseExpression(src), pos: { line: 1, column: 1 } })),
    body: parseExpression(body),
    pos: { line: 1, column: 1 },
  };
  const scope: Scope = { parent: null, functions: new Map(), variables: new Set() };
  const fn: FunctionInfo = { decl, scope };
  (scope.functions as Map<string, FunctionInfo>).set('f', fn);
  const lines: string[] = [];
  const root = new Env(new Map(), null, scope.functions);
  const ctx: EvalContext = {
    ...context({}),
    scopeEnvs: opts.visible === false ? new Map() : new Map([[scope, root]]),
    debug: (t) => lines.push(t),
    calls: [],
    database: '(default)',
  };
  try {
    return { value: evaluate(parseExpression(`f(${opts.args ?? ''})`), root, ctx) as RValue | string, lines };
  } catch (error) {
    if (error instanceof EvaluationError) return { value: `error: ${error.message}`, lines };
    throw error;
  }
}

describe('let bindings, evaluated lazily and once', () => {
  it('evaluates a used let once, however often it is read', () => {
    expect(callDirect([['x', 'debug(1)']], 'x == x && x == 1')).toEqual({ value: true, lines: ['1'] });
  });

  it('remembers a failed let: the error is raised again without evaluating it again', () => {
    expect(callDirect([['x', 'debug(null).y']], 'x == 1 || x == 2 || true')).toEqual({ value: true, lines: ['null'] });
    expect(callDirect([['x', 'debug(null).y']], 'x == 1 || x == 2')).toEqual({ value: "error: Null value error: cannot read 'y' of null.", lines: ['null'] });
    expect(callDirect([['x', 'debug(null).y']], '(x == 1 || true) && x == 2')).toEqual({
      value: "error: Null value error: cannot read 'y' of null.",
      lines: ['null'],
    });
  });

  it('refuses a let that refers to itself', () => {
    expect(callDirect([['x', 'x + 1']], 'x').value).toBe('error: a let binding refers to itself');
  });

  it('checks the number of arguments and that the function is visible', () => {
    expect(callDirect([], 'a', { params: ['a'], args: '1, 2' }).value).toBe('error: f() takes 1 argument(s)');
    expect(callDirect([], 'a', { params: ['a'], args: '' }).value).toBe('error: f() takes 1 argument(s)');
    expect(callDirect([], 'a', { params: ['a'], args: '7' }).value).toBe(7n);
    expect(callDirect([], 'true', { visible: false }).value).toBe('error: f() is not visible here');
  });
});

describe('reading fields, indexes and ranges, value by value', () => {
  const u = new RUnknown('resource.data');
  it.each([
    ["'abc'.x", {}, "cannot read 'x' of string"],
    ['n.x', { n: null }, "Null value error: cannot read 'x' of null."],
    ['u.x', { u }, 'resource.data is not determined by the query (rules are not filters)'],
    ['u[0]', { u }, 'resource.data is not determined by the query (rules are not filters)'],
    ['[1][u]', { u }, 'resource.data is not determined by the query (rules are not filters)'],
    ["{'a': 1}[u]", { u }, 'resource.data is not determined by the query (rules are not filters)'],
    ["{'a': 1}[1]", {}, 'map keys are strings, not int'],
    ["n['a']", { n: null }, 'Null value error: cannot index null.'],
    ["[1]['a']", {}, 'cannot index list with string'],
    ['true[0]', {}, 'cannot index bool'],
    ['{1: 2}', {}, 'map keys are strings, not int'],
    ["[1, 2]['a':]", {}, 'range bounds are ints, not string'],
    ['[1, 2][-1:]', {}, 'range bound -1 out of range'],
    ['[1, 2][0:3]', {}, 'range bound 3 out of range'],
    ['[1, 2, 3][2:1]', {}, 'range [2:1] is empty'],
    ['1[0:1]', {}, 'cannot take a range of int'],
    ['u[0:1]', { u }, 'resource.data is not determined by the query (rules are not filters)'],
    ['/a/$(u)', { u }, 'resource.data is not determined by the query (rules are not filters)'],
    ['nope', {}, "unknown variable 'nope'"],
    ['math', {}, 'math is a namespace: call one of its functions'],
    ['r.math.abs(-1)', { r: RMap.of({ math: RMap.of({}) }) }, 'abs() takes 0 argument(s)'],
  ] as [string, Record<string, RValue>, string][])('%s fails: %s', (source, vars, message) => {
    expect(fails(source, vars)).toBe(message);
  });

  it.each([
    ['[1, 2][0:2]', [1n, 2n]],
    ['[1, 2][2:]', []],
    ['[1, 2][1:1]', []],
    ["'😀ab'[1:2]", 'a'],
    ["'😀ab'[0:1]", '😀'],
    ["'ab'[2:2]", ''],
  ] as [string, RValue][])('%s is %o', (source, value) => {
    expect(v(source)).toEqual(value);
  });

  it('calls methods on variables, even one named like a namespace', () => {
    expect(v('s.size()', { s: 'abc' })).toBe(3n);
    expect(v('math.size()', { math: RMap.of({ a: 1n }) })).toBe(1n);
    expect(v('math.abs(-2)')).toBe(2n);
  });
});

describe('errors inside && and ||', () => {
  it('names the right operand that is not a bool', () => {
    expect(fails('true && 1')).toBe("an operand of '&&' must be a bool, not int");
    expect(fails('false || 1')).toBe("an operand of '||' must be a bool, not int");
  });

  it('reports the left error when both sides fail', () => {
    expect(fails('n.x || n.y', { n: null })).toBe("Null value error: cannot read 'x' of null.");
    expect(fails('n.x && n.y', { n: null })).toBe("Null value error: cannot read 'x' of null.");
  });

  it('fails closed on a fault that is not an evaluation error, even under || true', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const fault of [new Error('backend down'), new RangeError('Invalid time value'), new TypeError('call stack of the backend')]) {
        const a = compileRules(wrap('match /a/{id} { allow get: if exists(/databases/$(database)/documents/b/1) || true; }'), 'firestore.rules', {
          debug: () => undefined,
        });
        const d = a.authorize({
          ...request(),
          lookup: () => {
            throw fault;
          },
        });
        expect(d.allowed).toBe(false);
        expect(d.reason).toContain(`internal error: ${fault.message}`);
      }
      expect(spy).toHaveBeenCalledWith('[rules] internal error while evaluating a condition:', expect.any(Error));
    } finally {
      spy.mockRestore();
    }
  });

  it('turns an expression too deep for the stack into an evaluation error (a deny)', () => {
    let e: Expr = parseExpression('true');
    for (let i = 0; i < 200_000; i++) e = { kind: 'unary', op: '!', operand: e, pos: { line: 1, column: 1 } } as Expr;
    const env = new Env(new Map(), null, new Map());
    const ctx = context({}, Infinity); // the expression limit would stop it first: this is about the stack
    expect(() => evaluate(e, env, ctx)).toThrow(new EvaluationError('expression too deeply nested', 1, 1));
    const or: Expr = { kind: 'logical', op: '||', left: e, right: parseExpression('true'), pos: { line: 1, column: 1 } } as Expr;
    expect(holds(or, env, ctx)).toEqual({ allowed: true });
  });
});
