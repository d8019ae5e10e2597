// From rules text to an Authorizer: parse, resolve scopes, check names, and wrap for the emulator.
import { readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { RulesAuthorizer, type AuthorizerOptions } from './authorizer.ts';
import { checkRules } from './checker.ts';
import type { Authorizer } from './contract.ts';
import { compileScopes } from './matcher.ts';
import { parseRules } from './parser.ts';
import { checkRulesetLimits } from './ruleset-limits.ts';

export type CompileOptions = AuthorizerOptions;

/**
 * Compiles a rules_version '2' file. Throws RulesSyntaxError (with .line and .column, message
 * `firestore.rules:12:5: expected ';' …`) or RulesUnsupportedError for what this emulator cannot
 * enforce; never returns rules that would silently allow something they do not understand.
 */
export function compileRules(source: string, filename = 'firestore.rules', options: CompileOptions = {}): Authorizer {
  const file = parseRules(source, filename);
  const compiled = compileScopes(file.functions, file.matches);
  checkRules(file.functions, compiled, filename);
  checkRulesetLimits(source, file, compiled, filename);
  options.coverage?.load(compiled, filename);
  return new RulesAuthorizer(compiled, options);
}

/** How messages name the file: relative to the working directory when inside it, so editors can open it. */
export function rulesFileLabel(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

export function loadRulesAuthorizer(path: string, options: CompileOptions = {}): Authorizer {
  return compileRules(readFileSync(path, 'utf8'), rulesFileLabel(path), options);
}
