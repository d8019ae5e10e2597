// A browser's Firebase client, in Node, pointed at a running stack: the benches drive the app's own
// write paths through it, as a visitor or a staff member would, with the rules enforced.
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import type { StackAddress } from '../../emulator/seed/rest.ts';

/** A Firebase app of its own (`name` must be unique while it lives; deleteApp it after). */
export function stackClient(a: StackAddress, name: string) {
  const app = initializeApp({ projectId: a.projectId, apiKey: 'demo-api-key' }, name);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${a.auth}`, { disableWarnings: true });
  const firestore = getFirestore(app);
  const [host, port] = a.firestore.split(':');
  connectFirestoreEmulator(firestore, host, Number(port));
  return { app, auth, firestore };
}
