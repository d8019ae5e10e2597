// After `react-router build`: the files hosting needs besides the app (404.html, robots.txt,
// sitemap.xml), the stylesheet inlined into every HTML page (so the first paint needs nothing
// beyond the document), and the size report: per prerendered page the HTML + inline CSS of the
// first paint, and the JavaScript each route loads, gzipped.
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { CHUNK_LOAD_ERROR, RELOAD_GUARD_MS, RELOAD_KEY } from '../src/lib/chunk-reload.ts';
import { HYDRATED_EVENT, PAGE_LOADER_CONFIG_ID } from '../src/lib/page-loader.ts';
import { loadRoutePatterns } from './route-patterns.ts';
import { CLIENT_ONLY_PAGES, isClientOnly } from './client-only-pages.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const client = join(root, 'build/client');
const SITE_URL = (process.env.SITE_URL ?? 'https://summit.example.org').replace(/\/$/, '');

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** Pages a search engine should know: public, no parameters, nobody's own (client-only-pages.ts). */
export function indexablePaths(patterns: string[]): string[] {
  return patterns.filter((p) => !p.includes(':') && !isClientOnly(p));
}

export function sitemapXml(paths: string[], site = SITE_URL): string {
  const urls = paths.map((p) => `  <url><loc>${site}${p === '/' ? '/' : p}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(site = SITE_URL): string {
  return `User-agent: *\n${CLIENT_ONLY_PAGES.map((page) => `Disallow: ${page}\n`).join('')}Sitemap: ${site}/sitemap.xml\n`;
}

const STYLESHEET = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/?>/g;

/**
 * The stylesheet's rules go into a <style> in the head, so the page paints from the HTML alone.
 * The <link> stays (React hydrates the head it rendered) but no longer blocks rendering: it loads
 * as print-only and switches on when loaded, by which time the same rules are already applied.
 */
export function inlineStylesheets(html: string, read: (href: string) => string): string {
  return html.replace(
    STYLESHEET,
    (_, href: string) =>
      `<style>${read(href).replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="${href}" media="print" onload="this.media='all'"/>`,
  );
}

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/?>/g;
const ENTRY_SCRIPT = /<script type="module" async(="")?>/;
const INERT_TYPE = 'text/x-on-demand';

/** scripts/page-loader.ts, compiled and minified for inlining, its constants filled in. */
export async function pageLoaderScript(): Promise<string> {
  const file = join(root, 'scripts/page-loader.ts');
  const define = {
    __CONFIG_ID__: JSON.stringify(PAGE_LOADER_CONFIG_ID),
    __HYDRATED_EVENT__: JSON.stringify(HYDRATED_EVENT),
    __INERT_TYPE__: JSON.stringify(INERT_TYPE),
    __RELOAD_KEY__: JSON.stringify(RELOAD_KEY),
    __RELOAD_GUARD_MS__: String(RELOAD_GUARD_MS),
    __CHUNK_LOAD_ERROR__: JSON.stringify(CHUNK_LOAD_ERROR.source), // esbuild defines no RegExp literal
  };
  // Bundled: it shares src/lib/plausible-events.ts with the app (one way to count an event).
  const { outputFiles } = await build({ entryPoints: [file], bundle: true, write: false, format: 'iife', minify: true, target: 'es2019', define });
  return outputFiles[0].text.trim().replace(/<\/script/gi, '<\\/script');
}

/**
 * The app's scripts start when the page needs them (scripts/page-loader.ts says when). The entry
 * script stays where React rendered it, inert by its type (React does not compare attributes when
 * hydrating), and carries the module preloads taken out of the head, for the loader to add back.
 * With the preloads in the head, the first round trip on a slow phone network would share the
 * line with 180 KB of JavaScript (Lighthouse put LCP at 2.1 s on a page that paints at 0.8 s).
 */
export function startScriptsOnDemand(html: string, loader: string): string {
  if (!ENTRY_SCRIPT.test(html)) return html;
  const preloads: string[] = [];
  const out = html
    .replace(MODULEPRELOAD, (_, href: string) => (preloads.push(href), ''))
    .replace(ENTRY_SCRIPT, `<script type="${INERT_TYPE}" data-preloads="${JSON.stringify(preloads).replace(/"/g, '&quot;')}">`);
  return out.replace('</body>', `<script>${loader}</script></body>`);
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'assets' ? [] : htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

function readManifest(): Manifest {
  const file = readdirSync(join(client, 'assets')).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error('No React Router manifest in build/client/assets');
  const text = readFileSync(join(client, 'assets', file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Manifest;
}

/** Every script a route needs before it can run: entry, then each route of its chain. */
function scriptsFor(manifest: Manifest, routeId: string): Set<string> {
  const out = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let r: ManifestRoute | undefined = manifest.routes[routeId]; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
    out.add(r.module);
    r.imports?.forEach((i) => out.add(i));
  }
  return out;
}

const gz = (asset: string) => gzipSync(readFileSync(join(client, asset))).length;

function sizeReport(manifest: Manifest) {
  const leaves = Object.values(manifest.routes).filter((r) => r.id !== 'root' && !Object.values(manifest.routes).some((c) => c.parentId === r.id));
  const rows = leaves
    .map((r) => {
      const scripts = scriptsFor(manifest, r.id);
      return { route: r.id, kb: [...scripts].reduce((n, s) => n + gz(s), 0) / 1024, admin: r.parentId === 'admin' };
    })
    .sort((a, b) => Number(a.admin) - Number(b.admin) || b.kb - a.kb);
  console.log('\nJavaScript each route loads before it runs (gzip):');
  for (const row of rows) console.log(`  ${row.kb.toFixed(1).padStart(6)} KB  ${row.admin ? '[admin] ' : ''}${row.route.replace('../features/', '')}`);
}

async function main() {
  if (!existsSync(join(client, 'index.html'))) throw new Error('Run react-router build first.');
  // Hosting serves 404.html with status 404; the SPA shell renders 'Page Not Found' for it
  // (index.html is the prerendered home page, so the shell is the SPA fallback).
  const shell = existsSync(join(client, '__spa-fallback.html')) ? '__spa-fallback.html' : 'index.html';
  copyFileSync(join(client, shell), join(client, '404.html'));
  const firstPaint: Array<{ page: string; kb: number }> = [];
  const loader = await pageLoaderScript();
  for (const file of htmlFiles(client)) {
    const html = startScriptsOnDemand(
      inlineStylesheets(readFileSync(file, 'utf8'), (href) => readFileSync(join(client, href), 'utf8')),
      loader,
    );
    writeFileSync(file, html);
    const page =
      file
        .slice(client.length)
        .replace(/index\.html$/, '')
        .replace(/\/$/, '') || '/';
    if (!/__spa-fallback|404/.test(page)) firstPaint.push({ page, kb: gzipSync(html).length / 1024 });
  }
  console.log('\nFirst paint of each prerendered page: HTML with its inline CSS (gzip; budget 14 KB):');
  for (const { page, kb } of firstPaint.sort((a, b) => b.kb - a.kb)) console.log(`  ${kb.toFixed(1).padStart(6)} KB  ${page}`);
  writeFileSync(join(client, 'robots.txt'), robotsTxt());
  writeFileSync(join(client, 'sitemap.xml'), sitemapXml(indexablePaths(await loadRoutePatterns())));
  sizeReport(readManifest());
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
