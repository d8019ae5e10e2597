import { describe, expect, it } from 'vitest';
import type { PatternSegment } from './ast.ts';
import { applicableChains, compileScopes, matchPattern } from './matcher.ts';
import { parseRules } from './parser.ts';
import { compileRules } from './compile.ts';
import { allowed, decide, request, wrap } from './test-support.ts';
import { RPath, type RValue } from './values.ts';

const lit = (text: string): PatternSegment => ({ kind: 'literal', text });
const one = (name: string): PatternSegment => ({ kind: 'single', name });
const rest = (name: string): PatternSegment => ({ kind: 'rest', name });
const plain = (m: Map<string, RValue>) => Object.fromEntries([...m].map(([k, v]) => [k, v instanceof RPath ? `/${v.segments.join('/')}` : v]));

describe('match patterns', () => {
  it('matches literals and {var} one segment each', () => {
    expect(matchPattern([lit('users'), one('uid')], ['users', 'u1'], 0).map((r) => [r.consumed, plain(r.bindings)])).toEqual([[2, { uid: 'u1' }]]);
    expect(matchPattern([lit('users'), one('uid')], ['posts', 'p1'], 0)).toEqual([]);
    expect(matchPattern([lit('users'), one('uid')], ['users'], 0)).toEqual([]);
  });

  it('refuses a {var=**} pattern whose segments before the wildcard do not fit', () => {
    expect(matchPattern([lit('users'), rest('p')], ['posts', 'p1'], 0)).toEqual([]);
    expect(matchPattern([lit('a'), one('x'), rest('p'), lit('z')], ['a', 'b', 'z'], 1)).toEqual([]);
    expect(matchPattern([lit('users'), rest('p')], ['users'], 0).map((r) => [r.consumed, plain(r.bindings)])).toEqual([[1, { p: '/' }]]);
  });

  it('lets {var=**} take zero or more segments, wherever it sits', () => {
    const tail = matchPattern([lit('cities'), rest('doc')], ['cities', 'SF', 'landmarks', 'l1'], 0);
    expect(tail.map((r) => [r.consumed, plain(r.bindings)])).toEqual([
      [1, { doc: '/' }],
      [2, { doc: '/SF' }],
      [3, { doc: '/SF/landmarks' }],
      [4, { doc: '/SF/landmarks/l1' }],
    ]);
    const group = matchPattern([rest('path'), lit('posts'), one('post')], ['users', 'u1', 'posts', 'p1'], 0);
    expect(group.map((r) => [r.consumed, plain(r.bindings)])).toEqual([[4, { path: '/users/u1', post: 'p1' }]]);
    const top = matchPattern([rest('path'), lit('posts'), one('post')], ['posts', 'p1'], 0);
    expect(top.map((r) => plain(r.bindings))).toEqual([{ path: '/', post: 'p1' }]);
  });

  it('finds every block whose full pattern consumes the path, nested or not', () => {
    const file = parseRules(
      wrap(`
      match /users/{uid} {
        match /posts/{post} { allow read; }
        match /{sub=**} { allow read; }
      }
      match /{any=**} { allow read; }
      match /{path=**}/posts/{post} { allow read; }`),
    );
    const rules = compileScopes(file.functions, file.matches);
    const chains = (path: string) =>
      applicableChains(rules, ['databases', '(default)', 'documents', ...path.split('/')]).map((chain) => chain.map((f) => f.block.node.pos.line));
    expect(chains('users/u1')).toEqual([
      [3, 5], // /users/{uid} itself (it has no allow of its own, but it matches)
      [3, 5, 7], // /users/{uid}/{sub=**} with sub empty
      [3, 9], // /{any=**}
    ]);
    expect(chains('users/u1/posts/p1')).toEqual([
      [3, 5, 6],
      [3, 5, 7],
      [3, 9],
      [3, 10], // the collection-group pattern
    ]);
    expect(chains('posts/p1')).toEqual([
      [3, 9],
      [3, 10],
    ]);
  });
});

describe('path resolution in requests', () => {
  it('binds wildcards for conditions, including the database', () => {
    const rules = "match /rooms/{room}/messages/{msg} { allow get: if room == 'r1' && msg == 'm1' && database == '(default)'; }";
    expect(allowed(rules, { path: 'rooms/r1/messages/m1' })).toBe(true);
    expect(allowed(rules, { path: 'rooms/r2/messages/m1' })).toBe(false);
  });

  it('binds {var=**} to a path', () => {
    const rules = "match /{doc=**} { allow get: if doc[0] == 'a' && doc == /a/b/c/d && doc is path; }";
    expect(allowed(rules, { path: 'a/b/c/d' })).toBe(true);
  });

  it('uses nested matches with the outer wildcards in scope', () => {
    const rules = "match /users/{uid} { match /posts/{post} { allow get: if uid == 'u1' && post == 'p1'; } }";
    expect(allowed(rules, { path: 'users/u1/posts/p1' })).toBe(true);
    expect(allowed(rules, { path: 'users/u1' })).toBe(false); // the outer block has no allow of its own
  });

  it('matches a document in a subcollection with /cities/{city}/{document=**} (rules_version 2)', () => {
    const rules = 'match /cities/{city}/{document=**} { allow get; }';
    expect(allowed(rules, { path: 'cities/SF' })).toBe(true);
    expect(allowed(rules, { path: 'cities/SF/landmarks/l1' })).toBe(true);
    expect(allowed(rules, { path: 'towns/SF' })).toBe(false);
  });

  it('grants when any allow of any matching block holds, and lists every line that said no', () => {
    const rules = `
      match /a/{id} { allow get: if false; }
      match /{doc=**} { allow get: if id_ok(); function id_ok() { return doc[1] == '1'; } }`;
    expect(allowed(rules, { path: 'a/1' })).toBe(true);
    expect(decide(rules, { path: 'a/2' }).reason).toBe("'get' on /a/2: false for 'get' @ L5, false for 'get' @ L6");
  });

  it('matches literal ids exactly', () => {
    const rules = "match /counters/registrations { allow get; } match /counters/{other} { allow get: if other == 'open'; }";
    expect(allowed(rules, { path: 'counters/registrations' })).toBe(true);
    expect(allowed(rules, { path: 'counters/open' })).toBe(true);
    expect(allowed(rules, { path: 'counters/invoices' })).toBe(false);
  });

  it('denies when nothing matches, and says so', () => {
    expect(decide('match /a/{id} { allow get; }', { path: 'b/1' })).toEqual({
      allowed: false,
      reason: "'get' on /b/1: no allow statement matches",
      usage: { reads: [], expressions: 0, byFunction: {} },
    });
    expect(decide('match /a/{id} { allow get; }', { path: 'a/1', method: 'delete' }).reason).toBe("'delete' on /a/1: no allow statement matches");
  });
});

describe('functions of the service block', () => {
  it('are callable from every match block', () => {
    const source = `rules_version = '2';
service cloud.firestore {
  function open(id) { return id == 'pub'; }
  match /databases/{database}/documents {
    match /a/{id} { allow get: if open(id); }
  }
}
`;
    const rules = compileRules(source, 'firestore.rules', { debug: () => undefined });
    expect(rules.authorize(request({ path: 'a/pub' })).allowed).toBe(true);
    expect(rules.authorize(request({ path: 'a/secret' })).allowed).toBe(false);
  });
});
