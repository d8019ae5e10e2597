// Server-side transactions (beginTransaction / reads with `transaction` / commit / rollback), as
// firebase-admin uses them. The lite web SDK does not: its transactions are optimistic, made of
// plain reads and a commit whose writes carry updateTime / exists preconditions.
//
// Cloud Firestore locks what a transaction reads; this emulator validates instead: each
// transaction remembers the version of every document it read, and its commit fails with ABORTED
// (which the SDKs retry) if any of them changed since. No update is lost either way; what differs
// is that a conflicting transaction learns of it at commit instead of waiting on a lock.
import { randomBytes } from 'node:crypto';
import { ApiError, invalid } from './errors.ts';
import type { DatabaseKey } from './paths.ts';

interface Transaction {
  db: DatabaseKey;
  readOnly: boolean;
  /** path → update time when read (null: it did not exist). */
  reads: Map<string, string | null>;
  lastUsed: number;
}

/** Cloud Firestore expires a transaction after 270 s (60 s idle); we keep the lenient bound. */
export const TRANSACTION_TIMEOUT_MS = 270_000;

export const CONTENTION_MESSAGE =
  'Aborted due to cross-transaction contention. This occurs when multiple transactions attempt to access the same data, requiring Firestore to abort at least one in order to enforce serializability.';
const EXPIRED_MESSAGE = 'The referenced transaction has expired or is no longer valid.';

export class Transactions {
  private readonly open = new Map<string, Transaction>();

  constructor(private readonly now: () => number = Date.now) {}

  /** beginTransaction (or a read's newTransaction): `options` is TransactionOptions. */
  begin(db: DatabaseKey, options?: unknown): string {
    this.expire();
    const o = (options ?? {}) as { readOnly?: { readTime?: unknown }; readWrite?: unknown };
    if (o.readOnly && o.readWrite) throw invalid('A transaction is either readOnly or readWrite, not both.');
    const id = randomBytes(16).toString('base64');
    this.open.set(id, { db, readOnly: !!o.readOnly, reads: new Map(), lastUsed: this.now() });
    return id;
  }

  private get(id: unknown, db: DatabaseKey): Transaction {
    if (typeof id !== 'string') throw invalid('transaction must be a base64 string.');
    const tx = this.open.get(id);
    if (!tx || tx.db !== db || this.now() - tx.lastUsed > TRANSACTION_TIMEOUT_MS) {
      this.open.delete(id);
      throw invalid(EXPIRED_MESSAGE);
    }
    tx.lastUsed = this.now();
    return tx;
  }

  /** Checks a read's transaction id (throws when unknown or expired). */
  use(id: unknown, db: DatabaseKey) {
    this.get(id, db);
  }

  /** Remembers the version a transaction saw; the first read of a document counts. */
  recordRead(id: string, db: DatabaseKey, path: string, updateTime: string | null) {
    const tx = this.get(id, db);
    if (!tx.reads.has(path)) tx.reads.set(path, updateTime);
  }

  /**
   * Ends the transaction for its commit: throws ABORTED if a document it read has changed since,
   * INVALID_ARGUMENT if it is unknown, or writes into a read-only one.
   */
  finish(id: unknown, db: DatabaseKey, hasWrites: boolean, currentVersion: (path: string) => string | null) {
    const tx = this.get(id, db);
    this.open.delete(id as string);
    if (tx.readOnly && hasWrites) throw invalid('Cannot modify documents in a read-only transaction.');
    for (const [path, seen] of tx.reads) {
      if (currentVersion(path) !== seen) throw new ApiError('ABORTED', CONTENTION_MESSAGE);
    }
  }

  /** rollback: ending an unknown or finished transaction is harmless, as clients retry it. */
  rollback(id: unknown) {
    if (typeof id !== 'string' || id === '') throw invalid('rollback needs a transaction.');
    this.open.delete(id);
  }

  get size(): number {
    return this.open.size;
  }

  private expire() {
    const now = this.now();
    for (const [id, tx] of this.open) if (now - tx.lastUsed > TRANSACTION_TIMEOUT_MS) this.open.delete(id);
  }
}
