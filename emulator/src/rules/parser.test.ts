import { describe, expect, it } from 'vitest';
import type { Expr } from './ast.ts';
import { RulesSyntaxError, RulesUnsupportedError } from './errors.ts';
import { parseExpression, parseRules } from './parser.ts';
import { wrap } from './test-support.ts';

/** Fully parenthesised form of an expression, to see how it was grouped. */
function shape(e: Expr): string {
  switch (e.kind) {
    case 'literal':
      return typeof e.value === 'string' ? `'${e.value}'` : e.value instanceof Uint8Array ? `b[${e.value.length}]` : String(e.value);
    case 'ident':
      return e.name;
    case 'member':
      return `${shape(e.object)}.${e.name}`;
    case 'index':
      return `${shape(e.object)}[${shape(e.index)}]`;
    case 'slice':
      return `${shape(e.object)}[${e.start ? shape(e.start) : ''}:${e.end ? shape(e.end) : ''}]`;
    case 'call':
      return `${e.name}(${e.args.map(shape).join(', ')})`;
    case 'method':
      return `${shape(e.target)}.${e.name}(${e.args.map(shape).join(', ')})`;
    case 'unary':
      return `(${e.op}${shape(e.operand)})`;
    case 'binary':
    case 'logical':
      return `(${shape(e.left)} ${e.op} ${shape(e.right)})`;
    case 'is':
      return `(${shape(e.operand)} is ${e.type})`;
    case 'ternary':
      return `(${shape(e.test)} ? ${shape(e.then)} : ${shape(e.otherwise)})`;
    case 'list':
      return `[${e.items.map(shape).join(', ')}]`;
    case 'map':
      return `{${e.entries.map(({ key, value }) => `${shape(key)}: ${shape(value)}`).join(', ')}}`;
    case 'path':
      return `path(${e.segments.map((s) => (typeof s === 'string' ? s : `$(${shape(s)})`)).join('/')})`;
  }
}

const expr = (source: string) => shape(parseExpression(source));

function syntaxError(source: string): RulesSyntaxError {
  try {
    parseRules(source);
  } catch (error) {
    if (error instanceof RulesSyntaxError) return error;
    throw error;
  }
  throw new Error('expected a syntax error');
}

describe('rules parser: declarations', () => {
  it('reads nested matches, wildcards, functions with let, and allow statements', () => {
    const file = parseRules(
      wrap(`
    function isOwner(uid) { let me = request.auth.uid; let ok = me == uid; return ok; }
    match /users/{uid} {
      allow read, update: if isOwner(uid);
      allow create;
      match /{rest=**} { allow get: if true; }
    }`),
    );
    const docs = file.matches[0];
    expect(docs.pattern).toEqual([
      { kind: 'literal', text: 'databases' },
      { kind: 'single', name: 'database' },
      { kind: 'literal', text: 'documents' },
    ]);
    expect(docs.functions[0]).toMatchObject({ name: 'isOwner', params: ['uid'], lets: [{ name: 'me' }, { name: 'ok' }] });
    const users = docs.matches[0];
    expect(users.allows.map((a) => a.methods)).toEqual([['get', 'list', 'update'], ['create']]);
    expect(users.allows[1].condition).toBeNull();
    expect(users.matches[0].pattern).toEqual([{ kind: 'rest', name: 'rest' }]);
    expect(users.allows[0].pos).toEqual({ line: 7, column: 7 });
  });

  it('expands read and write, and keeps methods once', () => {
    const file = parseRules(wrap('match /a/{id} { allow write, delete, read: if true; }'));
    expect(file.matches[0].matches[0].allows[0].methods).toEqual(['create', 'update', 'delete', 'get', 'list']);
  });

  it('accepts a recursive wildcard anywhere in a pattern (collection groups), once', () => {
    const file = parseRules(wrap('match /{path=**}/posts/{post} { allow read; }'));
    expect(file.matches[0].matches[0].pattern).toEqual([
      { kind: 'rest', name: 'path' },
      { kind: 'literal', text: 'posts' },
      { kind: 'single', name: 'post' },
    ]);
    expect(syntaxError(wrap('match /{a=**}/x/{b=**} { allow read; }')).message).toMatch(/only one \{name=\*\*\} wildcard/);
  });

  it('takes functions at service level and before the service block', () => {
    const file = parseRules("rules_version = '2';\nfunction a() { return true; }\nservice cloud.firestore { function b() { return a(); } }");
    expect(file.functions.map((f) => f.name)).toEqual(['a', 'b']);
  });
});

describe('rules parser: expressions', () => {
  it('gives && precedence over || and comparisons over both', () => {
    expect(expr('a || b && c')).toBe('(a || (b && c))');
    expect(expr('a && b || c && d')).toBe('((a && b) || (c && d))');
    expect(expr('a == 1 && b != 2 || c < 3')).toBe('(((a == 1) && (b != 2)) || (c < 3))');
  });

  it('gives arithmetic the usual precedence, left to right', () => {
    expect(expr('1 + 2 * 3 - 4 / 2 % 3')).toBe('((1 + (2 * 3)) - ((4 / 2) % 3))');
    expect(expr('a - b - c')).toBe('((a - b) - c)');
    expect(expr('-a.b + !c')).toBe('((-a.b) + (!c))');
    expect(expr('-5 * 2')).toBe('(-5 * 2)');
    expect(expr('-9223372036854775808')).toBe('-9223372036854775808');
  });

  it('reads in, is and the ternary', () => {
    expect(expr("'a' in x.keys() && y is string")).toBe("(('a' in x.keys()) && (y is string))");
    expect(expr('a + 1 is int')).toBe('((a + 1) is int)');
    expect(expr('a ? b : c ? d : e')).toBe('(a ? b : (c ? d : e))');
    expect(expr('a || b ? 1 : 2')).toBe('((a || b) ? 1 : 2)');
  });

  it('reads members, indexes, ranges, calls and methods', () => {
    expect(expr("request.auth.token['email'].lower()")).toBe("request.auth.token['email'].lower()");
    expect(expr('x[1:3] + x[:2] + x[1:]')).toBe('((x[1:3] + x[:2]) + x[1:])');
    expect(expr("get(/a/b).data.get('k', 0)")).toBe("get(path(a/b)).data.get('k', 0)");
    expect(expr('f(1, 2,)')).toBe('f(1, 2)');
  });

  it('reads list and map literals, with trailing commas', () => {
    expect(expr("[1, 'a', [true, null],]")).toBe("[1, 'a', [true, null]]");
    expect(expr("{'a': 1, 'b': {'c': 2},}")).toBe("{'a': 1, 'b': {'c': 2}}");
    expect(expr('{}')).toBe('{}');
  });

  it('reads path literals with $(…) interpolation, (default) and odd characters', () => {
    expect(expr('/databases/$(database)/documents/staff/$(request.auth.token.email.lower())')).toBe(
      'path(databases/$(database)/documents/staff/$(request.auth.token.email.lower()))',
    );
    expect(expr('/databases/(default)/documents/staff/ann@x.org')).toBe('path(databases/(default)/documents/staff/ann@x.org)');
    expect(expr('exists(/a/$(b)/c) && x')).toBe('(exists(path(a/$(b)/c)) && x)');
    expect(expr('/a/$(b).size()')).toBe('path(a/$(b)).size()');
  });

  it('tells division from a path by the grammar position', () => {
    expect(expr('a / b')).toBe('(a / b)');
    expect(expr('a/b')).toBe('(a / b)');
    expect(expr('(a) / 2 == /x/y')).toBe('((a / 2) == path(x/y))');
  });
});

describe('rules parser: errors', () => {
  it("reports a missing ';' at the token that follows, with line and column", () => {
    const e = syntaxError(wrap('    match /a/{id} {\n      allow read: if true\n    }'));
    expect(e).toBeInstanceOf(RulesSyntaxError);
    expect([e.file, e.line, e.column]).toEqual(['firestore.rules', 6, 5]);
    expect(e.message).toBe("firestore.rules:6:5: expected ';' but found '}'");
  });

  it('points at the unexpected token', () => {
    expect(syntaxError(wrap('match /a/{id} { allow read: if 1 + ; }')).message).toBe("firestore.rules:4:36: expected an expression but found ';'");
    expect(syntaxError(wrap('match /a/{id} { allow read: if (a; }')).message).toMatch(/^firestore\.rules:4:34: expected '\)'/);
    expect(syntaxError(wrap('match /a/{id} { alow read; }')).message).toMatch(
      /^firestore\.rules:4:17: expected 'allow', 'match', 'function' or '}' but found 'alow'/,
    );
    expect(syntaxError(wrap('match /a/{id} { allow peek: if true; }')).message).toMatch(/^firestore\.rules:4:23: unknown method 'peek'/);
    expect(syntaxError(wrap('match /a/{id} { allow read: if x is text; }')).message).toMatch(/^firestore\.rules:4:37: unknown type 'text'/);
    expect(syntaxError(wrap('match a/{id} { allow read; }')).message).toMatch(/^firestore\.rules:4:7: expected a path starting with '\/'/);
    expect(syntaxError(wrap('match /a/{id { allow read; }')).message).toMatch(/^firestore\.rules:4:13: expected '\}' or '=\*\*'/);
    expect(syntaxError(wrap('function f() { let x = 1; }')).message).toMatch(/expected 'return'/);
    expect(syntaxError(wrap('function if() { return 1; }')).message).toMatch(/reserved word/);
    expect(syntaxError(wrap('match /a/{id} { allow read: if f()(); }')).message).toMatch(/only functions and methods can be called/);
  });

  it('reports an unfinished file at its end', () => {
    const e = syntaxError("rules_version = '2';\nservice cloud.firestore {\n  match /a/{b} {");
    expect(e.message).toBe("firestore.rules:3:17: expected 'allow', 'match', 'function' or '}' but found end of file");
    expect(syntaxError(wrap('') + ' extra').message).toMatch(/unexpected 'extra'/);
  });

  it('refuses other services and versions as unsupported, at their position', () => {
    const storage = syntaxError("rules_version = '2';\nservice firebase.storage { }");
    expect(storage).toBeInstanceOf(RulesUnsupportedError);
    expect(storage.message).toBe(
      "firestore.rules:2:9: service 'firebase.storage' where 'cloud.firestore' rules were expected (load firebase.storage rules with compileStorageRules / loadStorageRulesAuthorizer)",
    );
    expect(syntaxError("rules_version = '2';\nservice firebase.database { }").message).toBe(
      "firestore.rules:2:9: service 'firebase.database' is not supported: this emulator enforces cloud.firestore and firebase.storage rules only",
    );
    expect(syntaxError("rules_version = '1'; service cloud.firestore { }").message).toMatch(/^firestore\.rules:1:17: rules_version '1' is not supported/);
    const missing = syntaxError('service cloud.firestore { }');
    expect(missing).toBeInstanceOf(RulesUnsupportedError);
    expect(missing.message).toMatch(/^firestore\.rules:1:1: missing rules_version = '2'/);
    expect(syntaxError(wrap('') + 'service cloud.firestore { }').message).toMatch(/only one service block/);
  });

  it('uses the file name it is given', () => {
    try {
      parseRules('rules_version = "2"; service cloud.firestore { match }', 'rules/app.rules');
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toBe("rules/app.rules:1:54: expected a path starting with '/' but found '}'");
    }
  });
});

describe('rules parser: robustness', () => {
  // 400 compilations of the whole rules file: CPU-bound, so allowed more than the default 5 s on a busy machine.
  it('answers any damaged file with a RulesSyntaxError, never a crash', { timeout: 60_000 }, async () => {
    const { readFileSync } = await import('node:fs');
    const { compileRules } = await import('./index.ts');
    const source = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const junk = ['{', '}', '(', ')', ';', '/', '$(', "'", '"', '.', ',', '=', '**', ' ', 'if', '&&', '\n', ':'];
    for (let i = 0; i < 400; i++) {
      const at = Math.floor(random() * source.length);
      const damaged = i % 2 ? source.slice(0, at) : source.slice(0, at) + junk[Math.floor(random() * junk.length)] + source.slice(at + 1);
      try {
        compileRules(damaged);
      } catch (error) {
        expect(error).toBeInstanceOf(RulesSyntaxError);
        const e = error as RulesSyntaxError;
        expect(e.line).toBeGreaterThanOrEqual(1);
        expect(e.column).toBeGreaterThanOrEqual(1);
      }
    }
  });
});
