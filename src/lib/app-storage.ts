// The app's Cloud Storage (firebase/storage), on the local emulator unless configured. Only the
// back office loads it, on demand (src/admin/uploads/firebase-uploader.ts): public pages read our
// files by plain address (lib/storage-urls.ts) and never download this SDK.
import { connectStorageEmulator, deleteObject, getMetadata, getStorage, listAll, ref, uploadBytesResumable, type FirebaseStorage } from 'firebase/storage';
import { storageEmulatorHost, usesEmulators } from './env.ts';
import { firebaseApp } from './firebase.ts';

let storage: FirebaseStorage | null = null;

export function getAppStorage(): FirebaseStorage {
  if (storage) return storage;
  storage = getStorage(firebaseApp);
  if (usesEmulators) {
    const [host, port] = storageEmulatorHost.split(':');
    connectStorageEmulator(storage, host, Number(port));
  }
  return storage;
}

export { deleteObject, getMetadata, listAll, ref, uploadBytesResumable };
