// Every e2e test runs on the production build with a guard on the browser's console: an error
// logged by any page (React's report of a hydration mismatch, an uncaught exception, a refused
// script) fails the test that caused it. Resources the network refuses ("Failed to load resource":
// a rules denial a test provokes, an offline test's aborted request) are the browser's notes on
// requests, not the app's errors, and a test that provokes an app error on purpose says which with
// `expectConsoleError`.
import { test as base, type TestInfo } from '@playwright/test';

export { devices, expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

const NETWORK_NOTE = /^Failed to load resource/;
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
        if (!NETWORK_NOTE.test(text)) errors.push(`${where}: ${text}`);
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
