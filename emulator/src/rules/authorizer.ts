// Turns a parsed rules file into an Authorizer: find every match block whose path matches the
// request, and allow when any of their allow statements for the method holds.
import type { FunctionDecl, MatchBlock, Method, RulesFile } from './ast.ts';
import type { AccessDecision, AccessRequest, Authorizer, DocumentSnapshotForRules } from './contract.ts';
import { holds, resourceValue, type DocumentAccess, type Scope } from './evaluator.ts';
import { fromJson, RMap, RPath, RTimestamp, type RV } from './runtime.ts';
import type { Fields, Value } from '../value-types.ts';
import { setField } from '../fields.ts';
import { parseFieldPath } from '../paths.ts';

interface Applicable {
  block: MatchBlock;
  bindings: Map<string, RV>;
  functions: Map<string, FunctionDecl>;
}

/** Every block (at any depth) whose full pattern consumes exactly `segments`. */
function applicableBlocks(blocks: MatchBlock[], segments: string[], bindings: Map<string, RV>, functions: Map<string, FunctionDecl>, out: Applicable[] = []): Applicable[] {
  for (const block of blocks) {
    const own = new Map(functions);
    for (const f of block.functions) own.set(f.name, f);
    let i = 0;
    const bound = new Map(bindings);
    let matched = true;
    for (const seg of block.pattern) {
      if ('literal' in seg) {
        if (segments[i] !== seg.literal) {
          matched = false;
          break;
        }
        i++;
      } else if (seg.rest) {
        bound.set(seg.variable, new RPath(segments.slice(i)));
        i = segments.length;
      } else {
        if (i >= segments.length) {
          matched = false;
          break;
        }
        bound.set(seg.variable, segments[i++]);
      }
    }
    if (!matched) continue;
    if (i === segments.length) out.push({ block, bindings: bound, functions: own });
    if (i < segments.length) applicableBlocks(block.matches, segments.slice(i), bound, own, out);
  }
  return out;
}

function docValue(doc: DocumentSnapshotForRules | null | undefined, database: string): RV {
  return doc ? resourceValue(doc.path, doc.data, database) : null;
}

/** A document known only by what the query guarantees: its `==` constraints. */
function documentFromEqualities(collection: string, equalities: Record<string, Value>): DocumentSnapshotForRules {
  let data: Fields = {};
  for (const [path, value] of Object.entries(equalities)) {
    if (path !== '__name__') data = setField(data, parseFieldPath(path), value);
  }
  return { path: `${collection}/__query__`, data };
}

export class RulesAuthorizer implements Authorizer {
  constructor(private readonly rules: RulesFile) {}

  authorize(request: AccessRequest): AccessDecision {
    const budget = request.readBudget ?? { reads: new Set<string>(), maxReads: 10 };
    const shared: DocumentAccess = { reads: budget.reads, maxReads: budget.maxReads, lookup: request.lookup, lookupAfter: request.lookupAfter };
    if (request.method !== 'list') return this.decide(request, request.path, request.resource, shared);
    // Rules are not filters: the rule must hold for any document the query could return. We check
    // a document that has only the query's `==` constraints (so a query that does not constrain
    // what the rule needs is refused even on an empty collection), then every actual candidate.
    const q = request.query ?? { equalities: {}, candidates: [] };
    const probe = documentFromEqualities(request.path, q.equalities);
    const first = this.decide(request, probe.path, probe, shared);
    if (!first.allowed) return { allowed: false, reason: `list of ${request.path} is not limited by the query to what the rules allow` };
    for (const candidate of q.candidates) {
      const d = this.decide(request, candidate.path, candidate, shared);
      if (!d.allowed) return { allowed: false, reason: `list of ${request.path} could return ${candidate.path}, which the rules deny` };
    }
    return { allowed: true };
  }

  private decide(request: AccessRequest, path: string, resource: DocumentSnapshotForRules | null, access: DocumentAccess): AccessDecision {
    const segments = ['databases', request.database, 'documents', ...path.split('/')];
    const global = new Map(this.rules.functions.map((f) => [f.name, f]));
    const blocks = applicableBlocks(this.rules.matches, segments, new Map(), global);
    const vars = new Map<string, RV>([
      ['request', this.requestValue(request, segments)],
      ['resource', docValue(resource, request.database)],
    ]);
    const lines: number[] = [];
    for (const { block, bindings, functions } of blocks) {
      for (const allow of block.allows) {
        if (!allow.methods.includes(request.method as Method)) continue;
        const scope: Scope = { vars: new Map([...vars, ...bindings]), functions, access, callStack: [] };
        if (holds(allow.condition, scope)) return { allowed: true };
        lines.push(allow.pos.line);
      }
    }
    return {
      allowed: false,
      reason: lines.length ? `false for '${request.method}' @ L${lines.join(', L')}` : `no rule allows '${request.method}' on ${path}`,
    };
  }

  private requestValue(request: AccessRequest, segments: string[]): RMap {
    const t = request.time.getTime();
    const fields: Record<string, RV> = {
      auth: request.auth ? RMap.of({ uid: request.auth.uid, token: fromJson(request.auth.token) }) : null,
      method: request.method,
      path: new RPath(segments),
      time: new RTimestamp(Math.floor(t / 1000), (t % 1000) * 1e6),
      resource: docValue(request.requestResource, request.database),
    };
    if (request.method === 'list') {
      fields.query = RMap.of({
        limit: request.query?.limit === undefined ? null : BigInt(request.query.limit),
        offset: request.query?.offset === undefined ? null : BigInt(request.query.offset),
        orderBy: null,
      });
    }
    return RMap.of(fields);
  }
}
