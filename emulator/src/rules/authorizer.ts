// Turns compiled rules into an Authorizer: find the match blocks that apply to the document,
// build `request` and `resource`, and allow when any allow statement for the method holds
// (across all matching blocks). Otherwise deny, saying which lines said no and why.
import type { Method } from './ast.ts';
import type { AccessDecision, AccessRequest, AuthContext, Authorizer } from './contract.ts';
import type { RulesCoverage } from './coverage.ts';
import { documentValue, Env, expressionMeter, holds, type EvalContext, type ExpressionMeter } from './evaluator.ts';
import { FIRESTORE_LIMITS, RulesLimitError, type RuntimeLimits } from './limits.ts';
import { authorizeList } from './list.ts';
import { applicableChains, type CompiledRules, type MatchChain, type Scope } from './matcher.ts';
import { DocumentReads } from './reads.ts';
import type { Target } from './target.ts';
import { fromFields, fromJson, RMap, RPath, RTimestamp, RUnknown, type RValue } from './values.ts';

export interface AuthorizerOptions {
  /** Where `debug(x)` writes; the emulator's log by default. */
  debug?: (text: string) => void;
  /** Cloud Firestore's limits by default; tighter ones (a project's margin) through tighterLimits(). */
  limits?: RuntimeLimits;
  /** Counts each allow's and each function's outcomes (coverage.ts); off when absent. compileRules() loads the rules into it. */
  coverage?: RulesCoverage;
}

/** Per authorize() call: what every evaluation of the request shares. */
interface RequestState {
  request: AccessRequest;
  reads: DocumentReads;
  /** The operation's expressions (a list's query-constrained evaluation; its per-candidate checks are the emulator's own). */
  meter: ExpressionMeter;
  auth: RValue;
  time: RTimestamp;
  query: RValue;
}

function withUnknowns(bindings: ReadonlyMap<string, RValue>, unknown: string | undefined): ReadonlyMap<string, RValue> {
  if (unknown === undefined) return bindings;
  const out = new Map(bindings);
  for (const [name, v] of out) {
    if (v === unknown) out.set(name, new RUnknown(`wildcard '${name}' (the id of each document the query returns)`));
    else if (v instanceof RPath && v.segments.includes(unknown)) out.set(name, new RUnknown(`wildcard '${name}' (a path of each document the query returns)`));
  }
  return out;
}

export class RulesAuthorizer implements Authorizer {
  private readonly debug: (text: string) => void;
  private readonly coverage: RulesCoverage | undefined;
  readonly limits: RuntimeLimits;

  constructor(
    private readonly rules: CompiledRules,
    options: AuthorizerOptions = {},
  ) {
    this.debug = options.debug ?? ((text) => console.log(`[rules debug] ${text}`));
    this.limits = options.limits ?? FIRESTORE_LIMITS;
    this.coverage = options.coverage;
  }

  authorize(request: AccessRequest): AccessDecision {
    const operation = `'${request.method}' on /${request.path}`;
    const state: RequestState = {
      request,
      reads: new DocumentReads(request, request.requestReads, this.limits),
      meter: expressionMeter(this.limits.expressionsPerOperation, this.limits.callDepth, operation),
      auth: authValue(request.auth),
      time: new RTimestamp(request.time.seconds, request.time.nanos),
      query: request.query
        ? RMap.of({
            limit: request.query.limit === undefined ? null : BigInt(request.query.limit),
            offset: request.query.offset === undefined ? null : BigInt(request.query.offset),
            orderBy: null,
          })
        : null,
    };
    return withinLimits(state.meter, state.reads, () => this.evaluate(state));
  }

  private evaluate(state: RequestState): AccessDecision {
    const { request } = state;
    if (request.method === 'list') {
      // The per-candidate evaluations stand in for Cloud Firestore's proof and spend no expressions of the query's.
      const unmetered = expressionMeter(Infinity, this.limits.callDepth, state.meter.operation);
      return authorizeList(request, (t, constrained) => this.decide(state, t, constrained ? state.meter : unmetered));
    }
    const doc = (d: AccessRequest['resource'] | undefined) => (d ? documentValue(d.path, fromFields(d.data), request.database) : null);
    return this.decide(
      state,
      {
        path: request.path,
        resource: doc(request.resource),
        requestResource: doc(request.requestResource),
        requestPath: this.fullPath(request, request.path),
      },
      state.meter,
    );
  }

  private fullPath(request: AccessRequest, path: string): RPath {
    return new RPath(['databases', request.database, 'documents', ...path.split('/')]);
  }

  private requestValue(state: RequestState, target: Target): RMap {
    const fields: Record<string, RValue> = {
      auth: state.auth,
      method: state.request.method,
      path: target.requestPath,
      time: state.time,
      resource: target.requestResource,
    };
    if (state.query) fields.query = state.query;
    return RMap.of(fields);
  }

  private decide(state: RequestState, target: Target, meter: ExpressionMeter): AccessDecision {
    const { request } = state;
    return decideAllows(
      { rules: this.rules, reads: state.reads, meter, debug: this.debug, database: request.database, coverage: this.coverage },
      request.method,
      ['databases', request.database, 'documents', ...target.path.split('/')],
      { request: this.requestValue(state, target), resource: target.resource },
      target.display ?? `/${target.path}`,
      target.unknownSegment,
    );
  }
}

/** `request.auth`: the caller's uid and token claims, or null. */
export function authValue(auth: AuthContext | null): RValue {
  return auth ? RMap.of({ uid: auth.uid, token: fromJson(auth.token) }) : null;
}

/**
 * Runs one operation's evaluation: a rules limit (limits.ts) denies the whole request, naming the
 * limit; every decision carries what the evaluation spent.
 */
export function withinLimits(meter: ExpressionMeter, reads: DocumentReads, evaluate: () => AccessDecision): AccessDecision {
  let decision: AccessDecision;
  try {
    decision = evaluate();
  } catch (error) {
    if (!(error instanceof RulesLimitError)) throw error;
    decision = { allowed: false, limit: error.limit, reason: `rules limit (${error.limit}): ${error.message}` };
  }
  const { expressions, byFunction } = meter;
  return { ...decision, usage: { reads: [...reads.own], expressions, byFunction: Object.fromEntries(byFunction) } };
}

/** What the evaluations of one operation share, whatever the service. */
export interface Evaluation {
  rules: CompiledRules;
  reads: DocumentReads;
  meter: ExpressionMeter;
  debug: (text: string) => void;
  /** The Firestore database rules read (`get()`, or `firestore.get()` in Cloud Storage rules). */
  database: string;
  coverage?: RulesCoverage;
}

/** The environments of the service and each block of a chain, outermost first. */
function environments(rules: CompiledRules, chain: MatchChain, globals: Env, unknown: string | undefined): { envs: Map<Scope, Env>; innermost: Env } {
  const envs = new Map<Scope, Env>([[rules.service, globals]]);
  let env = globals;
  for (const frame of chain) {
    env = new Env(withUnknowns(frame.bindings, unknown), env, frame.block.functions);
    envs.set(frame.block, env);
  }
  return { envs, innermost: env };
}

/**
 * Allows when some allow statement for `method`, in some block whose match path consumes exactly
 * `segments`, holds with the variables `globals` (`request`, `resource`); otherwise denies, naming
 * each allow statement that said no (`where` names the target in the reason).
 */
export function decideAllows(
  ev: Evaluation,
  method: Method,
  segments: readonly string[],
  globals: Record<string, RValue>,
  where: string,
  unknown?: string,
): AccessDecision {
  const globalEnv = new Env(new Map(Object.entries(globals)), null, ev.rules.service.functions);
  const failures: string[] = [];
  for (const chain of applicableChains(ev.rules, segments)) {
    const block = chain[chain.length - 1].block;
    const allows = block.node.allows.filter((a) => a.methods.includes(method));
    if (!allows.length) continue;
    const { envs, innermost } = environments(ev.rules, chain, globalEnv, unknown);
    const ctx: EvalContext = {
      reads: ev.reads,
      meter: ev.meter,
      scopeEnvs: envs,
      debug: ev.debug,
      calls: [],
      database: ev.database,
      coverage: ev.coverage,
    };
    for (const allow of allows) {
      const verdict = holds(allow.condition, innermost, ctx);
      ev.coverage?.allow(allow, verdict.allowed ? 'true' : verdict.error ? 'error' : 'false');
      if (verdict.allowed) return { allowed: true };
      const at = `for '${method}' @ L${allow.pos.line}`;
      const e = verdict.error;
      failures.push(e ? `evaluation error at L${e.line}:${e.column} (${e.message}) ${at}` : `false ${at}`);
    }
  }
  if (!failures.length) return { allowed: false, reason: `'${method}' on ${where}: no allow statement matches` };
  return { allowed: false, reason: `'${method}' on ${where}: ${failures.join(', ')}` };
}
