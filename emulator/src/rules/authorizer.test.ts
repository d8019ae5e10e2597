import { describe, expect, it } from 'vitest';
import { compileRules } from './index.ts';
import type { AccessRequest } from './contract.ts';
import type { Fields, Value } from '../value-types.ts';

const wrap = (body: string) => `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${body}\n  }\n}\n`;

function toValue(v: unknown): Value {
  if (v === null) return { nullValue: null };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (typeof v === 'number') return Number.isInteger(v) ? { integerValue: String(v) } : { doubleValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (v instanceof Date) return { timestampValue: v.toISOString() };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(toValue) } };
  return { mapValue: { fields: fields(v as Record<string, unknown>) } };
}
const fields = (o: Record<string, unknown>): Fields => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, toValue(v)]));

const now = new Date('2027-05-07T06:00:00.000Z');

function request(over: Partial<AccessRequest> & { docs?: Record<string, Record<string, unknown>>; after?: Record<string, Record<string, unknown>> }): AccessRequest {
  const { docs = {}, after = docs, ...rest } = over;
  return {
    method: 'get',
    database: '(default)',
    path: 'a/1',
    auth: null,
    time: now,
    resource: null,
    lookup: (p) => (docs[p] ? fields(docs[p]) : null),
    lookupAfter: (p) => (after[p] ? fields(after[p]) : null),
    ...rest,
  };
}

const allowed = (rules: string, r: Partial<AccessRequest> & { docs?: Record<string, Record<string, unknown>> }) => compileRules(wrap(rules)).authorize(request(r)).allowed;
const user = (token: Record<string, unknown>) => ({ uid: 'u1', token: { email_verified: true, ...token } });
const cond = (expr: string, r: Parameters<typeof allowed>[1] = {}) => allowed(`match /a/{id} { allow get: if ${expr}; }`, r);

describe('rules evaluation', () => {
  it('denies by default and allows when any matching allow holds', () => {
    expect(allowed('match /a/{id} { allow list: if true; }', {})).toBe(false);
    expect(allowed('match /a/{id} { allow get: if false; allow read: if true; }', {})).toBe(true);
    expect(allowed('match /{c}/{id} { allow get: if c == "a" && id == "1"; }', {})).toBe(true);
    expect(allowed('match /{path=**} { allow get: if path[0] == "a"; }', {})).toBe(true);
  });

  it('has request.auth, token claims, method, path and time', () => {
    expect(cond('request.auth.token.email.lower() == "ann@x.org"', { auth: user({ email: 'Ann@X.org' }) })).toBe(true);
    expect(cond('request.auth != null')).toBe(false);
    expect(cond('request.method == "get" && request.time == timestamp.value(' + now.getTime() + ')')).toBe(true);
    expect(cond('request.path == /databases/$(database)/documents/a/1')).toBe(true);
  });

  it('treats errors as deny, except where || / && let the other side decide', () => {
    expect(cond('request.auth.uid == "x"')).toBe(false); // null.uid is an error
    expect(cond('request.auth.uid == "x" || true')).toBe(true);
    expect(cond('request.auth.uid == "x" && false')).toBe(false);
    expect(cond('!(request.auth.uid == "x")')).toBe(false);
    expect(cond('1')).toBe(false); // not a bool
  });

  it('evaluates operators, types, ternaries and arithmetic', () => {
    expect(cond('1 + 2 * 3 == 7 && 7 / 2 == 3 && 7 % 2 == 1 && 1.5 + 1 == 2.5')).toBe(true);
    expect(cond('1 == 1.0 && "a" + "b" == "ab" && [1] + [2] == [1, 2]')).toBe(true);
    expect(cond('1 is int && 1.0 is float && 1 is number && "x" is string && {} is map && [] is list && null is null')).toBe(true);
    expect(cond('2 in [1, 2] && "k" in {"k": 1} && !("z" in {"k": 1})')).toBe(true);
    expect(cond('(1 > 2 ? "a" : "b") == "b"')).toBe(true);
    expect(cond('1 / 0 == 1')).toBe(false);
  });

  it('provides the methods the policy uses', () => {
    const r = { resource: { path: 'a/1', data: fields({ a: 1, b: 'x', list: ['p', 'q'] }) }, requestResource: { path: 'a/1', data: fields({ a: 2, b: 'x', c: true }) }, method: 'update' as const };
    const rule = (expr: string) => allowed(`match /a/{id} { allow update: if ${expr}; }`, r);
    expect(rule('request.resource.data.diff(resource.data).affectedKeys() == ["a", "c", "list"].toSet()')).toBe(true);
    expect(rule('request.resource.data.diff(resource.data).changedKeys().hasOnly(["a"])')).toBe(true);
    expect(rule('request.resource.data.keys().hasAll(["a", "b"]) && request.resource.data.keys().hasOnly(["a", "b", "c"])')).toBe(true);
    expect(rule('resource.data.list.hasAny(["q", "z"]) && resource.data.list.size() == 2 && resource.data.list.join(",") == "p,q"')).toBe(true);
    expect(rule('resource.data.get("missing", 5) == 5 && resource.data.get(["a"], 0) == 1')).toBe(true);
    expect(rule('resource.data.b.matches("[a-z]") && !resource.data.b.matches("x+y") && "abc".size() == 3 && " A ".trim().lower() == "a"')).toBe(true);
    expect(rule('resource.id == "1" && resource.__name__ == /databases/(default)/documents/a/1')).toBe(true);
    expect(rule('resource.id == "1" && resource.__name__ == /databases/$(database)/documents/a/1')).toBe(true);
  });

  it('does timestamp and duration arithmetic', () => {
    expect(cond('request.time + duration.value(1, "d") > request.time && request.time.year() == 2027 && request.time.month() == 5')).toBe(true);
    expect(cond('request.time - timestamp.date(2027, 5, 7) == duration.value(6, "h")')).toBe(true);
    expect(cond('request.time.toMillis() == ' + now.getTime())).toBe(true);
  });

  it('reads documents with get/exists, and the state after the commit with getAfter/existsAfter', () => {
    const docs = { 'staff/ann@x.org': { role: 'admin' } };
    const after = { ...docs, 'counters/c': { n: 2 } };
    const rule = 'match /a/{id} { allow create: if get(/databases/$(database)/documents/staff/ann@x.org).data.role == "admin" && !exists(/databases/$(database)/documents/counters/c) && getAfter(/databases/$(database)/documents/counters/c).data.n == 2; }';
    expect(compileRules(wrap(rule)).authorize(request({ method: 'create', docs, after })).allowed).toBe(true);
    expect(cond('get(/databases/$(database)/documents/missing/doc).data.x == 1')).toBe(false);
  });

  it('counts document reads against the limit of 10 per request', () => {
    const gets = Array.from({ length: 11 }, (_, i) => `exists(/databases/$(database)/documents/d/${i}) == false`).join(' && ');
    expect(cond(Array.from({ length: 10 }, (_, i) => `exists(/databases/$(database)/documents/d/${i}) == false`).join(' && '))).toBe(true);
    expect(cond(gets)).toBe(false);
  });

  it('refuses recursion', () => {
    expect(allowed('function f(n) { return n <= 0 || f(n - 1); } match /a/{id} { allow get: if f(3); }', {})).toBe(false);
  });

  it('is not a filter: a list must be limited by the query to what the rules allow', () => {
    const rules = 'match /posts/{id} { allow list: if resource.data.published == true; }';
    const candidates = [{ path: 'posts/p1', data: fields({ published: true }) }];
    const list = (equalities: Record<string, Value>, docs = candidates) =>
      compileRules(wrap(rules)).authorize(request({ method: 'list', path: 'posts', query: { equalities, candidates: docs } })).allowed;
    expect(list({ published: { booleanValue: true } })).toBe(true);
    expect(list({})).toBe(false); // even though every current document is published
    expect(list({}, [])).toBe(false); // even on an empty collection
    expect(list({ published: { booleanValue: false } })).toBe(false);
  });
});
