// Writes firebase.json's `hosting` block from the route table and the build: every real route is
// rewritten to the SPA shell (Hosting serves a prerendered page's own index.html first: files win
// over rewrites), and anything else falls through to 404.html with a 404; every page gets the
// security headers (scripts/build/security-headers.ts), whose script policy allows, by hash, the inline
// scripts the build emits (so it reads them from build/client).
// `npm run hosting-config` after adding a route, or when a build says its inline scripts changed;
// a unit test fails while firebase.json and the route table disagree, and the build fails while a
// page runs a script firebase.json does not allow (postbuild.ts).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import { hostingGlob, loadRoutePatterns } from './route-patterns.ts';
import { inlineHashes } from './inline-scripts.ts';
import { securityHeaders, type InlineHashes } from './security-headers.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const firebaseJsonPath = join(root, 'firebase.json');
const client = join(root, 'build/client');

export function hostingBlock(patterns: string[], hashes: InlineHashes) {
  return {
    public: 'build/client',
    cleanUrls: true,
    trailingSlash: false,
    headers: [...securityHeaders(hashes), { source: '/assets/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] }],
    rewrites: patterns.filter((p) => p !== '/').map((p) => ({ source: hostingGlob(p), destination: '/__spa-fallback.html' })),
  };
}

export function readFirebaseJson() {
  return JSON.parse(readFileSync(firebaseJsonPath, 'utf8'));
}

/** Every HTML page of a build (the app's files in assets/ are not pages). */
export function builtPages(dir = client): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'assets' ? [] : builtPages(full);
    return name.endsWith('.html') ? [readFileSync(full, 'utf8')] : [];
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!existsSync(join(client, '404.html'))) throw new Error('The script hashes come from the build: run `npm run build` first.');
  const hashes = inlineHashes(builtPages());
  const config = readFirebaseJson();
  config.hosting = hostingBlock(await loadRoutePatterns(), hashes);
  writeFileSync(firebaseJsonPath, `${JSON.stringify(config, null, 2)}\n`);
  console.log(
    `firebase.json: ${config.hosting.rewrites.length} rewrites, ${hashes.scripts.length} inline script hashes, ${hashes.handlers.length} event handler hashes`,
  );
}
