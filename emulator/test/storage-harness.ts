// Conformance tests of the Cloud Storage protocol drive the real `firebase/storage` SDK. They run
// against the emulator FIREBASE_STORAGE_EMULATOR_HOST names (host:port) when it is set, otherwise
// against an in-process emulator of ours on free ports, with no storage rules.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import { allowAllStorage, type StorageAuthorizer } from '../src/rules/storage-contract.ts';
import { createEmulator, type RunningEmulator } from '../src/server.ts';
import { PROJECT_ID } from './harness.ts';

export const BUCKET = `${PROJECT_ID}.appspot.com`;

export interface StorageHarness {
  storage: FirebaseStorage;
  /** host:port */
  host: string;
  external: boolean;
  emulator: RunningEmulator | null;
  /** Another client, signed in with a mock ID token carrying these claims when `user` is given. */
  client(user?: { uid: string; [claim: string]: unknown }): FirebaseStorage;
  setAuthorizer(authorizer: StorageAuthorizer | null): void;
  close(): Promise<void>;
}

export async function startStorageHarness(options: { maxBytes?: number } = {}): Promise<StorageHarness> {
  let emulator: RunningEmulator | null = null;
  let host = process.env.FIREBASE_STORAGE_EMULATOR_HOST;
  const external = !!host;
  if (!host) {
    emulator = await createEmulator({ port: 0, storagePort: 0, storageMaxBytes: options.maxBytes });
    host = `127.0.0.1:${emulator.storage.port}`;
  }
  const apps: FirebaseApp[] = [];
  const client = (user?: { uid: string; [claim: string]: unknown }) => {
    const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-key', storageBucket: BUCKET }, `storage-${apps.length}-${Math.random()}`);
    apps.push(app);
    const storage = getStorage(app);
    const [h, p] = host!.split(':');
    const iat = Math.floor(Date.now() / 1000);
    if (!user) connectStorageEmulator(storage, h, Number(p));
    else {
      const { uid, ...claims } = user;
      connectStorageEmulator(storage, h, Number(p), { mockUserToken: { sub: uid, user_id: uid, iat, ...claims } });
    }
    return storage;
  };
  return {
    storage: client(),
    host,
    external,
    emulator,
    client,
    setAuthorizer: (authorizer) => {
      if (!emulator) throw new Error('storage rules can only be swapped on the in-process emulator');
      emulator.setStorageAuthorizer(authorizer ?? allowAllStorage);
    },
    close: async () => {
      await Promise.all(apps.map((a) => deleteApp(a)));
      await emulator?.close();
    },
  };
}
