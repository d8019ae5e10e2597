import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';

// The app runs on Preact through its React compatibility layer (README: "Why Preact"): every import
// of React or ReactDOM, in our code and in the libraries (React Router, TanStack Query,
// react-hook-form, tiptap), resolves to preact/compat. The component tests stay on React (README,
// "Why Preact": Testing Library's renderer and tiptap's CommonJS store bindings load React itself under
// vitest); the e2e tests run the production build, on Preact.
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * The bundle report of the browser build: build/bundle-report.html to explore (a treemap), and
 * build/bundle-stats.json, from which scripts/postbuild.ts prints where a public page's bytes go.
 * Outside build/client, so never deployed.
 */
const bundleReport = [
  visualizer({ filename: 'build/bundle-report.html', template: 'treemap', gzipSize: true }),
  visualizer({ filename: 'build/bundle-stats.json', template: 'raw-data' }),
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : bundleReport)],
  resolve: { alias: PREACT_ALIASES },
  // The libraries that import React are bundled into the prerender too, so their React imports
  // resolve to Preact as the browser's do (left external, Node would load React itself for them).
  ssr: { noExternal: [/^react-router/, /^@react-router\//, /^@tanstack\/react-query/, /^react-hook-form/, /^@hookform\//, /^@tiptap\//, /^preact/] },
  server: { port: 5173, strictPort: true },
  optimizeDeps: {
    entries: ['src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}', '!src/app/entry.server.tsx'],
    // Dependencies of dependencies the start-up scan misses: found at the first visit instead, they
    // made the dev server re-bundle and reload that visit with 504 "Outdated Optimize Dep" errors.
    include: ['cookie', 'react-router > cookie', 'react-router > set-cookie-parser', '@tanstack/react-query > @tanstack/query-core'],
  },
  preview: { port: 4173 },
}));
