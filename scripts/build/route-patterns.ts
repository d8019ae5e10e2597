// The route table (src/app/routes.ts) is the single source of truth for which paths exist.
// The Firebase Hosting rewrites derive from it (scripts/build/hosting-config.ts), so an unknown path
// is a 404, and a new page cannot be forgotten; `npm run preview` serves them with the Hosting emulator.

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every concrete route pattern ("/", "/blogs/:slug", "/admin/users" …), catch-alls excluded. */
export function flattenRoutes(entries: RouteEntry[], parent = ''): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const own = entry.path ? joinPath(parent, entry.path) : parent || '/';
    if (entry.path?.includes('*')) continue;
    if (entry.index || (entry.path && !entry.children?.length)) out.push(own);
    if (entry.children) out.push(...flattenRoutes(entry.children, entry.path ? own : parent));
  }
  return [...new Set(out)];
}

function joinPath(parent: string, child: string) {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`.replace(/^(?!\/)/, '/');
}

/** Firebase Hosting glob for a route pattern: params become `*`. */
export function hostingGlob(pattern: string): string {
  return pattern.replace(/:[^/]+/g, '*');
}

export async function loadRoutePatterns(): Promise<string[]> {
  const table = (await import('../../src/app/routes.ts')) as { default: RouteEntry[] };
  return flattenRoutes(table.default);
}
