import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';

/**
 * The bundle report of the browser build: build/bundle-report.html to explore (a treemap), and
 * build/bundle-stats.json, from which scripts/build/postbuild.ts prints where a public page's bytes go.
 * Outside build/client, so never deployed.
 */
const bundleReport = [
  visualizer({ filename: 'build/bundle-report.html', template: 'treemap', gzipSize: true }),
  visualizer({ filename: 'build/bundle-stats.json', template: 'raw-data' }),
];

/**
 * React Router's package exports only its development build, for production builds too
 * (remix-run/react-router#12532, #14102): its dev-only warnings and checks are shipped and run. The
 * browser build takes the production build it also ships, which drops them (0.6 KB gzip a page).
 */
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

/**
 * The libraries every page runs before it can start, in one file: left to the automatic split they
 * were spread over six files (react-dom in one, React Router in another, TanStack Query across four
 * of our own), each gzipped apart.
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : bundleReport)],
  resolve: { alias: command === 'build' && !isSsrBuild ? REACT_ROUTER_PRODUCTION : [] },
  build: { rolldownOptions: { output: { advancedChunks: { groups: [{ name: 'framework', test: FRAMEWORK }] } } } },
  server: { port: 5173, strictPort: true },
  optimizeDeps: {
    entries: ['src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}', '!src/app/entry.server.tsx'],
    // Dependencies of dependencies the start-up scan misses: found at the first visit instead, they
    // made the dev server re-bundle and reload that visit with 504 "Outdated Optimize Dep" errors.
    include: ['cookie', 'react-router > cookie', 'react-router > set-cookie-parser', '@tanstack/react-query > @tanstack/query-core'],
  },
  preview: { port: 4173 },
}));
