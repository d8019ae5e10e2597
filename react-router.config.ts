import type { Config } from '@react-router/dev/config';

// Static files on Firebase Hosting talking to Firestore from the browser (no server). Every public
// page that is the same for every visitor is prerendered to HTML at build time and hydrated, so it
// is readable before any JavaScript runs; sign-in, checkout (a visitor's own record) and the back
// office are client-rendered from the SPA fallback (build/client/__spa-fallback.html).
const CLIENT_ONLY = /^\/(admin|admin-login|login|checkout)(\/|$)/;

export default {
  appDirectory: 'src/app',
  ssr: false,
  prerender: ({ getStaticPaths }) => getStaticPaths().filter((path) => !CLIENT_ONLY.test(path)),
} satisfies Config;
