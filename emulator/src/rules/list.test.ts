import { describe, expect, it } from 'vitest';
import type { QueryDescription } from './contract.ts';
import { decide, fields, toValue, user, type Docs } from './test-support.ts';

const published = (id: string, extra: Record<string, unknown> = {}) => ({ path: `posts/${id}`, data: fields({ published: true, ...extra }) });
const draft = (id: string) => ({ path: `posts/${id}`, data: fields({ published: false }) });

function list(rules: string, query: Partial<QueryDescription>, init: { auth?: ReturnType<typeof user>; docs?: Docs } = {}) {
  return decide(rules, { method: 'list', path: 'posts', query: { equalities: {}, candidates: [], ...query }, ...init });
}

const eq = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, toValue(v)]));

describe('lists: rules are not filters', () => {
  const rules = 'match /posts/{id} { allow list: if resource.data.published == true; }';

  it('allows a query whose == constraints guarantee what the rule requires', () => {
    expect(list(rules, { equalities: eq({ published: true }), candidates: [published('p1'), published('p2')] }).allowed).toBe(true);
  });

  it('denies an unconstrained query even when every current document would pass', () => {
    const d = list(rules, { candidates: [published('p1')] });
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/^rules are not filters: the query on \/posts is not limited to documents the rules allow/);
    expect(d.reason).toMatch(/field 'published' is not determined by the query/);
  });

  it('denies an unconstrained query on an empty collection', () => {
    expect(list(rules, { candidates: [] }).allowed).toBe(false);
  });

  it('denies a query constrained to the wrong value', () => {
    expect(list(rules, { equalities: eq({ published: false }), candidates: [draft('p3')] }).allowed).toBe(false);
  });

  it('denies when a candidate fails, naming it', () => {
    // Only reachable when the query's guarantee and the documents disagree, e.g. an int rule on a float field.
    const typed = 'match /posts/{id} { allow list: if resource.data.rank == 1 && resource.data.rank is int; }';
    const d = list(typed, {
      equalities: eq({ rank: 1 }),
      candidates: [
        { path: 'posts/p1', data: fields({ rank: 1 }) },
        { path: 'posts/p2', data: { rank: { doubleValue: 1 } } },
      ],
    });
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/^the query on \/posts could return \/posts\/p2, which the rules deny: 'list' on \/posts\/p2: false for 'list'/);
  });

  it('follows the requirement through functions and conjunctions', () => {
    const viaFunction = `
      function publicContent(data) { return data.published == true; }
      match /posts/{id} { allow list: if request.auth == null && publicContent(resource.data) && resource.data.lang == 'en'; }`;
    expect(list(viaFunction, { equalities: eq({ published: true, lang: 'en' }), candidates: [published('p1', { lang: 'en' })] }).allowed).toBe(true);
    expect(list(viaFunction, { equalities: eq({ published: true }), candidates: [published('p1', { lang: 'en' })] }).allowed).toBe(false);
  });

  it('lets another branch of || decide: staff may list everything, others only published', () => {
    const either = `
      function isStaff() { return request.auth != null && exists(/databases/$(database)/documents/staff/$(request.auth.token.email)); }
      match /posts/{id} { allow list: if isStaff() || resource.data.published == true; }`;
    const docs = { 'staff/ann@x.org': { role: 'editor' } };
    const all = [published('p1'), draft('p2')];
    expect(list(either, { candidates: all }, { docs, auth: user({ email: 'ann@x.org' }) }).allowed).toBe(true);
    expect(list(either, { candidates: all }, { docs, auth: user({ email: 'bob@x.org' }) }).allowed).toBe(false);
    expect(list(either, { equalities: eq({ published: true }), candidates: [published('p1')] }, { docs }).allowed).toBe(true);
  });

  it('accepts a constraint that implies the rule (!=, <, membership of a known value)', () => {
    const rank =
      'match /posts/{id} { allow list: if resource.data.status != "hidden" && resource.data.rank < 10 && resource.data.status in ["open", "closed"]; }';
    expect(list(rank, { equalities: eq({ status: 'open', rank: 3 }) }).allowed).toBe(true);
    expect(list(rank, { equalities: eq({ status: 'hidden', rank: 3 }) }).allowed).toBe(false);
    expect(list(rank, { equalities: eq({ status: 'open' }) }).allowed).toBe(false);
  });

  it('reads nested fields the query pins with a dotted path', () => {
    const nested = "match /posts/{id} { allow list: if resource.data.meta.visibility == 'public'; }";
    expect(
      list(nested, { equalities: eq({ 'meta.visibility': 'public' }), candidates: [published('p1', { meta: { visibility: 'public', x: 1 } })] }).allowed,
    ).toBe(true);
    expect(list(nested, { equalities: eq({ meta: { visibility: 'public' } }) }).allowed).toBe(true);
  });

  it('does not let a rule pass on what the query leaves open: absence, keys, size, the id', () => {
    const cases = [
      "resource.data.get('hidden', false) == false",
      "!('hidden' in resource.data)",
      'resource.data.size() < 5',
      "resource.data.keys().hasOnly(['published'])",
      "resource.id != 'secret'",
      "id != 'secret'",
      'request.path != /databases/$(database)/documents/posts/secret',
      "resource.data == {'published': true}",
    ];
    for (const condition of cases) {
      const d = list(`match /posts/{id} { allow list: if ${condition}; }`, { equalities: eq({ published: true }), candidates: [published('p1')] });
      expect([condition, d.allowed]).toEqual([condition, false]);
    }
  });

  it('still lets a rule use what the query pins: a field present, resource not null', () => {
    const pinned = "match /posts/{id} { allow list: if resource != null && 'published' in resource.data && resource.data.get('published', false) == true; }";
    expect(list(pinned, { equalities: eq({ published: true }), candidates: [published('p1')] }).allowed).toBe(true);
  });

  it('knows the id when the query pins the document name', () => {
    const byId = "match /posts/{id} { allow list: if id == 'p1'; }";
    const name = { __name__: { referenceValue: 'projects/demo/databases/(default)/documents/posts/p1' } };
    expect(list(byId, { equalities: name, candidates: [published('p1')] }).allowed).toBe(true);
    expect(list(byId, { candidates: [published('p1')] }).allowed).toBe(false);
  });

  it('matches a collection-group rule for the query and for each candidate', () => {
    const group = 'match /{path=**}/comments/{c} { allow list: if resource.data.visible == true; }';
    const candidates = [{ path: 'posts/p1/comments/c1', data: fields({ visible: true }) }];
    const q = (equalities: Record<string, unknown>) =>
      decide(group, { method: 'list', path: 'comments', query: { equalities: eq(equalities), candidates } }).allowed;
    expect(q({ visible: true })).toBe(true);
    expect(q({})).toBe(false);
  });

  it('exposes request.query.orderBy as null', () => {
    expect(list('match /posts/{id} { allow list: if request.query.orderBy == null; }', {}).allowed).toBe(true);
  });

  it('evaluates rules that do not look at the document once for the query, then per candidate', () => {
    const signedIn = 'match /posts/{id} { allow list: if request.auth != null; }';
    expect(list(signedIn, { candidates: [published('p1'), draft('p2')] }, { auth: user() }).allowed).toBe(true);
    expect(list(signedIn, { candidates: [] }).allowed).toBe(false);
  });

  it('counts the reads of all evaluations against the 10 of a query, each document once', () => {
    const lookups: string[] = [];
    const rules = 'match /posts/{id} { allow list: if get(/databases/$(database)/documents/settings/site).data.open == true; }';
    const many = Array.from({ length: 50 }, (_, i) => published(`p${i}`));
    const d = decide(rules, { method: 'list', path: 'posts', query: { equalities: {}, candidates: many }, docs: { 'settings/site': { open: true } }, lookups });
    expect(d.allowed).toBe(true);
    expect(lookups).toEqual(['settings/site']);
    // Candidates that each make the rule read another document run out of reads (here: floats
    // where the query's constant is an int, so the int branch fails and the read branch runs).
    const perDoc =
      'match /posts/{id} { allow list: if resource.data.rank == 1 && (resource.data.rank is int || !exists(/databases/$(database)/documents/flags/$(resource.id))); }';
    const floats = Array.from({ length: 11 }, (_, i) => ({ path: `posts/f${i}`, data: { rank: { doubleValue: 1 } } }));
    expect(list(perDoc, { equalities: eq({ rank: 1 }), candidates: floats.slice(0, 10) }).allowed).toBe(true);
    expect(list(perDoc, { equalities: eq({ rank: 1 }), candidates: floats })).toMatchObject({ allowed: false, limit: 'document access calls per operation' });
  });
});
