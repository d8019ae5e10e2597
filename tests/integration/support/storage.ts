// Cloud Storage clients for the integration tests: the real `firebase/storage` SDK on an actor's own
// Firebase app (so it sends that actor's ID token), pointed at the stack's Storage emulator.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, ref, uploadBytes, type FirebaseStorage, type UploadMetadata } from 'firebase/storage';
import type { Firestore } from 'firebase/firestore/lite';
import { DEMO_BUCKET } from '../../../emulator/seed/demo-data.ts';
import { deleteFile } from '../../../emulator/seed/rest.ts';
import { stack } from './clients.ts';

/** The Storage client of the app a Firestore client belongs to (its user's identity). */
export function storageOf(db: Firestore): FirebaseStorage {
  const address = stack();
  if (!address.storage) throw new Error('The stack has no Storage emulator address.');
  const storage = getStorage(db.app, `gs://${DEMO_BUCKET}`);
  const [host, port] = address.storage.split(':');
  connectStorageEmulator(storage, host, Number(port));
  return storage;
}

const forgedApps: FirebaseApp[] = [];
/** Every name an upload here was attempted at, for removeUploads. */
const attempted = new Set<string>();

/** A Storage client that sends `token` as its caller's ID token (a forged one: see forged.ts), in an app of its own. */
export function storageWithToken(token: string): FirebaseStorage {
  const address = stack();
  const app = initializeApp({ projectId: address.projectId, apiKey: 'demo-api-key', storageBucket: DEMO_BUCKET }, `forged-storage-${forgedApps.length}`);
  forgedApps.push(app);
  const storage = getStorage(app);
  const [host, port] = address.storage!.split(':');
  connectStorageEmulator(storage, host, Number(port), { mockUserToken: token });
  return storage;
}

/** 'allowed' when the operation succeeds, 'denied' when storage.rules refuse it; anything else throws. */
export async function storageVerdict(operation: Promise<unknown>): Promise<'allowed' | 'denied'> {
  try {
    await operation;
    return 'allowed';
  } catch (error) {
    if ((error as { code?: string }).code === 'storage/unauthorized') return 'denied';
    throw error;
  }
}

/** `size` bytes of filler: storage.rules see only a file's declared type and its size, never its bytes. */
export function bytesOf(size: number): Uint8Array {
  return new Uint8Array(size).fill(0x61);
}

export function upload(storage: FirebaseStorage, name: string, bytes: Uint8Array, metadata: UploadMetadata) {
  attempted.add(name);
  return uploadBytes(ref(storage, name), bytes, metadata);
}

/** Removes every file the tests uploaded (as the owner) and the forged clients' apps. */
export async function removeUploads() {
  await Promise.all([...attempted].map((name) => deleteFile(stack(), DEMO_BUCKET, name)));
  attempted.clear();
  await Promise.all(forgedApps.splice(0).map((app) => deleteApp(app)));
}
