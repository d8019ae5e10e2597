// Privacy-friendly analytics (Plausible): page views, including in-app navigations, and outbound
// link clicks. Nothing is loaded or sent unless a domain is configured.
import { plausibleDomain } from './env.ts';

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

export function trackPageview(url: string) {
  void load()?.then((p) => p.trackPageview({ url }));
}
