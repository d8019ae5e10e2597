import { describe, expect, it } from 'vitest';
import { TRANSACTION_TIMEOUT_MS, Transactions } from './transactions.ts';

const DB = 'projects/p/databases/(default)';

describe('server-side transactions', () => {
  it('commits when nothing it read has changed', () => {
    const tx = new Transactions();
    const id = tx.begin(DB);
    tx.recordRead(id, DB, 'c/a', 't1');
    tx.recordRead(id, DB, 'c/b', null);
    expect(() => tx.finish(id, DB, true, (p) => (p === 'c/a' ? 't1' : null))).not.toThrow();
    expect(tx.size).toBe(0);
  });

  it('aborts when a document it read changed, appeared or vanished', () => {
    for (const current of [(p: string) => (p === 'c/a' ? 't2' : null), () => 't1', () => null]) {
      const tx = new Transactions();
      const id = tx.begin(DB);
      tx.recordRead(id, DB, 'c/a', 't1');
      tx.recordRead(id, DB, 'c/b', null);
      expect(() => tx.finish(id, DB, true, current)).toThrow(expect.objectContaining({ status: 'ABORTED', message: expect.stringMatching(/contention/) }));
    }
  });

  it('refuses unknown, finished, expired or foreign transactions', () => {
    let now = 0;
    const tx = new Transactions(() => now);
    const id = tx.begin(DB);
    expect(() => tx.use('nope', DB)).toThrow(/expired or is no longer valid/);
    expect(() => tx.use(id, 'projects/q/databases/(default)')).toThrow(/expired/);
    const other = tx.begin(DB);
    tx.finish(other, DB, false, () => null);
    expect(() => tx.finish(other, DB, false, () => null)).toThrow(/expired/);
    now = TRANSACTION_TIMEOUT_MS + 1;
    const fresh = tx.begin(DB);
    expect(() => tx.use(fresh, DB)).not.toThrow();
    expect(() => tx.use(id, DB)).toThrow(/expired/);
  });

  it('refuses writes in a read-only transaction', () => {
    const tx = new Transactions();
    const id = tx.begin(DB, { readOnly: {} });
    expect(() => tx.finish(id, DB, true, () => null)).toThrow(/read-only/);
  });

  it('rollback forgets it, and is harmless when repeated', () => {
    const tx = new Transactions();
    const id = tx.begin(DB);
    tx.rollback(id);
    tx.rollback(id);
    expect(() => tx.use(id, DB)).toThrow(/expired/);
  });
});
