// The rules engine's public face: compile a rules file into an Authorizer, load it from disk,
// and watch it so that editing firestore.rules takes effect without a restart.
import { readFileSync, watchFile, unwatchFile } from 'node:fs';
import { basename } from 'node:path';
import type { Authorizer } from './contract.ts';
import type { Expr, FunctionDecl, MatchBlock, RulesFile } from './ast.ts';
import { RulesSyntaxError } from './errors.ts';
import { parseRules } from './parser.ts';
import { RulesAuthorizer } from './authorizer.ts';

export { RulesSyntaxError };

const BUILTINS = new Set(['get', 'exists', 'getAfter', 'existsAfter', 'debug', 'int', 'float', 'string', 'path']);

/** Refuses calls to functions that exist nowhere, at load time rather than as silent denies. */
function checkCalls(file: RulesFile, name: string) {
  const visit = (e: Expr | null, known: Set<string>) => {
    if (!e) return;
    switch (e.kind) {
      case 'call':
        if (e.callee.kind === 'ident' && !known.has(e.callee.name) && !BUILTINS.has(e.callee.name)) {
          throw new RulesSyntaxError(name, e.pos.line, e.pos.column, `unknown function '${e.callee.name}'`);
        }
        if (e.callee.kind === 'member') visit(e.callee.object, known);
        e.args.forEach((a) => visit(a, known));
        return;
      case 'member':
        return visit(e.object, known);
      case 'index':
        visit(e.object, known);
        return visit(e.index, known);
      case 'unary':
        return visit(e.operand, known);
      case 'is':
        return visit(e.operand, known);
      case 'binary':
        visit(e.left, known);
        return visit(e.right, known);
      case 'ternary':
        visit(e.test, known);
        visit(e.then, known);
        return visit(e.otherwise, known);
      case 'list':
        return e.items.forEach((x) => visit(x, known));
      case 'map':
        return e.entries.forEach(([k, v]) => (visit(k, known), visit(v, known)));
      case 'path':
        return e.segments.forEach((s) => typeof s !== 'string' && visit(s, known));
    }
  };
  const visitFunctions = (fns: FunctionDecl[], known: Set<string>) =>
    fns.forEach((f) => {
      f.lets.forEach((l) => visit(l.value, known));
      visit(f.body, known);
    });
  const walk = (blocks: MatchBlock[], known: Set<string>) => {
    for (const b of blocks) {
      const inner = new Set([...known, ...b.functions.map((f) => f.name)]);
      visitFunctions(b.functions, inner);
      b.allows.forEach((a) => visit(a.condition, inner));
      walk(b.matches, inner);
    }
  };
  const global = new Set(file.functions.map((f) => f.name));
  visitFunctions(file.functions, global);
  walk(file.matches, global);
}

export function compileRules(source: string, fileName = 'firestore.rules'): Authorizer {
  const file = parseRules(source, fileName);
  checkCalls(file, fileName);
  return new RulesAuthorizer(file);
}

export function loadRulesAuthorizer(path: string): Authorizer {
  return compileRules(readFileSync(path, 'utf8'), basename(path));
}

/** Calls onChange with the new rules after each edit; a broken edit keeps the last good rules. */
export function watchRules(path: string, onChange: (a: Authorizer) => void, onError: (e: unknown) => void): () => void {
  const listener = (curr: { mtimeMs: number }, prev: { mtimeMs: number }) => {
    if (curr.mtimeMs === prev.mtimeMs) return;
    try {
      onChange(loadRulesAuthorizer(path));
    } catch (error) {
      onError(error);
    }
  };
  watchFile(path, { interval: 300 }, listener);
  return () => unwatchFile(path, listener);
}
