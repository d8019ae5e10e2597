// The config `npm run preview` hands the Firebase Hosting emulator (scripts/serve/preview.ts):
// firebase.json's hosting block as Hosting reads it, with two changes only.
//   - `public` is relative to the folder this config is written to (build/): the emulator reads it
//     relative to its config file's folder.
//   - The Content-Security-Policy's connect-src is widened by the local emulators' origins
//     (firebase.json's `emulators`): a build made without a production project talks to them
//     (src/lib/env.ts) instead of firestore.googleapis.com and identitytoolkit.googleapis.com.
// Everything else (rewrites, headers, cleanUrls, trailingSlash) is firebase.json's own, and the
// routing, the 404 page and compression are the emulator's: Hosting's, not ours.
import { dirname, relative } from 'node:path';
import { readFirebaseJson } from '../build/hosting-config.ts';
import { withSources, type HostingHeader } from '../build/security-headers.ts';

/** Where the preview's config is written, relative to the repository: next to the build it serves. */
export const PREVIEW_CONFIG = 'build/firebase.preview.json';

/** The emulator's project: a `demo-` one needs no login and reaches no Google service. */
export const PREVIEW_PROJECT = 'demo-nci-summit-preview';

interface FirebaseJson {
  hosting: { public: string; headers: HostingHeader[] } & Record<string, unknown>;
  emulators: Record<string, { host: string; port: number }>;
}

/**
 * firebase.json's header rules, the Content-Security-Policy widened by the emulators' origins: the
 * app talks to all three (connect-src), and shows the files Cloud Storage's serves (img-src, which
 * allows only https addresses otherwise).
 */
export function previewHeaders(config: FirebaseJson): HostingHeader[] {
  const origin = (name: string) => `http://${config.emulators[name].host}:${config.emulators[name].port}`;
  const widen = (policy: string) =>
    withSources(withSources(policy, 'connect-src', ['firestore', 'auth', 'storage'].map(origin)), 'img-src', [origin('storage')]);
  return config.hosting.headers.map((rule) => ({
    source: rule.source,
    headers: rule.headers.map((h) => (h.key === 'Content-Security-Policy' ? { key: h.key, value: widen(h.value) } : h)),
  }));
}

/** The emulator's firebase.json: the hosting block (see above) and the hosting emulator's address. */
export function previewConfig(config: FirebaseJson = readFirebaseJson(), port: number = config.emulators.hosting.port) {
  return {
    hosting: { ...config.hosting, public: relative(dirname(PREVIEW_CONFIG), config.hosting.public), headers: previewHeaders(config) },
    emulators: { hosting: { host: config.emulators.hosting.host, port }, ui: { enabled: false }, singleProjectMode: true },
  };
}
