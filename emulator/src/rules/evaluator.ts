// Evaluates rule conditions with Firestore's semantics. Any error makes a condition fail (a deny),
// except where `||` and `&&` let the other operand decide: `error || true` is true and
// `error && false` is false; `true || error` and `false && error` never evaluate the error.
import type { Expr, FunctionDecl } from './ast.ts';
import { callConversion, callNamespace, NAMESPACE_ARITY } from './builtins.ts';
import type { RulesCoverage } from './coverage.ts';
import { EvaluationError, evaluationError } from './errors.ts';
import type { FunctionInfo, Scope } from './matcher.ts';
import { callMethod } from './methods.ts';
import { binary, negate, not } from './operators.ts';
import { RulesLimitError } from './limits.ts';
import type { DocumentReads } from './reads.ts';
import { fromFields, isType, RBytes, RMap, RPath, RUnknown, show, typeName, type RValue } from './values.ts';

/** A `let` evaluated on first use: an unused binding can neither fail nor spend a document read. */
class LazyBinding {
  // Stryker disable next-line StringLiteral: 'pending' is never compared; any state but running, done and failed behaves alike
  state: 'pending' | 'running' | 'done' | 'failed' = 'pending';
  value: RValue = null;
  error: EvaluationError | null = null;
  constructor(
    readonly expr: Expr,
    readonly env: Env,
    readonly ctx: EvalContext,
  ) {}
}

type Binding = RValue | LazyBinding;

/** Variables visible at a point of evaluation, innermost first through `parent`. */
export class Env {
  constructor(
    readonly vars: ReadonlyMap<string, Binding>,
    readonly parent: Env | null,
    /** Functions callable from code evaluated in this environment (lexical). */
    readonly functions: ReadonlyMap<string, FunctionInfo>,
  ) {}

  find(name: string): Binding | undefined {
    const b = this.vars.get(name);
    return b !== undefined ? b : this.parent?.find(name);
  }
}

/**
 * What one operation's evaluation spends of its limits (limits.ts). Every expression evaluated
 * counts, each time it is evaluated: literals, names, operators, calls, and the expressions inside
 * the functions called (a `let` counts once, when first used).
 */
export interface ExpressionMeter {
  expressions: number;
  maxExpressions: number;
  maxCallDepth: number;
  /** How messages name the operation: `'create' on /registrations/abc`. */
  operation: string;
  /** Expressions by the function evaluating them (its own, not its callees'); `allow` for the condition itself. */
  byFunction: Map<string, number>;
}

export function expressionMeter(maxExpressions: number, maxCallDepth: number, operation: string): ExpressionMeter {
  return { expressions: 0, maxExpressions, maxCallDepth, operation, byFunction: new Map() };
}

export interface EvalContext {
  reads: DocumentReads;
  meter: ExpressionMeter;
  /** The environment of each scope (service, match blocks) on the path being authorised. */
  scopeEnvs: ReadonlyMap<Scope, Env>;
  debug: (text: string) => void;
  /** Functions being evaluated, outermost first (for the recursion ban and the depth cap). */
  calls: FunctionDecl[];
  database: string;
  /** Where each function call's outcome is counted, when coverage is on. */
  coverage?: RulesCoverage;
}

/** A document as `resource` and `get()` show it: data, id and __name__. */
export function documentValue(path: string, data: RMap, database: string): RMap {
  const segments = path.split('/');
  return RMap.of({
    data,
    id: segments[segments.length - 1],
    __name__: new RPath(['databases', database, 'documents', ...segments]),
  });
}

function force(b: Binding): RValue {
  if (!(b instanceof LazyBinding)) return b;
  const lazy = b;
  switch (lazy.state) {
    case 'done':
      return lazy.value;
    case 'failed':
      throw lazy.error!;
    case 'running':
      return evaluationError('a let binding refers to itself');
  }
  lazy.state = 'running';
  try {
    lazy.value = evaluate(lazy.expr, lazy.env, lazy.ctx);
    lazy.state = 'done';
    return lazy.value;
  } catch (error) {
    if (error instanceof EvaluationError) {
      lazy.state = 'failed';
      lazy.error = error;
    }
    throw error;
  }
}

function bool(v: RValue, what: string): boolean {
  if (typeof v !== 'boolean') return evaluationError(`${what} must be a bool, not ${typeName(v)}`);
  return v;
}

function member(object: RValue, name: string): RValue {
  if (object instanceof RMap) {
    const v = object.entries.get(name);
    if (v !== undefined) return v;
    if (object.partial) return evaluationError(`field '${name}' is not determined by the query (rules are not filters)`);
    return evaluationError(`Property ${name} is undefined on object.`);
  }
  if (object === null) return evaluationError(`Null value error: cannot read '${name}' of null.`);
  // Stryker disable next-line ConditionalExpression: typeName() of an undetermined value raises this same error on the path below
  if (object instanceof RUnknown) return object.use();
  return evaluationError(`cannot read '${name}' of ${typeName(object)}`);
}

function indexInto(object: RValue, index: RValue): RValue {
  // Stryker disable next-line ConditionalExpression: typeName() of an undetermined value raises this same error on the path below
  if (object instanceof RUnknown) return object.use();
  // Stryker disable next-line ConditionalExpression: typeName() of an undetermined value raises this same error on the path below
  if (index instanceof RUnknown) return index.use();
  if (object instanceof RMap) {
    if (typeof index !== 'string') return evaluationError(`map keys are strings, not ${typeName(index)}`);
    return member(object, index);
  }
  if (typeof index !== 'bigint') {
    if (object === null) return evaluationError('Null value error: cannot index null.');
    return evaluationError(`cannot index ${typeName(object)} with ${typeName(index)}`);
  }
  const at = (length: number) => (index < 0n || index >= BigInt(length) ? evaluationError(`index ${index} out of range`) : Number(index));
  if (Array.isArray(object)) return object[at(object.length)];
  if (typeof object === 'string') {
    const chars = [...object];
    return chars[at(chars.length)];
  }
  if (object instanceof RPath) return object.segments[at(object.segments.length)];
  return evaluationError(`cannot index ${typeName(object)}`);
}

function slice(object: RValue, start: RValue | undefined, end: RValue | undefined): RValue {
  const bound = (v: RValue | undefined, fallback: number, length: number) => {
    if (v === undefined) return fallback;
    if (typeof v !== 'bigint') return evaluationError(`range bounds are ints, not ${typeName(v)}`);
    if (v < 0n || v > BigInt(length)) return evaluationError(`range bound ${v} out of range`);
    return Number(v);
  };
  const cut = <T>(items: readonly T[]): T[] => {
    const i = bound(start, 0, items.length);
    const j = bound(end, items.length, items.length);
    if (i > j) return evaluationError(`range [${i}:${j}] is empty`);
    return items.slice(i, j);
  };
  if (Array.isArray(object)) return cut(object);
  if (typeof object === 'string') return cut([...object]).join('');
  // Stryker disable next-line ConditionalExpression: typeName() of an undetermined value raises this same error on the path below
  if (object instanceof RUnknown) return object.use();
  return evaluationError(`cannot take a range of ${typeName(object)}`);
}

function pathValue(e: Extract<Expr, { kind: 'path' }>, env: Env, ctx: EvalContext): RPath {
  const segments: string[] = [];
  for (const s of e.segments) {
    if (typeof s === 'string') {
      segments.push(s);
      continue;
    }
    const v = evaluate(s, env, ctx);
    if (typeof v === 'string') segments.push(v);
    else if (typeof v === 'bigint') segments.push(v.toString());
    else if (v instanceof RPath) segments.push(...v.segments);
    else evaluationError(`cannot put ${typeName(v)} in a path`); // typeName() raises an undetermined value's own error
  }
  return new RPath(segments);
}

function logical(e: Extract<Expr, { kind: 'logical' }>, env: Env, ctx: EvalContext): boolean {
  const decisive = e.op === '||'; // the operand value that decides the whole expression
  let leftError: EvaluationError | null = null;
  try {
    if (bool(evaluate(e.left, env, ctx), `an operand of '${e.op}'`) === decisive) return decisive;
  } catch (error) {
    if (!(error instanceof EvaluationError)) throw error;
    leftError = error;
  }
  let right: boolean;
  try {
    right = bool(evaluate(e.right, env, ctx), `an operand of '${e.op}'`);
  } catch (error) {
    if (leftError && error instanceof EvaluationError) throw leftError;
    throw error;
  }
  if (right === decisive) return decisive;
  if (leftError) throw leftError;
  return !decisive;
}

function callFunction(e: Extract<Expr, { kind: 'call' }>, env: Env, ctx: EvalContext): RValue {
  const user = env.functions.get(e.name);
  if (user)
    return callUser(
      user,
      e.args.map((a) => evaluate(a, env, ctx)),
      ctx,
    );
  const args = e.args.map((a) => evaluate(a, env, ctx));
  switch (e.name) {
    case 'get':
    case 'exists':
      return readDocument(e.name, e.name, args[0], false, ctx);
    case 'getAfter':
    case 'existsAfter':
      return readDocument(e.name === 'getAfter' ? 'get' : 'exists', e.name, args[0], true, ctx);
    case 'debug':
      ctx.debug(show(args[0]));
      return args[0];
    default:
      return callConversion(e.name, args[0]);
  }
}

/**
 * A document read by rules: `get`/`exists` and their `After` forms in Firestore rules,
 * `firestore.get`/`firestore.exists` in Cloud Storage rules (named `fn` in errors). `get` of a
 * missing document is null.
 */
function readDocument(kind: 'get' | 'exists', fn: string, arg: RValue, after: boolean, ctx: EvalContext): RValue {
  const path = ctx.reads.documentPath(arg, fn);
  const data = ctx.reads.read(path, after);
  if (kind === 'exists') return data !== null;
  return data === null ? null : documentValue(path, fromFields(data), ctx.database);
}

function callUser(fn: FunctionInfo, args: RValue[], ctx: EvalContext): RValue {
  const { decl } = fn;
  if (args.length !== decl.params.length) return evaluationError(`${decl.name}() takes ${decl.params.length} argument(s)`);
  if (ctx.calls.includes(decl)) return evaluationError(`recursive call to ${decl.name}() (Firestore does not allow recursion)`);
  if (ctx.calls.length >= ctx.meter.maxCallDepth) {
    throw new RulesLimitError(
      'function call depth',
      `${ctx.meter.operation} nests function calls deeper than ${ctx.meter.maxCallDepth} (calling ${decl.name}())`,
    );
  }
  const outer = ctx.scopeEnvs.get(fn.scope);
  if (!outer) return evaluationError(`${decl.name}() is not visible here`);
  const vars = new Map<string, Binding>();
  const env = new Env(vars, outer, fn.scope.functions);
  decl.params.forEach((p, i) => vars.set(p, args[i]));
  for (const l of decl.lets) vars.set(l.name, new LazyBinding(l.value, env, ctx));
  ctx.calls.push(decl);
  try {
    const value = evaluate(decl.body, env, ctx);
    ctx.coverage?.returned(decl, value);
    return value;
  } catch (error) {
    if (!(error instanceof RulesLimitError)) ctx.coverage?.failed(decl);
    throw error;
  } finally {
    ctx.calls.pop();
  }
}

function evaluateNode(e: Expr, env: Env, ctx: EvalContext): RValue {
  switch (e.kind) {
    case 'literal':
      return e.value instanceof Uint8Array ? new RBytes(e.value) : e.value;
    case 'ident': {
      const b = env.find(e.name);
      if (b !== undefined) return force(b);
      if (NAMESPACE_ARITY[e.name]) return evaluationError(`${e.name} is a namespace: call one of its functions`);
      return evaluationError(`unknown variable '${e.name}'`);
    }
    case 'member':
      return member(evaluate(e.object, env, ctx), e.name);
    case 'index':
      return indexInto(evaluate(e.object, env, ctx), evaluate(e.index, env, ctx));
    case 'slice':
      return slice(evaluate(e.object, env, ctx), e.start ? evaluate(e.start, env, ctx) : undefined, e.end ? evaluate(e.end, env, ctx) : undefined);
    case 'call':
      return callFunction(e, env, ctx);
    case 'method': {
      // Cloud Storage rules' cross-service reads (the loader allows `firestore.*` in storage.rules only).
      if (e.target.kind === 'ident' && e.target.name === 'firestore' && env.find('firestore') === undefined) {
        const arg = evaluate(e.args[0], env, ctx);
        return readDocument(e.name === 'get' ? 'get' : 'exists', `firestore.${e.name}`, arg, false, ctx);
      }
      if (e.target.kind === 'ident' && NAMESPACE_ARITY[e.target.name] && env.find(e.target.name) === undefined) {
        return callNamespace(
          e.target.name,
          e.name,
          e.args.map((a) => evaluate(a, env, ctx)),
        );
      }
      const target = evaluate(e.target, env, ctx);
      return callMethod(
        target,
        e.name,
        e.args.map((a) => evaluate(a, env, ctx)),
      );
    }
    case 'unary': {
      const v = evaluate(e.operand, env, ctx);
      return e.op === '!' ? not(v) : negate(v);
    }
    case 'binary':
      return binary(e.op, evaluate(e.left, env, ctx), evaluate(e.right, env, ctx));
    case 'logical':
      return logical(e, env, ctx);
    case 'is':
      return isType(evaluate(e.operand, env, ctx), e.type);
    case 'ternary':
      return bool(evaluate(e.test, env, ctx), 'the condition of ?:') ? evaluate(e.then, env, ctx) : evaluate(e.otherwise, env, ctx);
    case 'list':
      return e.items.map((x) => evaluate(x, env, ctx));
    case 'map': {
      const entries = new Map<string, RValue>();
      for (const { key, value } of e.entries) {
        const k = evaluate(key, env, ctx);
        if (typeof k !== 'string') return evaluationError(`map keys are strings, not ${typeName(k)}`);
        if (entries.has(k)) return evaluationError(`duplicate map key '${k}'`);
        entries.set(k, evaluate(value, env, ctx));
      }
      return new RMap(entries);
    }
    case 'path':
      return pathValue(e, env, ctx);
  }
}

/** Evaluates an expression; an error records the innermost position where it arose. */
export function evaluate(e: Expr, env: Env, ctx: EvalContext): RValue {
  const meter = ctx.meter;
  const fn = ctx.calls.length ? ctx.calls[ctx.calls.length - 1].name : 'allow';
  meter.byFunction.set(fn, (meter.byFunction.get(fn) ?? 0) + 1);
  if (++meter.expressions > meter.maxExpressions) {
    throw new RulesLimitError(
      'expressions evaluated per request',
      `${meter.operation} evaluates more than ${meter.maxExpressions} expressions (reached at L${e.pos.line}:${e.pos.column})`,
    );
  }
  try {
    return evaluateNode(e, env, ctx);
  } catch (error) {
    if (error instanceof EvaluationError && error.line === undefined) {
      error.line = e.pos.line;
      error.column = e.pos.column;
    } else if (error instanceof RangeError && /call stack/i.test(error.message)) {
      // A pathological expression exhausting the JS stack is still only a deny.
      throw new EvaluationError('expression too deeply nested', e.pos.line, e.pos.column);
    }
    throw error;
  }
}

export type Verdict = { allowed: true } | { allowed: false; error?: EvaluationError };

/** Whether an allow condition grants: it must evaluate to exactly `true`. */
export function holds(condition: Expr | null, env: Env, ctx: EvalContext): Verdict {
  if (!condition) return { allowed: true };
  try {
    const v = evaluate(condition, env, ctx);
    if (v === true) return { allowed: true };
    if (typeof v !== 'boolean')
      return { allowed: false, error: new EvaluationError(`the condition is ${typeName(v)}, not bool`, condition.pos.line, condition.pos.column) };
    return { allowed: false };
  } catch (error) {
    if (error instanceof EvaluationError) return { allowed: false, error };
    // A limit denies the whole request: the caller stops at once.
    if (error instanceof RulesLimitError) throw error;
    // Anything else is a fault (a bug here, or a lookup that threw): fail closed, and say so.
    const message = error instanceof Error ? error.message : String(error);
    console.error('[rules] internal error while evaluating a condition:', error);
    return { allowed: false, error: new EvaluationError(`internal error: ${message}`, condition.pos.line, condition.pos.column) };
  }
}
