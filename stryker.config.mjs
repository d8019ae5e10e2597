// `npm run mutation`: Stryker plants small bugs (mutants) in the code whose bugs cost most and
// runs the unit and component tests against each; a mutant no test notices is a bug the tests
// would let through. Not part of `npm test` (it takes tens of minutes on two cores). The
// clear-text report prints the score per file; the HTML report is reports/mutation/index.html.
// Scope: `npm run mutation -- --mutate 'src/lib/csv.ts'` runs one file.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  mutate: [
    // The platform: sessions, the data module's helpers, CSV, dates, references, validation.
    'src/lib/**/*.ts',
    // What visitors send, as the rules and the screens check it.
    'src/features/*/schema.ts',
    'src/features/*/admin/schema.ts',
    'src/features/payments/admin/manual-payment-schema.ts',
    'src/data/site-settings-schema.ts',
    // Money, invoice numbers and invoice maths.
    'src/features/invoices/admin/invoice-math.ts',
    'src/features/invoices/admin/invoice-number.ts',
    'src/features/invoices/admin/issue-invoice.ts',
    'src/components/format.ts',
    // Payment and check-in decisions; payment codes, and statements read, matched and applied.
    'src/features/payments/admin/payment-actions.ts',
    'src/data/payment-codes.ts',
    'src/features/payments/admin/statement/*.ts',
    'src/features/registrations/admin/check-in.ts',
    // The page loader every prerendered page runs.
    'scripts/build/page-loader.ts',
    // The emulator's query engine and rules engine: what every test of the product stands on.
    'emulator/src/values.ts',
    'emulator/src/filters.ts',
    'emulator/src/query.ts',
    'emulator/src/transforms.ts',
    'emulator/src/indexes.ts',
    'emulator/src/rules/**/*.ts',
    // Never the tests and their support files.
    '!**/*.test.ts',
    '!**/*.test.tsx',
    '!**/*.test-support.ts',
    '!emulator/src/rules/test-support.ts',
    // Browser-only wiring with no logic of its own (SDK initialisation, env reading).
    '!src/lib/firebase.ts',
    '!src/lib/env.ts',
    '!src/lib/data.ts',
  ],
};
