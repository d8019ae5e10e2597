import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { indexablePaths, inlineStylesheets, robotsTxt, sitemapXml, startScriptsAfterFirstPaint } from './postbuild.ts';

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

describe('scripts start after the first paint', () => {
  const entry = 'import "/assets/manifest-1.js"; import("/assets/entry.client-1.js");';
  const built = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/react-dom-1.js"/></head><body><main>Page</main><script type="module" async="">${entry}</script></body></html>`;

  it('leaves nothing in the HTML that loads JavaScript before the page paints', () => {
    const html = startScriptsAfterFirstPaint(built);
    expect(html).not.toContain('modulepreload" href');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<main>Page</main>');
  });

  it('adds the preloads and the entry module after the next frame', async () => {
    const dom = new JSDOM(startScriptsAfterFirstPaint(built), { runScripts: 'dangerously', pretendToBeVisual: true });
    const { document } = dom.window;
    expect(document.querySelectorAll('head script[type="module"]')).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([...document.querySelectorAll<HTMLLinkElement>('head link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))).toEqual(['/assets/entry.client-1.js', '/assets/react-dom-1.js']);
    const modules = document.querySelectorAll('head script[type="module"]');
    expect(modules).toHaveLength(1);
    expect(modules[0].textContent).toBe(entry);
    dom.window.close();
  });

  it('still starts in a tab that never paints (no animation frames in the background)', async () => {
    const dom = new JSDOM(startScriptsAfterFirstPaint(built), { runScripts: 'dangerously', beforeParse: (w) => Object.assign(w, { requestAnimationFrame: () => 0 }) });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(dom.window.document.querySelectorAll('head script[type="module"]')).toHaveLength(1);
    dom.window.close();
  });

  it('leaves a page without the app entry alone', () => {
    expect(startScriptsAfterFirstPaint('<html><body>static</body></html>')).toBe('<html><body>static</body></html>');
  });
});
