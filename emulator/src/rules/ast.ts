// The syntax tree of a rules file. Every node keeps its position for error messages ("@ L42").

export interface Pos {
  line: number;
  column: number;
}

export type LiteralValue = null | boolean | bigint | number | string | Uint8Array;

export type BinaryOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

export type TypeName =
  'bool' | 'bytes' | 'duration' | 'float' | 'int' | 'latlng' | 'list' | 'map' | 'number' | 'path' | 'set' | 'string' | 'timestamp' | 'null';

export type Expr =
  | { kind: 'literal'; value: LiteralValue; pos: Pos }
  | { kind: 'ident'; name: string; pos: Pos }
  | { kind: 'member'; object: Expr; name: string; pos: Pos }
  | { kind: 'index'; object: Expr; index: Expr; pos: Pos }
  | { kind: 'slice'; object: Expr; start: Expr | null; end: Expr | null; pos: Pos }
  /** `name(args)`: a function of the rules file or a global one (get, exists, int …). */
  | { kind: 'call'; name: string; args: Expr[]; pos: Pos }
  /** `target.name(args)`: a method, or a namespace function when target is `math`, `timestamp` … */
  | { kind: 'method'; target: Expr; name: string; args: Expr[]; pos: Pos }
  | { kind: 'unary'; op: '!' | '-'; operand: Expr; pos: Pos }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; pos: Pos }
  | { kind: 'logical'; op: '&&' | '||'; left: Expr; right: Expr; pos: Pos }
  | { kind: 'is'; operand: Expr; type: TypeName; pos: Pos }
  | { kind: 'ternary'; test: Expr; then: Expr; otherwise: Expr; pos: Pos }
  | { kind: 'list'; items: Expr[]; pos: Pos }
  | { kind: 'map'; entries: Array<{ key: Expr; value: Expr }>; pos: Pos }
  /** `/databases/$(database)/documents/staff/$(email)`: literal segments and interpolations. */
  | { kind: 'path'; segments: Array<string | Expr>; pos: Pos };

export interface LetBinding {
  name: string;
  value: Expr;
  pos: Pos;
}

export interface FunctionDecl {
  name: string;
  params: string[];
  lets: LetBinding[];
  body: Expr;
  pos: Pos;
}

export type Method = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface Allow {
  methods: Method[];
  /** null for `allow read;` — granted without a condition. */
  condition: Expr | null;
  pos: Pos;
}

/** A segment of a match pattern: a literal, `{var}` (one segment) or `{var=**}` (zero or more). */
export type PatternSegment = { kind: 'literal'; text: string } | { kind: 'single'; name: string } | { kind: 'rest'; name: string };

export interface MatchBlock {
  pattern: PatternSegment[];
  allows: Allow[];
  functions: FunctionDecl[];
  matches: MatchBlock[];
  pos: Pos;
}

export interface RulesFile {
  version: string;
  service: 'cloud.firestore' | 'firebase.storage';
  /** Functions of the service block (and any declared before it). */
  functions: FunctionDecl[];
  matches: MatchBlock[];
}

/** Calls `visit` on each direct sub-expression of `e`, in source order. */
export function forEachChild(e: Expr, visit: (x: Expr) => void) {
  switch (e.kind) {
    case 'literal':
    case 'ident':
      return;
    case 'member':
      return visit(e.object);
    case 'index':
      visit(e.object);
      return visit(e.index);
    case 'slice':
      visit(e.object);
      if (e.start) visit(e.start);
      if (e.end) visit(e.end);
      return;
    case 'call':
      return e.args.forEach(visit);
    case 'method':
      visit(e.target);
      return e.args.forEach(visit);
    case 'unary':
    case 'is':
      return visit(e.operand);
    case 'binary':
    case 'logical':
      visit(e.left);
      return visit(e.right);
    case 'ternary':
      visit(e.test);
      visit(e.then);
      return visit(e.otherwise);
    case 'list':
      return e.items.forEach(visit);
    case 'map':
      return e.entries.forEach(({ key, value }) => {
        visit(key);
        visit(value);
      });
    case 'path':
      return e.segments.forEach((s) => typeof s !== 'string' && visit(s));
  }
}
