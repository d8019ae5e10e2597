import { describe, expect, it } from 'vitest';
import { compileRules } from './compile.ts';
import { RulesCoverage } from './coverage.ts';
import { tighterLimits } from './limits.ts';
import { request, user, wrap, type RequestInit } from './test-support.ts';

// Line numbers: wrap() puts the body on line 4.
const RULES = wrap(`    function signedIn() { return request.auth != null; }
    function owner(id) { return request.auth.uid == id; }
    function label() { return 'x'; }
    match /posts/{id} {
      allow get: if signedIn() && owner(id) && label() == 'x';
      allow list: if resource.data.published == true;
      allow delete: if false;
      match /notes/{note} {
        allow read;
      }
    }`);

function setup(options: Parameters<typeof compileRules>[2] = {}) {
  const coverage = new RulesCoverage();
  const authorizer = compileRules(RULES, 'firestore.rules', { debug: () => undefined, coverage, ...options });
  const ask = (init: RequestInit) => authorizer.authorize(request(init)).allowed;
  const allow = (line: number) => coverage.report().allows.find((a) => a.line === line)!;
  const fn = (name: string) => coverage.report().functions.find((f) => f.name === name)!;
  return { coverage, ask, allow, fn };
}

describe('rules coverage', () => {
  it('lists every allow (line, methods, match path) and every function at zero once the rules are loaded', () => {
    const { coverage } = setup();
    expect(coverage.report()).toEqual({
      file: 'firestore.rules',
      allows: [
        { line: 8, methods: ['get'], path: '/databases/{database}/documents/posts/{id}', true: 0, false: 0, error: 0 },
        { line: 9, methods: ['list'], path: '/databases/{database}/documents/posts/{id}', true: 0, false: 0, error: 0 },
        { line: 10, methods: ['delete'], path: '/databases/{database}/documents/posts/{id}', constant: false, true: 0, false: 0, error: 0 },
        { line: 12, methods: ['get', 'list'], path: '/databases/{database}/documents/posts/{id}/notes/{note}', constant: true, true: 0, false: 0, error: 0 },
      ],
      functions: [
        { name: 'signedIn', line: 4, true: 0, false: 0, value: 0, error: 0 },
        { name: 'owner', line: 5, true: 0, false: 0, value: 0, error: 0 },
        { name: 'label', line: 6, true: 0, false: 0, value: 0, error: 0 },
      ],
    });
  });

  it('counts each allow true, false or error, and each function call true, false, another value or error', () => {
    const { ask, allow, fn } = setup();
    expect(ask({ path: 'posts/u1', auth: user() })).toBe(true);
    expect(ask({ path: 'posts/u2', auth: user() })).toBe(false); // owner() false: label() never called
    expect(ask({ path: 'posts/u1' })).toBe(false); // signedIn() false: owner() never called
    expect(allow(8)).toMatchObject({ true: 1, false: 2, error: 0 });
    expect(fn('signedIn')).toMatchObject({ true: 2, false: 1, value: 0, error: 0 });
    expect(fn('owner')).toMatchObject({ true: 1, false: 1, error: 0 });
    expect(fn('label')).toMatchObject({ true: 0, false: 0, value: 1, error: 0 });

    expect(ask({ path: 'posts/u1', method: 'delete' })).toBe(false);
    expect(allow(10)).toMatchObject({ true: 0, false: 1, error: 0 });
  });

  it('counts a function that fails as an error, and the allow that called it', () => {
    const coverage = new RulesCoverage();
    const authorizer = compileRules(wrap('function mine() { return resource.data.owner == request.auth.uid; }\nmatch /a/{id} { allow get: if mine(); }'), 'r', {
      coverage,
    });
    expect(authorizer.authorize(request({ auth: user(), resource: {} })).allowed).toBe(false); // no field 'owner'
    expect(authorizer.authorize(request({ auth: user(), resource: { owner: 'u1' } })).allowed).toBe(true);
    const report = coverage.report();
    expect(report.allows[0]).toMatchObject({ true: 1, false: 0, error: 1 });
    expect(report.functions[0]).toMatchObject({ name: 'mine', true: 1, false: 0, error: 1 });
  });

  it("counts a list's query-constrained evaluation and each candidate's", () => {
    const { ask, allow } = setup();
    const candidate = { path: 'posts/p1', data: { published: { booleanValue: true } } };
    expect(ask({ method: 'list', path: 'posts', query: { equalities: { published: { booleanValue: true } }, candidates: [candidate] } })).toBe(true);
    expect(allow(9)).toMatchObject({ true: 2, false: 0, error: 0 });
    expect(ask({ method: 'list', path: 'posts', query: { equalities: {}, candidates: [candidate] } })).toBe(false); // not a filter
    expect(allow(9)).toMatchObject({ true: 2, false: 0, error: 1 });
  });

  it('counts allows of nested blocks, and the allows evaluated before the one that grants', () => {
    const { ask, allow } = setup();
    expect(ask({ path: 'posts/p1/notes/n1' })).toBe(true);
    expect(allow(12)).toMatchObject({ true: 1, false: 0 });
    expect(allow(8)).toMatchObject({ true: 0, false: 0, error: 0 }); // another block's
  });

  it('counts nothing for an evaluation a rules limit cut short', () => {
    const { ask, allow, fn } = setup({ limits: tighterLimits({ expressionsPerOperation: 3 }) });
    expect(ask({ path: 'posts/u1', auth: user() })).toBe(false);
    expect(allow(8)).toMatchObject({ true: 0, false: 0, error: 0 });
    expect(fn('signedIn')).toMatchObject({ true: 0, false: 0, value: 0, error: 0 });
  });

  it('resets to zero, and starts over when other rules are loaded into it', () => {
    const { coverage, ask, allow } = setup();
    ask({ path: 'posts/u1', auth: user() });
    coverage.reset();
    expect(allow(8)).toMatchObject({ true: 0, false: 0, error: 0 });
    ask({ path: 'posts/u1', auth: user() });
    compileRules(wrap('match /b/{id} { allow get: if true; }'), 'other.rules', { coverage });
    expect(coverage.report()).toEqual({
      file: 'other.rules',
      allows: [{ line: 4, methods: ['get'], path: '/databases/{database}/documents/b/{id}', constant: true, true: 0, false: 0, error: 0 }],
      functions: [],
    });
  });

  it('is off unless a recorder is given', () => {
    const authorizer = compileRules(RULES, 'firestore.rules', { debug: () => undefined });
    expect(authorizer.authorize(request({ path: 'posts/u1', auth: user() })).allowed).toBe(true);
  });
});
