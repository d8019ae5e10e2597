import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

// The layers, and who may import whom (docs/architecture.md, "The layers"): app → features → data →
// components/lib, each feature on its own, and the back office (every folder named `admin`) out
// of reach of public code. A public page importing back-office code would ship it to every phone.
const LAYERS = [
  { type: 'app-admin', pattern: 'src/app/admin', partialMatch: false },
  { type: 'app', pattern: 'src/app', partialMatch: false },
  { type: 'feature-admin', pattern: 'src/features/*/admin', partialMatch: false, capture: ['feature'] },
  { type: 'feature', pattern: 'src/features/*', partialMatch: false, capture: ['feature'] },
  { type: 'admin', pattern: 'src/admin', partialMatch: false },
  { type: 'data', pattern: 'src/data', partialMatch: false },
  { type: 'content', pattern: 'src/content', partialMatch: false },
  { type: 'components', pattern: 'src/components', partialMatch: false },
  { type: 'lib', pattern: 'src/lib', partialMatch: false },
];
/** The certificate's PDF: public code's only way to pdf-lib (below). */
const CERTIFICATE_PDF = 'src/data/certificate-pdf.ts';
/** Cloud Storage's SDK, for the back office's uploads only (public pages read files by address). */
const APP_STORAGE = 'src/lib/app-storage.ts';

const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const sameFeature = (type) => ({ to: { element: { type, captured: { feature: '{{ from.element.captured.feature }}' } } } });
const below = (...types) => types.map((type) => to(type));

export default tseslint.config(
  {
    ignores: [
      'build',
      'dist',
      'functions/lib',
      'functions/.bundle-test-*',
      '.react-router',
      'node_modules',
      'test-results',
      'playwright-report',
      '.emulator-data',
      '.stryker-tmp',
      'reports',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.test-support.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS,
      'boundaries/files': [
        { category: 'route-table', pattern: 'src/app/routes.ts' },
        { category: 'certificate-pdf', pattern: CERTIFICATE_PDF },
        { category: 'app-storage', pattern: APP_STORAGE },
        { category: 'my-registration', pattern: 'src/features/registrations/MyRegistrationPage.tsx' },
      ],
      // Dynamic imports too: a lazily loaded module is still downloaded by whoever imports it.
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Packages too (below: the ones only the back office may load).
          checkAllOrigins: true,
          // Within a layer too: the certificate's line below holds for src/data's own modules.
          checkInternals: true,
          policies: [
            { allow: { to: { module: { origin: ['external', 'core'] } } } },
            // The route table names every route module, the back office's screens included.
            { from: { file: { categories: 'route-table' } }, allow: [to('app-admin')] },
            { from: { element: { type: 'app' } }, allow: [...below('app', 'feature', 'data', 'content', 'components', 'lib')] },
            { from: { element: { type: 'app-admin' } }, allow: [...below('app-admin', 'admin', 'data', 'content', 'components', 'lib')] },
            // A feature uses only itself and the layers below: features never import each other.
            { from: { element: { type: 'feature' } }, allow: [sameFeature('feature'), ...below('data', 'content', 'components', 'lib')] },
            {
              from: { element: { type: 'feature-admin' } },
              allow: [sameFeature('feature'), sameFeature('feature-admin'), ...below('admin', 'data', 'content', 'components', 'lib')],
            },
            { from: { element: { type: 'admin' } }, allow: [...below('admin', 'data', 'content', 'components', 'lib')] },
            { from: { element: { type: 'data' } }, allow: [...below('data', 'content', 'lib')] },
            // The site's copy is a function of the settings staff change, so it knows their shape (types only).
            {
              from: { element: { type: 'content' } },
              allow: [...below('content', 'lib'), { to: { element: { type: 'data' } }, dependency: { kind: 'type' } }],
            },
            { from: { element: { type: 'components' } }, allow: [...below('components', 'lib')] },
            { from: { element: { type: 'lib' } }, allow: [to('lib')] },
            // The back office's heavy packages (the rich-text editor, PDFs, QR scanning) only from an admin folder.
            {
              from: { element: { types: { noneOf: ['admin', 'app-admin', 'feature-admin'] } } },
              disallow: { to: { module: { origin: 'external', source: ['@tiptap/*', 'pdf-lib', 'jsqr'] } } },
            },
            // One door through that line: the attendee's certificate, which "my registration" builds
            // on the attendee's tap. The PDF module loads pdf-lib on demand and the page loads the
            // module on demand, so no page's start carries either, and no other public code reaches
            // them (public-imports.ts walks the same line through the route table).
            {
              from: { file: { categories: 'certificate-pdf' } },
              // (and its types, which the build erases)
              allow: { to: { module: { origin: 'external', source: 'pdf-lib' } }, dependency: [{ nodeKind: 'dynamic-import' }, { kind: 'type' }] },
            },
            {
              from: { element: { types: { noneOf: ['admin', 'app-admin', 'feature-admin'] } } },
              disallow: { to: { file: { categories: 'certificate-pdf' } } },
            },
            {
              from: { file: { categories: 'my-registration' } },
              allow: { to: { file: { categories: 'certificate-pdf' } }, dependency: { nodeKind: 'dynamic-import' } },
            },
            // Its types from anywhere: the build erases them.
            { allow: { to: { file: { categories: 'certificate-pdf' } }, dependency: { kind: 'type' } } },
            // Cloud Storage's SDK only in src/lib (lib/app-storage.ts), and that only from the back office.
            {
              from: { element: { types: { noneOf: ['lib'] } } },
              disallow: [{ to: { module: { source: 'firebase', internalPath: 'storage' } } }, { to: { module: { source: '@firebase/storage' } } }],
            },
            {
              from: { element: { types: { noneOf: ['admin', 'app-admin', 'feature-admin'] } } },
              disallow: { to: { file: { categories: 'app-storage' } } },
            },
            // Firebase Auth only behind src/lib's sign-in modules, whose reach public-imports.test.ts checks.
            {
              from: { element: { types: { noneOf: ['lib'] } } },
              disallow: [{ to: { module: { source: 'firebase', internalPath: 'auth' } } }, { to: { module: { source: '@firebase/auth' } } }],
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // No import cycles, anywhere (the app, the emulator, scripts, tests, e2e, functions), type-only
  // and on-demand imports included: in a cycle, which module owns a concept is unclear, and what
  // runs first depends on who was imported first.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The product never depends on its tooling: src/ imports nothing from the emulator, scripts, tests or e2e.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+(emulator|scripts|tests|e2e|functions)/', message: 'The product does not import its tooling.' }] },
      ],
    },
  },
);
