// Tokens of a rules file, produced on demand. The parser pulls one token at a time because '/' is
// both division and the start of a path literal (`/databases/$(database)/documents`), and only the
// grammar position tells which: for paths and match patterns the parser reads raw characters
// through `rawPeek` / `rawTake`, which start right after the current token.
import type { Pos } from './ast.ts';
import { RulesSyntaxError } from './errors.ts';

export type TokenKind = 'ident' | 'int' | 'float' | 'string' | 'bytes' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  /** The source text (for strings: the decoded value is in `value`). */
  text: string;
  value?: bigint | number | string | Uint8Array;
  start: number;
  end: number;
  pos: Pos;
}

// Longest first, so that '==' wins over '='.
const PUNCTUATION = ['&&', '||', '==', '!=', '<=', '>=', '{', '}', '(', ')', '[', ']', ',', ';', ':', '.', '?', '!', '<', '>', '+', '-', '*', '/', '%', '='];

export class Lexer {
  /** Offset of the next character not yet turned into a token. */
  private offset = 0;
  private readonly lineStarts: number[] = [0];

  constructor(
    readonly source: string,
    readonly file: string,
  ) {
    for (let i = 0; i < source.length; i++) if (source[i] === '\n') this.lineStarts.push(i + 1);
  }

  position(offset: number): Pos {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo] + 1 };
  }

  fail(message: string, offset = this.offset): never {
    const { line, column } = this.position(offset);
    throw new RulesSyntaxError(this.file, line, column, message);
  }

  /** The raw source right after the last token, for paths and match patterns. */
  rawPeek(length = 1): string {
    return this.source.slice(this.offset, this.offset + length);
  }

  /** Takes raw characters matching `re` (anchored here); returns '' when none match. */
  rawTake(re: RegExp): string {
    const sticky = new RegExp(re.source, 'y');
    sticky.lastIndex = this.offset;
    const m = sticky.exec(this.source);
    if (!m) return '';
    this.offset += m[0].length;
    return m[0];
  }

  get rawOffset(): number {
    return this.offset;
  }

  next(): Token {
    this.skipSpaceAndComments();
    const start = this.offset;
    const src = this.source;
    if (start >= src.length) return this.token('eof', '', start);
    const c = src[start];

    if (/[A-Za-z_]/.test(c)) {
      // r'…' raw strings and b'…' bytes share their first letter with identifiers.
      if ((c === 'r' || c === 'R' || c === 'b' || c === 'B') && (src[start + 1] === "'" || src[start + 1] === '"')) {
        this.offset++;
        if (c === 'r' || c === 'R') {
          const text = this.stringBody(true, false);
          return this.token('string', src.slice(start, this.offset), start, text);
        }
        const bytes = this.stringBody(false, true);
        return this.token('bytes', src.slice(start, this.offset), start, bytes);
      }
      const word = this.rawTake(/[A-Za-z_][A-Za-z0-9_]*/);
      return this.token('ident', word, start);
    }
    if (/[0-9]/.test(c)) return this.number(start);
    if (c === "'" || c === '"') {
      const text = this.stringBody(false, false);
      return this.token('string', src.slice(start, this.offset), start, text);
    }
    for (const p of PUNCTUATION) {
      if (src.startsWith(p, start)) {
        this.offset += p.length;
        return this.token('punct', p, start);
      }
    }
    if (c === '&' || c === '|') this.fail(`unexpected '${c}' (did you mean '${c}${c}'?)`, start);
    return this.fail(`unexpected character '${c}'`, start);
  }

  private token(kind: TokenKind, text: string, start: number, value?: Token['value']): Token {
    return { kind, text, value, start, end: this.offset, pos: this.position(start) };
  }

  private skipSpaceAndComments() {
    const src = this.source;
    for (;;) {
      const c = src[this.offset];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v' || c === '\uFEFF') {
        this.offset++;
      } else if (c === '/' && src[this.offset + 1] === '/') {
        const end = src.indexOf('\n', this.offset);
        this.offset = end < 0 ? src.length : end;
      } else if (c === '/' && src[this.offset + 1] === '*') {
        const end = src.indexOf('*/', this.offset + 2);
        if (end < 0) this.fail('unterminated comment');
        this.offset = end + 2;
      } else return;
    }
  }

  private number(start: number): Token {
    const hex = this.rawTake(/0[xX][0-9a-fA-F]+/);
    if (hex) return this.token('int', hex, start, BigInt(hex));
    const text = this.rawTake(/[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/);
    if (/[A-Za-z_]/.test(this.rawPeek())) this.fail(`malformed number '${text}${this.rawPeek()}'`, start);
    if (/[.eE]/.test(text)) return this.token('float', text, start, Number(text));
    return this.token('int', text, start, BigInt(text));
  }

  /** Reads a quoted literal starting at the quote: its text, or for b'…' its bytes. */
  private stringBody(raw: boolean, bytes: false): string;
  private stringBody(raw: boolean, bytes: true): Uint8Array;
  private stringBody(raw: boolean, bytes: boolean): string | Uint8Array {
    const src = this.source;
    const open = this.offset;
    const quote = src[open];
    let text = '';
    const octets: number[] = [];
    const put = (s: string) => {
      text += s;
      if (bytes) octets.push(...new TextEncoder().encode(s));
    };
    this.offset++;
    for (;;) {
      const c = src[this.offset];
      if (c === undefined || c === '\n') this.fail('unterminated string', open);
      this.offset++;
      if (c === quote) return bytes ? new Uint8Array(octets) : text;
      if (c !== '\\' || raw) {
        put(c);
        continue;
      }
      const e = src[this.offset++];
      const simple: Record<string, string> = {
        n: '\n',
        t: '\t',
        r: '\r',
        b: '\b',
        f: '\f',
        v: '\v',
        '0': '\0',
        '\\': '\\',
        "'": "'",
        '"': '"',
        '`': '`',
        '?': '?',
      };
      if (e !== undefined && simple[e] !== undefined) {
        put(simple[e]);
        continue;
      }
      if (e !== 'x' && e !== 'u' && e !== 'U') this.fail(`unknown escape '\\${e ?? ''}' in string`, this.offset - 2);
      const digits = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = src.slice(this.offset, this.offset + digits);
      const code = /^[0-9a-fA-F]+$/.test(hex) && hex.length === digits ? parseInt(hex, 16) : NaN;
      if (!(code <= 0x10ffff)) this.fail(`bad \\${e} escape in string`, this.offset - 2);
      this.offset += digits;
      // In a bytes literal \xHH is one byte; anything else is the UTF-8 of its character.
      if (bytes && e === 'x') {
        text += String.fromCharCode(code);
        octets.push(code);
      } else put(String.fromCodePoint(code));
    }
  }
}
