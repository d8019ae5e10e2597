// Writes through the real lite SDK: set, merge, update, delete, batches, every value type and
// every transform; and the backend's own validation, reached through raw REST where the SDK
// validates before sending.
import {
  addDoc,
  arrayRemove,
  arrayUnion,
  Bytes,
  collection,
  deleteDoc,
  deleteField,
  doc,
  FieldPath,
  GeoPoint,
  getDoc,
  increment,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  vector,
  VectorValue,
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

describe('documents', () => {
  it('creates, merges, updates nested fields, deletes fields and documents', async () => {
    const ref = doc(h.db, 'items/one');
    await setDoc(ref, { a: 1, nested: { x: 1, y: 2 } });
    await setDoc(ref, { b: 2, nested: { z: 3 } }, { merge: true });
    expect((await getDoc(ref)).data()).toEqual({ a: 1, b: 2, nested: { x: 1, y: 2, z: 3 } });
    await updateDoc(ref, { 'nested.x': 10, a: deleteField() });
    expect((await getDoc(ref)).data()).toEqual({ b: 2, nested: { x: 10, y: 2, z: 3 } });
    await setDoc(ref, { only: true });
    expect((await getDoc(ref)).data()).toEqual({ only: true });
    await deleteDoc(ref);
    expect((await getDoc(ref)).exists()).toBe(false);
  });

  it('merges only the listed fields with mergeFields', async () => {
    const ref = doc(h.db, 'items/m');
    await setDoc(ref, { a: 1, b: 1 });
    await setDoc(ref, { a: 2, b: 2 }, { mergeFields: ['b'] });
    expect((await getDoc(ref)).data()).toEqual({ a: 1, b: 2 });
  });

  it('round-trips every value type', async () => {
    const ref = doc(h.db, 'items/types');
    const other = doc(h.db, 'events/e1/comments/c1');
    const value = {
      nothing: null,
      yes: true,
      int: 42,
      big: Number.MAX_SAFE_INTEGER,
      negative: -7,
      double: 3.25,
      nan: NaN,
      inf: Infinity,
      minusInf: -Infinity,
      when: new Timestamp(1_900_000_000, 123_456_000),
      text: 'Karibu 🌍 — ñ',
      empty: '',
      bytes: Bytes.fromUint8Array(new Uint8Array([0, 1, 254, 255])),
      ref: other,
      place: new GeoPoint(-1.2921, 36.8219),
      list: [1, 'two', { three: 3 }, null],
      emptyList: [],
      map: { deep: { deeper: { deepest: 'x' } } },
      emptyMap: {},
    };
    await setDoc(ref, value);
    const data = (await getDoc(ref)).data()!;
    expect(data.nothing).toBeNull();
    expect(data.yes).toBe(true);
    expect(data.int).toBe(42);
    expect(data.big).toBe(Number.MAX_SAFE_INTEGER);
    expect(data.negative).toBe(-7);
    expect(data.double).toBe(3.25);
    expect(data.nan).toBeNaN();
    expect(data.inf).toBe(Infinity);
    expect(data.minusInf).toBe(-Infinity);
    expect((data.when as Timestamp).isEqual(value.when)).toBe(true);
    expect(data.text).toBe(value.text);
    expect(data.empty).toBe('');
    expect((data.bytes as Bytes).toUint8Array()).toEqual(new Uint8Array([0, 1, 254, 255]));
    expect(data.ref.path).toBe('events/e1/comments/c1');
    expect((data.place as GeoPoint).isEqual(value.place)).toBe(true);
    expect(data.list).toEqual([1, 'two', { three: 3 }, null]);
    expect(data.emptyList).toEqual([]);
    expect(data.map).toEqual(value.map);
    expect(data.emptyMap).toEqual({});
  });

  it('round-trips vector values (stored as a map with __type__ "__vector__")', async () => {
    const ref = doc(h.db, 'items/vectors');
    const embedding = vector([1, 2.5, -3, 0]);
    await setDoc(ref, { embedding, empty: vector([]), nested: { inner: vector([0.125]) }, list: [vector([7])] });
    const data = (await getDoc(ref)).data()!;
    expect(data.embedding).toBeInstanceOf(VectorValue);
    expect((data.embedding as VectorValue).toArray()).toEqual([1, 2.5, -3, 0]);
    expect((data.embedding as VectorValue).isEqual(embedding)).toBe(true);
    expect((data.empty as VectorValue).toArray()).toEqual([]);
    expect((data.nested.inner as VectorValue).toArray()).toEqual([0.125]);
    expect((data.list[0] as VectorValue).toArray()).toEqual([7]);
    await setDoc(ref, { embedding: vector([9, 9]) }, { merge: true });
    await updateDoc(ref, { 'nested.inner': vector([1, 1, 1]) });
    const after = (await getDoc(ref)).data()!;
    expect((after.embedding as VectorValue).toArray()).toEqual([9, 9]);
    expect((after.nested.inner as VectorValue).toArray()).toEqual([1, 1, 1]);
    const stored = await h.rest('batchGet', { documents: [`${ROOT}/items/vectors`] });
    expect(stored.body[0].found.fields.embedding).toEqual({
      mapValue: { fields: { __type__: { stringValue: '__vector__' }, value: { arrayValue: { values: [{ doubleValue: 9 }, { doubleValue: 9 }] } } } },
    });
  });

  it('field names with dots and special characters work through FieldPath', async () => {
    const ref = doc(h.db, 'items/odd');
    await setDoc(ref, { 'a.b': 1, 'x~*/[]y': 2, 'spaces here': 3 });
    await updateDoc(ref, new FieldPath('a.b'), 10, new FieldPath('x~*/[]y'), deleteField());
    expect((await getDoc(ref)).data()).toEqual({ 'a.b': 10, 'spaces here': 3 });
  });

  it('addDoc generates 20-character ids', async () => {
    const ref = await addDoc(collection(h.db, 'items'), { v: 1 });
    expect(ref.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await getDoc(ref)).data()).toEqual({ v: 1 });
  });

  it('a document that is missing reads as missing, also in subcollections', async () => {
    expect((await getDoc(doc(h.db, 'items/none'))).exists()).toBe(false);
    await setDoc(doc(h.db, 'events/e1/comments/c1'), { t: 'hi' });
    expect((await getDoc(doc(h.db, 'events/e1'))).exists()).toBe(false);
    expect((await getDoc(doc(h.db, 'events/e1/comments/c1'))).data()).toEqual({ t: 'hi' });
  });
});

describe('transforms', () => {
  it('server timestamp, increment, array union and remove', async () => {
    const ref = doc(h.db, 'items/t');
    await setDoc(ref, { n: 1, d: 1.5, list: ['a', 'b'], at: serverTimestamp() });
    await updateDoc(ref, { n: increment(4), d: increment(1), list: arrayUnion('c', 'a'), fresh: increment(2) });
    await updateDoc(ref, { list: arrayRemove('a') });
    const data = (await getDoc(ref)).data()!;
    expect(data).toMatchObject({ n: 5, d: 2.5, list: ['b', 'c'], fresh: 2 });
    expect(data.at).toBeInstanceOf(Timestamp);
    expect(Math.abs((data.at as Timestamp).toMillis() - Date.now())).toBeLessThan(10_000);
  });

  it('the server timestamp of a write equals the document update time', async () => {
    const ref = doc(h.db, 'items/clock');
    await setDoc(ref, { at: serverTimestamp() });
    const res = await h.rest('batchGet', { documents: [`${ROOT}/items/clock`] });
    const found = res.body[0].found;
    expect(found.fields.at.timestampValue).toBe(found.updateTime);
  });

  // Ours: six fractional digits always and never a whole millisecond (the official emulator's
  // formatting of versions is not pinned here).
  it.skipIf(!!process.env.FIRESTORE_EMULATOR_HOST)('commit, create, update and read times have microseconds', async () => {
    const micros = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
    const commit = await h.rest('commit', {
      writes: [{ update: { name: `${ROOT}/items/us`, fields: {} }, updateTransforms: [{ fieldPath: 'at', setToServerValue: 'REQUEST_TIME' }] }],
    });
    expect(commit.body.commitTime).toMatch(micros);
    expect(commit.body.commitTime.slice(23, 26)).not.toBe('000');
    expect(commit.body.writeResults[0].updateTime).toBe(commit.body.commitTime);
    const read = await h.rest('batchGet', { documents: [`${ROOT}/items/us`] });
    expect(read.body[0].readTime).toMatch(micros);
    expect(read.body[0].readTime >= commit.body.commitTime).toBe(true);
    expect(read.body[0].found).toMatchObject({
      createTime: commit.body.commitTime,
      updateTime: commit.body.commitTime,
      fields: { at: { timestampValue: commit.body.commitTime } },
    });
    expect((await getDoc(doc(h.db, 'items/us'))).get('at').nanoseconds % 1_000_000).not.toBe(0);
    const again = await h.rest('commit', {
      writes: [{ update: { name: `${ROOT}/items/us`, fields: { n: { integerValue: '1' } } }, currentDocument: { updateTime: commit.body.commitTime } }],
    });
    expect(again.status).toBe(200);
    expect(again.body.commitTime > commit.body.commitTime).toBe(true);
  });

  it('maximum and minimum (REST only: the web SDK has no sentinel for them)', async () => {
    const name = `${ROOT}/items/extremes`;
    await setDoc(doc(h.db, 'items/extremes'), { hi: 5, lo: 5 });
    const res = await h.rest('commit', {
      writes: [
        {
          transform: {
            document: name,
            fieldTransforms: [
              { fieldPath: 'hi', maximum: { integerValue: '9' } },
              { fieldPath: 'lo', minimum: { doubleValue: 2.5 } },
            ],
          },
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.writeResults[0].transformResults).toEqual([{ integerValue: '9' }, { doubleValue: 2.5 }]);
    expect((await getDoc(doc(h.db, 'items/extremes'))).data()).toEqual({ hi: 9, lo: 2.5 });
  });
});

describe('batches', () => {
  it('commit all or nothing', async () => {
    await setDoc(doc(h.db, 'items/exists'), { v: 1 });
    const batch = writeBatch(h.db);
    batch.set(doc(h.db, 'items/new'), { v: 1 });
    batch.update(doc(h.db, 'items/exists'), { v: 2 });
    batch.update(doc(h.db, 'items/missing'), { v: 2 });
    await expect(batch.commit()).rejects.toMatchObject({ code: 'not-found' });
    expect((await getDoc(doc(h.db, 'items/new'))).exists()).toBe(false);
    expect((await getDoc(doc(h.db, 'items/exists'))).data()).toEqual({ v: 1 });
  });

  it('applies several writes to one document in order', async () => {
    const ref = doc(h.db, 'items/seq');
    const batch = writeBatch(h.db);
    batch.set(ref, { a: 1 });
    batch.update(ref, { b: increment(1) });
    batch.set(ref, { c: 3 }, { merge: true });
    await batch.commit();
    expect((await getDoc(ref)).data()).toEqual({ a: 1, b: 1, c: 3 });
  });

  it('takes more than 500 writes in one commit (the old limit is gone)', async () => {
    const batch = writeBatch(h.db);
    for (let i = 0; i < 600; i++) batch.set(doc(h.db, `bulk/d${i}`), { i });
    await batch.commit();
    expect((await getDoc(doc(h.db, 'bulk/d599'))).data()).toEqual({ i: 599 });
  });
});

describe("the backend's validation", () => {
  const write = (fields: unknown, path = 'items/x', extra: Record<string, unknown> = {}) =>
    h.rest('commit', { writes: [{ update: { name: `${ROOT}/${path}`, fields }, ...extra }] });

  it('refuses a document over 1 MiB (the SDK sees failed-precondition for a 400)', async () => {
    await expect(setDoc(doc(h.db, 'items/big'), { s: 'x'.repeat(1_048_576) })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringContaining('exceeds the maximum allowed size of 1,048,576 bytes'),
    });
    await setDoc(doc(h.db, 'items/big'), { s: 'x'.repeat(1_048_576 - 100) });
  });

  it('refuses document paths with an odd number of segments, and collection paths with an even one', async () => {
    const res = await write({}, 'items');
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    const query = await h.rest('runQuery', { structuredQuery: { from: [{ collectionId: 'a/b' }] } });
    expect(query.body.error.status).toBe('INVALID_ARGUMENT');
  });

  it.each([
    ['an empty field name', { '': { nullValue: null } }],
    ['a reserved field name', { __secret__: { nullValue: null } }],
    ['a reserved field name in a map', { m: { mapValue: { fields: { __type__: { stringValue: 'other' } } } } }],
    [
      'a vector with a value that is not an array of numbers',
      { v: { mapValue: { fields: { __type__: { stringValue: '__vector__' }, value: { arrayValue: { values: [{ stringValue: 'x' }] } } } } } },
    ],
    [
      'a vector with another field',
      { v: { mapValue: { fields: { __type__: { stringValue: '__vector__' }, value: { arrayValue: {} }, extra: { nullValue: null } } } } },
    ],
    ['a vector without its value', { v: { mapValue: { fields: { __type__: { stringValue: '__vector__' } } } } }],
    ['an array in an array', { a: { arrayValue: { values: [{ arrayValue: {} }] } } }],
    ['an integer out of range', { a: { integerValue: '99999999999999999999' } }],
    ['a latitude out of range', { a: { geoPointValue: { latitude: 100, longitude: 0 } } }],
  ])('refuses %s', async (_label, fields) => {
    const res = await write(fields);
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
  });

  it.each([['a~b'], ['a*b'], ['a/b'], ['a[0]'], ['.a'], ['a.'], ['a..b']])('refuses the field path %j in an update mask', async (path) => {
    const res = await write({}, 'items/x', { updateMask: { fieldPaths: [path] } });
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
  });

  it('accepts the same names quoted', async () => {
    const res = await write({ 'a~b': { integerValue: '1' } }, 'items/x', { updateMask: { fieldPaths: ['`a~b`'] } });
    expect(res.status).toBe(200);
    expect((await getDoc(doc(h.db, 'items/x'))).data()).toEqual({ 'a~b': 1 });
  });
});
