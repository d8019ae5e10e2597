// `npm run preview`: serves build/client the way Firebase Hosting will: prerendered HTML where the
// build made it, the SPA shell for the other real routes, and the 404 page with status 404 for
// anything else, with firebase.json's headers (scripts/serve/preview-headers.ts). Text is gzip-compressed
// so byte figures match what a phone would download.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { isKnownPath, loadRoutePatterns } from '../build/route-patterns.ts';
import { headersFor, previewHeaderRules } from './preview-headers.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)), 'build/client');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

function fileIfExists(path: string): string | null {
  const full = normalize(join(root, path));
  if (!full.startsWith(root)) return null; // no path traversal out of the build folder
  return existsSync(full) && statSync(full).isFile() ? full : null;
}

/** Decides what a request gets: the file, its status and whether it is an app page. */
export function resolveRequest(pathname: string, patterns: string[]): { file: string | null; status: number } {
  const decoded = decodeURIComponent(pathname);
  const asset = decoded !== '/' && fileIfExists(decoded);
  if (asset) return { file: asset, status: 200 };
  const clean = decoded.replace(/\/+$/, '') || '/';
  if (isKnownPath(patterns, clean)) {
    const prerendered = fileIfExists(join(clean, 'index.html'));
    return { file: prerendered || fileIfExists('__spa-fallback.html') || fileIfExists('index.html'), status: 200 };
  }
  return { file: fileIfExists('404.html') || fileIfExists('__spa-fallback.html') || fileIfExists('index.html'), status: 404 };
}

async function main() {
  const portArg = process.argv.indexOf('--port');
  const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 4173;
  if (!existsSync(root)) {
    console.error('No production build: run `npm run build` first.');
    process.exit(1);
  }
  const patterns = await loadRoutePatterns();
  const headerRules = previewHeaderRules();
  createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const { file, status } = resolveRequest(url.pathname, patterns);
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Page Not Found');
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    // firebase.json's headers (security, and the assets' caching); Hosting revalidates the rest.
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': 'no-cache',
      ...headersFor(url.pathname, headerRules),
    };
    let body = readFileSync(file);
    if (/text|javascript|json|xml|svg/.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding']))) {
      body = gzipSync(body);
      headers['Content-Encoding'] = 'gzip';
      headers.Vary = 'Accept-Encoding';
    }
    res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
  }).listen(port, () => console.log(`Production build at http://localhost:${port}`));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
