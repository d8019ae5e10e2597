// The documents, in memory, per database ("projects/p/databases/d") and per collection, made
// durable by the write-ahead log. Commits are applied in memory at once, so the next commit's
// preconditions see them (commits are serialised by the single thread: checking and applying
// happen in one synchronous step), and the returned promise resolves when they are on disk.
// Reads call `durable()` before answering, so nobody is shown a write that a crash could undo.
import { CollectionIndex, INDEX_MIN_DOCUMENTS } from './collection-index.ts';
import { lastSegment, parentCollection, type DatabaseKey } from './paths.ts';
import type { QuerySource } from './query.ts';
import type { StoredDocument } from './value-types.ts';
import { AdvanceableClock, type Clock } from './clock.ts';
import { formatVersion, timestampMicros } from './values.ts';
import { eraseLog, recover, removeLegacy, WriteAheadLog, type Capture, type LogRecord, type WalOptions } from './wal.ts';

class Database {
  readonly collections = new Map<string, CollectionIndex>();
  count = 0;

  get(path: string): StoredDocument | null {
    return this.collections.get(parentCollection(path))?.get(lastSegment(path)) ?? null;
  }

  set(path: string, doc: StoredDocument | null) {
    const parent = parentCollection(path);
    let coll = this.collections.get(parent);
    if (!coll) {
      if (!doc) return;
      this.collections.set(parent, (coll = new CollectionIndex()));
    }
    const before = coll.size;
    coll.set(lastSegment(path), doc);
    this.count += coll.size - before;
    if (coll.size === 0) this.collections.delete(parent);
  }

  *documents(): Generator<StoredDocument> {
    for (const coll of this.collections.values()) yield* coll.docs.values();
  }
}

export interface StoreOptions extends WalOptions {
  /** Persist to this folder; null keeps everything in memory. */
  dataDir?: string | null;
  /** Start empty, erasing what the folder holds. */
  fresh?: boolean;
  /**
   * Microseconds since the epoch (tests inject one); the process's monotonic clock by default.
   * The store runs its own AdvanceableClock on top of it (`store.clock`).
   */
  clock?: Clock;
}

export class Store {
  private readonly databases = new Map<DatabaseKey, Database>();
  private wal: WriteAheadLog | null = null;
  private seq = 0;
  /** Microseconds of the latest commit time handed out (or replayed). */
  private lastCommitUs = 0;

  /**
   * Database time: every commit and read time comes from it, and so request.time in rules and
   * server timestamps. Tests move it forward (the emulator's `clock:advance` endpoint).
   */
  readonly clock: AdvanceableClock;

  private constructor(base?: Clock) {
    this.clock = new AdvanceableClock(base);
  }

  /** Opens the store, replaying what the data folder holds. */
  static async open(options: StoreOptions = {}): Promise<Store> {
    const store = new Store(options.clock);
    const dir = options.dataDir;
    if (!dir) return store;
    if (options.fresh) eraseLog(dir);
    const recovered = recover(dir);
    for (const [db, doc] of recovered.documents) {
      const d = withVersionsInMicros(doc);
      store.db(db).set(relativePath(d.name), d);
      store.lastCommitUs = Math.max(store.lastCommitUs, micros(d.updateTime));
    }
    store.seq = recovered.snapshotSeq;
    // Logs written before commit times had microseconds hold whole milliseconds: replayed
    // documents get six fractional digits like every version handed out since.
    for (const record of recovered.records) {
      store.apply(
        'clear' in record
          ? record
          : { ...record, ops: record.ops.map(([path, doc]): [string, StoredDocument | null] => [path, doc && withVersionsInMicros(doc)]) },
      );
    }
    // The clock's offset is not stored: time carries on from the latest commit replayed (an
    // advance before the restart), rather than standing still there until the wall clock catches up.
    store.clock.resumeFrom(store.lastCommitUs);
    store.wal = await WriteAheadLog.open(dir, store.seq, () => store.capture(), options);
    if (recovered.legacy) {
      await store.wal.compact();
      removeLegacy(dir);
    } else if (recovered.replayedBytes > (options.compactBytes ?? 16 * 1024 * 1024) / 4) void store.wal.compact();
    return store;
  }

  private db(key: DatabaseKey): Database {
    let db = this.databases.get(key);
    if (!db) this.databases.set(key, (db = new Database()));
    return db;
  }

  get(db: DatabaseKey, path: string): StoredDocument | null {
    return this.databases.get(db)?.get(path) ?? null;
  }

  /** The documents directly in one collection ("a" or "a/b/c"). */
  collection(db: DatabaseKey, collectionPath: string): QuerySource {
    const coll = this.databases.get(db)?.collections.get(collectionPath);
    if (!coll) return { scan: () => [], size: 0 };
    return {
      scan: () => coll.docs.values(),
      size: coll.size,
      collectionPath,
      walk: coll.size >= INDEX_MIN_DOCUMENTS ? (field, descending, from) => coll.walk(field, descending, from) : undefined,
    };
  }

  /** Every collection named `collectionId` at any depth under `parent` ("" for the root). */
  group(db: DatabaseKey, parent: string, collectionId: string): QuerySource {
    const matching: CollectionIndex[] = [];
    for (const [path, coll] of this.databases.get(db)?.collections ?? []) {
      if (lastSegment(path) !== collectionId) continue;
      if (parent && !path.startsWith(`${parent}/`)) continue;
      matching.push(coll);
    }
    return {
      *scan() {
        for (const coll of matching) yield* coll.docs.values();
      },
      size: matching.reduce((n, c) => n + c.size, 0),
    };
  }

  /** Collection ids directly under a document ("" for the root): listCollectionIds. */
  collectionIds(db: DatabaseKey, parent: string): string[] {
    const ids = new Set<string>();
    const prefix = parent ? `${parent}/` : '';
    for (const path of this.databases.get(db)?.collections.keys() ?? []) {
      if (!path.startsWith(prefix)) continue;
      ids.add(path.slice(prefix.length).split('/')[0]);
    }
    return [...ids].sort();
  }

  /** Ids of documents in a collection that do not exist but have subcollections. */
  missingParents(db: DatabaseKey, collectionPath: string): string[] {
    const ids = new Set<string>();
    const prefix = `${collectionPath}/`;
    for (const path of this.databases.get(db)?.collections.keys() ?? []) {
      if (!path.startsWith(prefix)) continue;
      const id = path.slice(prefix.length).split('/')[0];
      if (!this.get(db, `${collectionPath}/${id}`)) ids.add(id);
    }
    return [...ids];
  }

  count(db: DatabaseKey): number {
    return this.databases.get(db)?.count ?? 0;
  }

  /**
   * A commit time in microseconds, as Cloud Firestore's: later than every touched document's
   * update time and not before the previous commit's (commits touching different documents may
   * share a microsecond). Never a whole millisecond, so that no timestamp a client makes from a
   * JavaScript Date (milliseconds) can equal it, and so request.time in rules: a client cannot
   * pass `request.resource.data.t == request.time` by guessing the server's millisecond.
   */
  commitTime(db: DatabaseKey, paths: Iterable<string>): string {
    let us = Math.max(this.clock.now(), this.lastCommitUs);
    for (const path of paths) {
      const doc = this.get(db, path);
      if (doc) us = Math.max(us, micros(doc.updateTime) + 1);
    }
    if (us % 1000 === 0) us += 1;
    this.lastCommitUs = us;
    return formatVersion(us);
  }

  /** The time reads are served at: now, never before the latest commit; microseconds. */
  readTime(): string {
    return formatVersion(Math.max(this.clock.now(), this.lastCommitUs));
  }

  /**
   * Applies the changes in memory at once and resolves when they are on disk. `ops` holds each
   * touched document's state after the commit (null: deleted).
   */
  commit(db: DatabaseKey, ops: Array<[path: string, doc: StoredDocument | null]>): Promise<void> {
    if (this.wal?.failed) return Promise.reject(this.wal.failed);
    const record: LogRecord = { seq: ++this.seq, db, ops };
    this.apply(record);
    return this.wal ? this.wal.append(record) : Promise.resolve();
  }

  /** Deletes every document of one database (the emulator's DELETE endpoint); durable too. */
  clear(db: DatabaseKey): Promise<void> {
    const record: LogRecord = { seq: ++this.seq, db, clear: true };
    this.apply(record);
    return this.wal ? this.wal.append(record) : Promise.resolve();
  }

  /** Resolves once everything applied so far is on disk (reads wait for it before answering). */
  durable(): Promise<void> {
    return this.wal ? this.wal.whenDurable(this.seq) : Promise.resolve();
  }

  private apply(record: LogRecord) {
    this.seq = Math.max(this.seq, record.seq);
    if ('clear' in record) {
      this.databases.delete(record.db);
      return;
    }
    const db = this.db(record.db);
    for (const [path, doc] of record.ops) {
      db.set(path, doc);
      if (doc) this.lastCommitUs = Math.max(this.lastCommitUs, micros(doc.updateTime));
    }
  }

  private capture(): Capture {
    const documents: Capture['documents'] = [];
    for (const [key, db] of this.databases) for (const doc of db.documents()) documents.push([key, doc]);
    return { seq: this.seq, documents };
  }

  /** Snapshot now (tests, and a clean shutdown leaves a short log). */
  async compact() {
    await this.wal?.compact();
  }

  get storageFailure(): unknown {
    return this.wal?.failed ?? null;
  }

  async close() {
    await this.wal?.close();
    this.wal = null;
  }
}

function relativePath(name: string): string {
  return name.slice(name.indexOf('/documents/') + '/documents/'.length);
}

/** Microseconds since the epoch of a version (exact as a number until the year 2255). */
function micros(t: string): number {
  return Number(timestampMicros(t));
}

/** The document with its create and update times in six fractional digits. */
function withVersionsInMicros(doc: StoredDocument): StoredDocument {
  const createTime = formatVersion(micros(doc.createTime));
  const updateTime = formatVersion(micros(doc.updateTime));
  return createTime === doc.createTime && updateTime === doc.updateTime ? doc : { ...doc, createTime, updateTime };
}
