// The app's data module instances: `db` on the app's Firestore (its SDK loaded by the first call
// that needs it: a write, a transaction, a signed-in read), and `publicReads`, the reads anyone may
// make, over REST without the SDK (the public site's data; the build's prerender too).
import { appCheckToken } from './app-check.ts';
import { createDb } from './db.ts';
import { firebaseConfig, firestoreEmulatorHost, usesEmulators } from './env.ts';
import { firestoreDocumentsUrl } from './firestore-rest.ts';
import { createRestReads, type RestEndpoint } from './rest-reads.ts';

export const db = createDb(async () => (await import('./app-firestore.ts')).getDb());

const endpoint: RestEndpoint = {
  documents: firestoreDocumentsUrl(firebaseConfig.projectId, usesEmulators ? firestoreEmulatorHost : null),
  ...(usesEmulators ? {} : { apiKey: firebaseConfig.apiKey }),
  appCheckToken,
};

export const publicReads = createRestReads(() => endpoint);
