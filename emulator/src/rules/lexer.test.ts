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

describe('rules lexer, case by case', () => {
  const value = (source: string) => tokens(source)[0].value;
  const bytesOf = (source: string) => [...(tokens(source)[0].value as Uint8Array)];

  it.each([
    ["'\\n'", '\n'],
    ["'\\t'", '\t'],
    ["'\\r'", '\r'],
    ["'\\b'", '\b'],
    ["'\\f'", '\f'],
    ["'\\v'", '\v'],
    ["'\\0'", '\0'],
    ["'\\\\'", '\\'],
    ["'\\''", "'"],
    ["'\\\"'", '"'],
    ["'\\`'", '`'],
    ["'\\?'", '?'],
    ["'\\x41'", 'A'],
    ["'\\u00E9'", 'é'],
    ["'\\U0001F600'", '😀'],
    ["'\\U0010FFFF'", '\u{10FFFF}'],
    ['"a\'b"', "a'b"],
    ["'a\"b'", 'a"b'],
    ["r'a\\nb'", 'a\\nb'],
    ["R'a\\n'", 'a\\n'],
    ['r"x\\y"', 'x\\y'],
  ])('decodes %s', (source, decoded) => {
    expect(value(source)).toBe(decoded);
  });

  it.each([
    ["b'A'", [65]],
    ["B'A'", [65]],
    ['b"\\xff"', [255]],
    ["b'\\u00e9'", [0xc3, 0xa9]],
    ["b'é'", [0xc3, 0xa9]],
    ["b'\\n'", [10]],
    ["b''", []],
  ])('reads the bytes of %s', (source, octets) => {
    expect(tokens(source)[0].kind).toBe('bytes');
    expect(bytesOf(source)).toEqual(octets);
  });

  it('keeps the text of a bytes literal as written', () => {
    expect(tokens("b'\\xff' x")[0].text).toBe("b'\\xff'");
    expect(tokens("r'a' x")[0].text).toBe("r'a'");
  });

  it.each([
    ['r', ['r', '']],
    ['b', ['b', '']],
    ['rb', ['rb', '']],
    ['br', ['br', '']],
    ['r1', ['r1', '']],
    ['_a b_', ['_a', 'b_', '']],
    ['0X1f', ['0X1f', '']],
    ['1.', ['1', '.', '']],
    ['1.5.x', ['1.5', '.', 'x', '']],
    ['a|b', null],
  ])('splits %s', (source, expected) => {
    if (expected) expect(texts(source)).toEqual(expected);
    else expect(lexError(source).message).toBe("test.rules:1:2: unexpected '|' (did you mean '||'?)");
  });

  it('skips every kind of blank and a comment at the very end', () => {
    expect(texts('a\r\n\t\f\v\uFEFF b // last')).toEqual(['a', 'b', '']);
    expect(texts('a /**/ b /* x */')).toEqual(['a', 'b', '']);
    expect(texts('a/b')).toEqual(['a', '/', 'b', '']);
    expect(texts('a/*/b*/c')).toEqual(['a', 'c', '']);
  });

  it('reads ints and floats by their exact text', () => {
    expect(tokens('0x10')[0].value).toBe(16n);
    expect(tokens('9223372036854775807')[0].value).toBe(9223372036854775807n);
    expect(tokens('1e-2')[0]).toMatchObject({ kind: 'float', value: 0.01 });
    expect(tokens('5E+1')[0]).toMatchObject({ kind: 'float', value: 50 });
    expect(tokens('007')[0]).toMatchObject({ kind: 'int', value: 7n });
    expect(lexError('1.5x').message).toBe("test.rules:1:1: malformed number '1.5x'");
    expect(lexError('  12_').message).toBe("test.rules:1:3: malformed number '12_'");
  });

  it.each([
    ["'ab", 'test.rules:1:1: unterminated string'],
    ["x 'a\nb'", 'test.rules:1:3: unterminated string'],
    ["'\\", "test.rules:1:2: unknown escape '\\' in string"],
    ["'a\\q'", "test.rules:1:3: unknown escape '\\q' in string"],
    ["'\\x4'", 'test.rules:1:2: bad \\x escape in string'],
    ["'\\xzz'", 'test.rules:1:2: bad \\x escape in string'],
    ["'\\u12'", 'test.rules:1:2: bad \\u escape in string'],
    ["'\\U00110000'", 'test.rules:1:2: bad \\U escape in string'],
    ["'\\x'", 'test.rules:1:2: bad \\x escape in string'],
    ['a\n\n  @', "test.rules:3:3: unexpected character '@'"],
  ])('refuses %s', (source, message) => {
    expect(lexError(source).message).toBe(message);
  });

  it('places tokens on the right line, however many lines there are', () => {
    const t = tokens('a\nb\n\nc\nd\ne\n  f');
    expect(t.map((x) => [x.text, x.pos.line, x.pos.column])).toEqual([
      ['a', 1, 1],
      ['b', 2, 1],
      ['c', 4, 1],
      ['d', 5, 1],
      ['e', 6, 1],
      ['f', 7, 3],
      ['', 7, 4],
    ]);
    const lex = new Lexer('ab\ncd', 'x');
    expect([0, 1, 2, 3, 4, 5].map((o) => lex.position(o))).toEqual([
      { line: 1, column: 1 },
      { line: 1, column: 2 },
      { line: 1, column: 3 },
      { line: 2, column: 1 },
      { line: 2, column: 2 },
      { line: 2, column: 3 },
    ]);
  });

  it('gives start and end offsets, and raw access after the token', () => {
    const lex = new Lexer('  ab  cd', 'x');
    expect(lex.next()).toMatchObject({ kind: 'ident', text: 'ab', start: 2, end: 4 });
    expect(lex.rawOffset).toBe(4);
    expect(lex.rawPeek()).toBe(' ');
    expect(lex.rawTake(/x/)).toBe('');
    expect(lex.rawOffset).toBe(4);
    expect(lex.rawTake(/ +/)).toBe('  ');
    expect(lex.rawOffset).toBe(6);
    expect(lex.next()).toMatchObject({ text: 'cd', start: 6, end: 8 });
  });
});
