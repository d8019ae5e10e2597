// Cloud Firestore's limits on a ruleset itself (limits.ts RULESET_LIMITS), checked at load: a file
// over one of them is refused, with its position, as `firebase deploy` would refuse it.
import { forEachChild, type Expr, type FunctionDecl, type MatchBlock, type Pos, type RulesFile } from './ast.ts';
import { RulesetLimitError } from './errors.ts';
import { RULESET_LIMITS } from './limits.ts';
import type { CompiledBlock, CompiledRules, FunctionInfo, Scope } from './matcher.ts';

/** Bytes per syntax node in the size estimate of the compiled ruleset (a protobuf message's tag, length and id). */
const BYTES_PER_NODE = 8;

/** Every expression node of `e`, itself included. */
function walk(e: Expr, visit: (x: Expr) => void) {
  visit(e);
  forEachChild(e, (x) => walk(x, visit));
}

function textBytes(e: Expr): number {
  switch (e.kind) {
    case 'literal':
      return typeof e.value === 'string' ? Buffer.byteLength(e.value) : e.value instanceof Uint8Array ? e.value.length : 8;
    case 'ident':
    case 'member':
    case 'call':
    case 'method':
      return Buffer.byteLength(e.name);
    case 'path':
      return e.segments.reduce((n, s) => n + (typeof s === 'string' ? Buffer.byteLength(s) : 0), 0);
    default:
      return 0;
  }
}

/**
 * An estimate of the compiled ruleset's size: the documentation gives the limit (250 KB) but not
 * the compiled form. Every syntax node counts BYTES_PER_NODE bytes plus the UTF-8 bytes of the
 * names and strings it holds; declarations, allow statements and match patterns likewise.
 */
export function compiledSizeEstimate(file: RulesFile): number {
  let bytes = 0;
  const expr = (e: Expr) => walk(e, (x) => (bytes += BYTES_PER_NODE + textBytes(x)));
  const fn = (f: FunctionDecl) => {
    bytes += BYTES_PER_NODE + Buffer.byteLength(f.name) + f.params.reduce((n, p) => n + BYTES_PER_NODE + Buffer.byteLength(p), 0);
    for (const l of f.lets) {
      bytes += BYTES_PER_NODE + Buffer.byteLength(l.name);
      expr(l.value);
    }
    expr(f.body);
  };
  const block = (b: MatchBlock) => {
    for (const s of b.pattern) bytes += BYTES_PER_NODE + Buffer.byteLength(s.kind === 'literal' ? s.text : s.name);
    b.functions.forEach(fn);
    for (const a of b.allows) {
      bytes += BYTES_PER_NODE * (1 + a.methods.length);
      if (a.condition) expr(a.condition);
    }
    b.matches.forEach(block);
  };
  file.functions.forEach(fn);
  file.matches.forEach(block);
  return bytes;
}

class LimitChecker {
  constructor(private readonly file: string) {}

  fail(message: string, at: Pos = { line: 1, column: 1 }): never {
    throw new RulesetLimitError(this.file, at.line, at.column, message);
  }

  function(f: FunctionDecl) {
    if (f.params.length > RULESET_LIMITS.functionArguments) {
      this.fail(`${f.name}() has ${f.params.length} parameters; Cloud Firestore allows at most ${RULESET_LIMITS.functionArguments} function arguments`, f.pos);
    }
    if (f.lets.length > RULESET_LIMITS.letBindings) {
      this.fail(`${f.name}() has ${f.lets.length} let bindings; Cloud Firestore allows at most ${RULESET_LIMITS.letBindings} per function`, f.pos);
    }
  }

  /** Nesting of match statements, the path segments and the capture variables of each nest. */
  block(b: MatchBlock, depth: number, segments: number, captures: number) {
    const s = segments + b.pattern.length;
    const c = captures + b.pattern.filter((p) => p.kind !== 'literal').length;
    if (depth > RULESET_LIMITS.matchDepth)
      this.fail(`match statements nested ${depth} deep; Cloud Firestore allows at most ${RULESET_LIMITS.matchDepth}`, b.pos);
    if (s > RULESET_LIMITS.pathSegments) this.fail(`nested match paths of ${s} segments; Cloud Firestore allows at most ${RULESET_LIMITS.pathSegments}`, b.pos);
    if (c > RULESET_LIMITS.captureVariables)
      this.fail(`nested match paths capture ${c} variables; Cloud Firestore allows at most ${RULESET_LIMITS.captureVariables}`, b.pos);
    b.functions.forEach((f) => this.function(f));
    b.matches.forEach((m) => this.block(m, depth + 1, s, c));
  }

  /** No function may call itself, directly or through others: each call resolves lexically, as at run time. */
  recursion(compiled: CompiledRules) {
    const callees = (info: FunctionInfo): FunctionInfo[] => {
      const out: FunctionInfo[] = [];
      const visit = (e: Expr) =>
        walk(e, (x) => {
          const target = x.kind === 'call' ? info.scope.functions.get(x.name) : undefined;
          if (target) out.push(target);
        });
      info.decl.lets.forEach((l) => visit(l.value));
      visit(info.decl.body);
      return out;
    };
    const done = new Set<FunctionDecl>();
    const stack: FunctionInfo[] = [];
    const visit = (info: FunctionInfo) => {
      if (done.has(info.decl)) return;
      const at = stack.findIndex((s) => s.decl === info.decl);
      if (at >= 0) {
        const cycle = [...stack.slice(at), info].map((s) => `${s.decl.name}()`).join(' → ');
        this.fail(`recursive function calls (${cycle}); Cloud Firestore allows none`, info.decl.pos);
      }
      stack.push(info);
      callees(info).forEach(visit);
      stack.pop();
      done.add(info.decl);
    };
    const scopes = (scope: Scope | CompiledBlock): void => {
      for (const info of scope.functions.values()) visit(info);
      if ('children' in scope) scope.children.forEach(scopes);
    };
    scopes(compiled.service);
    compiled.blocks.forEach(scopes);
  }
}

export function checkRulesetLimits(source: string, file: RulesFile, compiled: CompiledRules, filename: string): void {
  const checker = new LimitChecker(filename);
  const bytes = Buffer.byteLength(source);
  if (bytes > RULESET_LIMITS.sourceBytes)
    checker.fail(`the ruleset's source is ${bytes} bytes; Cloud Firestore allows at most ${RULESET_LIMITS.sourceBytes} (256 KB)`);
  const size = compiledSizeEstimate(file);
  if (size > RULESET_LIMITS.compiledBytes) {
    checker.fail(`the compiled ruleset would be about ${size} bytes; Cloud Firestore allows at most ${RULESET_LIMITS.compiledBytes} (250 KB)`);
  }
  file.functions.forEach((f) => checker.function(f));
  file.matches.forEach((m) => checker.block(m, 1, 0, 0));
  checker.recursion(compiled);
}
