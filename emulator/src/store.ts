// The documents, in memory, indexed by collection; made durable by the write-ahead log.
import { WriteAheadLog, type LogEntry, type Snapshot } from './wal.ts';
import type { StoredDocument } from './value-types.ts';
import { parentCollection } from './paths.ts';
import { formatTimestamp, parseTimestamp } from './values.ts';

class Database {
  readonly docs = new Map<string, StoredDocument>();
  readonly byCollection = new Map<string, Map<string, StoredDocument>>();

  set(path: string, doc: StoredDocument | null) {
    const parent = parentCollection(path);
    if (doc) {
      this.docs.set(path, doc);
      let coll = this.byCollection.get(parent);
      if (!coll) this.byCollection.set(parent, (coll = new Map()));
      coll.set(path, doc);
    } else {
      this.docs.delete(path);
      const coll = this.byCollection.get(parent);
      coll?.delete(path);
      if (coll?.size === 0) this.byCollection.delete(parent);
    }
  }
}

export class Store {
  private readonly databases = new Map<string, Database>();
  private wal: WriteAheadLog | null = null;
  private lastCommit: [number, number] = [0, 0];

  /** Opens the store on `dataDir` (or in memory when null), replaying what is on disk. */
  constructor(dataDir: string | null, { fresh = false, compactAfter }: { fresh?: boolean; compactAfter?: number } = {}) {
    if (!dataDir) return;
    if (fresh) WriteAheadLog.erase(dataDir);
    const { snapshot, entries } = WriteAheadLog.load(dataDir);
    for (const [db, docs] of Object.entries(snapshot?.databases ?? {})) {
      for (const doc of docs) this.db(db).set(relativePath(doc.name), doc);
    }
    for (const entry of entries) this.apply(entry);
    this.wal = new WriteAheadLog(dataDir, () => this.snapshot(), compactAfter);
  }

  private db(name: string): Database {
    let db = this.databases.get(name);
    if (!db) this.databases.set(name, (db = new Database()));
    return db;
  }

  get(db: string, path: string): StoredDocument | null {
    return this.db(db).docs.get(path) ?? null;
  }

  /** Documents directly in one collection ("a/b/c"), or every document for a collection group. */
  collection(db: string, collectionPath: string): Iterable<StoredDocument> {
    return this.db(db).byCollection.get(collectionPath)?.values() ?? [];
  }

  group(db: string, parentPrefix: string, collectionId: string): StoredDocument[] {
    const out: StoredDocument[] = [];
    for (const [coll, docs] of this.db(db).byCollection) {
      const id = coll.slice(coll.lastIndexOf('/') + 1);
      if (id !== collectionId) continue;
      if (parentPrefix && !coll.startsWith(`${parentPrefix}/`)) continue;
      out.push(...docs.values());
    }
    return out;
  }

  /**
   * A commit time strictly after the previous one, so updateTime always identifies a version.
   * Whole milliseconds, so that rules' request.time (a Date) equals a server timestamp exactly.
   */
  nextCommitTime(): string {
    const now = Date.now();
    const last = this.lastCommit[0] * 1000 + Math.floor(this.lastCommit[1] / 1e6);
    const ms = Math.max(now, last + 1);
    this.lastCommit = [Math.floor(ms / 1000), (ms % 1000) * 1e6];
    return formatTimestamp(...this.lastCommit);
  }

  /** Applies in memory at once (so the next commit sees it) and resolves when it is durable. */
  commit(entry: LogEntry): Promise<void> {
    this.apply(entry);
    return this.wal ? this.wal.append(entry) : Promise.resolve();
  }

  private apply(entry: LogEntry) {
    for (const [path, doc] of entry.ops) {
      this.db(entry.db).set(path, doc);
      if (doc) {
        const t = parseTimestamp(doc.updateTime);
        if (t[0] > this.lastCommit[0] || (t[0] === this.lastCommit[0] && t[1] > this.lastCommit[1])) this.lastCommit = t;
      }
    }
  }

  clear(dbName?: string) {
    const names = dbName ? [dbName] : [...this.databases.keys()];
    const ops: LogEntry[] = names.map((db) => ({ db, ops: [...this.db(db).docs.keys()].map((p) => [p, null]) }));
    for (const entry of ops) this.apply(entry);
    this.wal?.compact();
  }

  snapshot(): Snapshot {
    const databases: Snapshot['databases'] = {};
    for (const [name, db] of this.databases) databases[name] = [...db.docs.values()];
    return { databases };
  }

  size(db: string): number {
    return this.db(db).docs.size;
  }

  close() {
    this.wal?.close();
  }
}

function relativePath(name: string): string {
  return name.slice(name.indexOf('/documents/') + '/documents/'.length);
}
