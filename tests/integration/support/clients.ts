// SDK clients for the integration tests, each its own Firebase app (a separate browser, in
// effect), signed in through the Auth emulator when given an account.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, setLogLevel, type Firestore } from 'firebase/firestore/lite';
import { inject } from 'vitest';
import { ensureAuthUser } from '../../../emulator/seed/rest.ts';

// Denials are what many tests expect; the SDK would log each one as a warning.
setLogLevel('silent');

const apps: FirebaseApp[] = [];
let counter = 0;

export const stack = () => inject('stackAddress');

export interface Account {
  email: string;
  password: string;
  emailVerified?: boolean;
}

/** A Firestore client; signed in as `account` (created in the Auth emulator if needed) when given. */
export async function client(account?: Account): Promise<Firestore> {
  const address = stack();
  const app = initializeApp({ projectId: address.projectId, apiKey: 'demo-api-key' }, `client-${++counter}`);
  apps.push(app);
  if (account) {
    await ensureAuthUser(address, { ...account, emailVerified: account.emailVerified ?? true });
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://${address.auth}`, { disableWarnings: true });
    await signInWithEmailAndPassword(auth, account.email, account.password);
  }
  const db = getFirestore(app);
  const [host, port] = address.firestore.split(':');
  connectFirestoreEmulator(db, host, Number(port));
  return db;
}

export async function closeClients() {
  await Promise.all(apps.splice(0).map((a) => deleteApp(a)));
}
