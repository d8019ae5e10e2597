// Queries and aggregations through the real lite SDK (and raw REST for what the lite SDK cannot
// express: offset, projections, the exact response shapes).
import {
  and,
  average,
  Bytes,
  collection,
  collectionGroup,
  count,
  doc,
  documentId,
  endAt,
  endBefore,
  GeoPoint,
  getAggregate,
  getCount,
  getDocs,
  limit,
  limitToLast,
  or,
  orderBy,
  query,
  setDoc,
  startAfter,
  startAt,
  sum,
  Timestamp,
  vector,
  where,
  writeBatch,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT, startHarness, type Harness } from './harness.ts';

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
    ['ann', 34, 'nairobi', ['oncology'], true],
    ['ben', 28, 'mombasa', ['research', 'policy'], false],
    ['cat', 45, 'nairobi', ['policy'], true],
    ['dan', 28, 'kisumu', [], false],
    ['eve', 52.5, null, ['oncology', 'policy'], true],
  ] as const;
  for (const [id, age, city, tags, speaker] of people) batch.set(doc(h.db, 'people', id), { name: id, age, city, tags, speaker });
  batch.set(doc(h.db, 'people', 'fay'), { name: 'fay' }); // no age, no city
  await batch.commit();
}

describe('filters', () => {
  beforeEach(seedPeople);
  const people = () => collection(h.db, 'people');

  it('==, <, <=, >, >= (numbers compare across int and double)', async () => {
    expect(ids(await getDocs(query(people(), where('city', '==', 'nairobi'))))).toEqual(['ann', 'cat']);
    expect(ids(await getDocs(query(people(), where('age', '<', 34))))).toEqual(['ben', 'dan']);
    expect(ids(await getDocs(query(people(), where('age', '<=', 34))))).toEqual(['ben', 'dan', 'ann']);
    expect(ids(await getDocs(query(people(), where('age', '>', 34))))).toEqual(['cat', 'eve']);
    expect(ids(await getDocs(query(people(), where('age', '>=', 52.5))))).toEqual(['eve']);
  });

  it('!= and not-in leave out documents without the field (and nulls)', async () => {
    expect(ids(await getDocs(query(people(), where('age', '!=', 28))))).toEqual(['ann', 'cat', 'eve']);
    expect(ids(await getDocs(query(people(), where('city', 'not-in', ['nairobi']))))).toEqual(['dan', 'ben']);
    expect(ids(await getDocs(query(people(), where('city', '!=', null))))).toEqual(['dan', 'ben', 'ann', 'cat']);
  });

  it('in, array-contains, array-contains-any', async () => {
    expect(ids(await getDocs(query(people(), where('city', 'in', ['kisumu', 'mombasa']))))).toEqual(['ben', 'dan']);
    expect(ids(await getDocs(query(people(), where('tags', 'array-contains', 'policy'))))).toEqual(['ben', 'cat', 'eve']);
    expect(ids(await getDocs(query(people(), where('tags', 'array-contains-any', ['oncology', 'research']))))).toEqual(['ann', 'ben', 'eve']);
  });

  it('== null and == NaN are unary filters', async () => {
    await setDoc(doc(h.db, 'people/nan'), { age: NaN });
    expect(ids(await getDocs(query(people(), where('city', '==', null))))).toEqual(['eve']);
    expect(ids(await getDocs(query(people(), where('age', '==', NaN))))).toEqual(['nan']);
  });

  it('OR and nested AND composites', async () => {
    const q = query(people(), or(where('city', '==', 'kisumu'), and(where('city', '==', 'nairobi'), where('age', '>', 40))));
    expect(ids(await getDocs(q))).toEqual(['dan', 'cat']); // the inequality on age orders by age
    const q2 = query(people(), and(where('speaker', '==', true), or(where('age', '<', 40), where('tags', 'array-contains', 'policy'))));
    expect(ids(await getDocs(q2))).toEqual(['ann', 'cat', 'eve']);
  });

  it('documentId() filters', async () => {
    expect(ids(await getDocs(query(people(), where(documentId(), '>=', 'cat'), where(documentId(), '<', 'eve'))))).toEqual(['cat', 'dan']);
    expect(ids(await getDocs(query(people(), where(documentId(), 'in', ['fay', 'ann']))))).toEqual(['ann', 'fay']);
  });
});

describe('ordering and paging', () => {
  beforeEach(seedPeople);
  const byAge = () => query(collection(h.db, 'people'), orderBy('age'), orderBy('name'));

  it('orders on several fields and drops documents without the order field', async () => {
    const snap = await getDocs(query(collection(h.db, 'people'), where('age', '>=', 28), orderBy('age', 'desc'), orderBy('name')));
    expect(ids(snap)).toEqual(['eve', 'cat', 'ann', 'ben', 'dan']);
    expect(ids(await getDocs(query(collection(h.db, 'people'), orderBy('city', 'desc'))))).toEqual(['cat', 'ann', 'ben', 'dan', 'eve']);
  });

  it("orders mixed types in Firestore's cross-type order", async () => {
    const values: Record<string, unknown> = {
      a_null: null,
      b_false: false,
      c_nan: NaN,
      d_int: -3,
      e_double: 2.5,
      f_time: Timestamp.fromMillis(0),
      g_string: 'text',
      h_bytes: Bytes.fromUint8Array(new Uint8Array([1])),
      i_ref: doc(h.db, 'x/y'),
      j_geo: new GeoPoint(0, 0),
      k_array: [1],
      l_vector: vector([9]),
      m_vector: vector([1, 2]), // a longer vector sorts after, whatever its elements
      n_map: { a: 1 },
    };
    const batch = writeBatch(h.db);
    for (const [id, v] of Object.entries(values).reverse()) batch.set(doc(h.db, 'mixed', id), { v });
    await batch.commit();
    expect(ids(await getDocs(query(collection(h.db, 'mixed'), orderBy('v'))))).toEqual(Object.keys(values));
    expect(ids(await getDocs(query(collection(h.db, 'mixed'), orderBy('v', 'desc'))))).toEqual(Object.keys(values).reverse());
  });

  it('vectors: equality, and ranges that stay among vectors (by dimension, then elements)', async () => {
    const batch = writeBatch(h.db);
    const values: Record<string, unknown> = { a: vector([1, 2]), b: vector([1, 3]), c: vector([0, 0, 0]), d: vector([5]), e: [1, 2], f: { value: [1, 2] } };
    for (const [id, v] of Object.entries(values)) batch.set(doc(h.db, 'vecs', id), { v });
    await batch.commit();
    const vecs = collection(h.db, 'vecs');
    expect(ids(await getDocs(query(vecs, where('v', '==', vector([1, 2])))))).toEqual(['a']);
    expect(ids(await getDocs(query(vecs, where('v', '>', vector([1, 2])))))).toEqual(['b', 'c']);
    expect(ids(await getDocs(query(vecs, where('v', '<=', vector([1, 2])))))).toEqual(['d', 'a']);
    expect(ids(await getDocs(query(vecs, orderBy('v', 'desc'))))).toEqual(['f', 'c', 'b', 'a', 'd', 'e']);
  });

  it('limit, startAt / startAfter / endAt / endBefore with values and snapshots', async () => {
    const first = await getDocs(query(byAge(), limit(2)));
    expect(ids(first)).toEqual(['ben', 'dan']);
    expect(ids(await getDocs(query(byAge(), startAfter(first.docs[1]), limit(2))))).toEqual(['ann', 'cat']);
    expect(ids(await getDocs(query(byAge(), startAt(34))))).toEqual(['ann', 'cat', 'eve']);
    expect(ids(await getDocs(query(byAge(), startAfter(28, 'ben'))))).toEqual(['dan', 'ann', 'cat', 'eve']);
    expect(ids(await getDocs(query(byAge(), endAt(34))))).toEqual(['ben', 'dan', 'ann']);
    expect(ids(await getDocs(query(byAge(), endBefore(34))))).toEqual(['ben', 'dan']);
    expect(ids(await getDocs(query(byAge(), startAt(28), endAt(34, 'ann'))))).toEqual(['ben', 'dan', 'ann']);
  });

  it('limitToLast (the SDK flips the order and the cursors, then reverses)', async () => {
    expect(ids(await getDocs(query(byAge(), limitToLast(2))))).toEqual(['cat', 'eve']);
    expect(ids(await getDocs(query(byAge(), endBefore(45), limitToLast(2))))).toEqual(['dan', 'ann']);
    expect(ids(await getDocs(query(byAge(), startAfter(28, 'ben'), endAt(45), limitToLast(10))))).toEqual(['dan', 'ann', 'cat']);
  });

  it('pages through a large collection with cursors, newest first', async () => {
    const batch = writeBatch(h.db);
    for (let i = 0; i < 450; i++)
      batch.set(doc(h.db, 'logs', `l${String(i).padStart(3, '0')}`), {
        timestamp: Timestamp.fromMillis(1_800_000_000_000 + (i % 150) * 1000),
        kind: i % 3 === 0 ? 'login' : 'edit',
      });
    await batch.commit();
    const seen: string[] = [];
    let q = query(collection(h.db, 'logs'), where('kind', '==', 'edit'), orderBy('timestamp', 'desc'), limit(25));
    for (;;) {
      const page = await getDocs(q);
      seen.push(...ids(page));
      if (page.size < 25) break;
      q = query(collection(h.db, 'logs'), where('kind', '==', 'edit'), orderBy('timestamp', 'desc'), startAfter(page.docs[page.size - 1]), limit(25));
    }
    expect(seen).toHaveLength(300);
    expect(new Set(seen).size).toBe(300);
    const all = ids(await getDocs(query(collection(h.db, 'logs'), where('kind', '==', 'edit'), orderBy('timestamp', 'desc'))));
    expect(seen).toEqual(all);
  });

  it('offset skips and reports skippedResults (REST: the lite SDK has no offset)', async () => {
    const res = await h.rest('runQuery', {
      structuredQuery: { from: [{ collectionId: 'people' }], orderBy: [{ field: { fieldPath: 'name' } }], offset: 2, limit: 2 },
    });
    expect(res.body.map((r: { document: { name: string } }) => r.document.name.split('/').pop())).toEqual(['cat', 'dan']);
    expect(res.body[0].skippedResults).toBe(2);
  });
});

describe('collections and groups', () => {
  it('queries a subcollection and a collection group', async () => {
    await setDoc(doc(h.db, 'events/e1/comments/c1'), { text: 'hi' });
    await setDoc(doc(h.db, 'events/e2/comments/c2'), { text: 'there' });
    await setDoc(doc(h.db, 'comments/c0'), { text: 'top' });
    expect(ids(await getDocs(collectionGroup(h.db, 'comments')))).toEqual(['c0', 'c1', 'c2']);
    expect(ids(await getDocs(collection(h.db, 'events/e1/comments')))).toEqual(['c1']);
    expect(ids(await getDocs(query(collectionGroup(h.db, 'comments'), where('text', '>', 'i'))))).toEqual(['c2', 'c0']);
    expect(ids(await getDocs(collection(h.db, 'events')))).toEqual([]); // parents were never written
  });

  it('a collection-group query under a parent document (REST)', async () => {
    await setDoc(doc(h.db, 'events/e1/comments/c1'), { text: 'hi' });
    await setDoc(doc(h.db, 'events/e1/sessions/s1/comments/c3'), { text: 'deep' });
    await setDoc(doc(h.db, 'events/e2/comments/c2'), { text: 'there' });
    const res = await fetch(`http://${h.host}/v1/${ROOT}/events/e1:runQuery`, {
      method: 'POST',
      body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'comments', allDescendants: true }] } }),
    });
    const names = (await res.json()).map((r: { document: { name: string } }) => r.document.name.split('/documents/')[1]);
    expect(names).toEqual(['events/e1/comments/c1', 'events/e1/sessions/s1/comments/c3']);
  });
});

describe('projections and response shapes (REST)', () => {
  it('select returns only the chosen fields; __name__ alone returns none', async () => {
    await seedPeople();
    const res = await h.rest('runQuery', {
      structuredQuery: {
        from: [{ collectionId: 'people' }],
        select: { fields: [{ fieldPath: 'age' }] },
        where: { fieldFilter: { field: { fieldPath: 'name' }, op: 'EQUAL', value: { stringValue: 'ann' } } },
      },
    });
    expect(res.body[0].document.fields).toEqual({ age: { integerValue: '34' } });
    const keys = await h.rest('runQuery', {
      structuredQuery: { from: [{ collectionId: 'people' }], select: { fields: [{ fieldPath: '__name__' }] }, limit: 1 },
    });
    expect(keys.body[0].document.fields).toBeUndefined();
  });

  it('an empty result is one entry with only a readTime', async () => {
    const res = await h.rest('runQuery', { structuredQuery: { from: [{ collectionId: 'nothing' }] } });
    expect(res.body).toHaveLength(1);
    expect(Object.keys(res.body[0])).toEqual(['readTime']);
  });
});

describe('aggregations', () => {
  beforeEach(seedPeople);

  it('count, sum and average, with filters', async () => {
    expect((await getCount(collection(h.db, 'people'))).data().count).toBe(6);
    const nairobi = query(collection(h.db, 'people'), where('city', '==', 'nairobi'));
    expect((await getAggregate(nairobi, { total: sum('age'), mean: average('age'), n: count() })).data()).toEqual({ total: 79, mean: 39.5, n: 2 });
    expect((await getAggregate(collection(h.db, 'people'), { total: sum('age') })).data().total).toBe(187.5);
  });

  it('count of nothing is 0, average of nothing is null', async () => {
    const none = query(collection(h.db, 'people'), where('city', '==', 'nowhere'));
    expect((await getAggregate(none, { n: count(), total: sum('age'), mean: average('age') })).data()).toEqual({ n: 0, total: 0, mean: null });
  });

  it('respects limit and order (aggregating the first n)', async () => {
    const q = query(collection(h.db, 'people'), orderBy('age', 'desc'), limit(2));
    expect((await getAggregate(q, { n: count(), total: sum('age') })).data()).toEqual({ n: 2, total: 97.5 });
  });

  it('several aggregations cover only the documents that have every aggregated field', async () => {
    const books = collection(h.db, 'books');
    await setDoc(doc(books, 'a'), { title: 'A', pages: 100, year: 1980 });
    await setDoc(doc(books, 'b'), { title: 'B', pages: 50, year: 2020 });
    await setDoc(doc(books, 'c'), { title: 'C', pages: 150, year: 2021 });
    await setDoc(doc(books, 'd'), { title: 'D', pages: 50 }); // no year
    expect((await getAggregate(books, { total: sum('pages'), avg: average('year'), n: count() })).data()).toEqual({ total: 300, avg: 2007, n: 3 });
    // One field: every document that has it.
    expect((await getAggregate(books, { total: sum('pages'), n: count() })).data()).toEqual({ total: 350, n: 4 });
    expect((await getAggregate(books, { n: count() })).data()).toEqual({ n: 4 });
    // Present but not a number still counts as having the field (sum skips the value).
    await setDoc(doc(books, 'e'), { title: 'E', pages: 'many', year: 1999 });
    expect((await getAggregate(books, { total: sum('pages'), avg: average('year'), n: count() })).data()).toEqual({ total: 300, avg: 2005, n: 4 });
  });

  it('count upTo (REST)', async () => {
    const res = await h.rest('runAggregationQuery', {
      structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: 'people' }] }, aggregations: [{ alias: 'n', count: { upTo: 3 } }] },
    });
    expect(res.body[0].result.aggregateFields).toEqual({ n: { integerValue: '3' } });
    expect(res.body[0].readTime).toMatch(/Z$/);
  });
});
