// The data module: SPEC section 7's helpers with SPEC's failure contract (log, then return false /
// null / 0 / []), plus throwing `fetch*` variants that query hooks use, so a page can tell "nothing
// here" from "could not load". This module's calls and types are what features use; the work is
// done by lib/sdk-db.ts (the only module that reads or writes through firebase/firestore/lite),
// loaded the first time a call needs it. So importing the data module, or building a write (createWrite, serverValues,
// activityWrite, newId), never downloads the SDK: a public page reads over REST (lib/rest-reads.ts)
// and loads the SDK only when a visitor submits, signs in, or staff work.
import type { DocumentData, Firestore } from 'firebase/firestore/lite';
import type { SdkDb } from './sdk-db.ts';
import { activityWrite, newId, type Filter, type ListOptions, type WithId } from './db-shapes.ts';

export * from './db-shapes.ts';

/** SPEC's failure contract: log the failure, answer the fallback. */
function quietly<T>(what: string, fallback: T, run: () => Promise<T>): Promise<T> {
  return run().catch((error: unknown) => {
    console.error(`${what} failed:`, error);
    return fallback;
  });
}

/**
 * The data module on a Firestore (the app's: lib/data.ts; a test's own). Every call but the
 * synchronous ones loads lib/sdk-db.ts, and the Firestore, the first time one is made.
 */
export function createDb(firestore: () => Firestore | Promise<Firestore>) {
  let sdk: Promise<SdkDb> | null = null;
  /** Starts loading the SDK (a form can warm it up before its visitor submits). */
  const load = () => (sdk ??= Promise.all([import('./sdk-db.ts'), firestore()]).then(([{ createSdkDb }, store]) => createSdkDb(() => store)));
  const later = <K extends keyof SdkDb>(method: K) =>
    ((...args: unknown[]) => load().then((db) => (db[method] as (...a: unknown[]) => unknown)(...args))) as SdkDb[K];
  const fetchDocuments = later('fetchDocuments');
  const fetchDocument = later('fetchDocument');
  const fetchCount = later('fetchCount');
  const createDocument = later('createDocument');
  const update = later('update');
  const remove = later('remove');
  const moveToArchive = later('moveToArchive');
  const recordActivity = (message: string, userEmail: string) => createDocument('logs', { message, userEmail });
  return {
    load: () => load().then(() => undefined),
    fetchDocuments,
    fetchPage: later('fetchPage'),
    fetchEvery: later('fetchEvery'),
    fetchDocument,
    fetchCount,
    fetchSum: later('fetchSum'),
    createDocument,
    moveToArchive,
    restoreFromArchive: later('restoreFromArchive'),
    recordActivity,
    activityWrite,
    /** A fresh id for a document of `_collection` (any collection's ids look alike). */
    newId: (_collection: string) => newId(),
    commit: later('commit'),
    transact: later('transact'),
    // SPEC section 7, with SPEC's failure results (a failure to load the SDK included).
    getDocuments: <T = DocumentData>(name: string, options?: ListOptions) =>
      quietly(`Reading ${name}`, [] as WithId<T>[], () => fetchDocuments<T>(name, options)),
    getDocument: <T = DocumentData>(name: string, id: string) => quietly(`Reading ${name}/${id}`, null, () => fetchDocument<T>(name, id)),
    countDocuments: (name: string, filters?: Filter[]) => quietly(`Counting ${name}`, 0, () => fetchCount(name, filters)),
    addDocument: (name: string, data: DocumentData) => quietly(`Adding to ${name}`, null as string | null, () => createDocument(name, data)),
    updateDocument: (name: string, id: string, data: DocumentData) => quietly(`Updating ${name}/${id}`, false, () => update(name, id, data).then(() => true)),
    deleteDocument: (name: string, id: string) => quietly(`Deleting ${name}/${id}`, false, () => remove(name, id).then(() => true)),
    archiveDocument: (name: string, id: string) => quietly(`Archiving ${name}/${id}`, false, () => moveToArchive(name, id).then(() => true)),
    logActivity: (message: string, userEmail: string) => quietly('Logging activity', false, () => recordActivity(message, userEmail).then(() => true)),
  };
}

export type Db = ReturnType<typeof createDb>;
