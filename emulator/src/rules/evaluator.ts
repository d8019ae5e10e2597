// Evaluates rule conditions. Any error makes the condition false (a deny), except where Firestore's
// error-tolerant && / || let the other operand decide (`error || true` is true, `error && false` false).
import type { Expr, FunctionDecl } from './ast.ts';
import { EvaluationError } from './errors.ts';
import { arithmetic, callMethod, compare } from './methods.ts';
import { contains, equals, fail, fromFields, isType, RMap, RNamespace, RPath, RSet, typeName, type RV } from './runtime.ts';
import type { Fields } from '../value-types.ts';

const MAX_CALL_DEPTH = 20;
const NAMESPACES = new Set(['math', 'timestamp', 'duration', 'latlng']);

/** What a condition can reach outside itself: documents, counted against Firestore's read limits. */
export interface DocumentAccess {
  lookup(path: string): Fields | null;
  lookupAfter(path: string): Fields | null;
  /** Distinct documents read by rules for this request (shared across the writes of a commit). */
  reads: Set<string>;
  maxReads: number;
}

export interface Scope {
  vars: Map<string, RV>;
  functions: Map<string, FunctionDecl>;
  access: DocumentAccess;
  callStack: string[];
}

/** A document as `resource` / `get()` returns it: data, id and __name__. */
export function resourceValue(path: string, data: Fields, database = '(default)'): RMap {
  const segments = path.split('/');
  return RMap.of({
    data: fromFields(data),
    id: segments[segments.length - 1],
    __name__: new RPath(['databases', database, 'documents', ...segments]),
  });
}

function documentPathOf(v: RV): string {
  if (!(v instanceof RPath)) return fail(`get() and exists() need a path, got ${typeName(v)}`);
  const s = v.segments;
  if (s[0] !== 'databases' || s[2] !== 'documents' || s.length < 5 || (s.length - 3) % 2 !== 0) {
    return fail(`'${v.toString()}' is not a document path`);
  }
  return s.slice(3).join('/');
}

function readDocument(scope: Scope, which: 'get' | 'exists' | 'getAfter' | 'existsAfter', pathValue: RV): RV {
  const path = documentPathOf(pathValue);
  const key = `${which.endsWith('After') ? 'after' : 'before'}:${path}`;
  if (!scope.access.reads.has(key)) {
    if (scope.access.reads.size >= scope.access.maxReads) fail(`more than ${scope.access.maxReads} document reads in rules`);
    scope.access.reads.add(key);
  }
  const data = which.endsWith('After') ? scope.access.lookupAfter(path) : scope.access.lookup(path);
  if (which.startsWith('exists')) return data !== null;
  if (data === null) return fail(`get(): document ${path} does not exist`);
  return resourceValue(path, data);
}

function member(object: RV, name: string): RV {
  if (object instanceof RMap) {
    if (!object.entries.has(name)) return fail(`Property ${name} is undefined on object.`);
    return object.entries.get(name)!;
  }
  return fail(`cannot read '${name}' of ${typeName(object)}`);
}

function truthy(v: RV, where: string): boolean {
  if (typeof v !== 'boolean') return fail(`${where} must be a bool, got ${typeName(v)}`);
  return v;
}

type Outcome = { ok: true; value: RV } | { ok: false; error: EvaluationError };

function attempt(e: Expr, scope: Scope): Outcome {
  try {
    return { ok: true, value: evaluate(e, scope) };
  } catch (error) {
    if (error instanceof EvaluationError) return { ok: false, error };
    throw error;
  }
}

export function evaluate(e: Expr, scope: Scope): RV {
  switch (e.kind) {
    case 'literal':
      return e.value as RV;
    case 'ident': {
      if (scope.vars.has(e.name)) return scope.vars.get(e.name)!;
      if (NAMESPACES.has(e.name)) return new RNamespace(e.name);
      return fail(`unknown variable '${e.name}'`);
    }
    case 'member':
      return member(evaluate(e.object, scope), e.name);
    case 'index': {
      const object = evaluate(e.object, scope);
      const index = evaluate(e.index, scope);
      if (Array.isArray(object) && typeof index === 'bigint') {
        if (index < 0n || index >= BigInt(object.length)) return fail('list index out of range');
        return object[Number(index)];
      }
      if (object instanceof RMap && typeof index === 'string') return member(object, index);
      if (object instanceof RPath && typeof index === 'bigint') return object.segments[Number(index)] ?? fail('path index out of range');
      return fail(`cannot index ${typeName(object)} with ${typeName(index)}`);
    }
    case 'call':
      return call(e, scope);
    case 'unary': {
      const v = evaluate(e.operand, scope);
      if (e.op === '!') return !truthy(v, "'!' operand");
      if (typeof v === 'bigint') return -v;
      if (typeof v === 'number') return -v;
      return fail(`cannot negate ${typeName(v)}`);
    }
    case 'is':
      return isType(evaluate(e.operand, scope), e.type);
    case 'ternary':
      return truthy(evaluate(e.test, scope), 'condition') ? evaluate(e.then, scope) : evaluate(e.otherwise, scope);
    case 'list':
      return e.items.map((x) => evaluate(x, scope));
    case 'map':
      return new RMap(new Map(e.entries.map(([k, v]) => {
        const key = evaluate(k, scope);
        if (typeof key !== 'string') fail('map keys must be strings');
        return [key as string, evaluate(v, scope)];
      })));
    case 'path':
      return new RPath(
        e.segments.flatMap((s) => {
          if (typeof s === 'string') return [s];
          const v = evaluate(s, scope);
          if (v instanceof RPath) return v.segments;
          if (typeof v === 'string' || typeof v === 'bigint') return [String(v)];
          return fail(`cannot put a ${typeName(v)} in a path`);
        }),
      );
    case 'binary':
      return binary(e, scope);
  }
}

function binary(e: Extract<Expr, { kind: 'binary' }>, scope: Scope): RV {
  if (e.op === '||' || e.op === '&&') {
    const stop = e.op === '||'; // the value that decides the whole expression
    const left = attempt(e.left, scope);
    if (left.ok && truthy(left.value, `'${e.op}' operand`) === stop) return stop;
    const right = attempt(e.right, scope);
    if (right.ok && truthy(right.value, `'${e.op}' operand`) === stop) return stop;
    if (!left.ok) throw left.error;
    if (!right.ok) throw right.error;
    return !stop;
  }
  const a = evaluate(e.left, scope);
  const b = evaluate(e.right, scope);
  switch (e.op) {
    case '==':
      return equals(a, b);
    case '!=':
      return !equals(a, b);
    case '<':
      return compare(a, b) < 0;
    case '<=':
      return compare(a, b) <= 0;
    case '>':
      return compare(a, b) > 0;
    case '>=':
      return compare(a, b) >= 0;
    case 'in':
      if (Array.isArray(b)) return contains(b, a);
      if (b instanceof RSet) return contains(b.items, a);
      if (b instanceof RMap) return typeof a === 'string' && b.entries.has(a);
      return fail(`'in' needs a list, set or map, got ${typeName(b)}`);
    default:
      return arithmetic(e.op, a, b);
  }
}

function call(e: Extract<Expr, { kind: 'call' }>, scope: Scope): RV {
  if (e.callee.kind === 'member') {
    const target = evaluate(e.callee.object, scope);
    return callMethod(target, e.callee.name, e.args.map((a) => evaluate(a, scope)));
  }
  if (e.callee.kind !== 'ident') return fail('only functions and methods can be called');
  const name = e.callee.name;
  const user = scope.functions.get(name);
  if (user) return callUser(user, e.args.map((a) => evaluate(a, scope)), scope);
  const args = e.args.map((a) => evaluate(a, scope));
  switch (name) {
    case 'get':
    case 'exists':
    case 'getAfter':
    case 'existsAfter':
      return readDocument(scope, name, args[0]);
    case 'debug':
      console.log('[rules debug]', args[0]);
      return args[0];
    case 'int':
      if (typeof args[0] === 'string' && /^-?\d+$/.test(args[0])) return BigInt(args[0]);
      if (typeof args[0] === 'number') return BigInt(Math.trunc(args[0]));
      if (typeof args[0] === 'bigint') return args[0];
      return fail('int() needs a number or a numeric string');
    case 'float':
      if (typeof args[0] === 'bigint' || typeof args[0] === 'number') return Number(args[0]);
      if (typeof args[0] === 'string' && !Number.isNaN(Number(args[0]))) return Number(args[0]);
      return fail('float() needs a number or a numeric string');
    case 'string':
      if (args[0] === null || typeof args[0] === 'boolean' || typeof args[0] === 'bigint' || typeof args[0] === 'number' || typeof args[0] === 'string') return String(args[0]);
      if (args[0] instanceof RPath) return args[0].toString();
      return fail('string() cannot convert this value');
    case 'path':
      return typeof args[0] === 'string' ? new RPath(args[0].replace(/^\//, '').split('/')) : fail('path() needs a string');
    default:
      return fail(`unknown function ${name}()`);
  }
}

function callUser(fn: FunctionDecl, args: RV[], scope: Scope): RV {
  if (args.length !== fn.params.length) return fail(`${fn.name}() takes ${fn.params.length} argument(s)`);
  if (scope.callStack.includes(fn.name)) return fail(`recursive call to ${fn.name}() is not allowed`);
  if (scope.callStack.length >= MAX_CALL_DEPTH) return fail(`call depth exceeds ${MAX_CALL_DEPTH}`);
  const vars = new Map(scope.vars);
  fn.params.forEach((p, i) => vars.set(p, args[i]));
  const inner: Scope = { ...scope, vars, callStack: [...scope.callStack, fn.name] };
  for (const l of fn.lets) vars.set(l.name, evaluate(l.value, inner));
  return evaluate(fn.body, inner);
}

/** A condition's verdict: true only when it evaluates to exactly `true`. */
export function holds(condition: Expr | null, scope: Scope): boolean {
  if (!condition) return true;
  const outcome = attempt(condition, scope);
  return outcome.ok && outcome.value === true;
}
