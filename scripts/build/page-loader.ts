// The loader inlined at the end of every prerendered page (scripts/build/postbuild.ts compiles and
// minifies it). A prerendered page is complete without JavaScript: its HTML carries the text and
// the data it was built with. So the app's scripts (about 180 KB) start only when the page needs
// them, and a visitor who only reads spends no mobile data on them:
//   - at the visitor's first tap, click or key press (not one on a header menu's <summary>: the
//     menu opens without the app);
//   - on a page with a visitor form ([data-script-on-intent]), at the first sign of intent too:
//     a scroll or a pointer movement, so the form is usually ready by the time it is reached;
//   - when a part only the app can show ([data-needs-script]: a list read in the browser)
//     comes near the screen;
//   - when the content changed since the build (the content version, one small REST read), or
//     something it shows as open ([data-changes-at]: a tender, a job) has closed since;
//   - after the first paint when the address has a query (/program?day=3), which the build could
//     not apply.
// A page without a config (the SPA fallback: back office, checkout) starts them after first paint.
// A tap on a button before the app runs is held (the button shows it is busy at once), and
// replayed once the app has hydrated; a visitor form's fields open at once, and what is typed is
// kept. So no first tap is lost; links need no holding, as every public page also exists as HTML.

import { countOutboundClicks, sendEvent } from '../../src/lib/plausible-events.ts';
import { TRIGGERS, withTrigger } from '../../src/lib/page-loader-triggers.ts';

declare const __CONFIG_ID__: string;
declare const __HYDRATED_EVENT__: string;
declare const __INERT_TYPE__: string;
declare const __RELOAD_KEY__: string;
declare const __RELOAD_GUARD_MS__: number;
declare const __CHUNK_LOAD_ERROR__: string;

interface Config {
  version: number;
  versionUrl: string;
  builtAt: number;
  pageview?: { domain: string; endpoint: string };
}

(function () {
  const entry = document.querySelector<HTMLScriptElement>(`script[type="${__INERT_TYPE__}"]`);
  if (!entry) return;
  let started = false;
  let hydrated = false;
  /** The tap or submit held until the app has hydrated: its replay, and the busy mark to clear. */
  let held: { replay: () => void; release: () => void } | null = null;

  function start() {
    if (started) return;
    started = true;
    for (const href of JSON.parse(entry!.dataset.preloads || '[]') as string[]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
    // The entry module is a file of the build (postbuild.ts): the Content-Security-Policy allows
    // this site's files, not a script made from text.
    const script = document.createElement('script');
    script.type = 'module';
    script.src = entry!.dataset.src!;
    // The app may start long after the page loaded: across a deploy, its files are gone. Reload
    // the page once (the new build's), by the app's own rule (lib/chunk-reload.ts: a 10 s guard
    // against a reload loop).
    script.addEventListener('error', reloadForNewBuild);
    addEventListener('unhandledrejection', (event) => {
      if (!hydrated && new RegExp(__CHUNK_LOAD_ERROR__, 'i').test(String(event.reason))) reloadForNewBuild();
    });
    document.head.appendChild(script);
  }

  function reloadForNewBuild() {
    try {
      if (Date.now() - Number(sessionStorage.getItem(__RELOAD_KEY__) ?? 0) < __RELOAD_GUARD_MS__) return;
      sessionStorage.setItem(__RELOAD_KEY__, String(Date.now()));
    } catch {
      // Storage blocked: reload anyway; a page that cannot start is no better.
    }
    location.reload();
  }

  // Network work waits for the first paint, so the first round trip carries the page alone (on a
  // slow line a request made while the page is parsed delays its paint): after the next frame, or
  // after half a second in a background tab, which has no frames.
  function afterPaint(run: () => void) {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      run();
    };
    requestAnimationFrame(() => setTimeout(once));
    setTimeout(once, 500);
  }

  const configText = document.getElementById(__CONFIG_ID__)?.textContent;
  const config: Config | null = configText ? JSON.parse(configText) : null;
  if (!config) return afterPaint(start);

  // The page was built for its bare address: a query (a filtered programme link) needs the app.
  if (location.search) afterPaint(start);
  const intents = ['pointerdown', 'touchstart', 'keydown'];
  if (document.querySelector(withTrigger(TRIGGERS.onIntent))) intents.push('scroll', 'wheel', 'pointermove');
  const asIntent = {
    capture: true, // before the page's own handlers, which may stop the event
    // Stryker disable next-line BooleanLiteral: equivalent: start() never prevents the default, and does its work once whoever calls it.
    passive: true,
  };
  // A header menu (a native <details>) opens without the app, and the next tap is usually one of
  // its links, a new page: starting 80 KB of script then would only compete with that page.
  const onIntent = (event: Event) => {
    if (!(event.target instanceof Element && event.target.closest('summary'))) start();
  };
  for (const type of intents) addEventListener(type, onIntent, asIntent);

  // Until the app has hydrated, a button's click (or a form's submit) would do nothing, or submit
  // natively: it is held, and replayed once the app has hydrated. Meanwhile the button says so at
  // once (pressed and busy: app.css styles [data-pending]), so a tap never seems lost.
  const hold = (event: Event, pending: Element, replay: () => void) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    held?.release(); // a later tap replaces an earlier one
    pending.setAttribute('data-pending', '');
    pending.setAttribute('aria-busy', 'true');
    const release = () => {
      pending.removeAttribute('data-pending');
      pending.removeAttribute('aria-busy');
    };
    held = { replay, release };
    start();
  };
  addEventListener(
    'click',
    (event) => {
      const button = !hydrated && event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"]') : null;
      if (button) hold(event, button, () => button.isConnected && button.click());
    },
    true,
  );
  addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      if (!hydrated) hold(event, (event as SubmitEvent).submitter ?? form, () => form.isConnected && form.requestSubmit());
    },
    true,
  );

  // A visitor form is disabled in the HTML, so that without script it cannot submit natively (its
  // answers would go into the address). With this script running, a submit is held (above): the
  // fields open at once, and what is typed before the app runs is kept (components/HydratedForm.tsx).
  document.querySelectorAll<HTMLFieldSetElement>(`form${withTrigger(TRIGGERS.onIntent)} > fieldset[disabled]`).forEach((fieldset) => {
    fieldset.disabled = false;
  });

  document.addEventListener(__HYDRATED_EVENT__, () => {
    hydrated = true;
    const tap = held;
    held = null;
    if (tap)
      setTimeout(() => {
        tap.release();
        tap.replay();
      });
  });

  const needed = document.querySelectorAll(withTrigger(TRIGGERS.needsScript));
  if (needed.length && typeof IntersectionObserver === 'undefined') start();
  else if (needed.length) {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin: '200px 0px' },
    );
    needed.forEach((el) => observer.observe(el));
  }

  afterPaint(() => {
    // Something shown as open when the page was built (a tender, a job) has closed since.
    const changes = [...document.querySelectorAll(withTrigger(TRIGGERS.changesAt))].map((el) => Date.parse(el.getAttribute(TRIGGERS.changesAt)!));
    if (changes.some((at) => at <= Date.now())) start();
    fetch(config.versionUrl, { credentials: 'omit' })
      .then((response) => (response.status === 404 ? null : response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((doc: { fields?: { version?: { integerValue?: string } } } | null) => {
        if (Number(doc?.fields?.version?.integerValue ?? 0) !== config.version) start();
      })
      // Offline, or the database unreachable: the page stays as built, and the app starts on a tap.
      .catch(() => {});
    if (config.pageview) void sendEvent(config.pageview, 'pageview', location.href);
  });

  // Outbound links are counted from the first paint, whether or not the app ever starts (the app
  // leaves them to this listener on a prerendered page: src/lib/analytics.ts).
  if (config.pageview) countOutboundClicks(config.pageview);
})();
