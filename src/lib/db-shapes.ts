// The data module's vocabulary, without the SDK: filters, pages and cursors, the writes a batch or a
// transaction carries, server values, ids. lib/db.ts (what features call) and lib/sdk-db.ts (the only
// module that talks to firebase/firestore/lite) both speak it; db.ts re-exports it for features.
import type { DocumentData, WhereFilterOp } from 'firebase/firestore/lite';

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

/** Whether a read or write failed because firestore.rules refused it (not a lost connection). */
export const refusedByRules = (error: unknown) => (error as { code?: unknown } | null)?.code === 'permission-denied';
