// Writes firebase.json's `hosting` block from the route table: every real route is rewritten to
// the SPA shell (Hosting serves a prerendered page's own index.html first: files win over rewrites), and anything else falls through to 404.html with a 404.
// `npm run hosting-config` after adding a route; a unit test fails while the two disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { hostingGlob, loadRoutePatterns } from './route-patterns.ts';

const firebaseJsonPath = resolve(fileURLToPath(new URL('..', import.meta.url)), 'firebase.json');

export function hostingBlock(patterns: string[]) {
  return {
    public: 'build/client',
    cleanUrls: true,
    trailingSlash: false,
    headers: [{ source: '/assets/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] }],
    rewrites: patterns.filter((p) => p !== '/').map((p) => ({ source: hostingGlob(p), destination: '/__spa-fallback.html' })),
  };
}

export function readFirebaseJson() {
  return JSON.parse(readFileSync(firebaseJsonPath, 'utf8'));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const config = readFirebaseJson();
  config.hosting = hostingBlock(await loadRoutePatterns());
  writeFileSync(firebaseJsonPath, `${JSON.stringify(config, null, 2)}\n`);
  console.log(`firebase.json: ${config.hosting.rewrites.length} rewrites`);
}
