import { defineConfig } from 'vitest/config';

// Four layers, one runner. `unit` and `component` need nothing running. `conformance` drives the
// real SDK against a bare emulator (its own, or the one FIRESTORE_EMULATOR_HOST names, e.g. the
// official emulator). `integration` talks to the whole local stack with firestore.rules enforced,
// which its global setup starts (or reuses when SUMMIT_STACK_FIRESTORE / SUMMIT_STACK_AUTH are set).
/** The layers that need nothing running (also what `npm run mutation` runs: vitest.mutation.config.ts). */
export const standaloneProjects = [
  {
    test: {
      name: 'unit',
      environment: 'node' as const,
      // CI machines are noisy and have two cores: a test is a failure when it is wrong, not slow.
      testTimeout: 20_000,
      include: [
        'emulator/src/**/*.test.ts',
        'emulator/mail/**/*.test.ts',
        'src/**/*.test.ts',
        'functions/src/**/*.test.ts',
        'scripts/**/*.test.ts',
        'tests/unit/**/*.test.ts',
      ],
    },
  },
  {
    test: {
      name: 'component',
      environment: 'jsdom' as const,
      testTimeout: 20_000,
      include: ['src/**/*.test.tsx'],
      setupFiles: ['tests/setup-dom.ts'],
    },
  },
];

export default defineConfig({
  test: {
    projects: [
      ...standaloneProjects,
      {
        test: {
          name: 'conformance',
          environment: 'node',
          include: ['emulator/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/global-setup.ts'],
          setupFiles: ['tests/integration/stack-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
