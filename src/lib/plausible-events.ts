// Plausible's events API, spoken directly: the page loader (before the app starts, no tracker
// library) and the app send page views and outbound-link clicks the same way, with the tracker's
// own exclusions (a local address, a browser that opted out with plausible_ignore).
// Kept free of imports: scripts/build/page-loader.ts bundles it into every prerendered page.

/** Where Plausible receives events (the tracker's default host). */
export const PLAUSIBLE_EVENTS = 'https://plausible.io/api/event';

export interface PlausibleTarget {
  domain: string;
  endpoint: string;
}

/** False on a developer's machine and in a browser whose owner asked not to be counted. */
export function countingAllowed(): boolean {
  if (/^localhost$|^127(?:\.[0-9]+){0,2}\.[0-9]+$|^(?:0*:)*?:?0*1$/.test(location.hostname) || location.protocol === 'file:') return false;
  try {
    return localStorage.getItem('plausible_ignore') !== 'true';
  } catch {
    return true; // storage blocked: count
  }
}

/** Sends one event; `keepalive` lets it finish while the page unloads (an outbound click). */
export function sendEvent({ domain, endpoint }: PlausibleTarget, name: string, url: string, props?: Record<string, string>): Promise<unknown> {
  if (!countingAllowed()) return Promise.resolve();
  const body = JSON.stringify({ n: name, u: url, d: domain, r: document.referrer || null, w: innerWidth, h: 0, ...(props && { p: props }) });
  return fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body, keepalive: true }).catch(() => undefined);
}

/**
 * Counts clicks on links to other sites ("Outbound Link: Click", as Plausible names them). A link
 * that opens in the same tab waits until the event is sent, or `fallbackMs` at most (SPEC: one
 * second), then follows; a link that opens a new tab (target=_blank, a modifier key, the middle
 * button) is counted and left alone. Returns a function that stops counting.
 */
export function countOutboundClicks(
  target: PlausibleTarget,
  doc: Document = document,
  fallbackMs = 1000,
  navigate = (href: string) => location.assign(href),
): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || (event.type === 'auxclick' && event.button !== 1)) return;
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || link.host === location.host || !/^https?:$/.test(link.protocol)) return;
    const sent = sendEvent(target, 'Outbound Link: Click', location.href, { url: link.href });
    const newTab = event.type === 'auxclick' || link.target === '_blank' || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
    if (newTab || link.hasAttribute('download')) return;
    event.preventDefault();
    let followed = false;
    const follow = () => {
      if (followed) return;
      followed = true;
      navigate(link.href);
    };
    void sent.then(follow);
    setTimeout(follow, fallbackMs);
  };
  doc.addEventListener('click', onClick);
  doc.addEventListener('auxclick', onClick);
  return () => {
    doc.removeEventListener('click', onClick);
    doc.removeEventListener('auxclick', onClick);
  };
}
