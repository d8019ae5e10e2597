// The real firebase/storage SDK against the Cloud Storage protocol (src/storage/). Each test uses
// its own folder of the bucket, so the suite also runs against another emulator
// (FIREBASE_STORAGE_EMULATOR_HOST=host:port); the tests that swap the storage rules are ours alone.
import { createHash, randomUUID } from 'node:crypto';
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
  type StorageError,
  type UploadTask,
} from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageAccessRequest } from '../src/rules/storage-contract.ts';
import { BUCKET, startStorageHarness, type StorageHarness } from './storage-harness.ts';

let h: StorageHarness;
beforeAll(async () => {
  h = await startStorageHarness();
});
afterAll(() => h.close());

const ours = () => (process.env.FIREBASE_STORAGE_EMULATOR_HOST ? it.skip : it);
/** A folder of its own for each test. */
const folder = () => `t-${randomUUID().slice(0, 8)}`;
const bytes = (n: number, seed = 7) => Uint8Array.from({ length: n }, (_, i) => (i * seed + (i >> 8)) & 0xff);

async function failure(promise: PromiseLike<unknown>): Promise<StorageError> {
  try {
    await promise;
  } catch (error) {
    return error as StorageError;
  }
  throw new Error('expected a failure');
}

/** Resolves once the task has sent at least `bytes` bytes. */
function reached(task: UploadTask, bytes: number) {
  return new Promise<void>((resolve) => {
    const off = task.on('state_changed', (s) => {
      if (s.bytesTransferred >= bytes) {
        off();
        resolve();
      }
    });
  });
}

describe('uploads', () => {
  it('uploadBytes and uploadString store the bytes, the declared type and custom metadata', async () => {
    const dir = folder();
    const data = bytes(1000);
    const up = await uploadBytes(ref(h.storage, `${dir}/a.bin`), data, { contentType: 'image/webp', customMetadata: { owner: 'ann' } });
    expect(up.metadata).toMatchObject({
      fullPath: `${dir}/a.bin`,
      name: 'a.bin',
      bucket: BUCKET,
      size: 1000,
      contentType: 'image/webp',
      customMetadata: { owner: 'ann' },
    });
    expect(new Uint8Array(await getBytes(ref(h.storage, `${dir}/a.bin`)))).toEqual(data);
    await uploadString(ref(h.storage, `${dir}/note.txt`), 'Habari', 'raw', { contentType: 'text/plain' });
    expect(Buffer.from(await getBytes(ref(h.storage, `${dir}/note.txt`))).toString()).toBe('Habari');
    const md = await getMetadata(ref(h.storage, `${dir}/note.txt`));
    expect(md).toMatchObject({ size: 6, contentType: 'text/plain', md5Hash: createHash('md5').update('Habari').digest('base64') });
  });

  it('uploadBytesResumable sends chunks, survives pause() and resume() mid-way', async () => {
    const dir = folder();
    const data = bytes(1_300_000, 13); // 256 KiB, then 512 KiB, then the rest: several chunks
    const task = uploadBytesResumable(ref(h.storage, `${dir}/big.bin`), data, { contentType: 'application/pdf' });
    await reached(task, 1);
    task.pause();
    await new Promise((r) => setTimeout(r, 200));
    expect(task.snapshot.state).toBe('paused');
    expect(task.snapshot.bytesTransferred).toBeLessThan(data.length);
    task.resume();
    const done = await task;
    expect(done.metadata.size).toBe(data.length);
    expect(done.metadata.contentType).toBe('application/pdf');
    expect(new Uint8Array(await getBytes(ref(h.storage, `${dir}/big.bin`)))).toEqual(data);
  });

  it('cancel() of a resumable upload stores nothing', async () => {
    const dir = folder();
    const task = uploadBytesResumable(ref(h.storage, `${dir}/gone.bin`), bytes(700_000));
    await reached(task, 1);
    task.cancel();
    expect((await failure(task.then((done) => done))).code).toBe('storage/canceled');
    expect((await failure(getMetadata(ref(h.storage, `${dir}/gone.bin`)))).code).toBe('storage/object-not-found');
  });
});

describe('metadata and download URLs', () => {
  it('updateMetadata changes, adds and removes fields; metageneration moves', async () => {
    const dir = folder();
    const r = ref(h.storage, `${dir}/m.txt`);
    await uploadString(r, 'x', 'raw', { contentType: 'text/plain', customMetadata: { a: '1', b: '2' } });
    const next = await updateMetadata(r, { contentType: 'text/markdown', cacheControl: 'public, max-age=60', customMetadata: { b: null as never, c: '3' } });
    expect(next).toMatchObject({ contentType: 'text/markdown', cacheControl: 'public, max-age=60', customMetadata: { a: '1', c: '3' }, metageneration: '2' });
    expect((await getMetadata(r)).customMetadata).toEqual({ a: '1', c: '3' });
  });

  it('getDownloadURL gives a URL that a plain fetch (no auth) reads, with the type; a wrong token is not a pass', async () => {
    const dir = folder();
    const r = ref(h.storage, `${dir}/photo one.webp`);
    await uploadBytes(r, bytes(4000), { contentType: 'image/webp', contentDisposition: 'inline; filename="photo.webp"' });
    const url = await getDownloadURL(r);
    expect(url).toMatch(new RegExp(`^http://${h.host}/v0/b/${BUCKET}/o/${dir}%2Fphoto%20one\\.webp\\?alt=media&token=`));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('content-length')).toBe('4000');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="photo.webp"');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes(4000));
    const partial = await fetch(url, { headers: { Range: 'bytes=10-19' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 10-19/4000');
    expect(new Uint8Array(await partial.arrayBuffer())).toEqual(bytes(4000).slice(10, 20));
    expect(new Uint8Array(await getBytes(r, 100))).toEqual(bytes(4000).slice(0, 100));
  });
});

describe('list and delete', () => {
  it('list / listAll: prefixes and items, paging', async () => {
    const dir = folder();
    await Promise.all(['a.txt', 'b.txt', 'c.txt', 'sub/x.txt', 'sub/deeper/y.txt', 'other/z.txt'].map((n) => uploadString(ref(h.storage, `${dir}/${n}`), n)));
    const all = await listAll(ref(h.storage, dir));
    expect(all.items.map((i) => i.fullPath)).toEqual([`${dir}/a.txt`, `${dir}/b.txt`, `${dir}/c.txt`]);
    expect(all.prefixes.map((p) => p.fullPath)).toEqual([`${dir}/other`, `${dir}/sub`]);
    const page1 = await list(ref(h.storage, dir), { maxResults: 2 });
    expect(page1.items.map((i) => i.name)).toEqual(['a.txt', 'b.txt']);
    expect(page1.nextPageToken).toBeTruthy();
    const page2 = await list(ref(h.storage, dir), { maxResults: 2, pageToken: page1.nextPageToken });
    expect([...page2.items.map((i) => i.name), ...page2.prefixes.map((p) => p.name)]).toEqual(['c.txt', 'other']);
    const page3 = await list(ref(h.storage, dir), { maxResults: 2, pageToken: page2.nextPageToken });
    expect(page3.prefixes.map((p) => p.name)).toEqual(['sub']);
    expect(page3.nextPageToken).toBeUndefined();
    expect((await listAll(ref(h.storage, `${dir}/sub`))).items.map((i) => i.name)).toEqual(['x.txt']);
  });

  it('deleteObject, then object-not-found everywhere', async () => {
    const r = ref(h.storage, `${folder()}/d.txt`);
    await uploadString(r, 'bye');
    await deleteObject(r);
    expect((await failure(getMetadata(r))).code).toBe('storage/object-not-found');
    expect((await failure(getBytes(r))).code).toBe('storage/object-not-found');
    expect((await failure(deleteObject(r))).code).toBe('storage/object-not-found');
  });
});

describe('storage rules (ours: the tests swap the StorageAuthorizer)', () => {
  const seen: StorageAccessRequest[] = [];
  const recording = (allow: (r: StorageAccessRequest) => boolean) => ({
    authorize: (r: StorageAccessRequest) => {
      seen.push(r);
      return allow(r) ? { allowed: true } : { allowed: false, reason: `no ${r.method} on ${r.path}` };
    },
  });
  afterAll(() => h.external || h.setAuthorizer(null));

  ours()('a refusal is storage/unauthorized for every operation; a download token still opens the URL', async () => {
    const dir = folder();
    const r = ref(h.storage, `${dir}/p.txt`);
    await uploadString(r, 'secret', 'raw', { contentType: 'text/plain' });
    const url = await getDownloadURL(r);
    h.setAuthorizer(recording(() => false));
    try {
      for (const attempt of [
        uploadString(ref(h.storage, `${dir}/q.txt`), 'x'),
        uploadBytesResumable(ref(h.storage, `${dir}/r.bin`), bytes(300_000)).then((done) => done),
        getMetadata(r),
        getBytes(r),
        updateMetadata(r, { contentType: 'a/b' }),
        deleteObject(r),
        listAll(ref(h.storage, dir)),
      ]) {
        expect((await failure(attempt)).code).toBe('storage/unauthorized');
      }
      const refused = await fetch(`http://${h.host}/v0/b/${BUCKET}/o/${encodeURIComponent(`${dir}/p.txt`)}?alt=media`);
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.message).toBe(`Missing or insufficient permissions. (no get on ${dir}/p.txt)`);
      const wrongToken = await fetch(url.replace(/token=[^&]+/, 'token=not-the-token'));
      expect(wrongToken.status).toBe(403);
      const withToken = await fetch(url);
      expect(withToken.status).toBe(200);
      expect(await withToken.text()).toBe('secret');
      // Revoking the tokens (as the console does) closes the URL.
      h.setAuthorizer(null);
      await updateMetadata(r, { customMetadata: { firebaseStorageDownloadTokens: '' } });
      h.setAuthorizer(recording(() => false));
      expect((await fetch(url)).status).toBe(403);
    } finally {
      h.setAuthorizer(null);
    }
  });

  ours()('the authorizer sees the caller, the real size, the declared type and metadata, the stored object on update', async () => {
    const dir = folder();
    const ann = h.client({ uid: 'ann', email: 'ann@nci.org' });
    seen.length = 0;
    h.setAuthorizer(recording(() => true));
    try {
      await uploadBytes(ref(ann, `${dir}/cv.pdf`), bytes(12345), { contentType: 'application/pdf', customMetadata: { kind: 'cv' } });
      const create = seen.find((r) => r.method === 'create')!;
      expect(create).toMatchObject({ bucket: BUCKET, path: `${dir}/cv.pdf`, auth: { uid: 'ann', token: { email: 'ann@nci.org' } }, resource: null });
      expect(create.requestResource).toMatchObject({ name: `${dir}/cv.pdf`, size: 12345, contentType: 'application/pdf', metadata: { kind: 'cv' } });
      seen.length = 0;
      await uploadBytesResumable(ref(ann, `${dir}/cv.pdf`), bytes(600_000), { contentType: 'application/pdf' });
      const update = seen.filter((r) => r.method === 'update');
      expect(update.at(-1)!.requestResource!.size).toBe(600_000);
      expect(update.at(-1)!.resource!.size).toBe(12345);
      seen.length = 0;
      await listAll(ref(ann, dir));
      expect(seen.map((r) => [r.method, r.path])).toEqual([['list', dir]]);
      seen.length = 0;
      await getMetadata(ref(h.storage, `${dir}/cv.pdf`));
      expect(seen[0]).toMatchObject({ method: 'get', auth: null, resource: { size: 600_000 } });
    } finally {
      h.setAuthorizer(null);
    }
  });

  ours()('request.firestore.lookup reads the Firestore emulator of the same process', async () => {
    const dir = folder();
    const doc = `projects/demo-nci-summit/databases/(default)/documents/staff`;
    const made = await fetch(`${h.emulator!.url}/v1/${doc}?documentId=ann`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner' },
      body: JSON.stringify({ fields: { role: { stringValue: 'admin' } } }),
    });
    expect(made.status).toBe(200);
    const role = (r: StorageAccessRequest) => (r.firestore.lookup(`staff/${r.auth?.uid}`)?.role as { stringValue?: string } | undefined)?.stringValue;
    h.setAuthorizer({ authorize: (r) => ({ allowed: role(r) === 'admin' }) });
    try {
      await uploadString(ref(h.client({ uid: 'ann' }), `${dir}/ok.txt`), 'yes');
      expect((await failure(uploadString(ref(h.client({ uid: 'bob' }), `${dir}/no.txt`), 'no'))).code).toBe('storage/unauthorized');
    } finally {
      h.setAuthorizer(null);
    }
  });

  ours()('an ID token for another project or undecodable is storage/unauthenticated; owner bypasses rules', async () => {
    const r = ref(h.client({ uid: 'eve', aud: 'other-project', iss: 'https://securetoken.google.com/other-project' }), `${folder()}/x.txt`);
    expect((await failure(uploadString(r, 'x'))).code).toBe('storage/unauthenticated');
    h.setAuthorizer({ authorize: () => ({ allowed: false }) });
    try {
      const name = encodeURIComponent(`${folder()}/owner.txt`);
      const res = await fetch(`http://${h.host}/v0/b/${BUCKET}/o?name=${name}`, {
        method: 'POST',
        headers: { Authorization: 'Firebase owner', 'Content-Type': 'text/plain' },
        body: 'raw',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ size: '3', contentType: 'text/plain' });
    } finally {
      h.setAuthorizer(null);
    }
  });
});

describe('limits (ours)', () => {
  let small: StorageHarness;
  beforeAll(async () => {
    if (!process.env.FIREBASE_STORAGE_EMULATOR_HOST) small = await startStorageHarness({ maxBytes: 300_000 });
  });
  afterAll(() => small?.close());

  ours()('refuses objects over --storage-max-bytes (multipart and resumable), keeps nothing', async () => {
    const dir = folder();
    await uploadBytes(ref(small.storage, `${dir}/fits.bin`), bytes(250_000));
    const multipart = await failure(uploadBytes(ref(small.storage, `${dir}/big.bin`), bytes(299_000 + 2_000)));
    expect(multipart.status).toBe(413);
    const resumable = await failure(uploadBytesResumable(ref(small.storage, `${dir}/big2.bin`), bytes(400_000)).then((done) => done));
    expect(resumable.status).toBe(413);
    expect((await listAll(ref(small.storage, dir))).items.map((i) => i.name)).toEqual(['fits.bin']);
  });

  ours()('refuses a resumable chunk beyond the declared size, and a finalize short of it', async () => {
    const name = encodeURIComponent(`${folder()}/r.bin`);
    const start = await fetch(`http://${small.host}/v0/b/${BUCKET}/o?name=${name}`, {
      method: 'POST',
      headers: { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start', 'X-Goog-Upload-Header-Content-Length': '10' },
      body: '{}',
    });
    expect(start.headers.get('x-goog-upload-status')).toBe('active');
    const url = start.headers.get('x-goog-upload-url')!;
    const send = (command: string, body: string, offset: number) =>
      fetch(url, { method: 'POST', headers: { 'X-Goog-Upload-Command': command, 'X-Goog-Upload-Offset': String(offset) }, body });
    expect((await send('upload', 'x'.repeat(11), 0)).status).toBe(400);
    expect((await send('upload', 'x'.repeat(4), 0)).headers.get('x-goog-upload-size-received')).toBe('4');
    expect((await send('upload, finalize', 'x'.repeat(2), 4)).status).toBe(400);
    const query = await fetch(url, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'query' } });
    expect(query.headers.get('x-goog-upload-size-received')).toBe('6');
    const done = await send('upload, finalize', 'x'.repeat(4), 6);
    expect(done.headers.get('x-goog-upload-status')).toBe('final');
    expect(await done.json()).toMatchObject({ size: '10' });
  });
});

describe('CORS', () => {
  it('echoes the origin and requested headers, and exposes the X-Goog-Upload-* headers the SDK reads', async () => {
    const origin = 'http://localhost:5173';
    const asked = 'authorization,x-goog-upload-protocol,x-goog-upload-command';
    const url = `http://${h.host}/v0/b/${BUCKET}/o?name=${folder()}%2Fc.bin`;
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': asked },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin'), preflight.headers.get('access-control-allow-headers')]).toEqual([
      204,
      origin,
      asked,
    ]);
    const start = await fetch(url, {
      method: 'POST',
      headers: { Origin: origin, 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
      body: '{}',
    });
    expect(start.headers.get('access-control-expose-headers')).toMatch(/X-Goog-Upload-URL.*X-Goog-Upload-Status.*X-Goog-Upload-Size-Received/);
  });
});
