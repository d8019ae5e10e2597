// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://summit.example.org/about"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countingAllowed, countOutboundClicks, sendEvent } from './plausible-events.ts';

const target = { domain: 'summit.example.org', endpoint: 'https://plausible.test/api/event' };
let bodies: Array<Record<string, unknown>>;
let release: () => void;
let stop: () => void = () => {};
const navigated: string[] = [];

beforeEach(() => {
  bodies = [];
  navigated.length = 0;
  localStorage.clear();
  vi.useFakeTimers();
  vi.stubGlobal('fetch', (_url: string, init: { body: string }) => {
    bodies.push(JSON.parse(init.body));
    return new Promise<Response>((resolve) => {
      release = () => resolve(new Response(null, { status: 202 }));
    });
  });
  document.body.innerHTML = `
    <a id="out" href="https://www.nci.go.ke/">Institute</a>
    <a id="tab" href="https://x.com/ncisummit" target="_blank" rel="noreferrer">X</a>
    <a id="in" href="/program">Programme</a>
    <a id="mail" href="mailto:info@summit.example.org">Mail</a>`;
  stop = countOutboundClicks(target, document, 1000, (href) => navigated.push(href));
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const click = (id: string, init: MouseEventInit = {}) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, ...init });
  document.getElementById(id)!.dispatchEvent(event);
  return event;
};

describe('outbound link clicks', () => {
  it('a same-tab link waits for the event to be sent, then follows', async () => {
    const event = click('out');
    expect(event.defaultPrevented).toBe(true);
    expect(bodies).toEqual([{ n: 'Outbound Link: Click', u: 'https://summit.example.org/about', d: 'summit.example.org', r: null, w: innerWidth, h: 0, p: { url: 'https://www.nci.go.ke/' } }]);
    expect(navigated).toEqual([]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(navigated).toEqual(['https://www.nci.go.ke/']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(navigated).toHaveLength(1); // followed once, not again at the fallback
  });

  it('follows after one second at most when the event is slow (SPEC’s fallback), and not before', async () => {
    click('out');
    await vi.advanceTimersByTimeAsync(999);
    expect(navigated).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(navigated).toEqual(['https://www.nci.go.ke/']);
  });

  it('a new-tab link, or a click with a modifier, is counted and left alone', () => {
    expect(click('tab').defaultPrevented).toBe(false);
    expect(click('out', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(click('out', { metaKey: true }).defaultPrevented).toBe(false);
    expect(bodies).toHaveLength(3);
  });

  it('ignores links within the site and links that are not web addresses', () => {
    expect(click('in').defaultPrevented).toBe(false);
    expect(click('mail').defaultPrevented).toBe(false);
    expect(bodies).toEqual([]);
  });

  it('sends nothing from a browser that opted out, and still follows the link', async () => {
    localStorage.setItem('plausible_ignore', 'true');
    expect(countingAllowed()).toBe(false);
    click('out');
    expect(bodies).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(navigated).toEqual(['https://www.nci.go.ke/']);
  });

  it('stops counting when asked', () => {
    stop();
    expect(click('out').defaultPrevented).toBe(false);
    expect(bodies).toEqual([]);
  });
});

describe('an event', () => {
  it('names the page, the domain and the referrer, and keeps the request alive through an unload', async () => {
    const calls: unknown[] = [];
    vi.stubGlobal('fetch', (...args: unknown[]) => {
      calls.push(args);
      return Promise.resolve(new Response(null, { status: 202 }));
    });
    await sendEvent(target, 'pageview', 'https://summit.example.org/program');
    expect(calls).toEqual([[target.endpoint, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: expect.stringContaining('"n":"pageview"'), keepalive: true }]]);
  });
});
