// `npx tsx scripts/measure/hand-built-paths.ts`: the site's addresses that src/ spells out by hand
// instead of through React Router's `href()`, whose typing (the route table's generated types)
// makes a renamed or removed route fail `npm run typecheck`. Every string and template literal in
// src/ (tests and the route table aside) is read for a path that one of the route table's patterns
// matches: "/about", `/blogs/${slug}`, "{{> siteUrl}}/my-registration" in an email. A template's
// `${…}` matches any segment (or, alone in its segment, several: `/admin/${s.path}`), and so does
// a Handlebars `{{…}}`; the query string and hash are not part of the path. A bare "/" counts only
// where it is a link's target (a `to` or `href`), not as a separator (`split('/')`).
// tests/unit/hand-built-paths.test.ts holds the count at none.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { loadRoutePatterns } from '../build/route-patterns.ts';

export interface HandBuiltPath {
  /** Relative to the project's root. */
  file: string;
  line: number;
  /** The path as written, `${…}` shown as such. */
  path: string;
  /** The route pattern it spells. */
  route: string;
  /** The property or attribute whose value the literal is, if any (`to`, `path` …). */
  property?: string;
}

/**
 * Literals that spell a route and stay: each a rule and its reason. A rule that no longer matches
 * anything is stale (the test says so).
 */
export const ALLOWED: ReadonlyArray<{ file: RegExp; property: string; reason: string }> = [
  {
    file: /^src\/features\/[^/]+\/admin\/[^/]+-content\.tsx?$/,
    property: 'path',
    reason:
      "a content collection's list route (ContentConfig.path): typed ContentListRoute, so the typecheck holds it to the route table, and the kit passes it to href()",
  },
];

export const isAllowed = (f: HandBuiltPath) => ALLOWED.some((a) => a.file.test(f.file) && a.property === f.property);

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** A template's substitution, in the text read. */
const HOLE = '\uE000';
/** Not read: tests (which may spell paths out, to check what href() made) and the route table itself. */
const SKIPPED = /\.test\.tsx?$|\.test-support\.ts$|^src\/app\/routes\.ts$/;
/**
 * A path starts at a "/" that no word, dot, colon, dash, slash or substitution precedes ("and/or",
 * "https://x/y", `archive/${c}/items` are not paths), except a substitution that starts the
 * literal: `${origin}/checkout/${id}` is one.
 */
const PATH = /(?<![\w.:/\-\\\uE000])\/[^\s"'`<>?#,;()\\]*/g;

const wild = (segment: string) => segment.includes(HOLE) || segment.includes('{{');

/** Whether `segments` (as written) can spell `pattern`'s (route) segments. */
function spells(segments: string[], pattern: string[]): boolean {
  if (!segments.length) return !pattern.length;
  const [first, ...rest] = segments;
  // A trailing "/": a prefix of the route ("/blogs/" + slug).
  if (first === '' && !rest.length) return pattern.length > 0;
  if (!pattern.length) return false;
  // A substitution alone in its segment may stand for several of the route's.
  if (first === HOLE && pattern.some((_, i) => spells(rest, pattern.slice(i + 1)))) return true;
  const [head, ...tail] = pattern;
  const fits = head.startsWith(':') ? first !== '' : wild(first) || first === head;
  return fits && spells(rest, tail);
}

/** The route pattern `path` spells, if any: its first segment must be written out ("/${x}" could be anything). */
export function routeOf(path: string, patterns: readonly string[], linkTarget: boolean): string | undefined {
  if (path === '/') return linkTarget ? '/' : undefined;
  const segments = path.slice(1).split('/');
  if (wild(segments[0]) || segments[0] === '') return undefined;
  return patterns.find((p) => p !== '/' && spells(segments, p.slice(1).split('/')));
}

/** Whether the literal is what `href()` is for: its route pattern, `href('/blogs/:slug', …)`. */
const isHrefPattern = (node: ts.Node) =>
  !!node.parent && ts.isCallExpression(node.parent) && node.parent.arguments[0] === node && node.parent.expression.getText() === 'href';

/** The literal's text with each `${…}` as a HOLE; undefined for other nodes, module names and href()'s patterns. */
function textOf(node: ts.Node): string | undefined {
  if (isHrefPattern(node)) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    const p = node.parent;
    if (p && (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isExternalModuleReference(p) || ts.isLiteralTypeNode(p))) return undefined;
    if (p && ts.isCallExpression(p) && p.expression.kind === ts.SyntaxKind.ImportKeyword) return undefined;
    return node.text;
  }
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => HOLE + s.literal.text).join('');
  // A page's own words: "sign in at <strong>/admin-login</strong>".
  if (ts.isJsxText(node)) return node.text;
  return undefined;
}

/** The property or JSX attribute whose value the literal is: `to="/"`, `{ path: '/admin/events' }`. */
function propertyOf(node: ts.Node): string | undefined {
  const p = node.parent;
  if (p && (ts.isJsxAttribute(p) || ts.isPropertyAssignment(p)) && p.initializer === node) return p.name.getText();
  return p && ts.isJsxExpression(p) ? propertyOf(p) : undefined;
}

/** Whether the literal is a link's target: `to="/"`, `href="/"`, `{ to: '/' }`. */
const isLinkTarget = (node: ts.Node) => ['to', 'href'].includes(propertyOf(node) ?? '');

/** The hand-built paths of one source file. */
export function scanSource(file: string, source: string, patterns: readonly string[]): HandBuiltPath[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: HandBuiltPath[] = [];
  const visit = (node: ts.Node) => {
    const text = textOf(node);
    if (text === undefined) return void ts.forEachChild(node, visit);
    const origin = text.startsWith(`${HOLE}/`);
    for (const m of (origin ? text.slice(1) : text).matchAll(PATH)) {
      const path = m[0].replace(/[.:!]+$/, ''); // the end of a sentence ("sign in at /admin-login.")
      const route = routeOf(path, patterns, !origin && isLinkTarget(node) && m.index === 0);
      if (route) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        found.push({ file, line, path: path.replaceAll(HOLE, '${…}'), route, property: propertyOf(node) });
      }
    }
    // A template's substitutions may hold literals of their own.
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Every hand-built path in src/. */
export async function findHandBuiltPaths(root = ROOT): Promise<HandBuiltPath[]> {
  const patterns = await loadRoutePatterns();
  return sourceFiles(join(root, 'src'))
    .map((path) => relative(root, path).split('\\').join('/'))
    .filter((file) => !SKIPPED.test(file.replace(/^src\//, '')) && !SKIPPED.test(file))
    .flatMap((file) => scanSource(file, readFileSync(join(root, file), 'utf8'), patterns));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = await findHandBuiltPaths();
  for (const f of found) console.log(`${f.file}:${f.line}\t${f.path}\t(${f.route})${isAllowed(f) ? '\tallowed' : ''}`);
  const left = found.filter((f) => !isAllowed(f)).length;
  console.log(`${found.length} hand-built path${found.length === 1 ? '' : 's'}, ${found.length - left} of them allowed (ALLOWED), ${left} not`);
}
