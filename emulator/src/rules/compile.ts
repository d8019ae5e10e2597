// From rules text to an authorizer: parse, resolve scopes, check names, and wrap for the emulator.
// One pipeline for both services; `compileRules` gives Firestore's Authorizer, `compileStorageRules`
// Cloud Storage's StorageAuthorizer.
import { readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { RulesAuthorizer, type AuthorizerOptions } from './authorizer.ts';
import { checkRules } from './checker.ts';
import type { Authorizer } from './contract.ts';
import { compileScopes, type CompiledRules } from './matcher.ts';
import { parseRules, type RulesService } from './parser.ts';
import { checkRulesetLimits } from './ruleset-limits.ts';
import { StorageRulesAuthorizer } from './storage-authorizer.ts';
import type { StorageAuthorizer } from './storage-contract.ts';

export type CompileOptions = AuthorizerOptions;

/** Compiles source for `service`, refusing anything else; every check of the load happens here. */
function compileFor(service: RulesService, source: string, filename: string, options: CompileOptions): CompiledRules {
  const file = parseRules(source, filename, service);
  const compiled = compileScopes(file.functions, file.matches);
  checkRules(file.functions, compiled, filename, service);
  checkRulesetLimits(source, file, compiled, filename);
  options.coverage?.load(compiled, filename);
  return compiled;
}

/**
 * Compiles a rules_version '2' file. Throws RulesSyntaxError (with .line and .column, message
 * `firestore.rules:12:5: expected ';' …`) or RulesUnsupportedError for what this emulator cannot
 * enforce; never returns rules that would silently allow something they do not understand.
 */
export function compileRules(source: string, filename = 'firestore.rules', options: CompileOptions = {}): Authorizer {
  return new RulesAuthorizer(compileFor('cloud.firestore', source, filename, options), options);
}

/** Compiles Cloud Storage rules (`service firebase.storage`), with the same errors as compileRules. */
export function compileStorageRules(source: string, filename = 'storage.rules', options: CompileOptions = {}): StorageAuthorizer {
  return new StorageRulesAuthorizer(compileFor('firebase.storage', source, filename, options), options);
}

/** How messages name the file: relative to the working directory when inside it, so editors can open it. */
export function rulesFileLabel(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

export function loadRulesAuthorizer(path: string, options: CompileOptions = {}): Authorizer {
  return compileRules(readFileSync(path, 'utf8'), rulesFileLabel(path), options);
}

export function loadStorageRulesAuthorizer(path: string, options: CompileOptions = {}): StorageAuthorizer {
  return compileStorageRules(readFileSync(path, 'utf8'), rulesFileLabel(path), options);
}
