// Every e2e test runs on the production build with a guard on the browser's console: an error
// logged by any page (React's report of a hydration mismatch, an uncaught exception, a refused
// script) fails the test that caused it. Resources the network refuses ("Failed to load resource":
// a rules denial a test provokes, an offline test's aborted request) are the browser's notes on
// requests, not the app's errors, and a test that provokes an app error on purpose says which with
// `expectConsoleError`. One more note is Playwright's own: it evaluates its helpers in every frame,
// and in the Emails screen's preview (a frame sandboxed without scripts, so an email can never run
// one) Chromium refuses them and says so, when the timing lets Playwright try
// (microsoft/playwright#33343). The preview's escaping is tested in src/lib/mail-render.test.ts.
import { test as base, type TestInfo } from '@playwright/test';

export { devices, expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

const NETWORK_NOTE = /^Failed to load resource/;
const PLAYWRIGHT_IN_SANDBOX = /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;
const expected = new WeakMap<TestInfo, RegExp[]>();

/** The console error this test provokes on purpose (matched by `pattern`), which the guard lets pass. */
export function expectConsoleError(pattern: RegExp) {
  const info = base.info();
  expected.set(info, [...(expected.get(info) ?? []), pattern]);
}

export const test = base.extend<{ consoleGuard: void }>({
  consoleGuard: [
    async ({ context }, use, testInfo) => {
      const errors: string[] = [];
      const note = (text: string, where: string) => {
        if (!NETWORK_NOTE.test(text) && !PLAYWRIGHT_IN_SANDBOX.test(text)) errors.push(`${where}: ${text}`);
      };
      context.on('console', (message) => message.type() === 'error' && note(message.text(), message.page()?.url() ?? 'worker'));
      context.on('weberror', (error) => note(String(error.error().stack ?? error.error().message), error.page()?.url() ?? 'worker'));
      await use();
      const allowed = expected.get(testInfo) ?? [];
      const unexpected = errors.filter((e) => !allowed.some((pattern) => pattern.test(e)));
      if (unexpected.length) throw new Error(`The browser's console had ${unexpected.length} error(s):\n${unexpected.join('\n')}`);
    },
    { auto: true },
  ],
});
