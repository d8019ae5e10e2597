// Recursive-descent parser for rules_version '2' files (service cloud.firestore or
// firebase.storage: one grammar, the caller says which service it expects). Grammar only:
// names, arities and scopes are checked afterwards by checker.ts.
//
// Precedence, lowest first (as in CEL, which the rules language builds on):
//   ?:   ||   &&   == != < <= > >= in is   + -   * / %   ! -(unary)   . [] ()
import type { Allow, BinaryOp, Expr, FunctionDecl, LetBinding, MatchBlock, Method, PatternSegment, Pos, RulesFile, TypeName } from './ast.ts';
import { RulesSyntaxError, RulesUnsupportedError } from './errors.ts';
import { Lexer, type Token } from './lexer.ts';

const METHODS: Record<string, Method[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

const TYPES = new Set<TypeName>(['bool', 'bytes', 'duration', 'float', 'int', 'latlng', 'list', 'map', 'number', 'path', 'set', 'string', 'timestamp', 'null']);

const RESERVED = new Set(['true', 'false', 'null', 'in', 'is', 'if', 'let', 'return', 'function', 'match', 'allow', 'service', 'rules_version']);

const RELATIONS = new Set(['==', '!=', '<', '<=', '>', '>=']);

/** Characters of a literal path segment: `/databases/(default)/documents/staff/ann@x.org`. */
const PATH_SEGMENT = /\([A-Za-z0-9_.~%@+-]*\)|[A-Za-z0-9_.~%@+-]+/;
const PATH_SEGMENT_START = /[A-Za-z0-9_.~%@+$(-]/;

/** The services a rules file can declare; each is loaded by its own compile function (compile.ts). */
export type RulesService = RulesFile['service'];

const LOADERS: Record<RulesService, string> = {
  'cloud.firestore': 'compileRules / loadRulesAuthorizer',
  'firebase.storage': 'compileStorageRules / loadStorageRulesAuthorizer',
};

export function parseRules(source: string, file = 'firestore.rules', service: RulesService = 'cloud.firestore'): RulesFile {
  return new Parser(source, file).file(service);
}

/** Parses a single expression (for tests and tools). */
export function parseExpression(source: string, file = 'expression'): Expr {
  const p = new Parser(source, file);
  const e = p.expr();
  p.expectEnd();
  return e;
}

class Parser {
  private readonly lex: Lexer;
  private tok: Token;

  constructor(
    source: string,
    private readonly fileName: string,
  ) {
    this.lex = new Lexer(source, fileName);
    this.tok = this.lex.next();
  }

  // ---------- tokens ----------

  private advance(): Token {
    const t = this.tok;
    this.tok = this.lex.next();
    return t;
  }

  private describe(t: Token): string {
    return t.kind === 'eof' ? 'end of file' : `'${t.text}'`;
  }

  private fail(message: string, at: Pos = this.tok.pos): never {
    throw new RulesSyntaxError(this.fileName, at.line, at.column, message);
  }

  private unsupported(message: string, at: Pos): never {
    throw new RulesUnsupportedError(this.fileName, at.line, at.column, message);
  }

  private isPunct(p: string): boolean {
    return this.tok.kind === 'punct' && this.tok.text === p;
  }

  private isWord(w: string): boolean {
    return this.tok.kind === 'ident' && this.tok.text === w;
  }

  private eatPunct(p: string): boolean {
    if (!this.isPunct(p)) return false;
    this.advance();
    return true;
  }

  private expectPunct(p: string): Token {
    if (!this.isPunct(p)) this.fail(`expected '${p}' but found ${this.describe(this.tok)}`);
    return this.advance();
  }

  private expectWord(w: string): Token {
    if (!this.isWord(w)) this.fail(`expected '${w}' but found ${this.describe(this.tok)}`);
    return this.advance();
  }

  private name(what: string): string {
    if (this.tok.kind !== 'ident') this.fail(`expected ${what} but found ${this.describe(this.tok)}`);
    if (RESERVED.has(this.tok.text)) this.fail(`'${this.tok.text}' is a reserved word and cannot be used as ${what}`);
    return this.advance().text;
  }

  expectEnd() {
    if (this.tok.kind !== 'eof') this.fail(`unexpected ${this.describe(this.tok)}`);
  }

  // ---------- declarations ----------

  file(expected: RulesService): RulesFile {
    let version: string | null = null;
    const start = this.tok.pos;
    if (this.isWord('rules_version')) {
      this.advance();
      this.expectPunct('=');
      const v = this.tok;
      if (v.kind !== 'string') this.fail(`expected a version string such as '2' but found ${this.describe(v)}`);
      this.advance();
      version = String(v.value);
      if (version !== '2') this.unsupported(`rules_version '${version}' is not supported: this emulator enforces rules_version = '2'`, v.pos);
      this.eatPunct(';');
    }
    if (version === null) {
      this.unsupported("missing rules_version = '2'; (without it the rules are version 1, which this emulator does not implement)", start);
    }
    const functions: FunctionDecl[] = [];
    while (this.isWord('function')) functions.push(this.functionDecl());
    this.expectWord('service');
    const servicePos = this.tok.pos;
    let service = this.name('a service name');
    while (this.eatPunct('.')) service += `.${this.tok.kind === 'ident' ? this.advance().text : this.fail('expected a service name')}`;
    if (service !== expected) {
      const other = Object.keys(LOADERS).find((s) => s === service) as RulesService | undefined;
      this.unsupported(
        other
          ? `service '${service}' where '${expected}' rules were expected (load ${other} rules with ${LOADERS[other]})`
          : `service '${service}' is not supported: this emulator enforces cloud.firestore and firebase.storage rules only`,
        servicePos,
      );
    }
    this.expectPunct('{');
    const matches: MatchBlock[] = [];
    while (!this.eatPunct('}')) {
      if (this.isWord('function')) functions.push(this.functionDecl());
      else if (this.isWord('match')) matches.push(this.match());
      else this.fail(`expected 'match', 'function' or '}' but found ${this.describe(this.tok)}`);
    }
    if (this.isWord('service')) this.unsupported('only one service block is supported', this.tok.pos);
    this.expectEnd();
    return { version: '2', service: expected, functions, matches };
  }

  private match(): MatchBlock {
    const pos = this.expectWord('match').pos;
    const pattern = this.pattern();
    this.expectPunct('{');
    const block: MatchBlock = { pattern, allows: [], functions: [], matches: [], pos };
    while (!this.eatPunct('}')) {
      if (this.isWord('match')) block.matches.push(this.match());
      else if (this.isWord('allow')) block.allows.push(this.allow());
      else if (this.isWord('function')) block.functions.push(this.functionDecl());
      else this.fail(`expected 'allow', 'match', 'function' or '}' but found ${this.describe(this.tok)}`);
    }
    return block;
  }

  /** `/databases/{database}/documents`, `/{path=**}/posts/{post}`: read as raw characters. */
  private pattern(): PatternSegment[] {
    if (!this.isPunct('/')) this.fail(`expected a path starting with '/' but found ${this.describe(this.tok)}`);
    const segments: PatternSegment[] = [];
    let restAt: Pos | null = null;
    for (;;) {
      const at = this.lex.position(this.lex.rawOffset);
      if (this.lex.rawPeek() === '{') {
        this.lex.rawTake(/\{\s*/);
        const name = this.lex.rawTake(/[A-Za-z_][A-Za-z0-9_]*/);
        if (!name) this.lex.fail('expected a wildcard name');
        if (RESERVED.has(name)) this.lex.fail(`'${name}' is a reserved word and cannot name a wildcard`);
        const rest = this.lex.rawTake(/\s*=\s*\*\*/) !== '';
        if (!this.lex.rawTake(/\s*\}/)) this.lex.fail(rest ? "expected '}'" : "expected '}' or '=**'");
        if (rest) {
          if (restAt) this.fail(`only one {name=**} wildcard is allowed in a match path (the first is at ${restAt.line}:${restAt.column})`, at);
          restAt = at;
        }
        if (segments.some((s) => s.kind !== 'literal' && s.name === name)) this.fail(`wildcard '${name}' appears twice in this match path`, at);
        segments.push(rest ? { kind: 'rest', name } : { kind: 'single', name });
      } else {
        const text = this.lex.rawTake(/[^\s/{}]+/);
        if (!text) this.lex.fail(`expected a path segment after '/'`);
        segments.push({ kind: 'literal', text });
      }
      if (this.lex.rawPeek() !== '/') break;
      this.lex.rawTake(/\//);
    }
    this.advance();
    return segments;
  }

  private allow(): Allow {
    const pos = this.expectWord('allow').pos;
    const methods: Method[] = [];
    do {
      const t = this.tok;
      if (t.kind !== 'ident' || !METHODS[t.text]) {
        this.fail(`unknown method ${this.describe(t)} (expected read, write, get, list, create, update or delete)`);
      }
      this.advance();
      for (const m of METHODS[t.text]) if (!methods.includes(m)) methods.push(m);
    } while (this.eatPunct(','));
    let condition: Expr | null = null;
    if (this.eatPunct(':')) {
      this.expectWord('if');
      condition = this.expr();
    }
    this.expectPunct(';');
    return { methods, condition, pos };
  }

  private functionDecl(): FunctionDecl {
    const pos = this.expectWord('function').pos;
    const name = this.name('a function name');
    this.expectPunct('(');
    const params: string[] = [];
    if (!this.eatPunct(')')) {
      do {
        const at = this.tok.pos;
        const p = this.name('a parameter name');
        if (params.includes(p)) this.fail(`parameter '${p}' appears twice`, at);
        params.push(p);
      } while (this.eatPunct(','));
      this.expectPunct(')');
    }
    this.expectPunct('{');
    const lets: LetBinding[] = [];
    while (this.isWord('let')) {
      const at = this.advance().pos;
      const letName = this.name('a variable name');
      this.expectPunct('=');
      lets.push({ name: letName, value: this.expr(), pos: at });
      this.expectPunct(';');
    }
    this.expectWord('return');
    const body = this.expr();
    this.eatPunct(';');
    this.expectPunct('}');
    return { name, params, lets, body, pos };
  }

  // ---------- expressions ----------

  expr(): Expr {
    const test = this.or();
    if (!this.isPunct('?')) return test;
    const pos = this.advance().pos;
    const then = this.expr();
    this.expectPunct(':');
    return { kind: 'ternary', test, then, otherwise: this.expr(), pos };
  }

  private or(): Expr {
    let left = this.and();
    while (this.isPunct('||')) {
      const pos = this.advance().pos;
      left = { kind: 'logical', op: '||', left, right: this.and(), pos };
    }
    return left;
  }

  private and(): Expr {
    let left = this.relation();
    while (this.isPunct('&&')) {
      const pos = this.advance().pos;
      left = { kind: 'logical', op: '&&', left, right: this.relation(), pos };
    }
    return left;
  }

  private relation(): Expr {
    let left = this.additive();
    for (;;) {
      if (this.tok.kind === 'punct' && RELATIONS.has(this.tok.text)) {
        const t = this.advance();
        left = { kind: 'binary', op: t.text as BinaryOp, left, right: this.additive(), pos: t.pos };
      } else if (this.isWord('in')) {
        const pos = this.advance().pos;
        left = { kind: 'binary', op: 'in', left, right: this.additive(), pos };
      } else if (this.isWord('is')) {
        const pos = this.advance().pos;
        const t = this.tok;
        if (t.kind !== 'ident' || !TYPES.has(t.text as TypeName)) {
          this.fail(`unknown type ${this.describe(t)} after 'is' (expected one of ${[...TYPES].join(', ')})`);
        }
        this.advance();
        left = { kind: 'is', operand: left, type: t.text as TypeName, pos };
      } else return left;
    }
  }

  private additive(): Expr {
    let left = this.multiplicative();
    while (this.isPunct('+') || this.isPunct('-')) {
      const t = this.advance();
      left = { kind: 'binary', op: t.text as BinaryOp, left, right: this.multiplicative(), pos: t.pos };
    }
    return left;
  }

  private multiplicative(): Expr {
    let left = this.unary();
    while (this.isPunct('*') || this.isPunct('/') || this.isPunct('%')) {
      const t = this.advance();
      left = { kind: 'binary', op: t.text as BinaryOp, left, right: this.unary(), pos: t.pos };
    }
    return left;
  }

  private unary(): Expr {
    if (this.isPunct('!')) {
      const pos = this.advance().pos;
      return { kind: 'unary', op: '!', operand: this.unary(), pos };
    }
    if (this.isPunct('-')) {
      const pos = this.advance().pos;
      const operand = this.unary();
      // Fold negative number literals so that -9223372036854775808 is a valid int.
      if (operand.kind === 'literal' && (typeof operand.value === 'bigint' || typeof operand.value === 'number')) {
        return { kind: 'literal', value: -operand.value, pos };
      }
      return { kind: 'unary', op: '-', operand, pos };
    }
    return this.postfix();
  }

  private args(): Expr[] {
    this.expectPunct('(');
    const args: Expr[] = [];
    if (this.eatPunct(')')) return args;
    do {
      if (this.isPunct(')')) break; // trailing comma
      args.push(this.expr());
    } while (this.eatPunct(','));
    this.expectPunct(')');
    return args;
  }

  private postfix(): Expr {
    let e = this.primary();
    for (;;) {
      if (this.isPunct('.')) {
        const pos = this.advance().pos;
        if (this.tok.kind !== 'ident') this.fail(`expected a field or method name after '.' but found ${this.describe(this.tok)}`);
        const name = this.advance().text;
        e = this.isPunct('(') ? { kind: 'method', target: e, name, args: this.args(), pos } : { kind: 'member', object: e, name, pos };
      } else if (this.isPunct('[')) {
        const pos = this.advance().pos;
        const start = this.isPunct(':') ? null : this.expr();
        if (this.eatPunct(':')) {
          const end = this.isPunct(']') ? null : this.expr();
          this.expectPunct(']');
          e = { kind: 'slice', object: e, start, end, pos };
        } else {
          this.expectPunct(']');
          e = { kind: 'index', object: e, index: start!, pos };
        }
      } else if (this.isPunct('(')) {
        if (e.kind !== 'ident') this.fail('only functions and methods can be called');
        e = { kind: 'call', name: e.name, args: this.args(), pos: e.pos };
      } else return e;
    }
  }

  private primary(): Expr {
    const t = this.tok;
    const pos = t.pos;
    switch (t.kind) {
      case 'int':
      case 'float':
      case 'string':
      case 'bytes':
        this.advance();
        return { kind: 'literal', value: t.value as bigint | number | string | Uint8Array, pos };
      case 'ident':
        this.advance();
        if (t.text === 'true' || t.text === 'false') return { kind: 'literal', value: t.text === 'true', pos };
        if (t.text === 'null') return { kind: 'literal', value: null, pos };
        if (RESERVED.has(t.text)) this.fail(`unexpected '${t.text}'`, pos);
        return { kind: 'ident', name: t.text, pos };
      case 'punct':
        break;
      default:
        this.fail(`expected an expression but found ${this.describe(t)}`);
    }
    if (t.text === '(') {
      this.advance();
      const e = this.expr();
      this.expectPunct(')');
      return e;
    }
    if (t.text === '[') {
      this.advance();
      const items: Expr[] = [];
      while (!this.isPunct(']')) {
        items.push(this.expr());
        if (!this.eatPunct(',')) break;
      }
      this.expectPunct(']');
      return { kind: 'list', items, pos };
    }
    if (t.text === '{') {
      this.advance();
      const entries: Array<{ key: Expr; value: Expr }> = [];
      while (!this.isPunct('}')) {
        const key = this.expr();
        this.expectPunct(':');
        entries.push({ key, value: this.expr() });
        if (!this.eatPunct(',')) break;
      }
      this.expectPunct('}');
      return { kind: 'map', entries, pos };
    }
    if (t.text === '/') return this.pathLiteral();
    return this.fail(`expected an expression but found ${this.describe(t)}`);
  }

  /** `/databases/$(database)/documents/staff/$(request.auth.token.email.lower())`. */
  private pathLiteral(): Expr {
    const pos = this.tok.pos;
    const segments: Array<string | Expr> = [];
    for (;;) {
      // The lexer stands right after the '/' that is the current token (or was consumed raw).
      if (this.lex.rawPeek(2) === '$(') {
        this.lex.rawTake(/\$\(/);
        this.advance();
        segments.push(this.expr());
        // Leave ')' as the current token: what follows it decides whether the path goes on.
        if (!this.isPunct(')')) this.fail(`expected ')' to close '$(' but found ${this.describe(this.tok)}`);
      } else {
        const text = this.lex.rawTake(PATH_SEGMENT);
        if (!text) this.lex.fail(`expected a path segment after '/'`);
        segments.push(text);
      }
      const next = this.lex.rawPeek(2);
      if (next[0] !== '/' || !PATH_SEGMENT_START.test(next[1] ?? '')) break;
      this.lex.rawTake(/\//);
    }
    this.advance();
    return { kind: 'path', segments, pos };
  }
}
