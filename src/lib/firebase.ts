// The Firebase app and its Firestore (lite: REST, no realtime, small). Auth lives in auth.ts so
// that public pages never download it.
import { getApp, getApps, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore/lite';
import { firebaseConfig, firestoreEmulatorHost, usesEmulators } from './env.ts';

export const firebaseApp = getApps().length ? getApp() : initializeApp(firebaseConfig);

let firestore: Firestore | null = null;

export function getDb(): Firestore {
  if (firestore) return firestore;
  firestore = getFirestore(firebaseApp);
  if (usesEmulators) {
    const [host, port] = firestoreEmulatorHost.split(':');
    connectFirestoreEmulator(firestore, host, Number(port));
  }
  return firestore;
}
