// The app's Firestore (lite: REST, no realtime, small), on the local emulator unless configured.
// Loaded by lib/data.ts the first time the data module needs the SDK.
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore/lite';
import { firestoreEmulatorHost, usesEmulators } from './env.ts';
import { firebaseApp } from './firebase.ts';

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
