// A hand-written recursive-descent parser for rules_version '2' files (cloud.firestore only).
// It reads characters directly rather than a token stream because a path literal
// (/databases/$(database)/documents) and division share '/', and only the grammar position tells.
import type { Allow, Expr, FunctionDecl, MatchBlock, Method, PatternSegment, Pos, RulesFile } from './ast.ts';
import { RulesSyntaxError } from './errors.ts';

const METHODS: Record<string, Method[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

const TYPES = new Set(['bool', 'bytes', 'constraint', 'duration', 'float', 'int', 'latlng', 'list', 'number', 'map', 'map_diff', 'path', 'set', 'string', 'timestamp', 'null']);

export function parseRules(source: string, file = 'firestore.rules'): RulesFile {
  return new Parser(source, file).file();
}

class Parser {
  private i = 0;

  constructor(
    private readonly src: string,
    private readonly fileName: string,
  ) {}

  // ---------- characters ----------

  private pos(at = this.i): Pos {
    const before = this.src.slice(0, at);
    const line = before.split('\n').length;
    return { line, column: at - before.lastIndexOf('\n') };
  }

  private fail(message: string, at = this.i): never {
    const { line, column } = this.pos(at);
    throw new RulesSyntaxError(this.fileName, line, column, message);
  }

  private skip() {
    for (;;) {
      const rest = this.src.slice(this.i);
      const m = /^(\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)/.exec(rest);
      if (!m) return;
      this.i += m[0].length;
    }
  }

  private peekRe(re: RegExp): string | null {
    this.skip();
    const m = re.exec(this.src.slice(this.i));
    return m ? m[0] : null;
  }

  private eat(token: string): boolean {
    this.skip();
    if (!this.src.startsWith(token, this.i)) return false;
    // Words must end at a word boundary: `in` is not the start of `index`.
    if (/\w$/.test(token) && /\w/.test(this.src[this.i + token.length] ?? '')) return false;
    this.i += token.length;
    return true;
  }

  private expect(token: string) {
    if (!this.eat(token)) this.fail(`expected '${token}'`);
  }

  private ident(): string {
    const id = this.peekRe(/^[A-Za-z_][A-Za-z0-9_]*/);
    if (!id) this.fail('expected a name');
    this.i += id.length;
    return id;
  }

  // ---------- declarations ----------

  file(): RulesFile {
    let version = '1';
    if (this.eat('rules_version')) {
      this.expect('=');
      version = String(this.string());
      this.eat(';');
    }
    if (version !== '2') this.fail(`only rules_version = '2' is supported (got '${version}')`);
    this.expect('service');
    const start = this.i;
    const service = this.peekRe(/^[A-Za-z_.]+/);
    if (service !== 'cloud.firestore') this.fail(`unsupported service '${service ?? ''}': this emulator enforces cloud.firestore only`, start);
    this.i += service.length;
    this.expect('{');
    const functions: FunctionDecl[] = [];
    const matches: MatchBlock[] = [];
    while (!this.eat('}')) {
      if (this.peekRe(/^function\b/)) functions.push(this.functionDecl());
      else if (this.peekRe(/^match\b/)) matches.push(this.match());
      else this.fail("expected 'match', 'function' or '}'");
    }
    this.skip();
    if (this.i < this.src.length) this.fail('unexpected text after the service block');
    return { version, functions, matches };
  }

  private match(): MatchBlock {
    const pos = this.pos();
    this.expect('match');
    const pattern = this.pattern();
    this.expect('{');
    const block: MatchBlock = { pattern, allows: [], functions: [], matches: [], pos };
    while (!this.eat('}')) {
      if (this.peekRe(/^match\b/)) block.matches.push(this.match());
      else if (this.peekRe(/^allow\b/)) block.allows.push(this.allow());
      else if (this.peekRe(/^function\b/)) block.functions.push(this.functionDecl());
      else this.fail("expected 'match', 'allow', 'function' or '}'");
    }
    return block;
  }

  private pattern(): PatternSegment[] {
    const segments: PatternSegment[] = [];
    this.skip();
    while (this.src[this.i] === '/') {
      this.i++;
      if (this.src[this.i] === '{') {
        this.i++;
        const variable = this.ident();
        const rest = this.eat('=**');
        this.expect('}');
        segments.push({ variable, rest });
      } else {
        const m = /^[^/\s{}]+/.exec(this.src.slice(this.i));
        if (!m) this.fail('expected a path segment');
        segments.push({ literal: m[0] });
        this.i += m[0].length;
      }
    }
    if (!segments.length) this.fail("expected a path starting with '/'");
    const restAt = segments.findIndex((s) => 'rest' in s && s.rest);
    if (restAt >= 0 && restAt !== segments.length - 1) this.fail('a {name=**} wildcard must be the last segment');
    return segments;
  }

  private allow(): Allow {
    const pos = this.pos();
    this.expect('allow');
    const methods: Method[] = [];
    do {
      const at = this.i;
      const name = this.ident();
      if (!METHODS[name]) this.fail(`unknown method '${name}' (use read, write, get, list, create, update or delete)`, at);
      methods.push(...METHODS[name]);
    } while (this.eat(','));
    let condition: Expr | null = null;
    if (this.eat(':')) {
      this.expect('if');
      condition = this.expr();
    }
    this.expect(';');
    return { methods, condition, pos };
  }

  private functionDecl(): FunctionDecl {
    const pos = this.pos();
    this.expect('function');
    const name = this.ident();
    this.expect('(');
    const params: string[] = [];
    if (!this.eat(')')) {
      do params.push(this.ident());
      while (this.eat(','));
      this.expect(')');
    }
    this.expect('{');
    const lets: FunctionDecl['lets'] = [];
    while (this.peekRe(/^let\b/)) {
      this.expect('let');
      const letName = this.ident();
      this.expect('=');
      lets.push({ name: letName, value: this.expr() });
      this.expect(';');
    }
    this.expect('return');
    const body = this.expr();
    this.eat(';');
    this.expect('}');
    return { name, params, lets, body, pos };
  }

  // ---------- expressions, lowest precedence first ----------

  expr(): Expr {
    const test = this.or();
    if (this.eat('?')) {
      const then = this.expr();
      this.expect(':');
      return { kind: 'ternary', test, then, otherwise: this.expr(), pos: test.pos };
    }
    return test;
  }

  private binaryLevel(next: () => Expr, ops: string[]): Expr {
    let left = next();
    for (;;) {
      const op = ops.find((o) => this.peekRe(new RegExp(`^${o.replace(/[|&*+?]/g, '\\$&')}${/\w$/.test(o) ? '\\b' : ''}`)) && !(o === '<' && this.peekRe(/^<=/)) && !(o === '>' && this.peekRe(/^>=/)) && !(o === '!' && this.peekRe(/^!=/)));
      if (!op) return left;
      const pos = this.pos();
      this.i += op.length;
      const right = next();
      left = { kind: 'binary', op, left, right, pos };
    }
  }

  private or(): Expr {
    return this.binaryLevel(() => this.and(), ['||']);
  }

  private and(): Expr {
    return this.binaryLevel(() => this.equality(), ['&&']);
  }

  private equality(): Expr {
    return this.binaryLevel(() => this.relational(), ['==', '!=']);
  }

  private relational(): Expr {
    let left = this.additive();
    for (;;) {
      const pos = this.pos();
      if (this.eat('is')) {
        const at = this.i;
        const type = this.ident();
        if (!TYPES.has(type)) this.fail(`unknown type '${type}'`, at);
        left = { kind: 'is', operand: left, type, pos };
        continue;
      }
      const op = ['<=', '>=', '<', '>', 'in'].find((o) => (o === 'in' ? this.peekRe(/^in\b/) : this.peekRe(new RegExp(`^${o}`))));
      if (!op) return left;
      this.i += op.length;
      left = { kind: 'binary', op, left, right: this.additive(), pos };
    }
  }

  private additive(): Expr {
    return this.binaryLevel(() => this.multiplicative(), ['+', '-']);
  }

  private multiplicative(): Expr {
    return this.binaryLevel(() => this.unary(), ['*', '/', '%']);
  }

  private unary(): Expr {
    const pos = this.pos();
    if (this.peekRe(/^!(?!=)/)) {
      this.i++;
      return { kind: 'unary', op: '!', operand: this.unary(), pos };
    }
    if (this.peekRe(/^-(?![0-9])/)) {
      this.i++;
      return { kind: 'unary', op: '-', operand: this.unary(), pos };
    }
    return this.postfix();
  }

  private postfix(): Expr {
    let e = this.primary();
    for (;;) {
      const pos = this.pos();
      if (this.eat('.')) e = { kind: 'member', object: e, name: this.ident(), pos };
      else if (this.eat('[')) {
        const index = this.expr();
        this.expect(']');
        e = { kind: 'index', object: e, index, pos };
      } else if (this.eat('(')) {
        const args: Expr[] = [];
        if (!this.eat(')')) {
          do args.push(this.expr());
          while (this.eat(','));
          this.expect(')');
        }
        e = { kind: 'call', callee: e, args, pos };
      } else return e;
    }
  }

  private string(): string {
    this.skip();
    const quote = this.src[this.i];
    if (quote !== "'" && quote !== '"') this.fail('expected a string');
    let out = '';
    this.i++;
    while (this.src[this.i] !== quote) {
      if (this.i >= this.src.length || this.src[this.i] === '\n') this.fail('unterminated string');
      if (this.src[this.i] === '\\') {
        this.i++;
        const c = this.src[this.i];
        out += c === 'n' ? '\n' : c === 't' ? '\t' : c;
      } else out += this.src[this.i];
      this.i++;
    }
    this.i++;
    return out;
  }

  private primary(): Expr {
    this.skip();
    const pos = this.pos();
    const c = this.src[this.i];
    if (c === '(') {
      this.i++;
      const e = this.expr();
      this.expect(')');
      return e;
    }
    if (c === "'" || c === '"') return { kind: 'literal', value: this.string(), pos };
    const num = this.peekRe(/^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/);
    if (num) {
      this.i += num.length;
      const isFloat = /[.eE]/.test(num);
      return { kind: 'literal', value: isFloat ? Number(num) : BigInt(num), pos };
    }
    if (c === '[') {
      this.i++;
      const items: Expr[] = [];
      if (!this.eat(']')) {
        do items.push(this.expr());
        while (this.eat(','));
        this.expect(']');
      }
      return { kind: 'list', items, pos };
    }
    if (c === '{') {
      this.i++;
      const entries: Array<[Expr, Expr]> = [];
      if (!this.eat('}')) {
        do {
          const key = this.expr();
          this.expect(':');
          entries.push([key, this.expr()]);
        } while (this.eat(','));
        this.expect('}');
      }
      return { kind: 'map', entries, pos };
    }
    if (c === '/') return this.pathLiteral();
    const id = this.peekRe(/^[A-Za-z_][A-Za-z0-9_]*/);
    if (!id) this.fail(c === undefined ? 'unexpected end of file' : `unexpected '${c}'`);
    this.i += id.length;
    if (id === 'true' || id === 'false') return { kind: 'literal', value: id === 'true', pos };
    if (id === 'null') return { kind: 'literal', value: null, pos };
    return { kind: 'ident', name: id, pos };
  }

  /** /databases/$(database)/documents/staff/$(email) */
  private pathLiteral(): Expr {
    const pos = this.pos();
    const segments: Array<string | Expr> = [];
    while (this.src[this.i] === '/' && /[A-Za-z0-9_$(\-.~%@]/.test(this.src[this.i + 1] ?? '')) {
      this.i++;
      if (this.src.startsWith('$(', this.i)) {
        this.i += 2;
        segments.push(this.expr());
        this.expect(')');
      } else {
        const m = /^(\([A-Za-z0-9_-]+\)|[A-Za-z0-9_\-.~%@]+)/.exec(this.src.slice(this.i));
        if (!m) this.fail('expected a path segment');
        segments.push(m[0]);
        this.i += m[0].length;
      }
    }
    if (!segments.length) this.fail("expected a path after '/'");
    return { kind: 'path', segments, pos };
  }
}
