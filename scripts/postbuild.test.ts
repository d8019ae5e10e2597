import { describe, expect, it } from 'vitest';
import { indexablePaths, robotsTxt, sitemapXml } from './postbuild.ts';

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
