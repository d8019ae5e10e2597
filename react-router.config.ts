import type { Config } from '@react-router/dev/config';

// SPA mode: the app is static files on Firebase Hosting, talking to Firestore from the browser.
export default {
  appDirectory: 'src/app',
  ssr: false,
} satisfies Config;
