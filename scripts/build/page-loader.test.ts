// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://summit.example.org/about"}
// The page loader's source, run in this test's own page (scripts/build/postbuild.test.ts runs the
// compiled, minified build in a page of its own; this drives each decision with a controlled
// clock, frames, network and viewport). Each test builds a prerendered page, loads the loader
// afresh, and removes every listener it added afterwards.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_ERROR, RELOAD_GUARD_MS, RELOAD_KEY } from '../../src/lib/chunk-reload.ts';
import { HYDRATED_EVENT, PAGE_LOADER_CONFIG_ID } from '../../src/lib/page-loader.ts';
import { TRIGGERS } from '../../src/lib/page-loader-triggers.ts';

// The constants scripts/build/postbuild.ts fills in when it compiles the loader.
Object.assign(globalThis, {
  __CONFIG_ID__: PAGE_LOADER_CONFIG_ID,
  __HYDRATED_EVENT__: HYDRATED_EVENT,
  __INERT_TYPE__: 'text/x-on-demand',
  __RELOAD_KEY__: RELOAD_KEY,
  __RELOAD_GUARD_MS__: RELOAD_GUARD_MS,
  __CHUNK_LOAD_ERROR__: CHUNK_LOAD_ERROR.source,
});

const VERSION_URL = 'https://db.test/v1/projects/p/databases/(default)/documents/counters/content';
const PLAUSIBLE = 'https://plausible.test/api/event';
// The page's entry module, a file of the build (postbuild.ts writes it).
const ENTRY = '/assets/start-1.js';
const baseConfig = { version: 3, versionUrl: VERSION_URL, builtAt: 0 };
const withPageview = { ...baseConfig, pageview: { domain: 'summit.example.org', endpoint: PLAUSIBLE } };

type Listener = [EventTarget, string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined];
const listeners: Listener[] = [];
let requests: Array<{ url: string; init?: RequestInit }> = [];
/** What the content version's document answers: a version, a status, or no network. */
let versionAnswer: number | 404 | 500 | 'offline' = 3;

const addEventListener = EventTarget.prototype.addEventListener;

beforeEach(() => {
  // Every listener added during a test (the loader's, also those it adds once started) is removed after it.
  EventTarget.prototype.addEventListener = function (
    this: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (listener) listeners.push([this, type, listener, options]);
    addEventListener.call(this, type, listener, options);
  };
  // The window's own addEventListener is bound to it, not looked up on the prototype.
  const addToWindow = globalThis.addEventListener;
  vi.stubGlobal('addEventListener', (type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
    listeners.push([window, type, listener, options]);
    addToWindow(type, listener, options);
  });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'Date'] });
  vi.setSystemTime(new Date('2027-05-12T09:00:00Z'));
  versionAnswer = 3;
  requests = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    requests.push({ url, init });
    if (init?.method === 'POST') return new Response(null, { status: 202 });
    if (versionAnswer === 'offline') throw new TypeError('Failed to fetch');
    if (versionAnswer === 404 || versionAnswer === 500) return new Response('{}', { status: versionAnswer });
    return new Response(JSON.stringify({ fields: { version: { integerValue: String(versionAnswer) } } }));
  });
});

afterEach(() => {
  EventTarget.prototype.addEventListener = addEventListener;
  for (const [target, type, listener, options] of listeners.splice(0)) target.removeEventListener(type, listener, options);
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  sessionStorage.clear();
  localStorage.clear();
  history.replaceState(null, '', '/about');
});

/** A prerendered page (its inert entry script and, unless null, its config), then the loader run on it. */
async function load(body = '<main>Page</main>', config: object | null = baseConfig, { entry = true } = {}) {
  document.body.innerHTML = `${body}${entry ? `<script type="text/x-on-demand" data-src="${ENTRY}" data-preloads='["/assets/entry.client-1.js","/assets/react-dom-1.js"]'></script>` : ''}${
    config ? `<script type="application/json" id="${PAGE_LOADER_CONFIG_ID}">${JSON.stringify(config)}</script>` : ''
  }`;
  vi.resetModules();
  await import('./page-loader.ts');
}

const started = () => document.head.querySelectorAll('script[type="module"]').length === 1;
const versionReads = () => requests.filter((r) => r.url === VERSION_URL);
const events = () => requests.filter((r) => r.url === PLAUSIBLE).map((r) => JSON.parse(String(r.init?.body)) as Record<string, unknown>);
/** One frame, and the timer the loader sets in it; then any promise callbacks. */
const paint = async () => {
  await vi.advanceTimersByTimeAsync(20);
};
const hydrate = () => document.dispatchEvent(new Event(HYDRATED_EVENT));
const tapEvent = (type = 'click') => new MouseEvent(type, { bubbles: true, cancelable: true });

describe('a page without the app’s entry script', () => {
  it('is left alone: no tap held, no request, nothing started', async () => {
    history.replaceState(null, '', '/program?day=3');
    await load('<main><button id="menu">Menu</button></main>', withPageview, { entry: false });
    await vi.advanceTimersByTimeAsync(1000);
    const tap = tapEvent();
    document.getElementById('menu')!.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(false);
    expect(requests).toEqual([]);
    expect(started()).toBe(false);
  });
});

describe('starting the app', () => {
  it('adds the entry’s preloads in order and its script, once, at the first tap', async () => {
    await load();
    await paint();
    expect(started()).toBe(false);
    document.body.dispatchEvent(tapEvent('pointerdown'));
    document.body.dispatchEvent(tapEvent('pointerdown'));
    expect(started()).toBe(true);
    expect([...document.head.querySelectorAll<HTMLLinkElement>('link')].map((l) => [l.rel, l.getAttribute('href')])).toEqual([
      ['modulepreload', '/assets/entry.client-1.js'],
      ['modulepreload', '/assets/react-dom-1.js'],
    ]);
    expect(document.head.querySelector('script[type="module"]')!.getAttribute('src')).toBe(ENTRY);
  });

  it('starts with no preloads when the entry lists none', async () => {
    await load();
    document.querySelector('script[type="text/x-on-demand"]')!.removeAttribute('data-preloads');
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(started()).toBe(true);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  it.each(['pointerdown', 'touchstart', 'keydown'])('starts at the visitor’s first %s', async (type) => {
    await load();
    window.dispatchEvent(new Event(type));
    expect(started()).toBe(true);
  });

  it.each(['scroll', 'wheel', 'pointermove'])('starts at the first %s on a page with a visitor form, and not on a page to read', async (type) => {
    await load();
    window.dispatchEvent(new Event(type));
    expect(started()).toBe(false);
    for (const [target, t, listener, options] of listeners.splice(0)) target.removeEventListener(t, listener, options);
    document.head.innerHTML = '';
    await load(`<main><form ${TRIGGERS.onIntent}><fieldset disabled><input id="name"></fieldset></form></main>`);
    window.dispatchEvent(new Event(type));
    expect(started()).toBe(true);
  });

  it('does not start on a page that is up to date until the visitor acts', async () => {
    await load();
    await vi.advanceTimersByTimeAsync(5000);
    expect(started()).toBe(false);
    expect(versionReads()).toHaveLength(1);
  });
});

describe('after the first paint', () => {
  it('reads the content version once, without credentials, only after the first paint', async () => {
    await load();
    expect(versionReads()).toHaveLength(0);
    await paint();
    await vi.advanceTimersByTimeAsync(1000); // the background-tab fallback finds the work done
    expect(versionReads()).toEqual([{ url: VERSION_URL, init: { credentials: 'omit' } }]);
  });

  it.each([
    ['the content changed since the build', 4, true],
    ['the content is as built', 3, false],
    ['the database cannot be reached', 'offline', false],
    ['the database answers an error', 500, false],
    ['the version was never moved (no document) and the page has a version', 404, true],
  ] as const)('when %s, starts: %s', async (_, answer, expected) => {
    versionAnswer = answer;
    await load();
    await paint();
    expect(started()).toBe(expected);
  });

  it('treats a missing version document as version 0', async () => {
    versionAnswer = 404;
    await load('<main>Page</main>', { ...baseConfig, version: 0 });
    await paint();
    expect(started()).toBe(false);
  });

  it('starts at an address with a query, which the page was not built for', async () => {
    history.replaceState(null, '', '/program?day=3');
    await load();
    expect(started()).toBe(false);
    await paint();
    expect(started()).toBe(true);
  });

  it('starts when something shown as open at build time has closed since, not before', async () => {
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    await load(`<main><p ${TRIGGERS.changesAt}="${at(60_000)}">Closes soon</p><p ${TRIGGERS.changesAt}="${at(120_000)}">Later</p></main>`);
    await paint();
    expect(started()).toBe(false);
    for (const [target, t, listener, options] of listeners.splice(0)) target.removeEventListener(t, listener, options);
    await load(`<main><p ${TRIGGERS.changesAt}="${at(60_000)}">Open</p><p ${TRIGGERS.changesAt}="${at(-1)}">Closed a moment ago</p></main>`);
    await paint();
    expect(started()).toBe(true);
  });

  it('counts something closing at the very moment of the first paint as closed', async () => {
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => (frame(0), 0)); // painted at once
    await load(`<main><p ${TRIGGERS.changesAt}="${new Date(Date.now()).toISOString()}">Closes now</p></main>`);
    await vi.advanceTimersByTimeAsync(0);
    expect(started()).toBe(true);
  });

  it.each([
    ['without a version field', { fields: { title: { stringValue: 'x' } } }],
    ['without fields', {}],
  ])('takes a content version document %s as version 0, which differs from the page’s', async (_, doc) => {
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => (requests.push({ url, init }), new Response(JSON.stringify(doc))));
    await load();
    await paint();
    expect(started()).toBe(true);
  });

  it('starts a page without a config (the SPA fallback) after the next frame', async () => {
    await load('<main></main>', null);
    expect(started()).toBe(false);
    await paint();
    expect(started()).toBe(true);
    expect(requests).toEqual([]);
  });

  it('starts it after half a second in a background tab, which never paints a frame', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    await load('<main></main>', null);
    await vi.advanceTimersByTimeAsync(499);
    expect(started()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started()).toBe(true);
  });

  it('reads the version in a background tab too, once', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    await load();
    await vi.advanceTimersByTimeAsync(499);
    expect(versionReads()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(versionReads()).toHaveLength(1);
  });
});

describe('parts only the app can show', () => {
  function viewport() {
    const observers: Array<{ callback: (entries: Array<{ isIntersecting: boolean }>) => void; options: unknown; targets: Element[]; disconnected: boolean }> =
      [];
    class FakeObserver {
      targets: Element[] = [];
      disconnected = false;
      constructor(
        public callback: (entries: Array<{ isIntersecting: boolean }>) => void,
        public options: unknown,
      ) {
        observers.push(this);
      }
      observe(el: Element) {
        this.targets.push(el);
      }
      disconnect() {
        this.disconnected = true;
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    return observers;
  }

  it('starts the app when one comes within 200 px of the screen, and stops watching', async () => {
    const observers = viewport();
    await load(`<main><div id="a" ${TRIGGERS.needsScript}></div><div id="b" ${TRIGGERS.needsScript}></div></main>`);
    expect(observers).toHaveLength(1);
    const [observer] = observers;
    expect(observer.options).toEqual({ rootMargin: '200px 0px' });
    expect(observer.targets.map((el) => el.id)).toEqual(['a', 'b']);
    observer.callback([{ isIntersecting: false }, { isIntersecting: false }]);
    expect(started()).toBe(false);
    expect(observer.disconnected).toBe(false);
    observer.callback([{ isIntersecting: false }, { isIntersecting: true }]);
    expect(started()).toBe(true);
    expect(observer.disconnected).toBe(true);
  });

  it('watches nothing on a page without such parts', async () => {
    const observers = viewport();
    await load();
    expect(observers).toHaveLength(0);
    expect(started()).toBe(false);
  });

  it('starts at once in a browser without IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    await load(`<main><div ${TRIGGERS.needsScript}></div></main>`);
    expect(started()).toBe(true);
  });
});

describe('taps before the app has hydrated', () => {
  it('holds a tap on a button, starts the app, and replays the tap once it has hydrated', async () => {
    await load('<main><button id="menu"><span id="label">Menu</span></button></main>');
    const clicks: string[] = [];
    const tap = tapEvent();
    document.getElementById('label')!.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);
    expect(started()).toBe(true);
    document.getElementById('menu')!.addEventListener('click', () => clicks.push('menu')); // attached by hydration
    hydrate();
    expect(clicks).toEqual([]); // replayed after the hydrating render, not inside it
    await vi.advanceTimersByTimeAsync(0);
    expect(clicks).toEqual(['menu']);
    // Only once.
    hydrate();
    await vi.advanceTimersByTimeAsync(0);
    expect(clicks).toEqual(['menu']);
  });

  it('holds an element with the button role as a button', async () => {
    await load('<main><div role="button" id="toggle">Open</div></main>');
    const tap = tapEvent();
    document.getElementById('toggle')!.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);
  });

  it('keeps the held tap from the page’s own listeners until the replay', async () => {
    await load('<main><button id="menu">Menu</button></main>');
    const seen: string[] = [];
    document.body.addEventListener('click', () => seen.push('body'), true);
    document.getElementById('menu')!.dispatchEvent(tapEvent());
    expect(seen).toEqual([]);
  });

  it('keeps a held submit from the page’s own submit listeners until the replay', async () => {
    await load('<main><form id="f"></form></main>');
    const form = document.getElementById('f') as HTMLFormElement;
    const seen: string[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      seen.push('form');
    });
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(seen).toEqual([]);
    hydrate();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['form']);
  });

  it('starts the app once, however many things ask for it', async () => {
    // No IntersectionObserver here: the part only the app can show starts it at once.
    await load(`<main><button id="menu">Menu</button><div ${TRIGGERS.needsScript}></div></main>`);
    window.dispatchEvent(new Event('pointerdown'));
    document.getElementById('menu')!.dispatchEvent(tapEvent());
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(2);
  });

  it('does not start at a tap or key on a native menu’s summary, which opens without the app; a tap elsewhere still does', async () => {
    await load('<main><details><summary id="menu">Menu <span id="arrow">▾</span></summary><a id="link" href="/program">Programme</a></details></main>');
    for (const type of ['pointerdown', 'touchstart', 'keydown']) document.getElementById('arrow')!.dispatchEvent(new Event(type, { bubbles: true }));
    document.getElementById('menu')!.dispatchEvent(tapEvent('pointerdown'));
    expect(started()).toBe(false);
    document.getElementById('link')!.dispatchEvent(tapEvent('pointerdown'));
    expect(started()).toBe(true);
  });

  it('starts at a tap even when the page stops the tap from reaching the window', async () => {
    await load('<main><div id="widget">Slider</div></main>');
    document.getElementById('widget')!.addEventListener('pointerdown', (event) => event.stopPropagation());
    document.getElementById('widget')!.dispatchEvent(tapEvent('pointerdown'));
    expect(started()).toBe(true);
  });

  it('does not replay a tap on a button the app removed', async () => {
    await load('<main><button id="menu">Menu</button></main>');
    const button = document.getElementById('menu')!;
    const clicks: string[] = [];
    button.addEventListener('click', (e) => !e.defaultPrevented && clicks.push('menu'));
    button.dispatchEvent(tapEvent());
    button.remove();
    hydrate();
    await vi.advanceTimersByTimeAsync(0);
    expect(clicks).toEqual([]);
  });

  it('never holds a link or plain text, and nothing once the app has hydrated', async () => {
    await load('<main><a id="link" href="#about">About</a><p id="text">Text</p><button id="menu">Menu</button></main>');
    for (const id of ['link', 'text']) {
      const tap = tapEvent();
      document.getElementById(id)!.dispatchEvent(tap);
      expect(tap.defaultPrevented).toBe(false);
    }
    hydrate();
    const clicks: string[] = [];
    document.getElementById('menu')!.addEventListener('click', () => clicks.push('menu'));
    const tap = tapEvent();
    document.getElementById('menu')!.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(false);
    expect(clicks).toEqual(['menu']);
  });

  it('holds a form submitted before hydration and submits it again after; after hydration a submit goes straight through', async () => {
    await load('<main><form id="f"><input name="q" value="x"></form></main>');
    const form = document.getElementById('f') as HTMLFormElement;
    const submits: boolean[] = [];
    const early = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(started()).toBe(true);
    form.addEventListener('submit', (event) => {
      event.preventDefault(); // the app's handler
      submits.push(true);
    });
    hydrate();
    await vi.advanceTimersByTimeAsync(0);
    expect(submits).toEqual([true]);
    // Hydrated: the app handles every later submit itself, each one once.
    const late = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(late);
    await vi.advanceTimersByTimeAsync(0);
    expect(submits).toEqual([true, true]);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    hydrate();
    await vi.advanceTimersByTimeAsync(0);
    expect(submits).toEqual([true, true, true]);
  });

  it('does not submit a held form the app removed', async () => {
    await load('<main><form id="f"></form></main>');
    const form = document.getElementById('f') as HTMLFormElement;
    const requestSubmit = vi.spyOn(form, 'requestSubmit');
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    form.remove();
    hydrate();
    await vi.advanceTimersByTimeAsync(0);
    expect(requestSubmit).not.toHaveBeenCalled();
  });

  it('marks the held button busy at once, and clears the mark when the tap is replayed', async () => {
    await load('<main><button id="menu"><span id="label">Menu</span></button></main>');
    const menu = document.getElementById('menu')!;
    document.getElementById('label')!.dispatchEvent(tapEvent());
    expect(menu.hasAttribute('data-pending')).toBe(true);
    expect(menu.getAttribute('aria-busy')).toBe('true');
    let markedAtReplay: boolean | null = null;
    menu.addEventListener('click', () => (markedAtReplay = menu.hasAttribute('data-pending')));
    hydrate();
    await vi.advanceTimersByTimeAsync(0);
    expect(markedAtReplay).toBe(false);
    expect(menu.hasAttribute('aria-busy')).toBe(false);
  });

  it('moves the busy mark to a later tap, which replaces the earlier one', async () => {
    await load('<main><button id="a">A</button><button id="b">B</button></main>');
    const [a, b] = [document.getElementById('a')!, document.getElementById('b')!];
    const clicks: string[] = [];
    a.addEventListener('click', () => clicks.push('a'));
    b.addEventListener('click', () => clicks.push('b'));
    a.dispatchEvent(tapEvent());
    b.dispatchEvent(tapEvent());
    expect(a.hasAttribute('data-pending')).toBe(false);
    expect(b.hasAttribute('data-pending')).toBe(true);
    hydrate();
    await vi.advanceTimersByTimeAsync(0);
    expect(clicks).toEqual(['b']);
  });

  it('marks the button that submitted a held form, or the form when none did', async () => {
    await load('<main><form id="f"><button id="send">Send</button></form><form id="g"></form></main>');
    const send = document.getElementById('send')!;
    document.getElementById('f')!.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: send }));
    expect(send.getAttribute('aria-busy')).toBe('true');
    document.getElementById('g')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(send.hasAttribute('aria-busy')).toBe(false);
    expect(document.getElementById('g')!.getAttribute('aria-busy')).toBe('true');
  });
});

describe('a visitor form waiting for the app', () => {
  it('opens its fields at once, so the visitor can type before the app runs', async () => {
    await load(`<main><form ${TRIGGERS.onIntent}><fieldset disabled><input id="name"></fieldset></form></main>`);
    expect(document.querySelector('fieldset')!.disabled).toBe(false);
    expect(started()).toBe(false);
  });

  it('leaves alone a fieldset the page disabled for another reason, and forms of other pages', async () => {
    await load(
      `<main><form ${TRIGGERS.onIntent}><fieldset><fieldset id="inner" disabled></fieldset></fieldset></form><form><fieldset id="other" disabled></fieldset></form></main>`,
    );
    expect((document.getElementById('inner') as HTMLFieldSetElement).disabled).toBe(true);
    expect((document.getElementById('other') as HTMLFieldSetElement).disabled).toBe(true);
  });
});

describe('a deploy since the page loaded (the app’s files are gone)', () => {
  async function startedPage() {
    await load();
    document.body.dispatchEvent(tapEvent('pointerdown'));
    return document.head.querySelector('script[type="module"]')!;
  }
  const reloadedAt = () => sessionStorage.getItem(RELOAD_KEY);
  const rejection = (reason: unknown) => window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));

  it('reloads when the entry script fails to load, then not again within 10 s, then again at 10 s', async () => {
    const script = await startedPage();
    script.dispatchEvent(new Event('error'));
    const first = Date.now();
    expect(reloadedAt()).toBe(String(first));
    vi.setSystemTime(first + RELOAD_GUARD_MS - 1);
    script.dispatchEvent(new Event('error'));
    expect(reloadedAt()).toBe(String(first));
    vi.setSystemTime(first + RELOAD_GUARD_MS);
    script.dispatchEvent(new Event('error'));
    expect(reloadedAt()).toBe(String(first + RELOAD_GUARD_MS));
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  it('reloads when a module the app imports is gone (any case), before hydration only', async () => {
    await startedPage();
    rejection(new TypeError('failed to fetch dynamically imported module: /assets/x.js'));
    expect(reloadedAt()).toBe(String(Date.now()));
    sessionStorage.clear();
    rejection(new Error('Network error'));
    expect(reloadedAt()).toBeNull();
    hydrate();
    rejection(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    expect(reloadedAt()).toBeNull();
  });

  it('does not watch for failures before the app is started', async () => {
    await load();
    rejection(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    expect(reloadedAt()).toBeNull();
  });
});

describe('analytics before the app starts', () => {
  it('counts the page view after the first paint, when analytics is on', async () => {
    history.replaceState(null, '', '/program');
    await load('<main>Page</main>', withPageview);
    expect(events()).toEqual([]);
    await paint();
    expect(events()).toEqual([expect.objectContaining({ n: 'pageview', u: 'https://summit.example.org/program', d: 'summit.example.org' })]);
  });

  it('counts nothing when analytics is off', async () => {
    await load('<main><a id="out" href="https://www.nci.go.ke/" target="_blank">Institute</a></main>');
    await paint();
    document.getElementById('out')!.dispatchEvent(tapEvent());
    await vi.advanceTimersByTimeAsync(1000);
    expect(events()).toEqual([]);
  });

  it('counts nothing in a browser whose owner set plausible_ignore', async () => {
    localStorage.setItem('plausible_ignore', 'true');
    await load('<main><a id="out" href="https://www.nci.go.ke/" target="_blank">Institute</a></main>', withPageview);
    await paint();
    document.getElementById('out')!.dispatchEvent(tapEvent());
    await vi.advanceTimersByTimeAsync(1000);
    expect(events()).toEqual([]);
    expect(versionReads()).toHaveLength(1);
  });

  it('counts an outbound link click without starting the app for it', async () => {
    await load('<main><a id="out" href="https://www.nci.go.ke/" target="_blank">Institute</a></main>', withPageview);
    document.getElementById('out')!.dispatchEvent(tapEvent());
    await vi.advanceTimersByTimeAsync(0);
    expect(events()).toEqual([expect.objectContaining({ n: 'Outbound Link: Click', p: { url: 'https://www.nci.go.ke/' } })]);
    expect(started()).toBe(false);
  });
});
