// The one Firebase Auth instance, for staff sign-in (auth.ts) and visitors' anonymous identity
// (visitor-auth.ts). Importing this module downloads the Auth SDK: public pages reach it only
// through a dynamic import when a visitor submits a form (scripts/public-imports.ts checks).
import { browserLocalPersistence, connectAuthEmulator, getAuth, setPersistence } from 'firebase/auth';
import { authEmulatorHost, usesEmulators } from './env.ts';
import { firebaseApp } from './firebase.ts';

export const auth = getAuth(firebaseApp);
if (usesEmulators) connectAuthEmulator(auth, `http://${authEmulatorHost}`, { disableWarnings: true });
export const ready = setPersistence(auth, browserLocalPersistence);
