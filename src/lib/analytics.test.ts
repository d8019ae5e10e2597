// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://summit.example.org/about"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageLoaderConfigTag } from './page-loader.ts';

const sent = vi.hoisted(() => [] as Array<string | undefined>);
const trackers = vi.hoisted(() => [] as unknown[]);
vi.mock('./env.ts', () => ({ plausibleDomain: 'summit.example.org' }));
// Plausible's tracker is a third party: record what it would send.
vi.mock('plausible-tracker', () => ({
  default: (options: unknown) => (
    trackers.push(options),
    { enableAutoOutboundTracking: () => {}, trackPageview: ({ url }: { url?: string } = {}) => sent.push(url) }
  ),
}));

async function freshAnalytics() {
  vi.resetModules();
  return import('./analytics.ts');
}

let listening: { mock: { calls: Array<Parameters<Document['addEventListener']>> } };
beforeEach(() => {
  sent.length = 0;
  trackers.length = 0;
  listening = vi.spyOn(document, 'addEventListener');
});
afterEach(() => {
  // Each test loads the module afresh: the click listeners it added go with it.
  for (const [type, listener, options] of listening.mock.calls) document.removeEventListener(type, listener, options);
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('page views', () => {
  it('on a prerendered page, leave the first view to the page loader (which counted it) and count the navigations after', async () => {
    document.body.innerHTML = pageLoaderConfigTag({
      version: 1,
      versionUrl: 'http://db.test/x',
      builtAt: 0,
      pageview: { domain: 'summit.example.org', endpoint: 'https://plausible.test/api/event' },
    });
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
    expect(pageviewUrl('https://summit.example.org', '/checkout/Xb3kP9qLm2Rt7VwZ4yNc', '', { id: 'Xb3kP9qLm2Rt7VwZ4yNc' })).toBe(
      'https://summit.example.org/checkout/:id',
    );
    expect(pageviewUrl('https://summit.example.org', '/admin/registrations/partners/Pq8L', '?tab=2', { collection: 'partners', id: 'Pq8L' })).toBe(
      'https://summit.example.org/admin/registrations/partners/:id?tab=2',
    );
  });

  it('keeps public parameters (an article’s slug) and pages without parameters as they are', async () => {
    const { pageviewUrl } = await freshAnalytics();
    expect(pageviewUrl('https://summit.example.org', '/blogs/hpv-vaccination', '', { slug: 'hpv-vaccination' })).toBe(
      'https://summit.example.org/blogs/hpv-vaccination',
    );
    expect(pageviewUrl('https://summit.example.org', '/program', '?day=2', {})).toBe('https://summit.example.org/program?day=2');
  });

  it('masks a reference however it was written in the address (percent-encoded)', async () => {
    const { pageviewUrl } = await freshAnalytics();
    expect(pageviewUrl('https://s.org', '/checkout/a%20b', '', { id: 'a b' })).toBe('https://s.org/checkout/:id');
    expect(pageviewUrl('https://s.org', '/checkout/%E0%A4%A', '', { id: '%E0%A4%A' })).toBe('https://s.org/checkout/:id');
  });
});

describe('the tracker', () => {
  it('is loaded once, for the configured domain, never counting a developer’s machine', async () => {
    const { trackPageview } = await freshAnalytics();
    trackPageview('/a');
    trackPageview('/b');
    await vi.waitFor(() => expect(sent).toEqual(['/a', '/b']));
    expect(trackers).toEqual([{ domain: 'summit.example.org', trackLocalhost: false }]);
  });
});

describe('outbound link clicks in the app', () => {
  function recordEvents() {
    const events: Array<Record<string, unknown>> = [];
    vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
      if (url === 'https://plausible.io/api/event') events.push(JSON.parse(init.body));
      return new Response(null, { status: 202 });
    });
    return events;
  }
  const clickOut = () => document.getElementById('out')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

  it('are counted, once per click however often counting is asked for, on a page without a loader (checkout, back office)', async () => {
    const events = recordEvents();
    document.body.innerHTML = '<a id="out" href="https://www.nci.go.ke/" target="_blank">Institute</a>';
    const { countOutboundLinks } = await freshAnalytics();
    countOutboundLinks();
    countOutboundLinks();
    clickOut();
    expect(events).toEqual([expect.objectContaining({ n: 'Outbound Link: Click', d: 'summit.example.org', p: { url: 'https://www.nci.go.ke/' } })]);
  });

  it('are left to the page loader on a prerendered page that counts them', async () => {
    const events = recordEvents();
    document.body.innerHTML = `<a id="out" href="https://www.nci.go.ke/" target="_blank">Institute</a>${pageLoaderConfigTag({ version: 1, versionUrl: 'http://db.test/x', builtAt: 0, pageview: { domain: 'summit.example.org', endpoint: 'https://plausible.test/api/event' } })}`;
    const { countOutboundLinks } = await freshAnalytics();
    countOutboundLinks();
    clickOut();
    expect(events).toEqual([]);
  });

  it('are counted by the app on a prerendered page whose loader does not count (analytics off at build)', async () => {
    const events = recordEvents();
    document.body.innerHTML = `<a id="out" href="https://www.nci.go.ke/" target="_blank">Institute</a>${pageLoaderConfigTag({ version: 1, versionUrl: 'http://db.test/x', builtAt: 0 })}`;
    const { countOutboundLinks } = await freshAnalytics();
    countOutboundLinks();
    clickOut();
    expect(events).toHaveLength(1);
  });
});
