import { describe, expect, it } from 'vitest';
import { indexablePaths, inlineStylesheets, robotsTxt, sitemapXml } from './postbuild.ts';

describe('sitemap and robots', () => {
  const paths = indexablePaths(['/', '/about', '/blogs/:slug', '/checkout', '/checkout/:id', '/login', '/admin-login', '/admin', '/admin/users', '/faq']);

  it('lists public pages without parameters, sign-in, checkout or admin', () => {
    expect(paths).toEqual(['/', '/about', '/faq']);
  });

  it('writes a sitemap of absolute addresses and a robots file that points to it', () => {
    const xml = sitemapXml(paths, 'https://summit.example.org');
    expect(xml).toContain('<loc>https://summit.example.org/about</loc>');
    expect(xml).not.toContain('/admin');
    expect(robotsTxt('https://summit.example.org')).toContain('Disallow: /admin\n');
    expect(robotsTxt('https://summit.example.org')).toContain('Sitemap: https://summit.example.org/sitemap.xml');
  });
});

describe('inline stylesheet', () => {
  it('puts the rules in the head and leaves the link loading without blocking', () => {
    const html = '<head><link rel="stylesheet" href="/assets/root-1.css"/></head>';
    const out = inlineStylesheets(html, (href) => (href === '/assets/root-1.css' ? 'body{color:red}' : ''));
    expect(out).toBe(`<head><style>body{color:red}</style><link rel="stylesheet" href="/assets/root-1.css" media="print" onload="this.media='all'"/></head>`);
  });

  it('cannot be closed early by the stylesheet text', () => {
    const out = inlineStylesheets('<link rel="stylesheet" href="/assets/a.css"/>', () => 'a{content:"</style><script>"}');
    expect(out).not.toContain('</style><script>');
  });
});
