// Which `match` blocks apply to a document path, and what their wildcards are bound to.
// A block applies when its pattern, appended to those of the blocks around it, consumes the
// whole path. `{name}` takes one segment; `{name=**}` takes zero or more (rules_version 2), may
// sit anywhere in a pattern (`/{path=**}/posts/{post}`), and binds a path.
import type { FunctionDecl, MatchBlock, PatternSegment } from './ast.ts';
import { RPath, type RValue } from './values.ts';

/** Where functions are declared: the service, or a match block. Functions see their scope's wildcards. */
export interface Scope {
  parent: Scope | null;
  /** Functions callable here: this scope's own and those of the scopes around it. */
  functions: ReadonlyMap<string, FunctionInfo>;
  /** Wildcard names bound here and around (for the loader's checks). */
  variables: ReadonlySet<string>;
}

export interface FunctionInfo {
  decl: FunctionDecl;
  scope: Scope;
}

export interface CompiledBlock extends Scope {
  node: MatchBlock;
  children: CompiledBlock[];
}

export interface CompiledRules {
  service: Scope;
  blocks: CompiledBlock[];
}

export interface MatchFrame {
  block: CompiledBlock;
  bindings: ReadonlyMap<string, RValue>;
}

/** A block that applies to a path, with the blocks around it (outermost first). */
export type MatchChain = readonly MatchFrame[];

export function compileScopes(serviceFunctions: FunctionDecl[], matches: MatchBlock[]): CompiledRules {
  const ownFunctions = new Map<string, FunctionInfo>();
  const service: Scope = { parent: null, functions: ownFunctions, variables: new Set() };
  for (const decl of serviceFunctions) ownFunctions.set(decl.name, { decl, scope: service });
  const compile = (node: MatchBlock, parent: Scope): CompiledBlock => {
    const functions = new Map(parent.functions);
    // Stryker disable next-line ConditionalExpression,StringLiteral,ArrayDeclaration: a literal segment can add no identifier a rule could name (the set is only asked about identifiers)
    const names = node.pattern.flatMap((s) => (s.kind === 'literal' ? [] : [s.name]));
    // Stryker disable next-line ArrayDeclaration: children is replaced two lines below
    const block: CompiledBlock = { node, parent, functions, variables: new Set([...parent.variables, ...names]), children: [] };
    // Declared in this block: they see its wildcards (lexical scope), and shadow outer ones.
    for (const decl of node.functions) functions.set(decl.name, { decl, scope: block });
    block.children = node.matches.map((m) => compile(m, block));
    return block;
  };
  return { service, blocks: matches.map((m) => compile(m, service)) };
}

/** Whether the fixed segments of a pattern fit at `at`; allocates nothing (most blocks fail here). */
function fits(pattern: readonly PatternSegment[], segments: readonly string[], at: number): boolean {
  if (at + pattern.length > segments.length) return false;
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.kind === 'literal' && p.text !== segments[at + i]) return false;
  }
  return true;
}

function bind(pattern: readonly PatternSegment[], segments: readonly string[], at: number, bindings: Map<string, RValue>) {
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.kind !== 'literal') bindings.set(p.name, segments[at + i]);
  }
}

/** Every way `pattern` can match a prefix of segments[from..]: how many it consumes and the bindings. */
export function matchPattern(
  pattern: readonly PatternSegment[],
  segments: readonly string[],
  from: number,
): Array<{ consumed: number; bindings: Map<string, RValue> }> {
  const restAt = pattern.findIndex((p) => p.kind === 'rest');
  if (restAt < 0) {
    if (!fits(pattern, segments, from)) return [];
    const bindings = new Map<string, RValue>();
    bind(pattern, segments, from, bindings);
    return [{ consumed: pattern.length, bindings }];
  }
  const before = pattern.slice(0, restAt);
  const after = pattern.slice(restAt + 1);
  const out: Array<{ consumed: number; bindings: Map<string, RValue> }> = [];
  if (!fits(before, segments, from)) return out;
  const restStart = from + before.length;
  const restName = (pattern[restAt] as { name: string }).name;
  // Stryker disable next-line ArithmeticOperator: fits() refuses every start past the end, so extra rounds add nothing
  for (let restLength = 0; restStart + restLength + after.length <= segments.length; restLength++) {
    if (!fits(after, segments, restStart + restLength)) continue;
    const bindings = new Map<string, RValue>();
    bind(before, segments, from, bindings);
    bindings.set(restName, new RPath(segments.slice(restStart, restStart + restLength)));
    bind(after, segments, restStart + restLength, bindings);
    out.push({ consumed: before.length + restLength + after.length, bindings });
  }
  return out;
}

/** The chains of blocks whose patterns consume exactly `segments`, in file order. */
export function applicableChains(rules: CompiledRules, segments: readonly string[]): MatchChain[] {
  const out: MatchChain[] = [];
  const walk = (blocks: CompiledBlock[], from: number, chain: MatchFrame[]) => {
    for (const block of blocks) {
      const pattern = block.node.pattern;
      // Most blocks fail on their first literal: check that before allocating anything.
      // Stryker disable next-line ConditionalExpression,OptionalChaining,StringLiteral: a fast path only (matchPattern refuses the same blocks); a parsed pattern always has a first segment
      if (pattern[0]?.kind === 'literal' && pattern[0].text !== segments[from]) continue;
      for (const { consumed, bindings } of matchPattern(pattern, segments, from)) {
        const next = [...chain, { block, bindings }];
        if (from + consumed === segments.length) out.push(next);
        // Children may still match: a nested {rest=**} can consume nothing.
        walk(block.children, from + consumed, next);
      }
    }
  };
  walk(rules.blocks, 0, []);
  return out;
}
