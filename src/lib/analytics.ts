// Privacy-friendly analytics (Plausible): page views, including in-app navigations, and outbound
// link clicks. Nothing is loaded or sent unless a domain is configured. A record's reference is a
// key to it (whoever holds it reads that registration), so it never leaves the browser: a page
// view of /checkout/Xb3k… is sent as /checkout/:id.
import { plausibleDomain } from './env.ts';
import { readPageLoaderConfig } from './page-loader.ts';
import { countOutboundClicks, PLAUSIBLE_EVENTS } from './plausible-events.ts';

type Tracker = { trackPageview: (data?: { url?: string; referrer?: string | null }) => void };
let tracker: Promise<Tracker> | null = null;

function load(): Promise<Tracker> | null {
  if (!plausibleDomain || typeof window === 'undefined') return null;
  // Outbound clicks are counted by plausible-events.ts (a one-second wait, new tabs left alone),
  // not by the tracker's own listener (150 ms, and it forced new-tab links into the same tab).
  tracker ??= import('plausible-tracker').then(({ default: Plausible }) => Plausible({ domain: plausibleDomain, trackLocalhost: false }));
  return tracker;
}

/** Route parameters that are references to a record: sent by name, never by value. */
const PRIVATE_PARAMS = ['id'];

/** The full address of a page view, each reference replaced by its parameter's name. */
export function pageviewUrl(origin: string, pathname: string, search: string, params: Readonly<Record<string, string | undefined>>): string {
  const secrets = new Map(PRIVATE_PARAMS.filter((p) => params[p]).map((p) => [params[p]!, `:${p}`]));
  const path = pathname
    .split('/')
    .map((segment) => secrets.get(safeDecode(segment)) ?? segment)
    .join('/');
  return `${origin}${path}${search}`;
}

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

let firstView = true;

export function trackPageview(url: string) {
  // A prerendered page's loader counted the first view itself: the app may never have started.
  const countedByLoader = firstView && !!readPageLoaderConfig()?.pageview;
  firstView = false;
  if (!countedByLoader) void load()?.then((p) => p.trackPageview({ url }));
}

let outbound: (() => void) | null = null;

/** Counts outbound clicks where the page loader does not (the SPA fallback: checkout, sign-in, back office). */
export function countOutboundLinks() {
  if (!plausibleDomain || typeof window === 'undefined' || outbound || readPageLoaderConfig()?.pageview) return;
  outbound = countOutboundClicks({ domain: plausibleDomain, endpoint: PLAUSIBLE_EVENTS });
}
