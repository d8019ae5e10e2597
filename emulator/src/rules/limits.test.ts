// Cloud Firestore's security-rules limits, each at its boundary: the limit allowed, one more refused.
import { describe, expect, it } from 'vitest';
import { compileRules } from './compile.ts';
import type { RequestReads } from './contract.ts';
import { RulesetLimitError } from './errors.ts';
import { FIRESTORE_LIMITS, RULESET_LIMITS, tighterLimits } from './limits.ts';
import { parseRules } from './parser.ts';
import { compiledSizeEstimate } from './ruleset-limits.ts';
import { decide, fields, request, wrap, type RequestInit } from './test-support.ts';

const exists = (i: number | string) => `!exists(/databases/$(database)/documents/d/${i})`;
const existsAfter = (i: number | string) => `!existsAfter(/databases/$(database)/documents/d/${i})`;
const reading = (n: number, from = 0) => Array.from({ length: n }, (_, i) => exists(from + i)).join(' && ');

describe('document access calls per operation (10)', () => {
  it('allows 10 distinct documents, counting a document read again once', () => {
    const lookups: string[] = [];
    const twice = `${reading(10)} && ${reading(10)}`;
    const d = decide(`match /a/{id} { allow get: if ${twice}; }`, { lookups });
    expect(d.allowed).toBe(true);
    expect(lookups).toHaveLength(10);
    expect(d.usage?.reads).toEqual(Array.from({ length: 10 }, (_, i) => `get:d/${i}`));
  });

  it('denies the 11th, naming the limit and the operation', () => {
    const d = decide(`match /a/{id} { allow get: if ${reading(11)}; }`);
    expect(d).toMatchObject({ allowed: false, limit: 'document access calls per operation' });
    expect(d.reason).toMatch(/^rules limit \(document access calls per operation\): 'get' on \/a\/1 needs more than 10 document access calls/);
    expect(d.reason).toContain('reading get:d/10');
  });

  it('counts get and getAfter of one path as two reads', () => {
    expect(decide(`match /a/{id} { allow get: if ${reading(5)} && ${Array.from({ length: 5 }, (_, i) => existsAfter(i)).join(' && ')}; }`).allowed).toBe(true);
    const d = decide(`match /a/{id} { allow get: if ${reading(6)} && ${Array.from({ length: 5 }, (_, i) => existsAfter(i)).join(' && ')}; }`);
    expect(d.limit).toBe('document access calls per operation');
  });

  it('denies the whole request: neither || nor another allow statement recovers', () => {
    expect(decide(`match /a/{id} { allow get: if (${reading(11)}) || true; }`).limit).toBe('document access calls per operation');
    const d = decide(`match /a/{id} { allow get: if ${reading(11)}; allow get: if true; }`);
    expect(d.allowed).toBe(false);
    expect(d.limit).toBe('document access calls per operation');
  });
});

describe('document access calls per request (10 for one operation, 20 for several)', () => {
  const rules = (perWrite: string) => compileRules(wrap(`match /a/{id} { allow create: if ${perWrite}; }`), 'firestore.rules', { debug: () => undefined });
  const write = (i: number, requestReads: RequestReads, init: RequestInit = {}) => ({
    ...request({ method: 'create', ...init }),
    path: `a/${i}`,
    requestResource: { path: `a/${i}`, data: fields({}) },
    requestReads,
  });

  it('a commit of several writes shares 20: the 20th distinct document allowed, the 21st refused', () => {
    // Each write reads its own d/{id} and the shared d/x: 19 writes read 20 documents.
    const authorizer = rules(`${exists('$(id)')} && ${exists('x')}`);
    const shared: RequestReads = { documents: new Set(), operations: 20 };
    const lookups: string[] = [];
    const results = Array.from({ length: 20 }, (_, i) => authorizer.authorize(write(i, shared, { lookups })));
    expect(results.slice(0, 19).every((r) => r.allowed)).toBe(true);
    expect(results[19]).toMatchObject({ allowed: false, limit: 'document access calls per request' });
    expect(results[19].reason).toMatch(
      /'create' on \/a\/19 takes its request over 20 document access calls \(get, exists, getAfter, existsAfter\) for a request of 20 operations/,
    );
    // The shared document was looked up once for the whole commit, though each write counts it.
    expect(lookups.filter((p) => p === 'd/x')).toHaveLength(1);
    expect(results[1].usage?.reads).toEqual(['get:d/1', 'get:d/x']);
  });

  it('each write of a commit still has its own 10', () => {
    const authorizer = rules(reading(11));
    const d = authorizer.authorize(write(0, { documents: new Set(), operations: 2 }));
    expect(d.limit).toBe('document access calls per operation');
  });

  it('a request of one operation has 10, even when the operation limit would allow more', () => {
    const authorizer = compileRules(wrap(`match /a/{id} { allow create: if ${reading(10)}; }`), 'firestore.rules', {
      limits: { ...FIRESTORE_LIMITS, readsPerOperation: 10, readsPerSingleRequest: 9 },
    });
    expect(authorizer.authorize(write(0, { documents: new Set(), operations: 1 })).limit).toBe('document access calls per request');
  });
});

describe('expressions evaluated per request (1,000)', () => {
  // `[1, …, 1].size() == n`: the list, its n items, size(), the literal n and == make n + 4 expressions.
  const condition = (items: number) => `[${Array(items).fill('1').join(', ')}].size() == ${items}`;

  it('allows 1,000 and denies the 1,001st', () => {
    const ok = decide(`match /a/{id} { allow get: if ${condition(996)}; }`);
    expect(ok).toMatchObject({ allowed: true, usage: { expressions: 1000 } });
    const over = decide(`match /a/{id} { allow get: if ${condition(997)}; }`);
    expect(over).toMatchObject({ allowed: false, limit: 'expressions evaluated per request' });
    expect(over.reason).toMatch(/'get' on \/a\/1 evaluates more than 1000 expressions/);
  });

  it('counts a function body each time it is called, and every allow statement tried', () => {
    expect(decide('function f() { return 1 == 1; } match /a/{id} { allow get: if f() && f(); }').usage?.expressions).toBe(9);
    expect(decide('match /a/{id} { allow get: if false; allow get: if 1 == 1; }').usage?.expressions).toBe(4);
  });

  it('denies the whole request: || cannot recover', () => {
    expect(decide(`match /a/{id} { allow get: if ${condition(997)} || true; }`).limit).toBe('expressions evaluated per request');
  });

  it("counts a query's own evaluation, not the emulator's check of each document it returns", () => {
    const candidates = Array.from({ length: 400 }, (_, i) => ({ path: `a/${i}`, data: fields({ n: i }) }));
    const d = decide('match /a/{id} { allow list: if resource.data.n >= 0 || true; }', {
      method: 'list',
      path: 'a',
      query: { equalities: {}, candidates },
    });
    expect(d.allowed).toBe(true);
    expect(d.usage?.expressions).toBeLessThan(20);
  });
});

describe('function call depth (20)', () => {
  const chain = (depth: number, condition = 'f0()') => {
    const fns = Array.from({ length: depth }, (_, i) => (i === depth - 1 ? `function f${i}() { return true; }` : `function f${i}() { return f${i + 1}(); }`));
    return `${fns.join('\n')}\nmatch /a/{id} { allow get: if ${condition}; }`;
  };

  it('allows 20 nested calls and denies the 21st, whatever || says', () => {
    expect(decide(chain(20)).allowed).toBe(true);
    const d = decide(chain(21, 'f0() || true'));
    expect(d).toMatchObject({ allowed: false, limit: 'function call depth' });
    expect(d.reason).toMatch(/nests function calls deeper than 20 \(calling f20\(\)\)/);
  });
});

describe('limits of the ruleset, refused at load', () => {
  const load = (source: string) => () => compileRules(source);
  const refused = (source: string, message: RegExp) => {
    expect(load(source)).toThrow(RulesetLimitError);
    expect(load(source)).toThrow(message);
  };

  it('source: 256,000 bytes allowed, one more refused', () => {
    const base = wrap('match /a/{id} { allow get: if true; }');
    const padded = (bytes: number) => `${base}//${'x'.repeat(bytes - Buffer.byteLength(base) - 2)}`;
    expect(load(padded(RULESET_LIMITS.sourceBytes))).not.toThrow();
    refused(padded(RULESET_LIMITS.sourceBytes + 1), /the ruleset's source is 256001 bytes; Cloud Firestore allows at most 256000/);
  });

  it('compiled: an estimate of 250,000 bytes allowed, one more refused', () => {
    const withString = (n: number) => wrap(`match /a/{id} { allow get: if '${'y'.repeat(n)}' != ''; }`);
    const base = compiledSizeEstimate(parseRules(withString(0)));
    const at = (bytes: number) => withString(bytes - base);
    expect(compiledSizeEstimate(parseRules(at(RULESET_LIMITS.compiledBytes)))).toBe(RULESET_LIMITS.compiledBytes);
    expect(load(at(RULESET_LIMITS.compiledBytes))).not.toThrow();
    refused(at(RULESET_LIMITS.compiledBytes + 1), /the compiled ruleset would be about 250001 bytes/);
    // Dense syntax weighs more compiled than written: 20,000 list items are 40 KB of source.
    refused(wrap(`match /a/{id} { allow get: if [${Array(20_000).fill('1').join(',')}].size() > 0; }`), /compiled ruleset/);
  });

  it('nested match statements: 10 deep allowed, 11 refused', () => {
    // wrap() is the first level (/databases/{database}/documents).
    const nest = (depth: number) => wrap(`${'match /a/b {'.repeat(depth - 1)} allow get: if true; ${'}'.repeat(depth - 1)}`);
    expect(load(nest(10))).not.toThrow();
    refused(nest(11), /match statements nested 11 deep; Cloud Firestore allows at most 10/);
  });

  it('path segments within nested matches: 100 allowed, 101 refused', () => {
    // wrap() holds 3 segments; each inner pattern adds its own.
    const pattern = (n: number) => `/${Array.from({ length: n }, (_, i) => `s${i}`).join('/')}`;
    expect(load(wrap(`match ${pattern(97)} { allow get: if true; }`))).not.toThrow();
    refused(wrap(`match ${pattern(98)} { allow get: if true; }`), /nested match paths of 101 segments; Cloud Firestore allows at most 100/);
  });

  it('capture variables within nested matches: 20 allowed, 21 refused', () => {
    const pattern = (n: number) => `/${Array.from({ length: n }, (_, i) => `c/{v${i}}`).join('/')}`;
    expect(load(wrap(`match ${pattern(19)} { allow get: if true; }`))).not.toThrow();
    refused(wrap(`match ${pattern(20)} { allow get: if true; }`), /capture 21 variables; Cloud Firestore allows at most 20/);
  });

  it('function arguments: 7 allowed, 8 refused', () => {
    const fn = (n: number) => {
      const params = Array.from({ length: n }, (_, i) => `p${i}`);
      return wrap(`function f(${params.join(', ')}) { return true; } match /a/{id} { allow get: if f(${params.map(() => '1').join(', ')}); }`);
    };
    expect(load(fn(7))).not.toThrow();
    refused(fn(8), /f\(\) has 8 parameters; Cloud Firestore allows at most 7 function arguments/);
  });

  it('let bindings per function: 10 allowed, 11 refused', () => {
    const fn = (n: number) =>
      wrap(`function f() { ${Array.from({ length: n }, (_, i) => `let l${i} = ${i};`).join(' ')} return true; } match /a/{id} { allow get: if f(); }`);
    expect(load(fn(10))).not.toThrow();
    refused(fn(11), /f\(\) has 11 let bindings; Cloud Firestore allows at most 10 per function/);
  });

  it('recursion: none, direct or through other functions', () => {
    refused(wrap('function f(n) { return n <= 0 || f(n - 1); } match /a/{id} { allow get: if f(3); }'), /recursive function calls \(f\(\) → f\(\)\)/);
    refused(
      wrap(
        'function even(n) { return n == 0 || odd(n - 1); } function odd(n) { let e = even(n - 1); return n != 0 && e; } match /a/{id} { allow get: if even(2); }',
      ),
      /recursive function calls \(even\(\) → odd\(\) → even\(\)\)/,
    );
    // The same name in another scope is another function: no cycle.
    expect(
      load(wrap('function g() { return true; } match /a/{id} { function g() { return true; } function h() { return g(); } allow get: if h(); }')),
    ).not.toThrow();
  });

  it("today's firestore.rules is within every one of them", async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');
    expect(() => compileRules(source)).not.toThrow();
    expect(compiledSizeEstimate(parseRules(source))).toBeLessThan(RULESET_LIMITS.compiledBytes);
  });
});

describe('tighter limits (a project margin)', () => {
  it('accepts values up to Cloud Firestore’s and refuses looser or malformed ones', () => {
    expect(tighterLimits({ readsPerOperation: 8, expressionsPerOperation: 600 })).toEqual({
      ...FIRESTORE_LIMITS,
      readsPerOperation: 8,
      expressionsPerOperation: 600,
    });
    expect(tighterLimits({ readsPerMultiRequest: 20 }).readsPerMultiRequest).toBe(20);
    expect(() => tighterLimits({ readsPerMultiRequest: 21 })).toThrow(/would be looser than Cloud Firestore's 20/);
    expect(() => tighterLimits({ expressionsPerOperation: 0 })).toThrow(/positive integer/);
    expect(() => tighterLimits({ expressionsPerOperation: 1.5 })).toThrow(/positive integer/);
    expect(() => tighterLimits({ nope: 1 } as never)).toThrow(/unknown rules limit 'nope'/);
  });

  it('are enforced instead of Cloud Firestore’s', () => {
    const authorizer = compileRules(wrap(`match /a/{id} { allow get: if ${reading(9)}; }`), 'firestore.rules', {
      limits: tighterLimits({ readsPerOperation: 8 }),
    });
    expect(authorizer.authorize(request()).limit).toBe('document access calls per operation');
  });
});

describe("RE2's counted repetition (1,000)", () => {
  it('allows {1000} and {0,1000}, refuses 1,001 as production’s RE2 does', () => {
    const matches = (pattern: string) => decide(`match /a/{id} { allow get: if 'aaa'.matches('${pattern}') || true; }`);
    expect(matches('a{0,1000}').allowed).toBe(true);
    expect(matches('a{1000}|a*').allowed).toBe(true);
    // An invalid pattern is an evaluation error: `|| true` still decides, the reason names it.
    expect(decide("match /a/{id} { allow get: if 'aaa'.matches('a{0,1001}'); }").reason).toMatch(
      /bad repetition operator \{0,1001\} \(RE2 counts at most 1000\)/,
    );
    expect(decide("match /a/{id} { allow get: if 'aaa'.matches('a{1001,}'); }").reason).toMatch(/bad repetition operator \{1001,\}/);
    // An escaped brace is a literal, not a count.
    expect(decide("match /a/{id} { allow get: if 'a{2000}'.matches('a\\\\{2000\\\\}'); }").allowed).toBe(true);
  });
});
