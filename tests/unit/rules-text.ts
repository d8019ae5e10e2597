// Just enough of firestore.rules' text for tests that read it as a table: the top-level match
// blocks, their allow statements, and the functions a condition calls. Strings and comments are
// skipped when counting braces (a pattern like '^[a-z]{3}$' holds some).

export interface MatchBlock {
  path: string;
  body: string;
}

/** The source with comments and string contents blanked (same length, so offsets still hold). */
function code(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') out += source[i++] === '\n' ? '\n' : ' ';
      out += i < source.length ? '\n' : '';
    } else if (c === "'" || c === '"') {
      out += c;
      for (i++; i < source.length && source[i] !== c; i++) out += source[i] === '\\' ? ` ${source[++i] ? ' ' : ''}` : ' ';
      out += i < source.length ? c : '';
    } else out += c;
  }
  return out;
}

/** The end of the braced block opening at `open` (the index of its `{`). */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`unbalanced braces from offset ${open}`);
}

/** The match blocks directly inside `match /databases/{database}/documents`. */
export function matchBlocks(source: string): MatchBlock[] {
  const text = code(source);
  const root = /match\s+\/databases\/\{database\}\/documents\s*\{/.exec(text);
  if (!root) throw new Error('no documents match block');
  const start = root.index + root[0].length;
  const end = closing(text, start - 1);
  const blocks: MatchBlock[] = [];
  const match = /match\s+(\/\S+)\s*\{/g;
  match.lastIndex = start;
  for (let m = match.exec(text); m && m.index < end; m = match.exec(text)) {
    const open = m.index + m[0].length - 1;
    const close = closing(text, open);
    blocks.push({ path: m[1], body: source.slice(open + 1, close) });
    match.lastIndex = close;
  }
  return blocks;
}

export interface AllowStatement {
  operations: string[];
  condition: string;
}

const EXPAND: Record<string, string[]> = { read: ['get', 'list'], write: ['create', 'update', 'delete'] };

/** A block's allow statements, read and write expanded into the operations they stand for. */
export function allowStatements(body: string): AllowStatement[] {
  const text = code(body);
  const found: AllowStatement[] = [];
  const allow = /allow\s+([a-z,\s]+):\s*if\b/g;
  for (let m = allow.exec(text); m; m = allow.exec(text)) {
    const end = text.indexOf(';', allow.lastIndex);
    const operations = m[1].split(',').flatMap((o) => EXPAND[o.trim()] ?? [o.trim()]);
    found.push({ operations, condition: body.slice(allow.lastIndex, end).trim() });
    allow.lastIndex = end;
  }
  return found;
}

/** Every function the rules define, by name, with its body. */
export function ruleFunctions(source: string): Map<string, string> {
  const text = code(source);
  const functions = new Map<string, string>();
  const fn = /function\s+(\w+)\s*\([^)]*\)\s*\{/g;
  for (let m = fn.exec(text); m; m = fn.exec(text)) {
    const open = m.index + m[0].length - 1;
    functions.set(m[1], code(source.slice(open + 1, closing(text, open))));
  }
  return functions;
}

/** The rules' own functions a condition calls, directly or through each other, in the order first reached. */
export function functionsReached(condition: string, functions: Map<string, string>): string[] {
  const reached: string[] = [];
  const visit = (text: string) => {
    for (const [, name] of code(text).matchAll(/\b(\w+)\s*\(/g)) {
      if (!functions.has(name) || reached.includes(name)) continue;
      reached.push(name);
      visit(functions.get(name)!);
    }
  };
  visit(condition);
  return reached;
}
