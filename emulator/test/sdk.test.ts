// The real firebase/firestore/lite SDK against the emulator: everything this product does, every
// error code it can surface, transactions under contention.
import {
  addDoc,
  and,
  arrayRemove,
  arrayUnion,
  average,
  collection,
  collectionGroup,
  deleteDoc,
  deleteField,
  doc,
  endBefore,
  getAggregate,
  getCount,
  getDoc,
  getDocs,
  increment,
  limit,
  limitToLast,
  or,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  startAfter,
  startAt,
  sum,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.clear());

const ids = (snap: { docs: Array<{ id: string }> }) => snap.docs.map((d) => d.id);

async function seedPeople() {
  const batch = writeBatch(h.db);
  const people = [
    ['ann', 34, 'nairobi', ['oncology']],
    ['ben', 28, 'mombasa', ['research', 'policy']],
    ['cat', 45, 'nairobi', ['policy']],
    ['dan', 28, 'kisumu', []],
  ] as const;
  for (const [id, age, city, tags] of people) batch.set(doc(h.db, 'people', id), { name: id, age, city, tags });
  await batch.commit();
}

describe('writes', () => {
  it('creates, merges, updates nested fields, deletes fields and documents', async () => {
    const ref = doc(h.db, 'items/one');
    await setDoc(ref, { a: 1, nested: { x: 1, y: 2 } });
    await setDoc(ref, { b: 2 }, { merge: true });
    await updateDoc(ref, { 'nested.x': 10, a: deleteField() });
    expect((await getDoc(ref)).data()).toEqual({ b: 2, nested: { x: 10, y: 2 } });
    await setDoc(ref, { only: true });
    expect((await getDoc(ref)).data()).toEqual({ only: true });
    await deleteDoc(ref);
    expect((await getDoc(ref)).exists()).toBe(false);
  });

  it('applies every transform', async () => {
    const ref = doc(h.db, 'items/t');
    await setDoc(ref, { n: 1, list: ['a', 'b'], at: serverTimestamp() });
    await updateDoc(ref, { n: increment(4), list: arrayUnion('c', 'a') });
    await updateDoc(ref, { list: arrayRemove('a') });
    const data = (await getDoc(ref)).data()!;
    expect(data.n).toBe(5);
    expect(data.list).toEqual(['b', 'c']);
    expect(data.at).toBeInstanceOf(Timestamp);
    expect(Math.abs((data.at as Timestamp).toMillis() - Date.now())).toBeLessThan(10_000);
  });

  it('commits a batch all or nothing', async () => {
    await setDoc(doc(h.db, 'items/exists'), { v: 1 });
    const batch = writeBatch(h.db);
    batch.set(doc(h.db, 'items/new'), { v: 1 });
    batch.update(doc(h.db, 'items/missing'), { v: 2 });
    await expect(batch.commit()).rejects.toMatchObject({ code: 'not-found' });
    expect((await getDoc(doc(h.db, 'items/new'))).exists()).toBe(false);
  });

  it('addDoc generates 20-character ids', async () => {
    const ref = await addDoc(collection(h.db, 'items'), { v: 1 });
    expect(ref.id).toMatch(/^[A-Za-z0-9]{20}$/);
  });

  it('refuses a document over 1 MiB with invalid-argument-class status', async () => {
    await expect(setDoc(doc(h.db, 'items/big'), { s: 'x'.repeat(1_048_576) })).rejects.toMatchObject({ code: 'failed-precondition' });
  });
});

describe('queries', () => {
  beforeEach(seedPeople);

  it('filters and orders on several fields', async () => {
    const snap = await getDocs(query(collection(h.db, 'people'), where('age', '>=', 28), orderBy('age', 'desc'), orderBy('name')));
    expect(ids(snap)).toEqual(['cat', 'ann', 'ben', 'dan']);
  });

  it('supports in, not-in, !=, array-contains and array-contains-any', async () => {
    const people = collection(h.db, 'people');
    expect(ids(await getDocs(query(people, where('city', 'in', ['kisumu', 'mombasa']))))).toEqual(['ben', 'dan']);
    expect(ids(await getDocs(query(people, where('city', 'not-in', ['nairobi']))))).toEqual(['dan', 'ben']);
    expect(ids(await getDocs(query(people, where('age', '!=', 28))))).toEqual(['ann', 'cat']);
    expect(ids(await getDocs(query(people, where('tags', 'array-contains', 'policy'))))).toEqual(['ben', 'cat']);
    expect(ids(await getDocs(query(people, where('tags', 'array-contains-any', ['oncology', 'research']))))).toEqual(['ann', 'ben']);
  });

  it('supports OR and AND composites', async () => {
    const q = query(collection(h.db, 'people'), or(where('city', '==', 'kisumu'), and(where('city', '==', 'nairobi'), where('age', '>', 40))));
    expect(ids(await getDocs(q)).sort()).toEqual(['cat', 'dan']);
  });

  it('pages with cursors and limitToLast', async () => {
    const byAge = query(collection(h.db, 'people'), orderBy('age'), orderBy('name'));
    const first = await getDocs(query(byAge, limit(2)));
    expect(ids(first)).toEqual(['ben', 'dan']);
    expect(ids(await getDocs(query(byAge, startAfter(first.docs[1]), limit(2))))).toEqual(['ann', 'cat']);
    expect(ids(await getDocs(query(byAge, startAt(34))))).toEqual(['ann', 'cat']);
    expect(ids(await getDocs(query(byAge, endBefore(34))))).toEqual(['ben', 'dan']);
    expect(ids(await getDocs(query(byAge, limitToLast(2))))).toEqual(['ann', 'cat']);
  });

  it('queries a collection group', async () => {
    await setDoc(doc(h.db, 'events/e1/comments/c1'), { text: 'hi' });
    await setDoc(doc(h.db, 'events/e2/comments/c2'), { text: 'there' });
    expect(ids(await getDocs(collectionGroup(h.db, 'comments'))).sort()).toEqual(['c1', 'c2']);
    expect(ids(await getDocs(collection(h.db, 'events/e1/comments')))).toEqual(['c1']);
  });

  it('counts, sums and averages', async () => {
    expect((await getCount(collection(h.db, 'people'))).data().count).toBe(4);
    const agg = await getAggregate(query(collection(h.db, 'people'), where('city', '==', 'nairobi')), { total: sum('age'), mean: average('age') });
    expect(agg.data()).toEqual({ total: 79, mean: 39.5 });
  });
});

describe('errors', () => {
  it('updating a missing document is not-found', async () => {
    await expect(updateDoc(doc(h.db, 'items/nope'), { a: 1 })).rejects.toMatchObject({ code: 'not-found' });
  });

  it('an invalid query is refused by the backend', async () => {
    const res = await fetch(`http://${h.host}/v1/projects/demo-conformance/databases/(default)/documents:runQuery`, {
      method: 'POST',
      body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'people' }], where: { fieldFilter: { field: { fieldPath: 'a' }, op: 'IN', value: { arrayValue: {} } } } } }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.status).toBe('INVALID_ARGUMENT');
  });

  it('a precondition on a stale version is failed-precondition, on an existing document already-exists', async () => {
    const base = `http://${h.host}/v1/projects/demo-conformance/databases/(default)/documents`;
    const name = 'projects/demo-conformance/databases/(default)/documents/items/p';
    await setDoc(doc(h.db, 'items/p'), { v: 1 });
    const stale = await fetch(`${base}:commit`, { method: 'POST', body: JSON.stringify({ writes: [{ update: { name, fields: {} }, currentDocument: { updateTime: '2000-01-01T00:00:00Z' } }] }) });
    expect((await stale.json()).error.status).toBe('FAILED_PRECONDITION');
    const exists = await fetch(`${base}:commit`, { method: 'POST', body: JSON.stringify({ writes: [{ update: { name, fields: {} }, currentDocument: { exists: false } }] }) });
    expect(exists.status).toBe(409);
    expect((await exists.json()).error.status).toBe('ALREADY_EXISTS');
  });

  it('answers CORS preflights for the browser app', async () => {
    const res = await fetch(`http://${h.host}/v1/projects/demo-conformance/databases/(default)/documents:commit`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,x-goog-api-client' },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('transactions', () => {
  it('20 parallel increments from separate clients end at exactly 20', async () => {
    const clients = Array.from({ length: 4 }, (_, i) => h.client(`tx-${i}`));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        runTransaction(clients[i % clients.length], async (tx) => {
          const ref = doc(clients[i % clients.length], 'counters/c');
          const snap = await tx.get(ref);
          tx.set(ref, { n: (snap.data()?.n ?? 0) + 1 });
        }, { maxAttempts: 50 }),
      ),
    );
    expect((await getDoc(doc(h.db, 'counters/c'))).data()).toEqual({ n: 20 });
  });

  it("surfaces 'Document version changed between two reads.' when a document changes between reads", async () => {
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
    ).rejects.toThrow('Document version changed between two reads.');
  });
});
