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
