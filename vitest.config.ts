import { defineConfig } from 'vitest/config';

// Three layers, one runner. `unit` and `component` need nothing running; `integration` talks to
// the local stack (our Firestore emulator + the Auth emulator), which its global setup starts
// unless FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST already point at running ones.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['emulator/src/**/*.test.ts', 'src/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['emulator/test/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          globalSetup: ['tests/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
