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
    expect(bodies).toEqual([
      {
        n: 'Outbound Link: Click',
        u: 'https://summit.example.org/about',
        d: 'summit.example.org',
        r: null,
        w: innerWidth,
        h: 0,
        p: { url: 'https://www.nci.go.ke/' },
      },
    ]);
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
    expect(calls).toEqual([
      [target.endpoint, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: expect.stringContaining('"n":"pageview"'), keepalive: true }],
    ]);
  });
});

describe('where counting is allowed', () => {
  it.each([
    ['localhost', 'http:'],
    ['127.0.0.1', 'http:'],
    ['127.1', 'http:'],
    ['127.0.1', 'http:'],
    ['::1', 'http:'],
    ['0:0:0:0:0:0:0:1', 'http:'],
    ['summit.example.org', 'file:'],
  ])('not on %s over %s (a developer’s machine)', (hostname, protocol) => {
    vi.stubGlobal('location', { hostname, protocol, href: `${protocol}//${hostname}/`, host: hostname });
    expect(countingAllowed()).toBe(false);
  });

  it.each(['summit.example.org', 'localhost.example.org', '127.0.0.1.example.org', '10.0.0.1', 'mylocalhost'])('on %s', (hostname) => {
    vi.stubGlobal('location', { hostname, protocol: 'https:', href: `https://${hostname}/`, host: hostname });
    expect(countingAllowed()).toBe(true);
  });

  it('unless the browser’s owner set plausible_ignore to true; any other value counts', () => {
    localStorage.setItem('plausible_ignore', 'false');
    expect(countingAllowed()).toBe(true);
    localStorage.setItem('plausible_ignore', 'true');
    expect(countingAllowed()).toBe(false);
  });

  it('counts when storage is blocked (the owner cannot have opted out)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(countingAllowed()).toBe(true);
    vi.restoreAllMocks();
  });
});

describe('clicks at the edges', () => {
  it('counts a middle-button click (a new tab) and leaves it alone; ignores a right click', () => {
    const middle = new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 });
    document.getElementById('out')!.dispatchEvent(middle);
    expect(middle.defaultPrevented).toBe(false);
    document.getElementById('out')!.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 2 }));
    expect(bodies).toHaveLength(1);
  });

  it('counts a click with shift or alt, or on a download link, and leaves it to the browser', () => {
    expect(click('out', { shiftKey: true }).defaultPrevented).toBe(false);
    expect(click('out', { altKey: true }).defaultPrevented).toBe(false);
    document.getElementById('out')!.setAttribute('download', '');
    expect(click('out').defaultPrevented).toBe(false);
    expect(bodies).toHaveLength(3);
  });

  it('ignores a click something else already handled', () => {
    document.getElementById('out')!.addEventListener('click', (e) => e.preventDefault());
    click('out');
    expect(bodies).toEqual([]);
  });

  it('counts a click on something inside the link', () => {
    document.getElementById('out')!.innerHTML = '<span id="inner">Institute</span>';
    expect(click('inner').defaultPrevented).toBe(true);
    expect(bodies).toHaveLength(1);
  });

  it('follows the link even when the event cannot be sent', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    click('out');
    await vi.advanceTimersByTimeAsync(0);
    expect(navigated).toEqual(['https://www.nci.go.ke/']);
  });
});

describe('an event’s body', () => {
  it('carries the referrer when there is one, and no props unless given', async () => {
    const sent: Array<Record<string, unknown>> = [];
    vi.stubGlobal('fetch', (_url: string, init: { body: string }) => (sent.push(JSON.parse(init.body)), Promise.resolve(new Response(null, { status: 202 }))));
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://www.google.com/');
    await sendEvent(target, 'pageview', 'https://summit.example.org/program');
    expect(sent).toEqual([
      { n: 'pageview', u: 'https://summit.example.org/program', d: 'summit.example.org', r: 'https://www.google.com/', w: innerWidth, h: 0 },
    ]);
  });

  it('is not sent, and resolves, from a browser that opted out', async () => {
    localStorage.setItem('plausible_ignore', 'true');
    await expect(sendEvent(target, 'pageview', 'https://summit.example.org/')).resolves.toBeUndefined();
    expect(bodies).toEqual([]);
  });
});
