import { describe, expect, it } from 'vitest';
import { RulesSyntaxError } from './errors.ts';
import { Lexer, type Token } from './lexer.ts';

function tokens(source: string): Token[] {
  const lex = new Lexer(source, 'test.rules');
  const out: Token[] = [];
  for (;;) {
    const t = lex.next();
    out.push(t);
    if (t.kind === 'eof') return out;
  }
}

const texts = (source: string) => tokens(source).map((t) => t.text);

function lexError(source: string): RulesSyntaxError {
  try {
    tokens(source);
  } catch (error) {
    if (error instanceof RulesSyntaxError) return error;
    throw error;
  }
  throw new Error('expected a syntax error');
}

describe('rules lexer', () => {
  it('splits identifiers, numbers, strings and operators, longest operator first', () => {
    expect(texts('a&&b||!c!=d==e<=f>=g<h>i=j')).toEqual([
      'a',
      '&&',
      'b',
      '||',
      '!',
      'c',
      '!=',
      'd',
      '==',
      'e',
      '<=',
      'f',
      '>=',
      'g',
      '<',
      'h',
      '>',
      'i',
      '=',
      'j',
      '',
    ]);
    expect(texts('x.y[0](1, 2) ? a : b; {k: v} + - * / %')).toEqual([
      'x',
      '.',
      'y',
      '[',
      '0',
      ']',
      '(',
      '1',
      ',',
      '2',
      ')',
      '?',
      'a',
      ':',
      'b',
      ';',
      '{',
      'k',
      ':',
      'v',
      '}',
      '+',
      '-',
      '*',
      '/',
      '%',
      '',
    ]);
  });

  it('keeps ints and floats apart', () => {
    const [i, f, e, h, g] = tokens('42 4.5 1e3 0x1F 2.5E-1');
    expect([i.kind, i.value]).toEqual(['int', 42n]);
    expect([f.kind, f.value]).toEqual(['float', 4.5]);
    expect([e.kind, e.value]).toEqual(['float', 1000]);
    expect([h.kind, h.value]).toEqual(['int', 31n]);
    expect([g.kind, g.value]).toEqual(['float', 0.25]);
  });

  it('decodes strings in either quote with escapes, raw strings and bytes', () => {
    const [a, b, c, r, by] = tokens(`'it\\'s' "tab\\there" '\\u00e9\\x41\\n' r'\\d+' b'\\x00A'`);
    expect(a.value).toBe("it's");
    expect(b.value).toBe('tab\there');
    expect(c.value).toBe('éA\n');
    expect([r.kind, r.value]).toEqual(['string', '\\d+']);
    expect(by.kind).toBe('bytes');
    expect([...(by.value as Uint8Array)]).toEqual([0, 65]);
  });

  it('skips line and block comments', () => {
    expect(texts('a // comment && b\n/* block\n || */ c')).toEqual(['a', 'c', '']);
  });

  it('reports 1-based line and column of each token', () => {
    const t = tokens('rules_version\n  = \t"2";');
    expect(t.map((x) => [x.text, x.pos.line, x.pos.column])).toEqual([
      ['rules_version', 1, 1],
      ['=', 2, 3],
      ['"2"', 2, 6],
      [';', 2, 9],
      ['', 2, 10],
    ]);
  });

  it('refuses what is not a token, with its position', () => {
    expect(lexError("x = 'open").message).toBe('test.rules:1:5: unterminated string');
    expect(lexError('a\n  /* never closed').message).toBe('test.rules:2:3: unterminated comment');
    expect(lexError('a & b').message).toMatch(/^test\.rules:1:3: unexpected '&' \(did you mean '&&'\?\)/);
    expect(lexError('a # b').message).toBe("test.rules:1:3: unexpected character '#'");
    expect(lexError("'\\q'").message).toMatch(/unknown escape/);
    expect(lexError('12abc').message).toMatch(/malformed number/);
  });

  it('hands raw characters to the parser for paths', () => {
    const lex = new Lexer('/databases/$(db)', 'x');
    expect(lex.next().text).toBe('/');
    expect(lex.rawTake(/[a-z]+/)).toBe('databases');
    expect(lex.rawPeek(3)).toBe('/$(');
  });
});
