// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageLoaderConfigTag } from './page-loader.ts';

const sent = vi.hoisted(() => [] as Array<string | undefined>);
vi.mock('./env.ts', () => ({ plausibleDomain: 'summit.example.org' }));
// Plausible's tracker is a third party: record what it would send.
vi.mock('plausible-tracker', () => ({
  default: () => ({ enableAutoOutboundTracking: () => {}, trackPageview: ({ url }: { url?: string } = {}) => sent.push(url) }),
}));

async function freshAnalytics() {
  vi.resetModules();
  return import('./analytics.ts');
}

beforeEach(() => {
  sent.length = 0;
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('page views', () => {
  it('on a prerendered page, leave the first view to the page loader (which counted it) and count the navigations after', async () => {
    document.body.innerHTML = pageLoaderConfigTag({ version: 1, versionUrl: 'http://db.test/x', builtAt: 0, pageview: { domain: 'summit.example.org', endpoint: 'https://plausible.test/api/event' } });
    const { trackPageview } = await freshAnalytics();
    trackPageview('/about');
    trackPageview('/program');
    await vi.waitFor(() => expect(sent).toEqual(['/program']));
  });

  it('on a page without a loader config (the SPA fallback), count the first view too', async () => {
    const { trackPageview } = await freshAnalytics();
    trackPageview('/checkout');
    trackPageview('/about');
    await vi.waitFor(() => expect(sent).toEqual(['/checkout', '/about']));
  });
});

describe('the address a page view reports', () => {
  it('sends the full address, with a reference replaced by its parameter name', async () => {
    const { pageviewUrl } = await freshAnalytics();
    expect(pageviewUrl('https://summit.example.org', '/checkout/Xb3kP9qLm2Rt7VwZ4yNc', '', { id: 'Xb3kP9qLm2Rt7VwZ4yNc' })).toBe('https://summit.example.org/checkout/:id');
    expect(pageviewUrl('https://summit.example.org', '/admin/registrations/partners/Pq8L', '?tab=2', { collection: 'partners', id: 'Pq8L' })).toBe(
      'https://summit.example.org/admin/registrations/partners/:id?tab=2',
    );
  });

  it('keeps public parameters (an article’s slug) and pages without parameters as they are', async () => {
    const { pageviewUrl } = await freshAnalytics();
    expect(pageviewUrl('https://summit.example.org', '/blogs/hpv-vaccination', '', { slug: 'hpv-vaccination' })).toBe('https://summit.example.org/blogs/hpv-vaccination');
    expect(pageviewUrl('https://summit.example.org', '/program', '?day=2', {})).toBe('https://summit.example.org/program?day=2');
  });

  it('masks a reference however it was written in the address (percent-encoded)', async () => {
    const { pageviewUrl } = await freshAnalytics();
    expect(pageviewUrl('https://s.org', '/checkout/a%20b', '', { id: 'a b' })).toBe('https://s.org/checkout/:id');
    expect(pageviewUrl('https://s.org', '/checkout/%E0%A4%A', '', { id: '%E0%A4%A' })).toBe('https://s.org/checkout/:id');
  });
});
