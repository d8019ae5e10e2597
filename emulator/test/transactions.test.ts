// Transactions through the real lite SDK: optimistic reads + a commit with preconditions, retried
// by the SDK on aborted / failed-precondition. No update may be lost under contention. Also the
// server-side transactions firebase-admin uses (REST).
import { deleteDoc, doc, getDoc, runTransaction, setDoc, updateDoc, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.clear());

const clients = (n: number) => Array.from({ length: n }, (_, i) => h.client(`tx-${i}`));

async function increment(db: Firestore, path: string) {
  return runTransaction(
    db,
    async (tx) => {
      const ref = doc(db, path);
      const snap = await tx.get(ref);
      tx.set(ref, { n: (snap.data()?.n ?? 0) + 1 });
    },
    { maxAttempts: 100 },
  );
}

describe('contention', () => {
  it('20 parallel increments of an existing document from separate clients end at exactly 20', async () => {
    await setDoc(doc(h.db, 'counters/c'), { n: 0 });
    const dbs = clients(4);
    await Promise.all(Array.from({ length: 20 }, (_, i) => increment(dbs[i % dbs.length], 'counters/c')));
    expect((await getDoc(doc(h.db, 'counters/c'))).data()).toEqual({ n: 20 });
  });

  it('20 parallel increments of a document that does not exist yet end at exactly 20', async () => {
    // The first read sees nothing, so the writes carry exists: false; losers get ALREADY_EXISTS.
    const dbs = clients(4);
    await Promise.all(Array.from({ length: 20 }, (_, i) => increment(dbs[i % dbs.length], 'counters/fresh')));
    expect((await getDoc(doc(h.db, 'counters/fresh'))).data()).toEqual({ n: 20 });
  });

  it('a document read but not written is verified at commit (the SDK sends a verify write)', async () => {
    await setDoc(doc(h.db, 'settings/fees'), { rate: 1 });
    const other = h.client('other');
    let attempts = 0;
    await runTransaction(h.db, async (tx) => {
      attempts++;
      const fees = await tx.get(doc(h.db, 'settings/fees'));
      if (attempts === 1) await updateDoc(doc(other, 'settings/fees'), { rate: 2 });
      tx.set(doc(h.db, 'invoices/i1'), { total: fees.data()!.rate * 10 });
    });
    expect(attempts).toBe(2);
    expect((await getDoc(doc(h.db, 'invoices/i1'))).data()).toEqual({ total: 20 });
  });

  it('moves a document into the archive in one transaction, as the product does', async () => {
    await setDoc(doc(h.db, 'events/e1'), { title: 'Opening' });
    const archive = async (id: string) =>
      runTransaction(h.db, async (tx) => {
        const snap = await tx.get(doc(h.db, 'events', id));
        if (!snap.exists()) throw new Error(`Document ${id} not found in events`);
        tx.set(doc(h.db, 'archive/events/items', id), snap.data());
        tx.delete(snap.ref);
      });
    await archive('e1');
    expect((await getDoc(doc(h.db, 'events/e1'))).exists()).toBe(false);
    expect((await getDoc(doc(h.db, 'archive/events/items/e1'))).data()).toEqual({ title: 'Opening' });
    await expect(archive('e1')).rejects.toThrow('Document e1 not found in events');
  });
});

describe('what a failed transaction surfaces', () => {
  it("'Document version changed between two reads.' (aborted) when a document changes between reads", async () => {
    await setDoc(doc(h.db, 'items/v'), { n: 1 });
    const other = h.client('other');
    await expect(
      runTransaction(
        h.db,
        async (tx) => {
          await tx.get(doc(h.db, 'items/v'));
          await setDoc(doc(other, 'items/v'), { n: 2 });
          await tx.get(doc(h.db, 'items/v'));
        },
        { maxAttempts: 1 },
      ),
    ).rejects.toMatchObject({ code: 'aborted', message: 'Document version changed between two reads.' });
  });

  it('"Can\'t update a document that doesn\'t exist." (invalid-argument) for an update of a document read as missing', async () => {
    await expect(
      runTransaction(h.db, async (tx) => {
        await tx.get(doc(h.db, 'items/ghost'));
        tx.update(doc(h.db, 'items/ghost'), { n: 1 });
      }),
    ).rejects.toMatchObject({ code: 'invalid-argument', message: "Can't update a document that doesn't exist." });
  });

  it('a stale read fails the commit with failed-precondition once attempts run out', async () => {
    await setDoc(doc(h.db, 'items/s'), { n: 1 });
    const other = h.client('other');
    await expect(
      runTransaction(
        h.db,
        async (tx) => {
          await tx.get(doc(h.db, 'items/s'));
          await setDoc(doc(other, 'items/s'), { n: 2 });
          tx.set(doc(h.db, 'items/s'), { n: 100 });
        },
        { maxAttempts: 1 },
      ),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    expect((await getDoc(doc(h.db, 'items/s'))).data()).toEqual({ n: 2 });
  });

  it('a create that loses the race fails with aborted (ALREADY_EXISTS is HTTP 409) once attempts run out', async () => {
    const other = h.client('other');
    await expect(
      runTransaction(
        h.db,
        async (tx) => {
          await tx.get(doc(h.db, 'items/race'));
          await setDoc(doc(other, 'items/race'), { winner: 'other' });
          tx.set(doc(h.db, 'items/race'), { winner: 'me' });
        },
        { maxAttempts: 1 },
      ),
    ).rejects.toMatchObject({ code: 'aborted' });
    expect((await getDoc(doc(h.db, 'items/race'))).data()).toEqual({ winner: 'other' });
  });

  it('a transaction on a document deleted meanwhile retries and sees it missing', async () => {
    await setDoc(doc(h.db, 'items/d'), { n: 1 });
    const other = h.client('other');
    const seen: boolean[] = [];
    await runTransaction(h.db, async (tx) => {
      const snap = await tx.get(doc(h.db, 'items/d'));
      seen.push(snap.exists());
      if (seen.length === 1) await deleteDoc(doc(other, 'items/d'));
      tx.set(doc(h.db, 'items/d'), { n: (snap.data()?.n ?? 0) + 10 });
    });
    expect(seen).toEqual([true, false]);
    expect((await getDoc(doc(h.db, 'items/d'))).data()).toEqual({ n: 10 });
  });
});

describe('server-side transactions (REST, as firebase-admin uses them)', () => {
  it('begin, read in the transaction, commit with it', async () => {
    await setDoc(doc(h.db, 'items/a'), { n: 1 });
    const begin = await h.rest('beginTransaction', { options: { readWrite: {} } });
    const transaction = begin.body.transaction;
    const read = await h.rest('batchGet', { documents: [`${ROOT}/items/a`], transaction });
    expect(read.body[0].found.fields).toEqual({ n: { integerValue: '1' } });
    const commit = await h.rest('commit', { transaction, writes: [{ update: { name: `${ROOT}/items/a`, fields: { n: { integerValue: '2' } } } }] });
    expect(commit.status).toBe(200);
    expect((await getDoc(doc(h.db, 'items/a'))).data()).toEqual({ n: 2 });
    // A finished transaction cannot be used again.
    const again = await h.rest('commit', { transaction, writes: [] });
    expect(again.body.error.status).toBe('INVALID_ARGUMENT');
  });

  it('newTransaction on a read starts one and returns its id', async () => {
    const res = await h.rest('batchGet', { documents: [`${ROOT}/items/none`], newTransaction: { readWrite: {} } });
    const withId = res.body.find((r: { transaction?: string }) => r.transaction);
    expect(typeof withId.transaction).toBe('string');
    expect((await h.rest('rollback', { transaction: withId.transaction })).status).toBe(200);
  });

  it.skipIf(!!process.env.FIRESTORE_EMULATOR_HOST)('a write to what the transaction read aborts its commit (ours validates instead of locking)', async () => {
    await setDoc(doc(h.db, 'items/a'), { n: 1 });
    const { transaction } = (await h.rest('beginTransaction', {})).body;
    await h.rest('batchGet', { documents: [`${ROOT}/items/a`], transaction });
    await setDoc(doc(h.db, 'items/a'), { n: 5 });
    const commit = await h.rest('commit', { transaction, writes: [{ update: { name: `${ROOT}/items/a`, fields: { n: { integerValue: '2' } } } }] });
    expect(commit.status).toBe(409);
    expect(commit.body.error.status).toBe('ABORTED');
    expect((await getDoc(doc(h.db, 'items/a'))).data()).toEqual({ n: 5 });
  });
});
