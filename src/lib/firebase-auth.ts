// The one Firebase Auth instance, for staff sign-in (auth.ts) and visitors' anonymous identity
// (visitor-auth.ts). Importing this module downloads the Auth SDK: public pages reach it only
// through a dynamic import when a visitor submits a form (scripts/build/public-imports.ts checks).
import { browserLocalPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';
import { authEmulatorHost, usesEmulators } from './env.ts';
import { firebaseApp } from './firebase.ts';

// Without a popup resolver: getAuth's would load Google's sign-in frame (apis.google.com) at once
// on phones and Safari, though only the staff's Google sign-in uses a popup (auth.ts passes the
// resolver to that one call).
export const auth = initializeAuth(firebaseApp, { persistence: browserLocalPersistence });
if (usesEmulators) connectAuthEmulator(auth, `http://${authEmulatorHost}`, { disableWarnings: true });
/** Settles once the signed-in person (if any) has been read back from the browser's storage. */
export const ready = auth.authStateReady();
