import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/browser.ts';

// End-to-end: a real browser (Debian's chromium; Playwright's own download is unreachable here)
// against the production build served as Firebase Hosting serves it (`npm run preview`: the Hosting
// emulator) and, for e2e/dev-server.spec.ts, the dev server `npm start` runs, with a fresh local
// stack started by the global setup on the ports the build talks to (firebase.json: 8080 / 9099).

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: 'http://localhost:4173',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'npx tsx scripts/serve/preview.ts --port 4173',
      url: 'http://localhost:4173/',
      reuseExistingServer: false,
      timeout: 60_000,
      // The emulator shuts down cleanly on SIGTERM (Playwright's default, SIGKILL, leaves its debug log).
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    // What `npm start` serves (e2e/dev-server.spec.ts): the dev server, against the same stack.
    {
      command: 'npx react-router dev --port 5173 --strictPort',
      url: 'http://localhost:5173/',
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
