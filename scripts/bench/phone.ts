// Phone-profile figures (issue 20): what a first visit to a public page costs a visitor on a
// mid-range phone and a slow mobile line, before and after their first tap, and how long that tap
// waits for an answer. Printed, never asserted. Every run is a new browser context, so the cache
// is empty, as on a first visit; each figure is the median of BENCH_PHONE_RUNS runs (3).
// Times are taken in the page, on its own clock (performance.now()), from the tap's own
// timestamp to the first frame that shows the answer: Node's view of the page lags behind it,
// the more so on a throttled CPU.
import type { Browser, BrowserContext, Page } from '@playwright/test';

type Row = Record<string, string | number>;

export const PHONE_RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 3);

/** The phone: 390×844, touch, 150 ms round trip, 1.6 Mbps down, 750 Kbps up, CPU 4× slower. */
export const PHONE_SCREEN = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
export const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
export const PHONE_CPU_SLOWDOWN = 4;

/** The small-screen menu's panel (SiteHeader's MobileMenu). */
const MENU_PANEL = 'nav[aria-label="Mobile"]';
/** The registration form's first text field, by its label (RegisterPage). */
const FIRST_FIELD = 'Full name';
/** Long enough for the app to arrive over the slow line and start on the slow CPU. */
const ANSWER_TIMEOUT = 60_000;

interface Marks {
  tap: number | null;
  menu: number | null;
  typed: number | null;
  hydratedWhenTyped: boolean | null;
  hydrated: number | null;
}

/**
 * Installed before any script of the page (so before the page loader's listeners): stamps the
 * first tap, the first frame in which the watched answer shows (the menu panel, or a character in
 * the field), and the moment the app has hydrated. Runs in the page: it must be self-contained.
 */
function installMarks({ menu, field }: { menu: string | null; field: string | null }) {
  const marks: Marks = { tap: null, menu: null, typed: null, hydratedWhenTyped: null, hydrated: null };
  Object.assign(window, { __benchMarks: marks });
  const hydrated = () => document.documentElement.hasAttribute('data-hydrated');
  // `document`, not its root: the init script runs before the <html> element exists.
  new MutationObserver(() => {
    if (marks.hydrated === null && hydrated()) marks.hydrated = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
  // checkVisibility() is false inside a closed <details> (its content is skipped, yet measurable)
  // and for a closed popover; the height rules out an empty box.
  const shown = (el: Element | null | undefined) => !!el && el.checkVisibility() && el.getBoundingClientRect().height > 0;
  // By label, looked up anew each frame: hydration may replace the element.
  const input = () => [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === field)?.control as HTMLInputElement | null | undefined;
  // A frame's rAF callback runs before that frame is painted: a change seen here is on screen in it.
  const frame = () => {
    if (menu && marks.menu === null && shown(document.querySelector(menu))) marks.menu = performance.now();
    if (field && marks.typed === null && input()?.value) {
      marks.typed = performance.now();
      marks.hydratedWhenTyped = hydrated();
    }
    if ((menu && marks.menu === null) || (field && marks.typed === null)) requestAnimationFrame(frame);
  };
  addEventListener(
    'pointerdown',
    (event) => {
      if (marks.tap !== null) return;
      // When the tap happened, not when the busy main thread got round to dispatching it.
      marks.tap = event.timeStamp;
      requestAnimationFrame(frame);
    },
    { capture: true },
  );
}

/**
 * installMarks as an init script. tsx compiles this file with esbuild's keepNames, which wraps the
 * function's inner named functions in a `__name()` helper the page does not have: a local
 * stand-in, so the page's globals stay its own.
 */
const marksScript = (watch: Parameters<typeof installMarks>[0]) => `(() => { const __name = (f) => f; (${installMarks})(${JSON.stringify(watch)}); })();`;

const readMarks = (page: Page) => page.evaluate(() => (window as unknown as { __benchMarks: Marks }).__benchMarks);
const waitForMark = (page: Page, name: keyof Marks) =>
  page
    .waitForFunction((n) => (window as unknown as { __benchMarks: Marks }).__benchMarks[n] !== null, name, { polling: 100, timeout: ANSWER_TIMEOUT })
    .then(
      () => true,
      () => false, // not answered: the row says so, the bench goes on
    );

/**
 * The phone's network and CPU, set through the DevTools protocol; the script it downloads, as
 * transferred (compressed, headers included): every response typed Script (modulepreloads are
 * too) or served as JavaScript; and when its network has gone quiet.
 */
async function asPhone(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const scripts = new Set<string>();
  const js = { kb: 0, files: 0 };
  const inFlight = new Set<string>();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', ({ requestId }) => {
    inFlight.add(requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type === 'Script' || /javascript/.test(response.mimeType)) scripts.add(requestId);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    inFlight.delete(requestId);
    lastActivity = Date.now();
    if (!scripts.has(requestId)) return;
    js.kb += encodedDataLength / 1024;
    js.files += 1;
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    inFlight.delete(requestId);
    lastActivity = Date.now();
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
  return {
    js: () => ({ ...js }),
    /**
     * Nothing in flight for 500 ms (Playwright's "networkidle", which it reports once per page
     * load, so cannot tell when the network quietens again after the tap).
     */
    async quiet() {
      const deadline = Date.now() + ANSWER_TIMEOUT;
      while ((inFlight.size || Date.now() - lastActivity < 500) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    },
  };
}

type Phone = Awaited<ReturnType<typeof asPhone>>;

/** The moment to count: the page loaded, the network quiet, and a second more. */
async function settle(page: Page, phone: Phone) {
  await page.waitForLoadState('load');
  await phone.quiet();
  await page.waitForTimeout(1000);
}

/** A first visit in a fresh context; `visit` gets the loaded, settled page. */
async function firstVisit<T>(browser: Browser, url: string, watch: Parameters<typeof installMarks>[0], visit: (page: Page, phone: Phone) => Promise<T>) {
  const context = await browser.newContext(PHONE_SCREEN);
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: marksScript(watch) });
    const phone = await asPhone(context, page);
    await page.goto(url);
    await settle(page, phone);
    return await visit(page, phone);
  } finally {
    await context.close();
  }
}

/** The header's menu button: a <button> today, a <summary> once the menu is native HTML. */
const menuButton = (page: Page) => {
  const header = page.locator('header');
  return header
    .getByRole('button', { name: 'Menu', exact: true })
    .or(header.getByText('Menu', { exact: true }))
    .first();
};

/** JS before and after the first tap (on the menu button), and how long that tap waits. */
function menuRun(browser: Browser, url: string) {
  return firstVisit(browser, url, { menu: MENU_PANEL, field: null }, async (page, phone) => {
    const before = phone.js();
    await menuButton(page).tap();
    await waitForMark(page, 'menu');
    // The menu needs no script and its tap starts none (scripts/build/page-loader.ts); whatever it did
    // start has arrived once the network is quiet again.
    await settle(page, phone);
    const after = phone.js();
    const { tap, menu } = await readMarks(page);
    // Then the visitor's next tap, elsewhere on the page (below the open menu): how long until
    // the app it starts is ready (none: the app had started already).
    const next = await page.evaluate(() => performance.now());
    const viewport = page.viewportSize()!;
    await page.touchscreen.tap(viewport.width / 2, viewport.height - 10);
    await waitForMark(page, 'hydrated');
    const { hydrated } = await readMarks(page);
    return { before, after, menu: since(tap, menu), ready: since(next, hydrated) };
  });
}

/** Taps the form's first field on a fresh load, then types like an impatient person: a key every 50 ms until one shows. */
function typingRun(browser: Browser, url: string) {
  return firstVisit(browser, url, { menu: null, field: FIRST_FIELD }, async (page) => {
    const field = page.getByLabel(FIRST_FIELD, { exact: true });
    // On the phone's screen the field is above the fold today; were it not, the visitor would
    // scroll to it (which, on a form's page, starts the app: scripts/build/page-loader.ts).
    await field.scrollIntoViewIfNeeded();
    // force: the field is disabled until the app runs, and the visitor taps it all the same.
    await field.tap({ force: true });
    const deadline = Date.now() + ANSWER_TIMEOUT;
    while (!(await readMarks(page)).typed && Date.now() < deadline) {
      await page.keyboard.press('a');
      await page.waitForTimeout(50);
    }
    const marks = await readMarks(page);
    return { typed: since(marks.tap, marks.typed), hydrated: marks.hydratedWhenTyped };
  });
}

const since = (from: number | null, to: number | null) => (from === null || to === null ? null : to - from);

/** The median of the runs that gave a figure; a run that gave none is counted out loud. */
function median<R>(runs: R[], pick: (run: R) => number | null, format: (n: number) => string) {
  const got = runs
    .map(pick)
    .filter((v): v is number => v !== null)
    .sort((a, b) => a - b);
  if (!got.length) return 'none';
  const figure = format(got[Math.floor(got.length / 2)]);
  return got.length === runs.length ? figure : `${figure} (${got.length}/${runs.length} runs)`;
}
const ms = (n: number) => String(Math.round(n));
const kb = (n: number) => n.toFixed(1);
/** Negative when the app had started before the tap (a page may start it itself). */
const readyMs = (n: number) => (n <= 0 ? 'before tap' : ms(n));

export async function phoneFigures(browser: Browser, origin: string, routes: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const route of routes) {
    const runs = [];
    for (let i = 0; i < PHONE_RUNS; i++) runs.push(await menuRun(browser, origin + route));
    const row: Row = {
      route,
      'JS before tap KB': median(runs, (r) => r.before.kb, kb),
      'files before': median(runs, (r) => r.before.files, String),
      'JS after first tap KB': median(runs, (r) => r.after.kb, kb),
      'files after': median(runs, (r) => r.after.files, String),
      'tap → menu shown ms': median(runs, (r) => r.menu, ms),
      'next tap → app ready ms': median(runs, (r) => r.ready, readyMs),
    };
    if (route === '/register') {
      const typing = [];
      for (let i = 0; i < PHONE_RUNS; i++) typing.push(await typingRun(browser, origin + route));
      row['tap → typed char ms'] = median(typing, (r) => r.typed, ms);
      row['hydrated by then'] = `${typing.filter((r) => r.hydrated).length}/${typing.length}`;
    }
    rows.push(row);
  }
  return rows;
}
