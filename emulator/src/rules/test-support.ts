// Helpers for the rules engine's tests: Firestore values from plain JS, requests, and evaluation
// of a single expression. Not used by the engine itself.
import type { Fields, Value } from '../value-types.ts';
import { compileRules } from './compile.ts';
import { instantFromDate, type AccessDecision, type AccessRequest, type AuthContext } from './contract.ts';
import { EvaluationError } from './errors.ts';
import { Env, evaluate, expressionMeter, holds, type EvalContext } from './evaluator.ts';
import { FIRESTORE_LIMITS } from './limits.ts';
import type { FunctionInfo } from './matcher.ts';
import { parseExpression } from './parser.ts';
import { DocumentReads } from './reads.ts';
import type { RValue } from './values.ts';

/** Marks a number to be stored as a double even when it is whole (`float(2)` → doubleValue 2). */
export class Float {
  constructor(readonly value: number) {}
}
export const float = (n: number) => new Float(n);

export function toValue(v: unknown): Value {
  if (v === null || v === undefined) return { nullValue: null };
  if (v instanceof Float) return { doubleValue: v.value };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (typeof v === 'bigint') return { integerValue: v.toString() };
  if (typeof v === 'number') return Number.isInteger(v) ? { integerValue: String(v) } : { doubleValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (v instanceof Date) return { timestampValue: v.toISOString() };
  if (v instanceof Uint8Array) return { bytesValue: Buffer.from(v).toString('base64') };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(toValue) } };
  return { mapValue: { fields: fields(v as Record<string, unknown>) } };
}

export function fields(o: Record<string, unknown>): Fields {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, toValue(v)]));
}

export const NOW = new Date('2027-05-07T06:00:00.000Z');

export type Docs = Record<string, Record<string, unknown>>;

export interface RequestInit extends Partial<Omit<AccessRequest, 'resource' | 'requestResource'>> {
  /** Documents before the commit (get/exists), by path. */
  docs?: Docs;
  /** Documents after the commit (getAfter/existsAfter); defaults to `docs`. */
  after?: Docs;
  /** The target document's current data (resource.data), or null. */
  resource?: Record<string, unknown> | null;
  /** The target document's data after the write (request.resource.data). */
  write?: Record<string, unknown> | null;
  /** Paths looked up by rules, in order, for assertions. */
  lookups?: string[];
}

export function request(init: RequestInit = {}): AccessRequest {
  const { docs = {}, after = docs, resource, write, lookups, ...rest } = init;
  const path = rest.path ?? 'a/1';
  return {
    method: 'get',
    database: '(default)',
    auth: null,
    time: instantFromDate(NOW),
    ...rest,
    path,
    resource: resource ? { path, data: fields(resource) } : null,
    requestResource: write ? { path, data: fields(write) } : null,
    lookup: (p) => {
      lookups?.push(p);
      return docs[p] ? fields(docs[p]) : null;
    },
    lookupAfter: (p) => {
      lookups?.push(`after:${p}`);
      return after[p] ? fields(after[p]) : null;
    },
  };
}

export const user = (token: Record<string, unknown> = {}, uid = 'u1'): AuthContext => ({ uid, token: { email_verified: true, ...token } });

export const wrap = (body: string) => `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${body}\n  }\n}\n`;

/** Authorises `init` against rules made of `body` inside /databases/{database}/documents. */
export function decide(body: string, init: RequestInit = {}): AccessDecision {
  return compileRules(wrap(body), 'firestore.rules', { debug: () => undefined }).authorize(request(init));
}

export const allowed = (body: string, init: RequestInit = {}) => decide(body, init).allowed;

/** Whether `allow get: if <condition>` grants on a/1. */
export const holdsFor = (condition: string, init: RequestInit = {}) => allowed(`match /a/{id} { allow get: if ${condition}; }`, init);

/** Evaluates one expression with the given variables; returns the value or the evaluation error. */
export function evalExpr(source: string, vars: Record<string, RValue> = {}, init: RequestInit = {}): RValue | EvaluationError {
  const ctx = context(init);
  try {
    return evaluate(parseExpression(source), new Env(new Map(Object.entries(vars)), null, new Map<string, FunctionInfo>()), ctx);
  } catch (error) {
    if (error instanceof EvaluationError) return error;
    throw error;
  }
}

/** Like evalExpr, but as an allow condition would be judged (exactly true grants). */
export function conditionHolds(source: string, vars: Record<string, RValue> = {}): boolean {
  return holds(parseExpression(source), new Env(new Map(Object.entries(vars)), null, new Map()), context({})).allowed;
}

/** An evaluation context with Cloud Firestore's limits (`maxExpressions` to lift or lower that one). */
export function context(init: RequestInit, maxExpressions = FIRESTORE_LIMITS.expressionsPerOperation): EvalContext {
  const debugLines: string[] = [];
  return {
    reads: new DocumentReads(request(init)),
    meter: expressionMeter(maxExpressions, FIRESTORE_LIMITS.callDepth, "'get' on /a/1"),
    scopeEnvs: new Map(),
    debug: (t) => debugLines.push(t),
    calls: [],
    database: '(default)',
  };
}
