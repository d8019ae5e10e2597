// Public pages must never download back-office code: the Auth SDK, the rich-text editor, the PDF,
// chart and QR-scanning libraries and everything under an `admin` folder. This walks the import
// graph (static and dynamic imports) from every public route module of the route table and names
// each admin-only module a public route can reach. A unit test keeps the list empty, so the
// budget cannot erode silently.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const appDir = resolve(root, 'src/app');

interface RouteEntry {
  file: string;
  path?: string;
  children?: RouteEntry[];
}

/** Sign-in (and the page its emails link to) needs Firebase Auth: the only public routes allowed to load it. */
const SIGN_IN_ROUTES = new Set(['login', 'admin-login', 'admin-login-action']);

/**
 * The back office is one tree by name: every back-office module lives in a folder called `admin`
 * (src/admin, the platform; src/app/admin, its layout and screen table; src/features/<f>/admin,
 * each feature's screens). eslint.config.js enforces the same line as the code is written.
 */
export const BACK_OFFICE = /^src\/(?:.+\/)?admin\//;
const ADMIN_ONLY_PACKAGES = [/^firebase\/auth/, /^@firebase\/auth/, /^firebase\/storage/, /^@firebase\/storage/, /^src\/lib\/app-storage\.ts$/, /^@tiptap\//, /^pdf-lib/, /^jsqr/];
const AUTH_MODULE = 'src/lib/auth.ts';

const rel = (f: string) => (f.startsWith('/') ? relative(root, f) : f);

const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveFile(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (existsSync(candidate) && !candidate.endsWith('/')) return candidate;
  return null;
}

/**
 * A visitor's anonymous identity needs the Auth SDK when they submit a form (after they acted), so
 * public pages may load this module, and through it the SDK, with a dynamic import: the walk does
 * not follow such an import. A static import of it is followed and flagged like any other.
 */
const LOADED_ON_SUBMIT = 'src/lib/visitor-auth.ts';

/** The same for an attendee's sign-in link (asked for, or opened, on /register and /my-registration). */
const LOADED_ON_SIGN_IN_LINK = 'src/lib/email-link.ts';

/**
 * The one public way to pdf-lib: "my registration" loads the certificate's PDF module when the
 * attendee asks for their certificate (a dynamic import in the page itself), and that module loads
 * pdf-lib when it builds the file. The walk does not follow that one import (only that importer's,
 * only dynamic): so pdf-lib or the PDF module reached any other way is flagged, and what the PDF
 * module reaches is checked on its own (pdf-lib alone allowed). eslint.config.js draws the same line.
 */
export const CERTIFICATE_DOOR = { from: 'src/features/registrations/MyRegistrationPage.tsx', to: 'src/data/certificate-pdf.ts' } as const;
const edge = (from: string, to: string) => `${from} → ${to}`;

/**
 * Every module (project file or package) reachable from `entry`, with the path that reaches it;
 * dynamic imports of the `lazy` modules (paths relative to the project) are not followed, nor the
 * dynamic imports of `lazyEdges` ('from → to', absolute paths) nor any dynamic import with
 * `staticOnly` (what a page loads before it runs).
 */
export function reachable(
  entry: string,
  lazy: ReadonlySet<string> = new Set(),
  { staticOnly = false, lazyEdges = new Set<string>() }: { staticOnly?: boolean; lazyEdges?: ReadonlySet<string> } = {},
): Map<string, string[]> {
  const seen = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const statement = match[0];
      const spec = match[1] ?? match[2];
      if (/^import\s+type\s/.test(statement) || /^export\s+type\s/.test(statement)) continue; // erased at build
      if (spec.endsWith('.css')) continue;
      const target = spec.startsWith('.') ? resolveFile(file, spec) : spec;
      if (!target || seen.has(target)) continue;
      if (match[2] && (staticOnly || lazy.has(rel(target)) || lazyEdges.has(edge(file, target)))) continue; // loaded when the visitor acts
      seen.set(target, [...seen.get(file)!, target]);
      if (target.startsWith('/')) queue.push(target);
    }
  }
  return seen;
}

function publicRoutes(entries: RouteEntry[], parentFile: string | null = null): Array<{ id: string; file: string }> {
  const out: Array<{ id: string; file: string }> = [];
  for (const e of entries) {
    if (e.path === 'admin') continue;
    const file = resolve(appDir, e.file);
    if (e.children) out.push(...publicRoutes(e.children, file));
    else out.push({ id: (e as { id?: string }).id ?? e.path ?? '/', file }, ...(parentFile ? [{ id: 'layout', file: parentFile }] : []));
  }
  return out;
}

export async function adminModulesOnPublicRoutes(): Promise<string[]> {
  const table = (await import('../../src/app/routes.ts')) as { default: RouteEntry[] };
  const modules = [{ id: 'root', file: resolve(appDir, 'root.tsx') }, ...publicRoutes(table.default)];
  return adminModulesReached(modules, { from: resolve(root, CERTIFICATE_DOOR.from), to: resolve(root, CERTIFICATE_DOOR.to) });
}

/** What adminModulesOnPublicRoutes checks, for any route modules and door (absolute paths): tests give their own. */
export function adminModulesReached(modules: ReadonlyArray<{ id: string; file: string }>, door: { from: string; to: string }): string[] {
  const problems = new Set<string>();
  const lazyEdges = new Set([edge(door.from, door.to)]);
  for (const { id, file } of modules) {
    for (const [module, path] of reachable(file, new Set([LOADED_ON_SUBMIT, LOADED_ON_SIGN_IN_LINK]), { lazyEdges })) {
      const name = rel(module);
      const adminOnly = BACK_OFFICE.test(name) || ADMIN_ONLY_PACKAGES.some((r) => r.test(name)) || module === door.to;
      const authAllowed = SIGN_IN_ROUTES.has(id) && (name === AUTH_MODULE || /^(@firebase|firebase)\/auth/.test(name));
      if (adminOnly && !authAllowed) problems.add(`${id}: ${path.map(rel).join(' → ')}`);
      if (name === AUTH_MODULE && !SIGN_IN_ROUTES.has(id)) problems.add(`${id}: ${path.map(rel).join(' → ')}`);
    }
  }
  // Behind the door: pdf-lib, and nothing else only the back office may load.
  for (const [module, path] of reachable(door.to)) {
    const name = rel(module);
    if (name === AUTH_MODULE || BACK_OFFICE.test(name) || ADMIN_ONLY_PACKAGES.some((r) => r.test(name) && !/^pdf-lib/.test(name))) {
      problems.add(`${rel(door.from)} ⇢ ${path.map(rel).join(' → ')}`);
    }
  }
  return [...problems].sort();
}

/**
 * The Firebase SDKs a public page loads when its app starts (static imports only): none. Public
 * data is read over REST (src/lib/rest-reads.ts); the Firestore SDK loads with the first write or
 * signed-in read, Auth when a visitor submits or signs in, App Check when configured.
 */
export async function firebaseOnPublicStarts(): Promise<string[]> {
  const table = (await import('../../src/app/routes.ts')) as { default: RouteEntry[] };
  const problems = new Set<string>();
  const modules = [{ id: 'root', file: resolve(appDir, 'root.tsx') }, ...publicRoutes(table.default).filter(({ id }) => !SIGN_IN_ROUTES.has(id))];
  for (const { id, file } of modules) {
    for (const [module, path] of reachable(file, new Set(), { staticOnly: true })) {
      if (/^@?firebase\//.test(module)) problems.add(`${id}: ${path.map(rel).join(' → ')}`);
    }
  }
  return [...problems].sort();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = await adminModulesOnPublicRoutes();
  console.log(problems.length ? problems.join('\n') : 'No public route reaches an admin-only module.');
}
