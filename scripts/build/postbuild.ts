// After `react-router build`: the files hosting needs besides the app (404.html, robots.txt,
// sitemap.xml), the stylesheet rules each HTML page uses inlined into it (so the first paint needs
// nothing beyond the document), and the size report: per prerendered page the HTML + inline CSS of the
// first paint, and the JavaScript each route loads, gzipped.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import Beasties from 'beasties';
import { build } from 'esbuild';
import { CHUNK_LOAD_ERROR, RELOAD_GUARD_MS, RELOAD_KEY } from '../../src/lib/chunk-reload.ts';
import { CRITICAL_CSS_ID } from '../../src/lib/critical-css.ts';
import { HYDRATED_EVENT, PAGE_LOADER_CONFIG_ID } from '../../src/lib/page-loader.ts';
import { loadRoutePatterns } from './route-patterns.ts';
import { CLIENT_ONLY_PAGES, isClientOnly } from './client-only-pages.ts';
import { builtPages, readFirebaseJson } from './hosting-config.ts';
import { inlineHashes } from './inline-scripts.ts';
import { withShareTags } from './head-tags.ts';
import { notAllowed, sitePolicy } from './security-headers.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
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

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/?>/;
const PLACEHOLDER = `<style id="${CRITICAL_CSS_ID}"></style>`;
/** Style text that cannot close its element early. */
const styleText = (css: string) => css.replace(/<\/style/gi, '<\\/style');
const filled = (css: string) => `<style id="${CRITICAL_CSS_ID}">${styleText(css)}</style>`;

/**
 * The SPA shell (back office, checkout, sign-in) renders pages the build never saw: every rule goes
 * into the head, and the <link> stays (the app renders it) but no longer blocks rendering: it loads
 * as print-only and switches on when loaded, by which time the same rules are applied.
 */
export function inlineWholeStylesheet(html: string, read: (href: string) => string): string {
  const link = STYLESHEET_LINK.exec(html);
  if (!link || !html.includes(PLACEHOLDER)) return html;
  return html
    .replace(PLACEHOLDER, filled(read(link[1])))
    .replace(link[0], `<link rel="stylesheet" href="${link[1]}" media="print" onload="this.media='all'"/>`);
}

/** The rules a page may need before its stylesheet loads, though nothing in its HTML uses them. */
export const ALWAYS_INLINED = [/\[data-pending\]/, /pending-spin/];

/**
 * A prerendered page: only the rules its own HTML uses go into the head (beasties decides, and
 * turns the <link> into a non-blocking load of the whole stylesheet, with a <noscript> fallback).
 * About half the first paint's bytes were rules for other pages and the back office.
 */
export async function inlineCriticalCss(html: string, beasties: Beasties): Promise<string> {
  if (!html.includes(PLACEHOLDER)) return html;
  const out = await beasties.process(html);
  const inlined = /<style>([\s\S]*?)<\/style>/.exec(out);
  // Beasties marks the document element; the app's render does not have the attribute.
  const unmarked = out.replace(/(<html\b[^>]*?) data-beasties-container(="")?/, '$1');
  return inlined ? unmarked.replace(inlined[0], '').replace(PLACEHOLDER, filled(inlined[1])) : unmarked;
}

export const criticalCss = (path: string) =>
  new Beasties({ path, publicPath: '/', preload: 'media', pruneSource: false, reduceInlineStyles: false, allowRules: ALWAYS_INLINED, logLevel: 'warn' });

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/?>/g;
const INERT_TYPE = 'text/x-on-demand';

/** scripts/build/page-loader.ts, compiled and minified for inlining, its constants filled in. */
export async function pageLoaderScript(): Promise<string> {
  const file = join(root, 'scripts/build/page-loader.ts');
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

// React Router's entry script as React renders it.
const ENTRY_ELEMENT = /<script type="module" async(?:="")?>([\s\S]*?)<\/script>/;

/**
 * The app's scripts start when the page needs them (scripts/build/page-loader.ts says when). The entry
 * script stays where React rendered it, inert by its type (React does not compare attributes when
 * hydrating), and carries the module preloads taken out of the head, for the loader to add back.
 * With the preloads in the head, the first round trip on a slow phone network would share the
 * line with 180 KB of JavaScript (Lighthouse put LCP at 2.1 s on a page that paints at 0.8 s).
 * Its text (the route's modules, which change with every build) goes into a file of its own
 * (`startFile` writes it and says where), which the loader starts: the Content-Security-Policy
 * allows this site's files, and inline scripts only by a hash that must not change per build.
 */
export function startScriptsOnDemand(html: string, loader: string, startFile: (moduleText: string) => string): string {
  const entry = ENTRY_ELEMENT.exec(html);
  if (!entry) return html;
  const src = startFile(entry[1]);
  const preloads: string[] = [src];
  const attribute = (value: string) => `"${value.replace(/"/g, '&quot;')}"`;
  const out = html
    .replace(MODULEPRELOAD, (_, href: string) => (preloads.push(href), ''))
    .replace(ENTRY_ELEMENT, `<script type="${INERT_TYPE}" data-src=${attribute(src)} data-preloads=${attribute(JSON.stringify(preloads))}></script>`);
  return out.replace('</body>', `<script>${loader}</script></body>`);
}

/** Writes a page's entry module into the build's assets, named by its content (so cached for good). */
export function entryModuleFile(assets: string) {
  return (moduleText: string) => {
    const name = `start-${createHash('sha256').update(moduleText).digest('hex').slice(0, 12)}.js`;
    writeFileSync(join(assets, name), moduleText);
    return `/assets/${name}`;
  };
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

/** What rollup-plugin-visualizer's raw-data report holds (the parts postbuild reads). */
export interface BundleStats {
  nodeParts: Record<string, { renderedLength: number }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

/** Whose code a module is: a package by name, or ours by its folder under src. */
export function ownerOf(moduleId: string): string {
  const pkg = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId);
  if (pkg) return pkg[1];
  const ours = /\/src\/([^/]+)(?:\/([^/]+)\/)?/.exec(moduleId);
  if (ours) return `src/${ours[1]}${ours[2] ? `/${ours[2]}` : ''}`;
  return 'bundler runtime';
}

/**
 * Who the gzipped bytes of some chunks belong to, largest first: each chunk's gzip size shared out
 * among its modules by their minified lengths (gzip works across a chunk, so a module alone would
 * compress differently).
 */
export function bytesByOwner(stats: BundleStats, chunks: Array<{ file: string; gzip: number }>): Array<{ owner: string; bytes: number }> {
  const owners = new Map<string, number>();
  for (const { file, gzip } of chunks) {
    const modules = Object.values(stats.nodeMetas).flatMap((meta) =>
      meta.moduleParts[file] ? [{ owner: ownerOf(meta.id), length: stats.nodeParts[meta.moduleParts[file]]?.renderedLength ?? 0 }] : [],
    );
    const total = modules.reduce((n, m) => n + m.length, 0);
    for (const m of modules) if (total) owners.set(m.owner, (owners.get(m.owner) ?? 0) + (gzip * m.length) / total);
  }
  return [...owners].map(([owner, bytes]) => ({ owner, bytes })).sort((a, b) => b.bytes - a.bytes);
}

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
  const statsFile = join(root, 'build/bundle-stats.json');
  if (!existsSync(statsFile)) return;
  const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as BundleStats;
  for (const route of ['../features/home/HomePage', '../features/registrations/RegisterPage', '../features/payments/CheckoutPage']) {
    if (!manifest.routes[route]) continue;
    const chunks = [...scriptsFor(manifest, route)].map((file) => ({ file: file.replace(/^\//, ''), gzip: gz(file) }));
    console.log(`\nWhere ${route.replace('../features/', '')}'s JavaScript goes (gzip; explore build/bundle-report.html):`);
    for (const { owner, bytes } of bytesByOwner(stats, chunks).slice(0, 12)) console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${owner}`);
  }
}

async function main() {
  if (!existsSync(join(client, 'index.html'))) throw new Error('Run react-router build first.');
  // Hosting serves 404.html with status 404; the SPA shell renders 'Page Not Found' for it
  // (index.html is the prerendered home page, so the shell is the SPA fallback).
  const shell = existsSync(join(client, '__spa-fallback.html')) ? '__spa-fallback.html' : 'index.html';
  copyFileSync(join(client, shell), join(client, '404.html'));
  const firstPaint: Array<{ page: string; kb: number }> = [];
  const loader = await pageLoaderScript();
  const startFile = entryModuleFile(join(client, 'assets'));
  const beasties = criticalCss(client);
  for (const file of htmlFiles(client)) {
    const source = readFileSync(file, 'utf8');
    const styled = /(__spa-fallback|404)\.html$/.test(file)
      ? inlineWholeStylesheet(source, (href) => readFileSync(join(client, href), 'utf8'))
      : await inlineCriticalCss(source, beasties);
    const page =
      file
        .slice(client.length)
        .replace(/index\.html$/, '')
        .replace(/\/$/, '') || '/';
    const prerendered = !/__spa-fallback|404/.test(page);
    const html = startScriptsOnDemand(prerendered ? withShareTags(styled, page, SITE_URL) : styled, loader, startFile);
    writeFileSync(file, html);
    if (prerendered) firstPaint.push({ page, kb: gzipSync(html).length / 1024 });
  }
  console.log('\nFirst paint of each prerendered page: HTML with its inline CSS (gzip; budget 14 KB):');
  for (const { page, kb } of firstPaint.sort((a, b) => b.kb - a.kb)) console.log(`  ${kb.toFixed(1).padStart(6)} KB  ${page}`);
  writeFileSync(join(client, 'robots.txt'), robotsTxt());
  writeFileSync(join(client, 'sitemap.xml'), sitemapXml(indexablePaths(await loadRoutePatterns())));
  sizeReport(readManifest());
  checkScriptPolicy();
}

/**
 * The pages run no inline script that firebase.json's policy does not allow: a browser would refuse
 * it (the page loader, React Router's hydration). A new React Router or a changed loader changes
 * them: `npm run hosting-config` takes the new hashes from this build.
 */
function checkScriptPolicy() {
  const built = inlineHashes(builtPages(client));
  const missing = notAllowed(built, sitePolicy(readFirebaseJson().hosting.headers));
  if (missing.length)
    throw new Error(
      `firebase.json's Content-Security-Policy does not allow what this build runs inline (${missing.join(', ')}): run \`npm run hosting-config\` and commit firebase.json.`,
    );
  console.log(`\nInline scripts allowed by firebase.json's Content-Security-Policy: ${built.scripts.length} scripts, ${built.handlers.length} event handlers.`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
