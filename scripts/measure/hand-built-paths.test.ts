// The site's addresses go through React Router's href(), typed from the route table: a renamed or
// removed route fails `npm run typecheck` wherever a link, a navigation, an email or a menu names it.
// This holds the two halves: src/ spells no route by hand (hand-built-paths.ts), and href()'s
// typing is live (the @ts-expect-error lines below fail the typecheck the day it is not).
import { href } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRoutePatterns } from '../build/route-patterns.ts';
import { ALLOWED, findHandBuiltPaths, isAllowed, scanSource, type HandBuiltPath } from './hand-built-paths.ts';

let patterns: string[];
beforeAll(async () => {
  patterns = await loadRoutePatterns();
});

const paths = (source: string, file = 'src/x.tsx') => scanSource(file, source, patterns).map((f) => f.path);

describe('href()', () => {
  it('is typed by the route table: an unknown route, or a missing parameter, fails the typecheck', () => {
    // @ts-expect-error: no such route (were the route types not registered, href() would take any string and this line would fail the typecheck)
    expect(href('/no-such-route')).toBe('/no-such-route');
    // @ts-expect-error: the article's route needs its slug
    expect(() => href('/blogs/:slug')).toThrow(/requires param 'slug'/);
    // @ts-expect-error: a parameter the route does not have
    href('/about', { slug: 'x' });
    expect(href('/blogs/:slug', { slug: 'early-detection' })).toBe('/blogs/early-detection');
    expect(href('/admin/registrations/:collection/:id', { collection: 'registrations', id: 'r1' })).toBe('/admin/registrations/registrations/r1');
    // Nothing encoded, as a template literal: an email template's placeholder survives.
    expect(href('/checkout/:id', { id: '{{reference}}' })).toBe('/checkout/{{reference}}');
  });
});

describe('the scan for hand-built paths', () => {
  it('finds a route spelled in a link, a template, a navigation, an email and copy', () => {
    expect(paths('<Link to="/about">About</Link>')).toEqual(['/about']);
    expect(paths('<Link to="/">Home</Link>')).toEqual(['/']);
    expect(paths('<Link to={`/blogs/${a.slug}`}>x</Link>')).toEqual(['/blogs/${…}']);
    expect(paths('navigate(`/admin/registrations/${c}/${id}`)')).toEqual(['/admin/registrations/${…}/${…}']);
    expect(paths('const menu = (s) => `/admin/${s.path}`;')).toEqual(['/admin/${…}']);
    expect(paths("const a = '/register?draft=1', b = '/about#speakers';")).toEqual(['/register', '/about']);
    expect(paths('const t = \'<a href="{{> siteUrl}}/my-registration">\';')).toEqual(['/my-registration']);
    expect(paths("link('/checkout/{{reference}}', 'Open')")).toEqual(['/checkout/{{reference}}']);
    expect(paths('const url = `${origin}/checkout/${id}`;')).toEqual(['/checkout/${…}']);
    expect(paths("const hint = 'Listed on /careers; each at /careers/ followed by its slug.';")).toEqual(['/careers', '/careers/']);
    expect(paths('<FormSection hint="Shown in the footer and on /contact." />')).toEqual(['/contact']);
    expect(paths('<p>They then sign in at <strong>/admin-login</strong>, or with Google.</p>')).toEqual(['/admin-login']);
  });

  it('leaves href()’s own patterns, separators, other sites, Firestore paths and files alone', () => {
    expect(paths("href('/blogs/:slug', { slug }); href('/about'); href(`${config.path}/:id`, { id });")).toEqual([]);
    expect(paths("path.split('/'); from.startsWith('/'); x === '/' ? 1 : 2; new URL('/', origin);")).toEqual([]);
    expect(paths("const a = 'https://www.nci.go.ke/about', b = 'and/or', c = 'image/svg+xml';")).toEqual([]);
    expect(paths('const p = `archive/${collection}/items`, q = `registrations/${id}`, r = `${collection}/${id}`;')).toEqual([]);
    expect(paths("const logo = '/demo/logos/institute.png', icon = '/favicon.svg', api = '/v1/projects/p';")).toEqual([]);
    expect(paths("import x from '../about/AboutPage.tsx'; const y = await import('./blogs.ts');")).toEqual([]);
  });

  it('says which property a literal is the value of, for ALLOWED', () => {
    const [found] = scanSource('src/features/events/admin/event-content.ts', "export const c = { path: '/admin/events' };", patterns);
    expect(found).toMatchObject({ path: '/admin/events', route: '/admin/events', property: 'path' });
    expect(isAllowed(found)).toBe(true);
    expect(isAllowed({ ...found, file: 'src/features/events/EventsPage.tsx' })).toBe(false);
  });
});

describe('src/', () => {
  let found: HandBuiltPath[];
  beforeAll(async () => {
    found = await findHandBuiltPaths();
  });

  it('spells no route by hand: every site address goes through href() (or is in ALLOWED, with its reason)', () => {
    expect(found.filter((f) => !isAllowed(f)).map((f) => `${f.file}:${f.line} ${f.path} (${f.route}): use href('${f.route}'…)`)).toEqual([]);
  });

  it('has no stale ALLOWED rule', () => {
    expect(ALLOWED.filter((a) => !found.some((f) => a.file.test(f.file) && a.property === f.property)).map((a) => a.reason)).toEqual([]);
  });
});
