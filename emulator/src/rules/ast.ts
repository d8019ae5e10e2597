// The syntax tree of a rules file. Positions are kept for error messages ("@ L42").

export interface Pos {
  line: number;
  column: number;
}

export type Expr =
  | { kind: 'literal'; value: unknown; pos: Pos }
  | { kind: 'ident'; name: string; pos: Pos }
  | { kind: 'member'; object: Expr; name: string; pos: Pos }
  | { kind: 'index'; object: Expr; index: Expr; pos: Pos }
  | { kind: 'call'; callee: Expr; args: Expr[]; pos: Pos }
  | { kind: 'unary'; op: '!' | '-'; operand: Expr; pos: Pos }
  | { kind: 'binary'; op: string; left: Expr; right: Expr; pos: Pos }
  | { kind: 'is'; operand: Expr; type: string; pos: Pos }
  | { kind: 'ternary'; test: Expr; then: Expr; otherwise: Expr; pos: Pos }
  | { kind: 'list'; items: Expr[]; pos: Pos }
  | { kind: 'map'; entries: Array<[Expr, Expr]>; pos: Pos }
  | { kind: 'path'; segments: Array<string | Expr>; pos: Pos };

export interface FunctionDecl {
  name: string;
  params: string[];
  lets: Array<{ name: string; value: Expr }>;
  body: Expr;
  pos: Pos;
}

export type Method = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface Allow {
  methods: Method[];
  condition: Expr | null;
  pos: Pos;
}

/** A segment of a match path: a literal, `{var}` (one segment) or `{var=**}` (the rest). */
export type PatternSegment = { literal: string } | { variable: string; rest: boolean };

export interface MatchBlock {
  pattern: PatternSegment[];
  allows: Allow[];
  functions: FunctionDecl[];
  matches: MatchBlock[];
  pos: Pos;
}

export interface RulesFile {
  version: string;
  functions: FunctionDecl[];
  matches: MatchBlock[];
}
