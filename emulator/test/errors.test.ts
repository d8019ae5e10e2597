// Every error code the lite SDK can surface from the backend, with the HTTP status that produces
// it (the SDK maps the status alone: 400 → failed-precondition, 401 → unauthenticated,
// 403 → permission-denied, 404 → not-found, 409 → aborted), and CORS for the browser app.
import { collection, deleteDoc, doc, getCount, getDoc, getDocs, query, serverTimestamp, setDoc, Timestamp, updateDoc, where } from 'firebase/firestore/lite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccessRequest } from '../src/rules/contract.ts';
import { compileRules } from '../src/rules/index.ts';
import { PROJECT_ID, ROOT, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.clear());

describe('codes from preconditions and validation', () => {
  it('not-found: updating a missing document ("No document to update")', async () => {
    await expect(updateDoc(doc(h.db, 'items/nope'), { a: 1 })).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringContaining('No document to update'),
    });
  });

  it('deleting a missing document is not an error', async () => {
    await expect(deleteDoc(doc(h.db, 'items/nope'))).resolves.toBeUndefined();
  });

  it('failed-precondition: a stale updateTime (400 FAILED_PRECONDITION)', async () => {
    await setDoc(doc(h.db, 'items/p'), { v: 1 });
    const res = await h.rest('commit', {
      writes: [{ update: { name: `${ROOT}/items/p`, fields: {} }, currentDocument: { updateTime: '2000-01-01T00:00:00Z' } }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 400, status: 'FAILED_PRECONDITION' });
  });

  it('aborted: exists: false on an existing document (409 ALREADY_EXISTS)', async () => {
    await setDoc(doc(h.db, 'items/p'), { v: 1 });
    const res = await h.rest('commit', { writes: [{ update: { name: `${ROOT}/items/p`, fields: {} }, currentDocument: { exists: false } }] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 409, status: 'ALREADY_EXISTS', message: expect.stringContaining('Document already exists') });
  });

  it('failed-precondition in the SDK for the backend refusing a query (400 INVALID_ARGUMENT)', async () => {
    const res = await h.rest('runQuery', {
      structuredQuery: { from: [{ collectionId: 'people' }], where: { fieldFilter: { field: { fieldPath: 'a' }, op: 'IN', value: { arrayValue: {} } } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
  });

  it('unauthenticated: a malformed ID token (401)', async () => {
    const res = await h.rest('batchGet', { documents: [`${ROOT}/items/a`] }, { Authorization: 'Bearer this-is-not-a-jwt' });
    expect(res.status).toBe(401);
    expect(res.body.error.status).toBe('UNAUTHENTICATED');
  });
});

// The official emulator takes any decodable token; Cloud Firestore, and ours, check its claims.
describe.skipIf(!!process.env.FIRESTORE_EMULATOR_HOST)('ID tokens checked as Cloud Firestore checks them (our emulator)', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const refused = {
    code: 'unauthenticated',
    message: expect.stringContaining('Request had invalid authentication credentials. Expected OAuth 2 access token'),
  };

  it('the SDK’s mock tokens work, with or without an issue time', async () => {
    // iat 0: what mockUserToken and @firebase/rules-unit-testing send when given no time (exp 3600).
    await setDoc(doc(h.client('timeless', { user: { uid: 'ann', iat: 0 } }), 'items/a'), { v: 1 });
    await expect(getDoc(doc(h.client('timed', { user: { uid: 'ann', iat: now() - 60 } }), 'items/a'))).resolves.toBeDefined();
  });

  it('unauthenticated: an expired token (401)', async () => {
    const late = h.client('late', { user: { uid: 'ann', iat: now() - 7200 } });
    await expect(getDoc(doc(late, 'items/a'))).rejects.toMatchObject(refused);
    await expect(setDoc(doc(late, 'items/a'), { v: 1 })).rejects.toMatchObject(refused);
  });

  it('unauthenticated: a token for another project (aud or iss) (401)', async () => {
    const foreign = h.client('foreign', { user: { uid: 'ann', aud: 'another-project' } });
    await expect(getDoc(doc(foreign, 'items/a'))).rejects.toMatchObject(refused);
    const issuer = h.client('issuer', { user: { uid: 'ann', iss: 'https://securetoken.google.com/another-project' } });
    await expect(getDocs(collection(issuer, 'items'))).rejects.toMatchObject(refused);
  });

  it('unauthenticated: a token without a subject (401)', async () => {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const token = `${part({ alg: 'none' })}.${part({ aud: PROJECT_ID, iss: `https://securetoken.google.com/${PROJECT_ID}`, iat: now(), exp: now() + 3600, user_id: 'ann' })}.`;
    const res = await h.rest('batchGet', { documents: [`${ROOT}/items/a`] }, { Authorization: `Bearer ${token}` });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED', message: expect.stringContaining('(the ID token has no subject (sub))') });
  });
});

describe.skipIf(!!process.env.FIRESTORE_EMULATOR_HOST)('rules: permission-denied and who is asking (our emulator)', () => {
  const seen: AccessRequest[] = [];
  beforeEach(() => {
    seen.length = 0;
    // Members read and write their own profile; anyone lists published posts; nothing else.
    h.setAuthorizer({
      authorize: (r) => {
        seen.push(r);
        if (r.path.startsWith('profiles/')) return { allowed: !!r.auth && r.path === `profiles/${r.auth.uid}` };
        if (r.method === 'list' && r.path === 'posts') return { allowed: r.query?.equalities.published !== undefined };
        return { allowed: false };
      },
    });
  });
  afterEach(() => h.setAuthorizer(null));

  it('passes the ID token of a signed-in client as auth, and none for an anonymous one', async () => {
    const ann = h.client('ann', { user: { uid: 'ann', email: 'ann@example.org', email_verified: true } });
    await setDoc(doc(ann, 'profiles/ann'), { name: 'Ann' });
    expect(seen[0]).toMatchObject({ method: 'create', path: 'profiles/ann', auth: { uid: 'ann', token: { email: 'ann@example.org', email_verified: true } } });
    expect((await getDoc(doc(ann, 'profiles/ann'))).data()).toEqual({ name: 'Ann' });
    await expect(getDoc(doc(h.db, 'profiles/ann'))).rejects.toMatchObject({
      code: 'permission-denied',
      message: expect.stringContaining('Missing or insufficient permissions.'),
    });
    expect(seen.at(-1)!.auth).toBeNull();
  });

  it('a denied write writes nothing, even when other writes of the batch were allowed', async () => {
    const ann = h.client('ann', { user: { uid: 'ann' } });
    const { writeBatch } = await import('firebase/firestore/lite');
    const batch = writeBatch(ann);
    batch.set(doc(ann, 'profiles/ann'), { name: 'Ann' });
    batch.set(doc(ann, 'profiles/ben'), { name: 'not yours' });
    await expect(batch.commit()).rejects.toMatchObject({ code: 'permission-denied' });
    h.setAuthorizer(null);
    expect((await getDoc(doc(h.db, 'profiles/ann'))).exists()).toBe(false);
  });

  it('queries and aggregations ask for list, with the equalities the query guarantees', async () => {
    await expect(getDocs(collection(h.db, 'posts'))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(getDocs(query(collection(h.db, 'posts'), where('published', '==', true)))).resolves.toBeDefined();
    await expect(getCount(query(collection(h.db, 'posts'), where('published', '==', true)))).resolves.toBeDefined();
    expect(seen.map((r) => r.method)).toEqual(['list', 'list', 'list']);
  });

  it('request.time is the commit time to the microsecond: serverTimestamp() equals it, a client clock never does', async () => {
    h.setAuthorizer(
      compileRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /stamps/{id} { allow create: if request.resource.data.at == request.time; }
  }
}`),
    );
    for (let i = 0; i < 10; i++) await setDoc(doc(h.db, `stamps/server-${i}`), { at: serverTimestamp() });
    // With whole-millisecond commit times, a client sending its own Timestamp.now() passed now
    // and then (whenever its millisecond was the server's); microseconds make that impossible.
    for (let i = 0; i < 150; i++) {
      await expect(setDoc(doc(h.db, `stamps/forged-${i}`), { at: Timestamp.now() })).rejects.toMatchObject({ code: 'permission-denied' });
    }
  });

  it('Bearer owner bypasses the rules', async () => {
    const res = await h.rest('commit', { writes: [{ update: { name: `${ROOT}/anything/x`, fields: {} } }] }, { Authorization: 'Bearer owner' });
    expect(res.status).toBe(200);
    const denied = await h.rest('commit', { writes: [{ update: { name: `${ROOT}/anything/y`, fields: {} } }] });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
  });
});

describe('CORS for the browser app', () => {
  it('answers a preflight for the headers the SDK sends', async () => {
    const res = await fetch(`http://${h.host}/v1/${ROOT}:commit`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,google-cloud-resource-prefix,x-goog-api-client,x-goog-request-params,x-firebase-gmpid',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(['*', 'http://localhost:5173']).toContain(res.headers.get('access-control-allow-origin'));
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['authorization', 'x-goog-api-client', 'x-firebase-gmpid']) expect(allowed).toContain(header);
  });

  it('answers the request itself with an allowed origin', async () => {
    const res = await fetch(`http://${h.host}/v1/${ROOT}:batchGet`, {
      method: 'POST',
      headers: { Origin: 'http://localhost:5173', 'Content-Type': 'text/plain' },
      body: JSON.stringify({ documents: [] }),
    });
    expect(res.status).toBe(200);
    expect(['*', 'http://localhost:5173']).toContain(res.headers.get('access-control-allow-origin'));
  });
});
