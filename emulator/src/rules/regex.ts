// Rules regular expressions are RE2. JavaScript's engine accepts nearly all of RE2's syntax; the
// differences that matter are handled here: RE2's leading `(?i)`/`(?s)` flags, `\A` and `\z`, `\x{hhhh}`,
// POSIX classes, and the constructs RE2 refuses (look-around, back-references), which we refuse
// too so that a rule cannot pass here and fail in production, and RE2's cap on counted
// repetition (`{n,m}` up to 1,000).
import { evaluationError } from './errors.ts';

/** RE2's largest count in `{n}`, `{n,}` and `{n,m}` (kMaxRepeat); more is "bad repetition operator". */
export const RE2_MAX_REPEAT = 1000;

const cache = new Map<string, RegExp>();

const POSIX: Record<string, string> = {
  alnum: 'A-Za-z0-9',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: ' \\t',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: 'A-Za-z0-9_',
  xdigit: '0-9A-Fa-f',
};

/** Compiles an RE2 pattern; `whole` anchors it to the entire string (string.matches). */
export function compileRegex(pattern: string, whole: boolean, global = false): RegExp {
  const key = `${whole ? 'w' : 'p'}${global ? 'g' : ''}:${pattern}`;
  const hit = cache.get(key);
  if (hit) {
    hit.lastIndex = 0;
    return hit;
  }
  if (/\(\?<?[=!]/.test(pattern)) evaluationError(`regular expression '${pattern}': look-around is not supported by RE2`);
  if (/(^|[^\\])(\\\\)*\\[1-9]/.test(pattern)) evaluationError(`regular expression '${pattern}': back-references are not supported by RE2`);
  // Counts outside escapes (\{ is a brace, \x{202E} a code point, \p{Greek} a class).
  const unescaped = pattern.replace(/\\(?:x\{[0-9A-Fa-f]*\}|[pP]\{[^}]*\}|.)/gsu, '');
  for (const m of unescaped.matchAll(/\{(\d+)(?:,(\d*))?\}/g)) {
    if (Number(m[1]) > RE2_MAX_REPEAT || Number(m[2] || 0) > RE2_MAX_REPEAT) {
      evaluationError(`regular expression '${pattern}': bad repetition operator ${m[0]} (RE2 counts at most ${RE2_MAX_REPEAT})`);
    }
  }
  let flags = global ? 'g' : '';
  let body = pattern;
  const leading = /^\(\?([imsU]+)\)/.exec(body);
  if (leading) {
    if (leading[1].includes('U')) evaluationError(`regular expression '${pattern}': the U flag is not supported`);
    // (?m) only changes ^ and $ inside the pattern; a whole-string match ignores it.
    for (const f of new Set(leading[1])) if (f !== 'm' || !whole) flags += f;
    body = body.slice(leading[0].length);
  }
  body = body
    .replace(/\[:(\^?)([a-z]+):\]/g, (m, neg: string, name: string) => {
      const cls = POSIX[name];
      if (!cls) return m;
      return neg ? `^${cls}` : cls;
    })
    .replace(/\\A/g, '^')
    .replace(/\\z/g, '$')
    // RE2 writes a code point as \x{202E}; JavaScript (with the u flag) as \u{202E}.
    .replace(/(?<!\\)((?:\\\\)*)\\x\{([0-9A-Fa-f]{1,6})\}/g, '$1\\u{$2}');
  const source = whole ? `^(?:${body})$` : body;
  let re: RegExp;
  try {
    re = new RegExp(source, `${flags}u`);
  } catch {
    // Unicode mode refuses some escapes RE2 takes (such as '\-' outside a class).
    try {
      re = new RegExp(source, flags);
    } catch (error) {
      return evaluationError(`invalid regular expression '${pattern}': ${(error as Error).message}`);
    }
  }
  if (cache.size > 1000) cache.clear();
  cache.set(key, re);
  return re;
}
