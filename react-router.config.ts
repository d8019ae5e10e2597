import type { Config } from '@react-router/dev/config';
import { publishedAbstractPaths, publishedArticlePaths } from './scripts/build/published-paths.ts';
import { isClientOnly } from './scripts/build/client-only-pages.ts';

// Static files on Firebase Hosting talking to Firestore from the browser (no server). Every public
// page that is the same for every visitor is prerendered to HTML at build time and hydrated, so it
// is readable before any JavaScript runs; sign-in, checkout and "my registration" (a visitor's own
// records) and the back office are client-rendered from the SPA fallback (build/client/__spa-fallback.html). Articles
// and accepted abstracts published when the build runs are prerendered too (their page fetches its
// article or abstract during the render and again in the browser, so what was built is refreshed, never trusted).
// React Router asks for the paths more than once per build (to validate, then to render): the
// database is read once.
let publishedPaths: Promise<string[]> | undefined;

export default {
  appDirectory: 'src/app',
  ssr: false,
  prerender: async ({ getStaticPaths }) => [
    ...getStaticPaths().filter((path) => !isClientOnly(path)),
    ...(await (publishedPaths ??= Promise.all([publishedArticlePaths(), publishedAbstractPaths()]).then((lists) => lists.flat()))),
  ],
} satisfies Config;
