import { describe, expect, it } from 'vitest';
import { compileRules } from './index.ts';
import { allowed, decide, holdsFor, NOW, request, user, wrap, type RequestInit } from './test-support.ts';

describe('request', () => {
  it('has auth with uid and token claims, or null', () => {
    const auth = user({ email: 'Ann@X.org', firebase: { sign_in_provider: 'password' } });
    expect(holdsFor("request.auth.uid == 'u1' && request.auth.token.email.lower() == 'ann@x.org'", { auth })).toBe(true);
    expect(holdsFor("request.auth.token.email_verified == true && request.auth.token.firebase.sign_in_provider == 'password'", { auth })).toBe(true);
    expect(holdsFor('request.auth == null')).toBe(true);
    expect(holdsFor('request.auth != null')).toBe(false);
    expect(holdsFor("request.auth.token.get('admin', false) == false", { auth })).toBe(true);
  });

  it('has method, path and time', () => {
    expect(holdsFor("request.method == 'get'")).toBe(true);
    expect(holdsFor('request.path == /databases/$(database)/documents/a/$(id)')).toBe(true);
    expect(holdsFor(`request.time == timestamp.value(${NOW.getTime()}) && request.time is timestamp`)).toBe(true);
    expect(allowed("match /a/{id} { allow update: if request.method == 'update'; }", { method: 'update', resource: {}, write: {} })).toBe(true);
  });

  it('has query limit and offset for lists (null when absent)', () => {
    const list = (query: RequestInit['query']) =>
      allowed('match /a/{id} { allow list: if request.query.limit <= 50 && request.query.offset == null; }', { method: 'list', path: 'a', query });
    expect(list({ limit: 20, equalities: {}, candidates: [] })).toBe(true);
    expect(list({ limit: 100, equalities: {}, candidates: [] })).toBe(false);
    expect(list({ equalities: {}, candidates: [] })).toBe(false); // no limit: null <= 50 is an error
  });
});

describe('resource and request.resource', () => {
  it('resource is the stored document: data, id, __name__', () => {
    const init: RequestInit = { resource: { title: 'x', n: 2 } };
    expect(holdsFor("resource.data.title == 'x' && resource.data.n is int && resource.id == '1'", init)).toBe(true);
    expect(holdsFor('resource.__name__ == /databases/$(database)/documents/a/1', init)).toBe(true);
    expect(holdsFor('resource == null')).toBe(true); // no such document
  });

  it('request.resource is the document as it would be after the write', () => {
    const rules =
      'match /a/{id} { allow update: if request.resource.data.n == resource.data.n + 1 && request.resource.id == id; allow create: if resource == null && request.resource.data.n == 0; allow delete: if request.resource == null; }';
    expect(allowed(rules, { method: 'update', resource: { n: 1 }, write: { n: 2 } })).toBe(true);
    expect(allowed(rules, { method: 'update', resource: { n: 1 }, write: { n: 3 } })).toBe(false);
    expect(allowed(rules, { method: 'create', write: { n: 0 } })).toBe(true);
    expect(allowed(rules, { method: 'delete', resource: { n: 0 } })).toBe(true);
  });

  it("keeps ints and floats apart from the stored values ('is int' fails on a doubleValue)", () => {
    const rules = 'match /a/{id} { allow create: if request.resource.data.qty is int; }';
    expect(
      compileRules(wrap(rules)).authorize({ ...request({ method: 'create' }), requestResource: { path: 'a/1', data: { qty: { integerValue: '2' } } } }).allowed,
    ).toBe(true);
    expect(
      compileRules(wrap(rules)).authorize({ ...request({ method: 'create' }), requestResource: { path: 'a/1', data: { qty: { doubleValue: 2 } } } }).allowed,
    ).toBe(false);
  });

  it('checks timestamps against request.time to the nanosecond', () => {
    const rules = 'match /a/{id} { allow create: if request.resource.data.timestamp == request.time; }';
    const at = (timestampValue: string) =>
      compileRules(wrap(rules)).authorize({ ...request({ method: 'create' }), requestResource: { path: 'a/1', data: { timestamp: { timestampValue } } } })
        .allowed;
    expect(at('2027-05-07T06:00:00.000000Z')).toBe(true);
    expect(at('2027-05-07T06:00:00.000001Z')).toBe(false);
    expect(at('2027-05-07T09:00:00+03:00')).toBe(true);
  });

  it('request.time keeps the microseconds of a commit time, so a millisecond timestamp is not equal', () => {
    const rules = 'match /a/{id} { allow create: if request.resource.data.timestamp == request.time; }';
    const time = { seconds: Date.parse('2027-05-07T06:00:00Z') / 1000, nanos: 123_457_000 };
    const at = (timestampValue: string) =>
      compileRules(wrap(rules)).authorize({ ...request({ method: 'create', time }), requestResource: { path: 'a/1', data: { timestamp: { timestampValue } } } })
        .allowed;
    expect(at('2027-05-07T06:00:00.123457Z')).toBe(true);
    expect(at('2027-05-07T06:00:00.123Z')).toBe(false); // what a client's Date gives
    expect(at('2027-05-07T06:00:00.123456Z')).toBe(false);
    expect(holdsFor('request.time.nanos() == 123457000 && request.time.toMillis() == 1809669600123', { time })).toBe(true);
  });
});

describe('get, exists, getAfter, existsAfter', () => {
  const docs = { 'staff/ann@x.org': { role: 'admin' }, 'counters/c': { n: 1 } };
  const after = { ...docs, 'counters/c': { n: 2 }, 'new/doc': { ok: true } };

  it('read the state before the commit (get, exists) and after it (getAfter, existsAfter)', () => {
    const rules = `match /a/{id} { allow create: if
      get(/databases/$(database)/documents/staff/ann@x.org).data.role == 'admin'
      && get(/databases/$(database)/documents/counters/c).data.n == 1
      && getAfter(/databases/$(database)/documents/counters/c).data.n == 2
      && !exists(/databases/$(database)/documents/new/doc)
      && existsAfter(/databases/$(database)/documents/new/doc); }`;
    expect(allowed(rules, { method: 'create', docs, after })).toBe(true);
  });

  it('get() of a missing document is null, so reading its data is an error', () => {
    expect(holdsFor('get(/databases/$(database)/documents/missing/doc) == null')).toBe(true);
    expect(holdsFor('get(/databases/$(database)/documents/missing/doc).data.x == 1')).toBe(false);
    expect(holdsFor("get(/databases/$(database)/documents/staff/ann@x.org).id == 'ann@x.org'", { docs })).toBe(true);
  });

  it('reads by a path built from the request (a staff entry by lower-case email)', () => {
    const rule = 'get(/databases/$(database)/documents/staff/$(request.auth.token.email.lower())).data.role == "admin"';
    expect(holdsFor(rule, { docs, auth: user({ email: 'Ann@X.org' }) })).toBe(true);
    expect(holdsFor(rule, { docs, auth: user({ email: 'bob@x.org' }) })).toBe(false);
  });

  it('refuses paths that are not documents of this database', () => {
    expect(decide('match /a/{id} { allow get: if exists(/databases/$(database)/documents/onlycollection); }').reason).toMatch(/is not a document path/);
    expect(decide('match /a/{id} { allow get: if exists(/databases/other/documents/a/b); }').reason).toMatch(/only read documents of database '\(default\)'/);
    expect(decide("match /a/{id} { allow get: if exists(/databases/$(database)/documents/a/$('x/y')); }").reason).toMatch(/invalid path segment "x\/y"/);
    expect(decide("match /a/{id} { allow get: if exists('a/b'); }").reason).toMatch(/exists\(\) needs a path, not string/);
  });
});

describe('faults', () => {
  it('fail closed when a lookup throws, and say why', () => {
    const authorizer = compileRules(
      wrap(
        'match /a/{id} { allow get: if exists(/databases/$(database)/documents/b/1) || true; allow list: if exists(/databases/$(database)/documents/b/1); }',
      ),
    );
    const broken = {
      ...request({ method: 'list', path: 'a', query: { equalities: {}, candidates: [] } }),
      lookup: () => {
        throw new Error('disk on fire');
      },
    };
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const d = authorizer.authorize(broken);
      expect(d.allowed).toBe(false);
      expect(d.reason).toMatch(/internal error: disk on fire/);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });

  it('treat a malformed stored value as an evaluation error', () => {
    const d = compileRules(wrap('match /a/{id} { allow get: if resource.data.n > 0; }')).authorize({
      ...request(),
      resource: { path: 'a/1', data: { n: { integerValue: '1.5' } } },
    });
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/invalid integerValue "1\.5"/);
  });
});

describe('reasons', () => {
  it("name the method, the path and each failing allow's line", () => {
    const rules = 'match /a/{id} {\n  allow create: if false;\n  allow write: if request.resource.data.x > 1;\n}';
    const d = decide(rules, { method: 'create', write: { x: 'text' } });
    expect(d).toEqual({
      usage: { reads: [], expressions: 7, byFunction: { allow: 7 } }, // `false`, then `request.resource.data.x > 1` (six)
      allowed: false,
      reason: "'create' on /a/1: false for 'create' @ L5, evaluation error at L6:43 (cannot order string and int) for 'create' @ L6",
    });
  });
});
