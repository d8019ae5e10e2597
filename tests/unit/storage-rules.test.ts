// storage.rules against the app's one definition of what may be uploaded (src/data/storage-paths.ts,
// src/data/upload-limits.ts), decided by the emulator's rules engine on the real file: every name
// the back office makes is accepted where it belongs, and the limits are the same bytes on both
// sides. Who may upload (roles, look-alikes, hostile files) is tests/integration/rules-storage.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileStorageRules } from '../../emulator/src/rules/compile.ts';
import { instantFromDate } from '../../emulator/src/rules/contract.ts';
import type { StorageAccessRequest, StorageObjectForRules } from '../../emulator/src/rules/storage-contract.ts';
import { ABSTRACT_BOOK_FOLDER, CPD_LOGO_FOLDER, contentFolder, objectName, UPLOAD_COLLECTIONS, type UploadCollection } from '../../src/data/storage-paths.ts';
import { ABSTRACT_BOOK_MAX_BYTES, DOCUMENT_MAX_BYTES, IMAGE_MAX_BYTES, VARIANT_MAX_BYTES } from '../../src/data/upload-limits.ts';

const rules = compileStorageRules(readFileSync('storage.rules', 'utf8'));
const NOW = instantFromDate(new Date('2027-01-10T08:00:00Z'));
const ID = 'abcdefghij0123456789';
const ADMIN = 'admin@summit.test';

/** What the admin asks to create, with Firestore holding their staff entry. */
function create(name: string, contentType: string, size: number): boolean {
  return decide('create', name, contentType, size).allowed;
}

function decide(method: 'create' | 'get' | 'list' | 'delete', name: string, contentType = 'image/webp', size = 1000) {
  const object: StorageObjectForRules = {
    bucket: 'b',
    name,
    size,
    contentType,
    md5Hash: '',
    crc32c: '',
    etag: '',
    generation: '1',
    metageneration: '1',
    timeCreated: NOW,
    updated: NOW,
    metadata: {},
  };
  const request: StorageAccessRequest = {
    method,
    bucket: 'b',
    path: name,
    auth: { uid: 'u1', token: { email: ADMIN, email_verified: true, firebase: { sign_in_provider: 'password' } } },
    time: NOW,
    resource: method === 'delete' || method === 'get' ? object : null,
    requestResource: method === 'create' ? object : null,
    firestore: { database: '(default)', lookup: (path) => (path === `staff/${ADMIN}` ? { role: { stringValue: 'admin' } } : null) },
  };
  return rules.authorize(request);
}

const IMAGES: UploadCollection[] = ['speakers', 'sponsors', 'publications'];
const DOCUMENTS: UploadCollection[] = ['resources', 'tenders', 'jobs'];

describe('storage.rules and the names the back office makes', () => {
  it('covers every collection the back office uploads for, each as images or as documents', () => {
    expect([...IMAGES, ...DOCUMENTS].sort()).toEqual([...UPLOAD_COLLECTIONS].sort());
  });

  it.each(IMAGES)('%s: the two web sizes and an original are accepted, a PDF is not', (collection) => {
    const folder = contentFolder(collection, 'record-1');
    expect(create(objectName(folder, ID, { variant: '320', ext: 'webp' }), 'image/webp', 1000)).toBe(true);
    expect(create(objectName(folder, ID, { variant: '960', ext: 'webp' }), 'image/webp', 1000)).toBe(true);
    expect(create(objectName(folder, ID, { variant: 'orig', ext: 'png' }), 'image/png', 1000)).toBe(true);
    expect(create(objectName(folder, ID, { variant: 'orig', ext: 'jpg' }), 'image/jpeg', 1000)).toBe(true);
    expect(create(objectName(folder, ID, { ext: 'pdf' }), 'application/pdf', 1000)).toBe(false);
  });

  it.each(DOCUMENTS)('%s: a PDF is accepted, an image is not', (collection) => {
    const folder = contentFolder(collection, 'record-1');
    expect(create(objectName(folder, ID, { ext: 'pdf' }), 'application/pdf', 1000)).toBe(true);
    expect(create(objectName(folder, ID, { variant: '960', ext: 'webp' }), 'image/webp', 1000)).toBe(false);
  });

  it('the CPD logo folder takes the web sizes and the original', () => {
    expect(create(objectName(CPD_LOGO_FOLDER, ID, { variant: '960', ext: 'webp' }), 'image/webp', 1000)).toBe(true);
    expect(create(objectName(CPD_LOGO_FOLDER, ID, { variant: 'orig', ext: 'png' }), 'image/png', 1000)).toBe(true);
  });

  it('the abstract book folder takes a PDF, not an image', () => {
    expect(create(objectName(ABSTRACT_BOOK_FOLDER, ID, { ext: 'pdf' }), 'application/pdf', 1000)).toBe(true);
    expect(create(objectName(ABSTRACT_BOOK_FOLDER, ID, { variant: '960', ext: 'webp' }), 'image/webp', 1000)).toBe(false);
  });

  it('a record id as long as the back office allows is accepted, one longer is not', () => {
    const name = (id: string) => `content/speakers/${id}/${ID}-960.webp`;
    expect(create(objectName(contentFolder('speakers', 'x'.repeat(128)), ID, { variant: '960', ext: 'webp' }), 'image/webp', 10)).toBe(true);
    expect(() => contentFolder('speakers', 'x'.repeat(129))).toThrow();
    expect(create(name('x'.repeat(129)), 'image/webp', 10)).toBe(false);
  });
});

describe('storage.rules and the upload limits', () => {
  const image = objectName(contentFolder('speakers', 'r1'), ID, { variant: 'orig', ext: 'png' });
  const pdf = objectName(contentFolder('resources', 'r1'), ID, { ext: 'pdf' });

  it('an image or one of its sizes: up to the limit, not a byte more', () => {
    expect(IMAGE_MAX_BYTES).toBe(VARIANT_MAX_BYTES);
    expect(create(image, 'image/png', IMAGE_MAX_BYTES)).toBe(true);
    expect(create(image, 'image/png', IMAGE_MAX_BYTES + 1)).toBe(false);
  });

  it('a document: up to the limit, not a byte more', () => {
    expect(create(pdf, 'application/pdf', DOCUMENT_MAX_BYTES)).toBe(true);
    expect(create(pdf, 'application/pdf', DOCUMENT_MAX_BYTES + 1)).toBe(false);
  });

  it('the abstract book: up to its own limit, not a byte more', () => {
    const book = objectName(ABSTRACT_BOOK_FOLDER, ID, { ext: 'pdf' });
    expect(create(book, 'application/pdf', ABSTRACT_BOOK_MAX_BYTES)).toBe(true);
    expect(create(book, 'application/pdf', ABSTRACT_BOOK_MAX_BYTES + 1)).toBe(false);
  });

  it('an empty file is refused', () => {
    expect(create(image, 'image/png', 0)).toBe(false);
    expect(create(pdf, 'application/pdf', 0)).toBe(false);
  });
});

describe('the rules budget for files (Firestore documents read per request; Cloud Storage allows a few)', () => {
  const photo = objectName(contentFolder('speakers', 'r1'), ID, { variant: '960', ext: 'webp' });

  it('an upload, a delete and a list read one document, the staff entry', () => {
    for (const [method, path] of [
      ['create', photo],
      ['delete', photo],
      ['list', 'content/speakers/r1'],
    ] as const) {
      const decision = decide(method, path);
      expect(decision.allowed, method).toBe(true);
      expect(decision.usage?.reads, method).toEqual([`get:staff/${ADMIN}`]);
    }
  });

  it('staff list the folders above a record’s (the Unused files screen walks content/), where nothing may be stored', () => {
    for (const folder of ['content', 'content/speakers']) {
      const decision = decide('list', folder);
      expect(decision.allowed, folder).toBe(true);
      expect(decision.usage?.reads, folder).toEqual([`get:staff/${ADMIN}`]);
    }
    expect(create(`content/${ID}-960.webp`, 'image/webp', 1000)).toBe(false);
    expect(create(`content/speakers/${ID}-960.webp`, 'image/webp', 1000)).toBe(false);
    expect(decide('get', `content/speakers/${ID}-960.webp`).allowed).toBe(false);
  });

  it('a public read reads nothing, and a refused file reads nothing either (its checks come first)', () => {
    expect(decide('get', photo).usage?.reads).toEqual([]);
    const refused = decide('create', photo.replace('-960.webp', '-640.webp'));
    expect(refused.allowed).toBe(false);
    expect(refused.usage?.reads).toEqual([]);
  });
});
