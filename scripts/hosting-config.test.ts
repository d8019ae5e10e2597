import { describe, expect, it } from 'vitest';
import { flattenRoutes, hostingGlob, isKnownPath, loadRoutePatterns } from './route-patterns.ts';
import { hostingBlock, readFirebaseJson } from './hosting-config.ts';

describe('route patterns', () => {
  const table = [
    { path: '/', file: 'x', children: [{ index: true }, { path: 'about' }, { path: 'blogs/:slug' }, { path: '*' }] },
    { path: 'admin', children: [{ index: true }, { path: 'users' }] },
  ];

  it('flattens nested routes into concrete patterns and drops catch-alls', () => {
    expect(flattenRoutes(table).sort()).toEqual(['/', '/about', '/admin', '/admin/users', '/blogs/:slug']);
  });

  it('knows real paths and refuses unknown ones', () => {
    const patterns = flattenRoutes(table);
    expect(isKnownPath(patterns, '/blogs/hello')).toBe(true);
    expect(isKnownPath(patterns, '/admin/users')).toBe(true);
    expect(isKnownPath(patterns, '/nope')).toBe(false);
    expect(isKnownPath(patterns, '/blogs/a/b')).toBe(false);
  });

  it('turns parameters into hosting globs', () => {
    expect(hostingGlob('/careers/:slug')).toBe('/careers/*');
  });
});

describe('firebase.json hosting', () => {
  it('lists exactly the routes of the route table (run `npm run hosting-config` to update)', async () => {
    const expected = hostingBlock(await loadRoutePatterns());
    expect(readFirebaseJson().hosting).toEqual(expected);
  });
});
