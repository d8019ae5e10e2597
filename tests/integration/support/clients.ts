// SDK clients for the integration tests, each its own Firebase app (a separate browser, in
// effect), signed in through the Auth emulator when given an account.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInAnonymously, signInWithEmailAndPassword, type User } from 'firebase/auth';
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
  /** Defaults to true; false makes an account whose token says email_verified: false. */
  emailVerified?: boolean;
}

export interface Connection {
  db: Firestore;
  /** The signed-in user, null for an anonymous visitor. */
  user: User | null;
}

/** A Firestore client and its user; signed in as `account` (created in the Auth emulator if needed) when given. */
export async function connect(account?: Account): Promise<Connection> {
  const address = stack();
  const app = initializeApp({ projectId: address.projectId, apiKey: 'demo-api-key' }, `client-${++counter}`);
  apps.push(app);
  let user: User | null = null;
  if (account) {
    await ensureAuthUser(address, { ...account, emailVerified: account.emailVerified ?? true });
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://${address.auth}`, { disableWarnings: true });
    user = (await signInWithEmailAndPassword(auth, account.email, account.password)).user;
  }
  const db = getFirestore(app);
  const [host, port] = address.firestore.split(':');
  connectFirestoreEmulator(db, host, Number(port));
  return { db, user };
}

/** A visitor as the site makes one when they submit a form: a fresh anonymous identity in its own browser. */
export async function visitor(): Promise<{ db: Firestore; uid: string }> {
  const address = stack();
  const app = initializeApp({ projectId: address.projectId, apiKey: 'demo-api-key' }, `visitor-${++counter}`);
  apps.push(app);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${address.auth}`, { disableWarnings: true });
  const { user } = await signInAnonymously(auth);
  const db = getFirestore(app);
  const [host, port] = address.firestore.split(':');
  connectFirestoreEmulator(db, host, Number(port));
  return { db, uid: user.uid };
}

/** A Firestore client; signed in as `account` when given. */
export async function client(account?: Account): Promise<Firestore> {
  return (await connect(account)).db;
}

export async function closeClients() {
  await Promise.all(apps.splice(0).map((a) => deleteApp(a)));
}
