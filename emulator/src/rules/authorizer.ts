// Turns compiled rules into an Authorizer: find the match blocks that apply to the document,
// build `request` and `resource`, and allow when any allow statement for the method holds
// (across all matching blocks). Otherwise deny, saying which lines said no and why.
import type { AccessDecision, AccessRequest, Authorizer } from './contract.ts';
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
      auth: request.auth ? RMap.of({ uid: request.auth.uid, token: fromJson(request.auth.token) }) : null,
      time: new RTimestamp(request.time.seconds, request.time.nanos),
      query: request.query
        ? RMap.of({
            limit: request.query.limit === undefined ? null : BigInt(request.query.limit),
            offset: request.query.offset === undefined ? null : BigInt(request.query.offset),
            orderBy: null,
          })
        : null,
    };
    let decision: AccessDecision;
    try {
      decision = this.evaluate(state);
    } catch (error) {
      if (!(error instanceof RulesLimitError)) throw error;
      decision = { allowed: false, limit: error.limit, reason: `rules limit (${error.limit}): ${error.message}` };
    }
    const { expressions, byFunction } = state.meter;
    return { ...decision, usage: { reads: [...state.reads.own], expressions, byFunction: Object.fromEntries(byFunction) } };
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

  /** The environments of the service and each block of a chain, outermost first. */
  private environments(chain: MatchChain, globals: Env, unknown: string | undefined): { envs: Map<Scope, Env>; innermost: Env } {
    const envs = new Map<Scope, Env>([[this.rules.service, globals]]);
    let env = globals;
    for (const frame of chain) {
      env = new Env(withUnknowns(frame.bindings, unknown), env, frame.block.functions);
      envs.set(frame.block, env);
    }
    return { envs, innermost: env };
  }

  private decide(state: RequestState, target: Target, meter: ExpressionMeter): AccessDecision {
    const { request } = state;
    const method = request.method;
    const segments = ['databases', request.database, 'documents', ...target.path.split('/')];
    const globals = new Env(
      new Map<string, RValue>([
        ['request', this.requestValue(state, target)],
        ['resource', target.resource],
      ]),
      null,
      this.rules.service.functions,
    );
    const failures: string[] = [];
    for (const chain of applicableChains(this.rules, segments)) {
      const block = chain[chain.length - 1].block;
      const allows = block.node.allows.filter((a) => a.methods.includes(method));
      if (!allows.length) continue;
      const { envs, innermost } = this.environments(chain, globals, target.unknownSegment);
      const ctx: EvalContext = {
        reads: state.reads,
        meter,
        scopeEnvs: envs,
        debug: this.debug,
        calls: [],
        database: request.database,
        coverage: this.coverage,
      };
      for (const allow of allows) {
        const verdict = holds(allow.condition, innermost, ctx);
        this.coverage?.allow(allow, verdict.allowed ? 'true' : verdict.error ? 'error' : 'false');
        if (verdict.allowed) return { allowed: true };
        const at = `for '${method}' @ L${allow.pos.line}`;
        const e = verdict.error;
        failures.push(e ? `evaluation error at L${e.line}:${e.column} (${e.message}) ${at}` : `false ${at}`);
      }
    }
    const where = target.display ?? `/${target.path}`;
    if (!failures.length) return { allowed: false, reason: `'${method}' on ${where}: no allow statement matches` };
    return { allowed: false, reason: `'${method}' on ${where}: ${failures.join(', ')}` };
  }
}
