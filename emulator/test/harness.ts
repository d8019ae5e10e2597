// Conformance tests run against FIRESTORE_EMULATOR_HOST when it is set (e.g. the official
// emulator), otherwise against an in-process emulator of ours with no rules.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, setLogLevel, type Firestore } from 'firebase/firestore/lite';
import { createEmulator, type RunningEmulator } from '../src/server.ts';

export const PROJECT_ID = 'demo-conformance';

// Many tests expect refusals; the SDK would log every one as a warning.
setLogLevel('silent');

export interface Harness {
  db: Firestore;
  host: string;
  /** Empties the database (the official emulator's DELETE endpoint). */
  clear(): Promise<void>;
  /** A second, independent client: another browser tab, another staff member. */
  client(name: string): Firestore;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  let emulator: RunningEmulator | null = null;
  let host = process.env.FIRESTORE_EMULATOR_HOST;
  if (!host) {
    emulator = await createEmulator({ port: 0 });
    host = `127.0.0.1:${emulator.port}`;
  }
  const apps: FirebaseApp[] = [];
  const client = (name: string) => {
    const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-key' }, `${name}-${Math.random()}`);
    apps.push(app);
    const db = getFirestore(app);
    const [h, p] = host!.split(':');
    connectFirestoreEmulator(db, h, Number(p));
    return db;
  };
  return {
    db: client('main'),
    host,
    client,
    clear: async () => {
      const res = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: 'DELETE' });
      if (!res.ok) throw new Error(`clear failed: ${res.status}`);
    },
    close: async () => {
      await Promise.all(apps.map((a) => deleteApp(a)));
      await emulator?.close();
    },
  };
}
