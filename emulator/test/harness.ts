// Conformance tests drive the real firebase/firestore/lite SDK. They run against the emulator that
// FIRESTORE_EMULATOR_HOST names when it is set (for instance the official one: see README.md),
// otherwise against an in-process emulator of ours on a free port, with no rules.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, setLogLevel, type Firestore } from 'firebase/firestore/lite';
import type { IndexConfig } from '../src/indexes.ts';
import { createEmulator, type RunningEmulator } from '../src/server.ts';
import { allowAll, type Authorizer } from '../src/rules/contract.ts';

export const PROJECT_ID = 'demo-nci-summit';
export const ROOT = `projects/${PROJECT_ID}/databases/(default)/documents`;

// Many tests expect refusals; the SDK would log each one as a warning.
setLogLevel('silent');

export interface ClientOptions {
  /**
   * Signs the client in with an unsigned emulator ID token (the SDK's `mockUserToken`) carrying
   * these claims. It is issued now for PROJECT_ID (iat, exp an hour later, aud, iss) unless the
   * claims say otherwise; `iat: 0` gives the SDK's default token, which states no time.
   */
  user?: { uid: string; [claim: string]: unknown };
}

export interface Harness {
  db: Firestore;
  /** host:port */
  host: string;
  /** True when the tests run against an emulator that is not ours (FIRESTORE_EMULATOR_HOST). */
  external: boolean;
  /** Our in-process emulator (null when external). */
  emulator: RunningEmulator | null;
  /** Empties the database through the emulator's DELETE endpoint, as the official emulator has it. */
  clear(): Promise<void>;
  /** Another independent client: another browser tab, another member of staff. */
  client(name: string, options?: ClientOptions): Firestore;
  /** A raw REST call: `method` is a documents-level RPC such as "commit" or "runQuery". */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON answers freely
  rest(method: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  /** Replaces the rules of our in-process emulator (null: allow everything again). */
  setAuthorizer(authorizer: Authorizer | null): void;
  /** Enforces these composite indexes on our in-process emulator (null: serve every query again). */
  setIndexes(indexes: IndexConfig | null): void;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  let emulator: RunningEmulator | null = null;
  let host = process.env.FIRESTORE_EMULATOR_HOST;
  const external = !!host;
  if (!host) {
    emulator = await createEmulator({ port: 0 });
    host = `127.0.0.1:${emulator.port}`;
  }
  const apps: FirebaseApp[] = [];
  const client = (name: string, options: ClientOptions = {}) => {
    const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-key' }, `${name}-${apps.length}-${Math.random()}`);
    apps.push(app);
    const db = getFirestore(app);
    const [h, p] = host!.split(':');
    const { uid, ...claims } = options.user ?? { uid: '' };
    const iat = Math.floor(Date.now() / 1000);
    connectFirestoreEmulator(db, h, Number(p), options.user ? { mockUserToken: { sub: uid, user_id: uid, iat, ...claims } } : {});
    return db;
  };
  return {
    db: client('main'),
    host,
    external,
    emulator,
    client,
    clear: async () => {
      const res = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: 'DELETE' });
      if (!res.ok) throw new Error(`clearing the emulator failed: ${res.status}`);
    },
    rest: async (method, body, headers = {}) => {
      const res = await fetch(`http://${host}/v1/${ROOT}:${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    setAuthorizer: (authorizer) => {
      if (!emulator) throw new Error('rules can only be swapped on the in-process emulator');
      emulator.setAuthorizer(authorizer ?? allowAll);
    },
    setIndexes: (indexes) => {
      // The official emulator serves every query whatever the indexes: there is nothing to set.
      emulator?.setIndexes(indexes);
    },
    close: async () => {
      await Promise.all(apps.map((a) => deleteApp(a)));
      await emulator?.close();
    },
  };
}
