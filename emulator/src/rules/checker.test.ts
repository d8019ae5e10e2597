import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, RulesSyntaxError, RulesUnsupportedError } from './index.ts';
import { wrap } from './test-support.ts';

function loadError(body: string): RulesSyntaxError {
  try {
    compileRules(wrap(body));
  } catch (error) {
    if (error instanceof RulesSyntaxError) return error;
    throw error;
  }
  throw new Error('expected the rules to be refused');
}

describe('load-time checks', () => {
  it('compiles the project policy (firestore.rules)', () => {
    const source = readFileSync(fileURLToPath(new URL('../../../firestore.rules', import.meta.url)), 'utf8');
    expect(() => compileRules(source)).not.toThrow();
  });

  it('refuses unknown variables, with their position', () => {
    const e = loadError('match /a/{id} { allow read: if reqest.auth != null; }');
    expect(e).not.toBeInstanceOf(RulesUnsupportedError);
    expect(e.message).toBe("firestore.rules:4:32: unknown variable 'reqest'");
    expect(loadError('match /a/{id} { allow read: if ids == "x"; }').message).toMatch(/unknown variable 'ids'/);
  });

  it('refuses unknown functions and methods as unsupported rather than denying at run time', () => {
    const fn = loadError('match /a/{id} { allow read: if isAdmin(); }');
    expect(fn).toBeInstanceOf(RulesUnsupportedError);
    expect(fn.message).toMatch(/^firestore\.rules:4:32: unknown function 'isAdmin'/);
    const method = loadError("match /a/{id} { allow read: if resource.data.name.startsWith('a'); }");
    expect(method).toBeInstanceOf(RulesUnsupportedError);
    expect(method.message).toMatch(/^firestore\.rules:4:50: unknown method 'startsWith\(\)'/);
    expect(loadError('match /a/{id} { allow read: if math.max(1, 2) == 2; }').message).toMatch(/unknown function 'math\.max' \(supported: abs, ceil/);
    expect(loadError("match /a/{id} { allow read: if (/a/$(id)).bind({'x': 1}) == /a/b; }").message).toMatch(/path\.bind\(\) is not supported/);
  });

  it('checks the number of arguments of every call', () => {
    expect(loadError('function f(a, b) { return a == b; } match /a/{id} { allow read: if f(1); }').message).toMatch(/f\(\) takes 2 arguments, not 1/);
    expect(loadError("match /a/{id} { allow read: if resource.data.get('k') == 1; }").message).toMatch(/get\(\) takes 2 arguments, not 1/);
    expect(loadError("match /a/{id} { allow read: if exists(/a/b, 'x'); }").message).toMatch(/exists\(\) takes 1 argument, not 2/);
    expect(loadError('match /a/{id} { allow read: if duration.value(1) > 0; }').message).toMatch(/duration\.value\(\) takes 2 arguments, not 1/);
  });

  it('refuses a namespace used as a value', () => {
    expect(loadError('match /a/{id} { allow read: if math == 1; }').message).toMatch(/'math' is a namespace/);
  });

  it('gives functions lexical scope: the wildcards of the block they are declared in, not of their callers', () => {
    expect(() => compileRules(wrap('function db() { return database; } match /a/{id} { allow read: if db() == "(default)"; }'))).not.toThrow();
    expect(loadError('function mine() { return id == "x"; } match /a/{id} { allow read: if mine(); }').message).toMatch(/unknown variable 'id'/);
    expect(loadError('match /a/{id} { function f() { return true; } } match /b/{id} { allow read: if f(); }').message).toMatch(/unknown function 'f'/);
    // A nested block sees the functions of the blocks around it.
    expect(() => compileRules(wrap('match /a/{id} { function f() { return id == "1"; } match /b/{x} { allow read: if f(); } }'))).not.toThrow();
  });

  it('lets a let see the parameters and the lets before it, not after', () => {
    expect(() => compileRules(wrap('function f(a) { let b = a + 1; let c = b * 2; return c > 0; } match /a/{id} { allow read: if f(1); }'))).not.toThrow();
    expect(loadError('function f(a) { let b = c; let c = 1; return b; } match /a/{id} { allow read: if f(1); }').message).toMatch(/unknown variable 'c'/);
    expect(loadError('function f(a) { let a = 1; return a; } match /a/{id} { allow read: if f(1); }').message).toMatch(/'a' is already defined in f\(\)/);
  });

  it('refuses a function declared twice in one scope', () => {
    expect(loadError('function f() { return true; } function f() { return false; } match /a/{id} { allow read: if f(); }').message).toMatch(
      /function 'f' is already declared in this scope \(at 4:1\)/,
    );
  });

  it('lets variables shadow namespaces', () => {
    expect(() => compileRules(wrap('match /a/{duration} { allow read: if duration.size() > 0; }'))).not.toThrow();
  });
});
