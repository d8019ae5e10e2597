import { describe, expect, it } from 'vitest';
import { flattenRoutes, hostingGlob, loadRoutePatterns } from './route-patterns.ts';
import { hostingBlock, readFirebaseJson } from './hosting-config.ts';
import { allowedInlineHashes, sitePolicy } from './security-headers.ts';
import { sha256Source } from './inline-scripts.ts';
import { pageLoaderScript } from './postbuild.ts';

describe('route patterns', () => {
  const table = [
    { path: '/', file: 'x', children: [{ index: true }, { path: 'about' }, { path: 'blogs/:slug' }, { path: '*' }] },
    { path: 'admin', children: [{ index: true }, { path: 'users' }] },
  ];

  it('flattens nested routes into concrete patterns and drops catch-alls', () => {
    expect(flattenRoutes(table).sort()).toEqual(['/', '/about', '/admin', '/admin/users', '/blogs/:slug']);
  });

  it('turns parameters into hosting globs', () => {
    expect(hostingGlob('/careers/:slug')).toBe('/careers/*');
  });
});

describe('firebase.json hosting', () => {
  const hosting = readFirebaseJson().hosting;
  // The hashes come from a build (postbuild checks a build against them): what firebase.json holds.
  const hashes = allowedInlineHashes(sitePolicy(hosting.headers));

  it('lists exactly the routes of the route table and the security headers (run `npm run hosting-config` to update)', async () => {
    expect(hosting).toEqual(hostingBlock(await loadRoutePatterns(), hashes));
  });

  it('allows the page loader as this source compiles it (a changed loader needs `npm run build && npm run hosting-config`)', async () => {
    expect(hashes.scripts).toContain(sha256Source(await pageLoaderScript()));
  });

  it('allows the inline scripts of a build: the loader and React Router’s hydration, and the stylesheet’s onload switch', () => {
    // Scroll restoration, the router context (prerendered page and SPA fallback), its data stream
    // opened and closed, the loader. More means a script that changes per page or per build.
    expect(hashes.scripts).toHaveLength(6);
    expect(hashes.handlers).toEqual([sha256Source("this.media='all'")]);
  });
});
