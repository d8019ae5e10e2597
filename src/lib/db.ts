// The data module: SPEC section 7's helpers with SPEC's failure contract (log, then return false /
// null / 0 / []), plus throwing `fetch*` variants that query hooks use, so a page can tell "nothing
// here" from "could not load". This module's calls and types are what features use; the work is
// done by lib/sdk-db.ts (the only module that reads or writes through firebase/firestore/lite),
// loaded the first time a call needs it. So importing the data module, or building a write (createWrite, serverValues,
// activityWrite, newId), never downloads the SDK: a public page reads over REST (lib/rest-reads.ts)
// and loads the SDK only when a visitor submits, signs in, or staff work.
import type { DocumentData, Firestore, WhereFilterOp } from 'firebase/firestore/lite';
import type { SdkDb } from './sdk-db.ts';

export type Filter = [field: string, op: WhereFilterOp, value: unknown];

export interface ListOptions {
  where?: Filter[];
  /**
   * Defaults to timestamp, newest first (SPEC's default sort, really applied). `null`: in document
   * id order, which needs no composite index with the filters (for look-ups where order is moot).
   */
  orderBy?: [field: string, direction: 'asc' | 'desc'] | null;
  limit?: number;
}

export type WithId<T> = T & { id: string };

/**
 * Where the next page starts: the last item's sort value and id, as plain data (a timestamp as
 * its seconds and nanoseconds, exact), so a prerendered page can carry its list's next cursor.
 */
export interface Cursor {
  value: string | number | boolean | null | { seconds: number; nanoseconds: number };
  id: string;
}

export interface Page<T> {
  items: WithId<T>[];
  /** Pass back as `after` for the next page; null on the last page. */
  next: Cursor | null;
}

/** Reads one more document inside a transaction (null when it does not exist). */
export type ReadInTransaction = (path: string) => Promise<WithId<DocumentData> | null>;

/**
 * What an archive move also writes in its transaction: fixed writes, or writes decided on the moved
 * document's stored data (its timestamps exact, as the SDK holds them) with more reads.
 */
export type MoveAlsoWrite = BatchWrite[] | ((moved: DocumentData, read: ReadInTransaction) => Promise<BatchWrite[]>);

/** One write of a multi-document commit (see `commit`). */
export type BatchWrite = { set: string; data: DocumentData; merge?: boolean } | { update: string; data: DocumentData } | { delete: string };

/**
 * A value the server fills in when the write lands: its time, or a number plus `by`; or, in an
 * update, the field removed. Plain data (not the SDK's sentinel), so a write can be built without
 * the SDK; lib/sdk-db.ts turns it into the SDK's serverTimestamp() / increment() / deleteField()
 * when it applies the write.
 */
export class ServerValue {
  constructor(
    readonly kind: 'time' | 'increment' | 'remove',
    readonly by = 0,
  ) {
    Object.freeze(this);
  }
}

const SERVER_TIME = new ServerValue('time');
const REMOVE = new ServerValue('remove');

/** Field values the server fills in, for writes built outside this module. */
export const serverValues = {
  now: () => SERVER_TIME,
  increment: (n: number) => new ServerValue('increment', n),
  /**
   * In an update, removes the field (`'map.key'` removes one key of a map, leaving the others as
   * stored: a map rewritten from a browser's read would turn its times' microseconds into ms).
   */
  remove: () => REMOVE,
};

/** Creating `name/id` as createDocument does (its own id, the server's time), as one write of a commit. */
export const createWrite = (name: string, id: string, data: DocumentData): BatchWrite => ({
  set: `${name}/${id}`,
  data: { ...data, id, timestamp: serverValues.now() },
});

/** The "collection/id" a write touches. */
export const writePath = (w: BatchWrite) => ('set' in w ? w.set : 'update' in w ? w.update : w.delete);

export const DEFAULT_SORT: [string, 'asc' | 'desc'] = ['timestamp', 'desc'];

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A fresh document id, chosen before writing so a retried submit reuses it: 20 random characters
 * of [A-Za-z0-9], as the SDK's auto-ids (bytes above the last whole multiple of 62 are drawn again,
 * so every character is equally likely).
 */
export function newId(): string {
  let id = '';
  while (id.length < 20) {
    for (const byte of crypto.getRandomValues(new Uint8Array(40))) if (byte < 248 && id.length < 20) id += ID_CHARS[byte % 62];
  }
  return id;
}

/** The activity-log entry as one write of a larger commit, so an action and its record land together. */
export const activityWrite = (message: string, userEmail: string): BatchWrite => {
  const id = newId();
  return { set: `logs/${id}`, data: { id, message, userEmail, timestamp: serverValues.now() } };
};

/**
 * The data module on a Firestore (the app's: lib/data.ts; a test's own). Every call but the
 * synchronous ones loads lib/sdk-db.ts, and the Firestore, the first time one is made.
 */
function quietly<T>(what: string, fallback: T, run: () => Promise<T>): Promise<T> {
  return run().catch((error: unknown) => {
    console.error(`${what} failed:`, error);
    return fallback;
  });
}

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
