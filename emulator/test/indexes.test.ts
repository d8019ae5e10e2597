// Composite indexes as Cloud Firestore enforces them, through the real lite SDK. The official
// emulator serves every query whatever the indexes, so against it the refusals below fail: that
// is the difference this project's emulator closes (see README.md).
import { and, collection, count, doc, getAggregate, getCount, getDocs, or, orderBy, query, setDoc, sum, where, writeBatch } from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseIndexConfig } from '../src/indexes.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.clear();
  h.setIndexes(null);
  const batch = writeBatch(h.db);
  [
    { status: 'paid', amount: 5, t: 3, tags: ['a'] },
    { status: 'paid', amount: 7, t: 1, tags: ['b'] },
    { status: 'due', amount: 11, t: 2, tags: ['a', 'b'] },
  ].forEach((data, i) => batch.set(doc(h.db, 'orders', `o${i}`), data));
  await batch.commit();
});

const ORDERS_BY_STATUS = {
  collectionGroup: 'orders',
  queryScope: 'COLLECTION',
  fields: [
    { fieldPath: 'status', order: 'ASCENDING' },
    { fieldPath: 't', order: 'DESCENDING' },
  ],
};

const refusal = (run: () => Promise<unknown>) =>
  run().then(
    () => null,
    (e: { code?: string; message?: string }) => e,
  );

describe('composite indexes enforced', () => {
  it('refuses a query no index serves with FAILED_PRECONDITION and the entry to add', async () => {
    h.setIndexes(parseIndexConfig({ indexes: [], fieldOverrides: [] }));
    const error = await refusal(() => getDocs(query(collection(h.db, 'orders'), where('status', '==', 'paid'), orderBy('t', 'desc'))));
    expect(error?.code).toBe('failed-precondition');
    expect(error?.message).toContain('The query requires an index.');
    expect(JSON.parse(error!.message!.slice(error!.message!.indexOf('{')))).toEqual(ORDERS_BY_STATUS);
  });

  it('serves the same query once the index exists, in order', async () => {
    h.setIndexes(parseIndexConfig({ indexes: [ORDERS_BY_STATUS] }));
    const snap = await getDocs(query(collection(h.db, 'orders'), where('status', '==', 'paid'), orderBy('t', 'desc')));
    expect(snap.docs.map((d) => d.id)).toEqual(['o0', 'o1']);
  });

  it('serves without composites what single-field indexes serve', async () => {
    h.setIndexes(parseIndexConfig({ indexes: [] }));
    expect((await getDocs(query(collection(h.db, 'orders'), where('status', '==', 'paid'), where('amount', '==', 7)))).size).toBe(1);
    expect((await getDocs(query(collection(h.db, 'orders'), where('t', '>', 1), orderBy('t', 'desc')))).size).toBe(2);
    expect((await getDocs(query(collection(h.db, 'orders'), where('tags', 'array-contains', 'a')))).size).toBe(2);
    expect((await getDocs(query(collection(h.db, 'orders'), or(where('status', '==', 'due'), where('amount', '==', 5))))).size).toBe(2);
    expect((await getCount(query(collection(h.db, 'orders'), where('status', '==', 'paid')))).data().count).toBe(2);
  });

  it('refuses an aggregation that needs an index, and sum() over a filter needs the summed field indexed with it', async () => {
    h.setIndexes(parseIndexConfig({ indexes: [] }));
    const ranged = await refusal(() => getCount(query(collection(h.db, 'orders'), where('status', '==', 'paid'), where('t', '>', 0))));
    expect(ranged?.code).toBe('failed-precondition');
    const summed = await refusal(() => getAggregate(query(collection(h.db, 'orders'), where('status', '==', 'paid')), { total: sum('amount'), n: count() }));
    expect(summed?.message).toContain(
      '{"collectionGroup":"orders","queryScope":"COLLECTION","fields":[{"fieldPath":"status","order":"ASCENDING"},{"fieldPath":"amount","order":"ASCENDING"}]}',
    );
    h.setIndexes(
      parseIndexConfig({
        indexes: [
          {
            collectionGroup: 'orders',
            queryScope: 'COLLECTION',
            fields: [
              { fieldPath: 'status', order: 'ASCENDING' },
              { fieldPath: 'amount', order: 'ASCENDING' },
            ],
          },
        ],
      }),
    );
    const result = await getAggregate(query(collection(h.db, 'orders'), where('status', '==', 'paid')), { total: sum('amount'), n: count() });
    expect(result.data()).toEqual({ total: 12, n: 2 });
  });

  it('honours a single-field exemption', async () => {
    h.setIndexes(parseIndexConfig({ indexes: [], fieldOverrides: [{ collectionGroup: 'orders', fieldPath: 'amount', indexes: [] }] }));
    const error = await refusal(() => getDocs(query(collection(h.db, 'orders'), where('amount', '>', 6))));
    expect(error?.code).toBe('failed-precondition');
    expect(error?.message).toContain('"fieldOverrides"');
    // Other fields keep their indexes.
    expect((await getDocs(query(collection(h.db, 'orders'), where('t', '>', 1)))).size).toBe(2);
  });

  it('needs each disjunct of an OR served', async () => {
    h.setIndexes(parseIndexConfig({ indexes: [ORDERS_BY_STATUS] }));
    const q = query(
      collection(h.db, 'orders'),
      or(where('status', '==', 'due'), and(where('status', '==', 'paid'), where('amount', '==', 5))),
      orderBy('t', 'desc'),
    );
    const error = await refusal(() => getDocs(q));
    expect(error?.message).toContain('"fieldPath":"amount"');
  });

  it('serves every query when no indexes are given, as the official emulator does', async () => {
    await setDoc(doc(h.db, 'orders', 'o9'), { status: 'paid', t: 9 });
    const snap = await getDocs(query(collection(h.db, 'orders'), where('status', '==', 'paid'), orderBy('t', 'desc')));
    expect(snap.docs.map((d) => d.id)).toEqual(['o9', 'o0', 'o1']);
  });
});
