import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: { port: 5173, strictPort: true },
  // The dev server pre-bundles dependencies it finds from the entry; route modules load lazily, so
  // without this it found the back office's and the forms' dependencies only on a first visit,
  // re-optimised, and the browser's pending import of entry.client.tsx failed ("Failed to fetch
  // dynamically imported module"). Scanning every module up front bundles them all at start.
  optimizeDeps: { entries: ['src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}', '!src/app/entry.server.tsx'] },
  preview: { port: 4173 },
});
