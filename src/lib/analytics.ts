// Privacy-friendly analytics (Plausible): page views, including in-app navigations, and outbound
// link clicks. Nothing is loaded or sent unless a domain is configured.
import { plausibleDomain } from './env.ts';
import { readPageLoaderConfig } from './page-loader.ts';

type Tracker = { trackPageview: (data?: { url?: string; referrer?: string | null }) => void };
let tracker: Promise<Tracker> | null = null;

function load(): Promise<Tracker> | null {
  if (!plausibleDomain || typeof window === 'undefined') return null;
  tracker ??= import('plausible-tracker').then(({ default: Plausible }) => {
    const p = Plausible({ domain: plausibleDomain, trackLocalhost: false });
    p.enableAutoOutboundTracking();
    return p;
  });
  return tracker;
}

let firstView = true;

export function trackPageview(url: string) {
  // A prerendered page's loader counted the first view itself: the app may never have started.
  const countedByLoader = firstView && !!readPageLoaderConfig()?.pageview;
  firstView = false;
  if (!countedByLoader) void load()?.then((p) => p.trackPageview({ url }));
}
