import { describe, expect, it } from 'vitest';
import { withShareTags } from './head-tags.ts';

const SITE = 'https://summit.example.org';
const page = (head: string) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/>${head}</head><body><main>x</main></body></html>`;
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('withShareTags', () => {
  it('adds the canonical address and Open Graph from the page’s own title and description', () => {
    const html = withShareTags(
      page('<title>Register | National Cancer Summit</title><meta name="description" content="Register to attend."/>'),
      '/register',
      SITE,
    );
    const head = headOf(html);
    expect(head).toContain('<link rel="canonical" href="https://summit.example.org/register"/>');
    expect(head).toContain('<meta property="og:title" content="Register"/>');
    expect(head).toContain('<meta property="og:description" content="Register to attend."/>');
    expect(head).toContain('<meta property="og:type" content="website"/>');
    expect(head).toContain('<meta property="og:url" content="https://summit.example.org/register"/>');
    expect(head).toContain('<meta property="og:site_name" content="National Cancer Summit"/>');
    expect(html.slice(html.indexOf('</head>'))).toBe('</head><body><main>x</main></body></html>');
  });

  it('keeps what an article set itself, and calls it an article', () => {
    const html = withShareTags(
      page(
        '<title>Know the signs | National Cancer Summit</title><meta name="description" content="Six signs."/><meta property="og:title" content="Know the signs"/><meta property="og:description" content="Six signs."/>',
      ),
      '/blogs/know-the-signs',
      SITE,
    );
    expect(html.match(/og:title/g)).toHaveLength(1);
    expect(html.match(/og:description/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:type" content="article"/>');
  });

  it('gives a page kept out of search no canonical address', () => {
    const html = withShareTags(page('<title>Checkout | National Cancer Summit</title><meta name="robots" content="noindex"/>'), '/checkout', SITE);
    expect(html).not.toContain('canonical');
    expect(html).not.toContain('og:description');
    expect(html).toContain('<meta property="og:url" content="https://summit.example.org/checkout"/>');
  });

  it('escapes a quote of the title for the attribute', () => {
    const html = withShareTags(page('<title>The "big" day | National Cancer Summit</title>'), '/', SITE);
    expect(html).toContain('<meta property="og:title" content="The &quot;big&quot; day"/>');
  });

  it('leaves a page without a title or a head as it is', () => {
    expect(withShareTags(page(''), '/', SITE)).toBe(page(''));
    expect(withShareTags('<p>fragment</p>', '/', SITE)).toBe('<p>fragment</p>');
  });
});
