// Build-time configuration. Without VITE_FIREBASE_PROJECT_ID the app runs against the local
// emulators with Firebase's emulator-only `demo-` project.
// Outside Vite (a Node script such as the bench importing the app's write path) there is no
// import.meta.env: the local defaults apply.
const env: Partial<ImportMetaEnv> = import.meta.env ?? {};

export const firebaseConfig = {
  apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || undefined,
  projectId: env.VITE_FIREBASE_PROJECT_ID || 'demo-nci-summit',
  // The emulators' bucket is the demo project's default one (Cloud Storage's emulator takes any name).
  storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET || (env.VITE_FIREBASE_PROJECT_ID ? undefined : 'demo-nci-summit.appspot.com'),
  messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID || undefined,
  appId: env.VITE_FIREBASE_APP_ID || undefined,
};

export const usesEmulators = !env.VITE_FIREBASE_PROJECT_ID;
export const firestoreEmulatorHost: string = env.VITE_FIRESTORE_EMULATOR_HOST || '127.0.0.1:8080';
export const authEmulatorHost: string = env.VITE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
export const storageEmulatorHost: string = env.VITE_STORAGE_EMULATOR_HOST || '127.0.0.1:9199';
export const apiBaseUrl: string = env.VITE_API_BASE_URL || '';
export const geoLookupUrl: string = env.VITE_GEO_LOOKUP_URL || '';
export const plausibleDomain: string = env.VITE_PLAUSIBLE_DOMAIN || '';
/** Firebase App Check (lib/app-check.ts): a reCAPTCHA Enterprise site key turns it on; a debug token uses the debug provider. */
export const appCheckSiteKey: string = env.VITE_APPCHECK_SITE_KEY || '';
export const appCheckDebugToken: string = env.VITE_APPCHECK_DEBUG_TOKEN || '';
