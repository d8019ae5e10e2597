import { JSDOM, VirtualConsole } from 'jsdom';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bytesByOwner,
  criticalCss,
  entryModuleFile,
  indexablePaths,
  inlineCriticalCss,
  inlineWholeStylesheet,
  ownerOf,
  pageLoaderScript,
  robotsTxt,
  sitemapXml,
  startScriptsOnDemand,
} from './postbuild.ts';
import { CRITICAL_CSS_ID } from '../../src/lib/critical-css.ts';
import { HYDRATED_EVENT, PAGE_LOADER_CONFIG_ID } from '../../src/lib/page-loader.ts';
import { RELOAD_KEY } from '../../src/lib/chunk-reload.ts';
import { TRIGGERS } from '../../src/lib/page-loader-triggers.ts';

describe('sitemap and robots', () => {
  const paths = indexablePaths([
    '/',
    '/about',
    '/blogs/:slug',
    '/checkout',
    '/checkout/:id',
    '/login',
    '/admin-login',
    '/admin',
    '/admin/users',
    '/my-registration',
    '/my-registrations-guide',
    '/faq',
  ]);

  it('lists public pages without parameters, sign-in, checkout, my registration or admin (a look-alike path stays)', () => {
    expect(paths).toEqual(['/', '/about', '/my-registrations-guide', '/faq']);
  });

  it('writes a sitemap of absolute addresses and a robots file that points to it', () => {
    const xml = sitemapXml(paths, 'https://summit.example.org');
    expect(xml).toContain('<loc>https://summit.example.org/about</loc>');
    expect(xml).not.toContain('/admin');
    expect(robotsTxt('https://summit.example.org')).toContain('Disallow: /admin\n');
    expect(robotsTxt('https://summit.example.org')).toContain('Disallow: /my-registration\n');
    expect(robotsTxt('https://summit.example.org')).toContain('Sitemap: https://summit.example.org/sitemap.xml');
  });
});

describe('inline stylesheet', () => {
  const head = (link = '<link rel="stylesheet" href="/assets/root-1.css"/>') => `<html><head><style id="${CRITICAL_CSS_ID}"></style>${link}</head>`;

  it('puts every rule of the SPA shell in the element the app renders, and leaves the link loading without blocking', () => {
    const out = inlineWholeStylesheet(`${head()}<body></body></html>`, (href) => (href === '/assets/root-1.css' ? 'body{color:red}' : ''));
    expect(out).toBe(
      `<html><head><style id="${CRITICAL_CSS_ID}">body{color:red}</style><link rel="stylesheet" href="/assets/root-1.css" media="print" onload="this.media='all'"/></head><body></body></html>`,
    );
  });

  it('cannot be closed early by the stylesheet text', () => {
    const out = inlineWholeStylesheet(head(), () => 'a{content:"</style><script>"}');
    expect(out).not.toContain('</style><script>');
  });

  it('leaves a page without a stylesheet or without the element alone', () => {
    expect(inlineWholeStylesheet(head(''), () => 'a{}')).toBe(head(''));
    expect(inlineWholeStylesheet('<link rel="stylesheet" href="/assets/a.css"/>', () => 'a{}')).toBe('<link rel="stylesheet" href="/assets/a.css"/>');
  });

  describe('on a prerendered page', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'critical-css-'));
      mkdirSync(join(dir, 'assets'));
      writeFileSync(
        join(dir, 'assets/root-1.css'),
        '.used{color:red}.unused{color:blue}[data-pending]{cursor:progress}@media (min-width:40rem){.used{color:green}.gone{color:pink}}',
      );
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('inlines only the rules its HTML uses (and the busy mark of a held tap), into the element the app renders', async () => {
      const out = await inlineCriticalCss(`${head()}<body><p class="used">Hi</p></body></html>`, criticalCss(dir));
      const style = new JSDOM(out).window.document.getElementById(CRITICAL_CSS_ID)!.textContent!;
      expect(style).toContain('.used{color:red}');
      expect(style).toContain('[data-pending]{cursor:progress}');
      expect(style).toContain('.used{color:green}');
      expect(style).not.toContain('.unused');
      expect(style).not.toContain('.gone');
      // One style element, the app's; the whole stylesheet loads without blocking, or plainly without script.
      expect(out.match(/<style/g)).toHaveLength(1);
      expect(out).toContain(`<link rel="stylesheet" href="/assets/root-1.css" media="print" onload="this.media='all'">`);
      expect(out).toContain('<noscript><link rel="stylesheet" href="/assets/root-1.css"></noscript>');
      // The document element as the app renders it, so hydration finds nothing it did not write.
      expect(out).not.toContain('data-beasties-container');
    });

    it('leaves a page without the element alone', async () => {
      const page = '<html><head><link rel="stylesheet" href="/assets/root-1.css"/></head><body><p class="used">Hi</p></body></html>';
      expect(await inlineCriticalCss(page, criticalCss(dir))).toBe(page);
    });
  });
});

describe('scripts start when the page needs them', () => {
  const entry = 'import "/assets/manifest-1.js"; import("/assets/entry.client-1.js");';
  const VERSION_URL = 'http://db.test/v1/projects/p/databases/(default)/documents/counters/content';
  const configTag = (config: object) => `<script type="application/json" id="${PAGE_LOADER_CONFIG_ID}">${JSON.stringify(config)}</script>`;
  const built = (body = '<main>Page</main>', config: object | null = { version: 3, versionUrl: VERSION_URL, builtAt: 0 }) =>
    `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/react-dom-1.js"/></head><body>${body}<script type="module" async>${entry}</script>${config ? configTag(config) : ''}</body></html>`;

  let loader: string;
  beforeAll(async () => {
    loader = await pageLoaderScript();
  });
  // The entry module's file, as postbuild writes it into the build's assets.
  const START = '/assets/start-1.js';
  const startFiles: string[] = [];
  const startFile = (moduleText: string) => (startFiles.push(moduleText), START);
  afterEach(() => startFiles.splice(0));

  /** Fetch as the loader sees it: the content version's document (or a status), and what was posted. */
  function network(version: number | 404 | 'offline') {
    const posted: Array<{ url: string; body: string }> = [];
    const fetch = async (url: string, init?: { method?: string; body?: string }) => {
      if (init?.method === 'POST') return (posted.push({ url, body: init.body ?? '' }), { ok: true, status: 202 });
      if (url !== VERSION_URL) throw new Error(`unexpected ${url}`);
      if (version === 'offline') throw new TypeError('Failed to fetch');
      if (version === 404) return { ok: false, status: 404 };
      return { ok: true, status: 200, json: async () => ({ fields: { version: { integerValue: String(version) } } }) };
    };
    return { fetch, posted };
  }

  /** Intersection as the loader sees it: `show()` brings every observed element into view. */
  function viewport() {
    const observers: Array<{ callback: (entries: Array<{ isIntersecting: boolean }>) => void; targets: Element[] }> = [];
    class FakeObserver {
      targets: Element[] = [];
      constructor(public callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
        observers.push(this);
      }
      observe(el: Element) {
        this.targets.push(el);
      }
      disconnect() {
        this.targets = [];
      }
    }
    return {
      IntersectionObserver: FakeObserver,
      show: () => observers.forEach((o) => o.targets.length && o.callback(o.targets.map(() => ({ isIntersecting: true })))),
    };
  }

  // The pages' clock is faked (jsdom's timers and animation frames are Node's): a test moves it and
  // sees what the loader did by then, however busy the machine. Every page a test opens is closed
  // after it (timers, observers and all).
  const opened: JSDOM[] = [];
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    opened.splice(0).forEach((dom) => dom.window.close());
    vi.useRealTimers();
  });

  function open(html: string, globals: object = {}, url = 'https://summit.example.org/') {
    // A console of its own: jsdom reports the loader's location.reload() as "not implemented".
    const dom = new JSDOM(startScriptsOnDemand(html, loader, startFile), {
      url,
      runScripts: 'dangerously',
      pretendToBeVisual: true,
      virtualConsole: new VirtualConsole(),
      beforeParse: (w) => Object.assign(w, globals),
    });
    opened.push(dom);
    const started = () => dom.window.document.querySelectorAll('head script[type="module"]').length === 1;
    return { dom, document: dom.window.document, started };
  }
  /** The first frame (jsdom paints every 16 ms) and the loader's work after it: the content version read and acted on. */
  const paint = () => vi.advanceTimersByTimeAsync(100);

  it('leaves nothing in the HTML that loads JavaScript, and the entry module in a file of its own', () => {
    const html = startScriptsOnDemand(built(), loader, startFile);
    expect(html).not.toContain('modulepreload" href');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain(entry);
    expect(startFiles).toEqual([entry]);
    expect(html).toContain('<main>Page</main>');
  });

  it('does not start on a page that is up to date until the visitor acts', async () => {
    const { dom, document, started } = open(built(), network(3));
    await vi.advanceTimersByTimeAsync(60_000); // a minute of reading
    expect(started()).toBe(false);
    document.body.dispatchEvent(new dom.window.Event('pointerdown', { bubbles: true }));
    expect(started()).toBe(true);
    expect([...document.querySelectorAll<HTMLLinkElement>('head link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))).toEqual([
      START,
      '/assets/entry.client-1.js',
      '/assets/react-dom-1.js',
    ]);
    expect(document.querySelector('head script[type="module"]')!.getAttribute('src')).toBe(START);
  });

  it('starts at a key press (a keyboard visitor tabbing in)', async () => {
    const { dom, document, started } = open(built(), network(3));
    await paint();
    expect(started()).toBe(false);
    document.body.dispatchEvent(new dom.window.KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(started()).toBe(true);
  });

  it('starts when the content changed since the build (checked after the first paint), so the app shows the new content', async () => {
    const { started } = open(built(), network(4));
    expect(started()).toBe(false);
    await paint();
    expect(started()).toBe(true);
  });

  it('starts when something shown as open at build time has closed since', async () => {
    const past = open(built(`<main><p ${TRIGGERS.changesAt}="${new Date(Date.now() - 60_000).toISOString()}">Closes …</p></main>`), network(3));
    const future = open(built(`<main><p ${TRIGGERS.changesAt}="${new Date(Date.now() + 60_000).toISOString()}">Closes …</p></main>`), network(3));
    await paint();
    expect(past.started()).toBe(true);
    expect(future.started()).toBe(false);
  });

  it('treats a version never moved as 0, and an unreachable database as no news', async () => {
    const never = open(built('<main>Page</main>', { version: 0, versionUrl: VERSION_URL, builtAt: 0 }), network(404));
    const offline = open(built(), network('offline'));
    await paint();
    expect(never.started()).toBe(false);
    expect(offline.started()).toBe(false);
  });

  it('starts after the first paint at an address with a query, which the page was not built for', async () => {
    const { started } = open(built(), network(3), 'https://summit.example.org/program?day=3');
    expect(started()).toBe(false);
    await paint();
    expect(started()).toBe(true);
  });

  it('starts when a part only the app can show comes near the screen', async () => {
    const view = viewport();
    const { started } = open(built(`<main>Page</main><div ${TRIGGERS.needsScript}></div>`), { ...network(3), IntersectionObserver: view.IntersectionObserver });
    await paint();
    expect(started()).toBe(false);
    view.show();
    expect(started()).toBe(true);
  });

  it('holds a tap on a button until the app has hydrated, then replays it', async () => {
    const { dom, document, started } = open(built('<main><button id="menu">Menu</button><a id="link" href="#about">About</a></main>'), network(3));
    await paint();
    const button = document.getElementById('menu')!;
    const clicks: boolean[] = [];
    const tap = button.dispatchEvent(new dom.window.MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(tap).toBe(false); // held: no native behaviour
    expect(started()).toBe(true);
    button.addEventListener('click', () => clicks.push(true)); // the app's handler, attached by hydration
    document.dispatchEvent(new dom.window.Event(HYDRATED_EVENT));
    expect(clicks).toEqual([]); // replayed once the hydration's own work is done, in a task of its own
    await vi.advanceTimersByTimeAsync(0);
    expect(clicks).toEqual([true]);
    // Links are never held: every public page exists as HTML.
    expect(document.getElementById('link')!.dispatchEvent(new dom.window.MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(true);
  });

  // A visitor form as HydratedForm renders it before the app has hydrated.
  const form = `<main><form ${TRIGGERS.onIntent}><fieldset disabled><input id="name"></fieldset></form></main>`;

  it('on a page with a form, starts at the first scroll or pointer movement too; elsewhere a scroll is only reading', async () => {
    const withForm = open(built(form), network(3));
    const reading = open(built(), network(3));
    await paint();
    for (const page of [withForm, reading]) page.dom.window.dispatchEvent(new page.dom.window.Event('scroll'));
    expect(withForm.started()).toBe(true);
    expect(reading.started()).toBe(false);
    const moved = open(built(form), network(3));
    await paint();
    moved.document.body.dispatchEvent(new moved.dom.window.MouseEvent('pointermove', { bubbles: true }));
    expect(moved.started()).toBe(true);
  });

  it('opens the form’s fields at load, so typing needs no script; a submit waits for the app', async () => {
    const { dom, document, started } = open(built(form), network(3));
    expect(document.querySelector('fieldset')!.disabled).toBe(false);
    expect(started()).toBe(false);
    const submit = new dom.window.Event('submit', { bubbles: true, cancelable: true });
    document.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(started()).toBe(true);
  });

  // What the browser reports when a module the app imports is gone: the entry script's error
  // event, or a rejected dynamic import (the app's own chunk-load error pattern).
  const failures: Array<[string, (dom: JSDOM, script: Element) => void]> = [
    ['its entry script fails to load', (dom, script) => script.dispatchEvent(new dom.window.Event('error'))],
    [
      'a module it imports is gone',
      (dom) =>
        dom.window.dispatchEvent(
          Object.assign(new dom.window.Event('unhandledrejection'), {
            reason: new Error('Failed to fetch dynamically imported module: /assets/entry.client-1.js'),
          }),
        ),
    ],
  ];
  it.each(failures)('reloads once when %s (its files replaced by a deploy since the page loaded)', async (_, fail) => {
    const { dom, document } = open(built(), network(3), 'https://summit.example.org/faq');
    await paint();
    document.body.dispatchEvent(new dom.window.Event('pointerdown', { bubbles: true }));
    const script = document.querySelector('head script[type="module"]')!;
    fail(dom, script);
    const first = dom.window.sessionStorage.getItem(RELOAD_KEY);
    expect(Number(first)).toBeGreaterThan(0);
    // A second failure within the guard does not reload again (no loop on a truly broken build).
    fail(dom, script);
    expect(dom.window.sessionStorage.getItem(RELOAD_KEY)).toBe(first);
  });

  it('starts after the first paint on a page without a config (the SPA fallback), even in a tab that never paints', async () => {
    const painted = open(built('<main></main>', null));
    const background = open(built('<main></main>', null), { requestAnimationFrame: () => 0 });
    await paint();
    expect(painted.started()).toBe(true);
    expect(background.started()).toBe(false);
    // Half a second after the page loaded, without a frame.
    await vi.advanceTimersByTimeAsync(399);
    expect(background.started()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(background.started()).toBe(true);
  });

  it('counts the page view when analytics is on, as the app’s tracker would, but never from localhost', async () => {
    const config = {
      version: 3,
      versionUrl: VERSION_URL,
      builtAt: 0,
      pageview: { domain: 'summit.example.org', endpoint: 'https://plausible.test/api/event' },
    };
    const live = network(3);
    const local = network(3);
    open(built('<main>Page</main>', config), live, 'https://summit.example.org/program');
    open(built('<main>Page</main>', config), local, 'http://localhost:4173/program');
    await paint();
    expect(live.posted).toHaveLength(1);
    expect(live.posted[0].url).toBe('https://plausible.test/api/event');
    expect(JSON.parse(live.posted[0].body)).toMatchObject({ n: 'pageview', u: 'https://summit.example.org/program', d: 'summit.example.org' });
    expect(local.posted).toHaveLength(0);
  });

  it('counts an outbound link click before the app has started, without starting it for a link', async () => {
    const config = {
      version: 3,
      versionUrl: VERSION_URL,
      builtAt: 0,
      pageview: { domain: 'summit.example.org', endpoint: 'https://plausible.test/api/event' },
    };
    const live = network(3);
    const { dom, document, started } = open(
      built('<main><a id="out" href="https://www.nci.go.ke/" target="_blank">Institute</a></main>', config),
      live,
      'https://summit.example.org/about',
    );
    await paint();
    document.getElementById('out')!.dispatchEvent(new dom.window.MouseEvent('click', { bubbles: true, cancelable: true }));
    // The page view at the first paint, then the click, sent as it happens.
    expect(live.posted.map((p) => JSON.parse(p.body))).toEqual([
      expect.objectContaining({ n: 'pageview', u: 'https://summit.example.org/about' }),
      expect.objectContaining({ n: 'Outbound Link: Click', u: 'https://summit.example.org/about', p: { url: 'https://www.nci.go.ke/' } }),
    ]);
    // Following a link needs no app: it is not started for it.
    expect(started()).toBe(false);
  });

  it('leaves a page without the app entry alone', () => {
    expect(startScriptsOnDemand('<html><body>static</body></html>', loader, startFile)).toBe('<html><body>static</body></html>');
    expect(startFiles).toEqual([]);
  });

  it('names an entry module file by its content, so one module is one file and a changed one a new address', () => {
    const assets = mkdtempSync(join(tmpdir(), 'start-'));
    try {
      const write = entryModuleFile(assets);
      const first = write(entry);
      expect(write(entry)).toBe(first);
      expect(write(`${entry}\n`)).not.toBe(first);
      expect(first).toMatch(/^\/assets\/start-[0-9a-f]{12}\.js$/);
      expect(readFileSync(join(assets, first.slice('/assets/'.length)), 'utf8')).toBe(entry);
    } finally {
      rmSync(assets, { recursive: true });
    }
  });
});

describe('the bundle report', () => {
  it('names a module by its package (scoped or not, nested or not), or by our folder', () => {
    expect(ownerOf('/work/app/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(ownerOf('/work/app/node_modules/@tanstack/query-core/build/modern/query.js')).toBe('@tanstack/query-core');
    expect(ownerOf('/work/app/node_modules/a/node_modules/@firebase/util/dist/index.esm.js')).toBe('@firebase/util');
    expect(ownerOf('/work/app/src/features/home/HomePage.tsx')).toBe('src/features/home');
    expect(ownerOf('/work/app/src/app/root.tsx')).toBe('src/app');
    expect(ownerOf('\0vite/preload-helper.js')).toBe('bundler runtime');
  });

  it('shares each chunk’s gzip size among its modules by length, largest owner first', () => {
    const stats = {
      nodeParts: { p1: { renderedLength: 300 }, p2: { renderedLength: 100 }, p3: { renderedLength: 50 } },
      nodeMetas: {
        m1: { id: '/a/node_modules/react-dom/cjs/react-dom.production.js', moduleParts: { 'assets/entry.js': 'p1' } },
        m2: { id: '/a/src/app/root.tsx', moduleParts: { 'assets/entry.js': 'p2' } },
        m3: { id: '/a/src/app/routes.ts', moduleParts: { 'assets/root.js': 'p3', 'assets/other.js': 'p3' } },
      },
    };
    const shares = bytesByOwner(stats, [
      { file: 'assets/entry.js', gzip: 1000 },
      { file: 'assets/root.js', gzip: 40 },
    ]);
    expect(shares).toEqual([
      { owner: 'react-dom', bytes: 750 },
      { owner: 'src/app', bytes: 290 },
    ]);
    expect(bytesByOwner(stats, [{ file: 'assets/missing.js', gzip: 10 }])).toEqual([]);
  });
});
