import { describe, expect, it } from 'vitest';
import { parseRules } from './parser.ts';
import { RulesSyntaxError } from './errors.ts';
import { compileRules } from './index.ts';

const wrap = (body: string) => `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${body}\n  }\n}\n`;

describe('rules parser', () => {
  it('reads nested matches, wildcards, functions with let, and allow lists', () => {
    const file = parseRules(
      wrap(`
    function isOwner(uid) { let me = request.auth.uid; return me == uid; }
    match /users/{uid} {
      allow read, update: if isOwner(uid);
      match /{rest=**} { allow get; }
    }`),
    );
    const docs = file.matches[0];
    expect(docs.pattern).toEqual([{ literal: 'databases' }, { variable: 'database', rest: false }, { literal: 'documents' }]);
    expect(docs.functions[0].lets[0].name).toBe('me');
    const users = docs.matches[0];
    expect(users.allows[0].methods).toEqual(['get', 'list', 'update']);
    expect(users.matches[0].pattern).toEqual([{ variable: 'rest', rest: true }]);
    expect(users.matches[0].allows[0].condition).toBeNull();
  });

  it('parses path literals with interpolation, ternaries, in, is and maps', () => {
    expect(() =>
      parseRules(wrap(`match /a/{id} { allow read: if exists(/databases/$(database)/documents/b/$(id)) && (resource.data.x is string ? 'k' in {'k': 1} : [1, 2].size() > 1.5); }`)),
    ).not.toThrow();
  });

  it('reports a syntax error with line and column', () => {
    try {
      parseRules(wrap('match /a/{id} { allow read: if true }'));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RulesSyntaxError);
      expect((error as RulesSyntaxError).line).toBe(4);
      expect((error as Error).message).toMatch(/^firestore\.rules:4:\d+: expected ';'/);
    }
  });

  it('refuses other services, other versions, unknown methods and unknown functions', () => {
    expect(() => parseRules("rules_version = '2'; service firebase.storage { }")).toThrow(/unsupported service/);
    expect(() => parseRules("rules_version = '1'; service cloud.firestore { }")).toThrow(/rules_version/);
    expect(() => parseRules(wrap('match /a/{id} { allow peek: if true; }'))).toThrow(/unknown method 'peek'/);
    expect(() => compileRules(wrap('match /a/{id} { allow read: if isAdmin(); }'))).toThrow(/unknown function 'isAdmin'/);
  });
});
