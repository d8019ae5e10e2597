// The abstract book's PDF and its record (issue 39), against the real rules through the real SDKs:
// storage.rules for the file (settings/abstract-book/{id}.pdf), firestore.rules for the record
// (settings/abstractBook), by role and with hostile writes; then the back office's whole
// regeneration (regenerate-abstract-book.ts) with the real Firestore and Storage clients, and what
// its record's commit costs the rules.
import { deleteObject, getBytes, list, ref, type FirebaseStorage } from 'firebase/storage';
import { collection, deleteDoc, doc, getDoc, getDocs, query, serverTimestamp, setDoc, where, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, ADMIN, allowedFor, signInActors, STAFF, verdict, type Actor, type Actors } from './support/actors.ts';
import { closeClients } from './support/clients.ts';
import { fixture, ownerDelete, ownerGet } from './support/owner.ts';
import { lastUsage, usage } from './support/rules-spent.ts';
import { bytesOf, removeUploads, storageOf, storageVerdict, upload } from './support/storage.ts';
import { contentVersionWrites } from '../../src/admin/content-version.ts';
import { ABSTRACT_BOOK_PATH } from '../../src/data/abstract-book.ts';
import { ABSTRACT_BOOK_FOLDER, newUploadId, objectName } from '../../src/data/storage-paths.ts';
import { ABSTRACT_BOOK_MAX_BYTES } from '../../src/data/upload-limits.ts';
import { createDb, writePath } from '../../src/lib/db.ts';
import type { Uploader } from '../../src/admin/uploads/uploader.ts';
import { abstractBookPdf } from '../../src/features/abstracts/admin/abstract-book-pdf.ts';
import { fetchBookAbstracts, regenerateAbstractBook, type BookStep } from '../../src/features/abstracts/admin/regenerate-abstract-book.ts';
import { NO_CALL } from '../../src/data/abstracts.ts';
import { RULES_BUDGET } from '../../emulator/rules-budget.ts';

let as: Actors;
let storage: Record<Actor, FirebaseStorage>;
const pdf = { contentType: 'application/pdf' };
const bookName = () => objectName(ABSTRACT_BOOK_FOLDER, newUploadId(), { ext: 'pdf' });
const PDF_HEAD = new TextEncoder().encode('%PDF-1.7\n');
const LOG_MESSAGE = 'Regenerated the abstract book (rules-abstract-book test)';

beforeAll(async () => {
  as = await signInActors();
  storage = Object.fromEntries(ACTORS.map((a) => [a, storageOf(as.db[a])])) as Record<Actor, FirebaseStorage>;
});

afterAll(async () => {
  await removeUploads();
  await ownerDelete(ABSTRACT_BOOK_PATH);
  await closeClients();
});

describe('the book’s file: settings/abstract-book/{id}.pdf', () => {
  it.each(ACTORS)('%s may upload one only as an administrator', async (actor) => {
    expect(await storageVerdict(upload(storage[actor], bookName(), bytesOf(4096), pdf))).toBe(allowedFor(ADMIN, actor));
  });

  it.each(ACTORS)('%s may read one (the public book links it), and list the folder only as staff', async (actor) => {
    const name = bookName();
    await upload(storage.admin, name, bytesOf(64), pdf);
    expect(await storageVerdict(getBytes(ref(storage[actor], name)))).toBe('allowed');
    expect(await storageVerdict(list(ref(storage[actor], 'settings/abstract-book'), { maxResults: 5 }))).toBe(allowedFor(STAFF, actor));
  });

  it.each(ACTORS)('%s may delete one only as an administrator', async (actor) => {
    const name = bookName();
    await upload(storage.admin, name, bytesOf(64), pdf);
    expect(await storageVerdict(deleteObject(ref(storage[actor], name)))).toBe(allowedFor(ADMIN, actor));
  });

  it('may be as large as the limit, not a byte more; an empty one is refused', async () => {
    expect(await storageVerdict(upload(storage.admin, bookName(), bytesOf(ABSTRACT_BOOK_MAX_BYTES), pdf))).toBe('allowed');
    expect(await storageVerdict(upload(storage.admin, bookName(), bytesOf(ABSTRACT_BOOK_MAX_BYTES + 1), pdf))).toBe('denied');
    expect(await storageVerdict(upload(storage.admin, bookName(), new Uint8Array(0), pdf))).toBe('denied');
  });

  it.each<[string, string, string]>([
    ['HTML declared as HTML', `${ABSTRACT_BOOK_FOLDER}${newUploadId()}.pdf`, 'text/html'],
    ['a PDF declared as an image', `${ABSTRACT_BOOK_FOLDER}${newUploadId()}.pdf`, 'image/png'],
    ['an image in the folder', `${ABSTRACT_BOOK_FOLDER}${newUploadId()}-960.webp`, 'image/webp'],
    ['a name without its random part', `${ABSTRACT_BOOK_FOLDER}book.pdf`, 'application/pdf'],
    ['a name in capitals', `${ABSTRACT_BOOK_FOLDER}${newUploadId().toUpperCase()}.pdf`, 'application/pdf'],
    ['one folder deeper', `${ABSTRACT_BOOK_FOLDER}old/${newUploadId()}.pdf`, 'application/pdf'],
    ['a look-alike folder', `settings/abstract-books/${newUploadId()}.pdf`, 'application/pdf'],
    ['the folder’s name as a file', 'settings/abstract-book', 'application/pdf'],
  ])('refuses %s, even from an administrator', async (_, name, contentType) => {
    expect(await storageVerdict(upload(storage.admin, name, bytesOf(128), { contentType }))).toBe('denied');
  });

  it('is never overwritten, even by an administrator', async () => {
    const name = bookName();
    await upload(storage.admin, name, bytesOf(64), pdf);
    expect(await storageVerdict(upload(storage.admin, name, bytesOf(128), pdf))).toBe('denied');
  });
});

describe('the book’s record: settings/abstractBook', () => {
  const file = objectName(ABSTRACT_BOOK_FOLDER, 'abcdefghij0123456789', { ext: 'pdf' });
  const record = (change: Record<string, unknown> = {}) => ({ file, abstracts: 300, bytes: 1_406_240, generatedAt: serverTimestamp(), ...change });
  const write = (db: Firestore, data: Record<string, unknown>) => setDoc(doc(db, 'settings', 'abstractBook'), data);

  it.each(ACTORS)('%s may write it only as an administrator, and anyone may read it', async (actor) => {
    await ownerDelete(ABSTRACT_BOOK_PATH);
    expect(await verdict(write(as.db[actor], record()))).toBe(allowedFor(ADMIN, actor));
    // Replacing one (an update) is the administrators' too.
    await fixture(ABSTRACT_BOOK_PATH, { file, abstracts: 2, bytes: 10, generatedAt: new Date() });
    expect(await verdict(write(as.db[actor], record()))).toBe(allowedFor(ADMIN, actor));
    expect(await verdict(getDoc(doc(as.db[actor], 'settings', 'abstractBook')))).toBe('allowed');
  });

  it.each(ACTORS)('%s may not delete it (a new book replaces it)', async (actor) => {
    await fixture(ABSTRACT_BOOK_PATH, { file, abstracts: 2, bytes: 10, generatedAt: new Date() });
    expect(await verdict(deleteDoc(doc(as.db[actor], 'settings', 'abstractBook')))).toBe('denied');
  });

  it('takes the bounds: 1 to 10,000 abstracts, 1 byte to the file limit', async () => {
    for (const change of [{ abstracts: 1 }, { abstracts: 10_000 }, { bytes: 1 }, { bytes: ABSTRACT_BOOK_MAX_BYTES }])
      expect(await verdict(write(as.db.admin, record(change))), JSON.stringify(change)).toBe('allowed');
  });

  it.each<[string, Record<string, unknown>]>([
    ['a file in the resources’ folder', { file: `content/resources/r1/${'a'.repeat(20)}.pdf` }],
    ['the CPD logo', { file: `settings/cpd/${'a'.repeat(20)}-orig.png` }],
    ['a file outside the bucket’s folders', { file: `${'a'.repeat(20)}.pdf` }],
    ['a path climbing out of the folder', { file: `settings/abstract-book/../cpd/${'a'.repeat(20)}.pdf` }],
    ['a name with something after it', { file: `${file}.html` }],
    ['a web address', { file: 'https://evil.example/book.pdf' }],
    ['a short random part', { file: `${ABSTRACT_BOOK_FOLDER}abc.pdf` }],
    ['an image in the folder', { file: `${ABSTRACT_BOOK_FOLDER}${'a'.repeat(20)}-960.webp` }],
    ['no abstracts (an empty book)', { abstracts: 0 }],
    ['10,001 abstracts', { abstracts: 10_001 }],
    ['half an abstract', { abstracts: 2.5 }],
    ['a count as text', { abstracts: '300' }],
    ['an empty file', { bytes: 0 }],
    ['a size over the limit', { bytes: ABSTRACT_BOOK_MAX_BYTES + 1 }],
    ['a negative size', { bytes: -5 }],
    ['a size as text', { bytes: '1406240' }],
    ['a time the browser chose', { generatedAt: new Date('2030-01-01T00:00:00Z') }],
    ['an extra field', { note: '<script>alert(1)</script>' }],
    ['no file', { file: undefined }],
    ['no time', { generatedAt: undefined }],
  ])('refuses %s, even from an administrator', async (_, change) => {
    const data = Object.fromEntries(Object.entries(record(change)).filter(([, v]) => v !== undefined));
    expect(await verdict(write(as.db.admin, data))).toBe('denied');
  });
});

describe('regenerating the book as the back office does', () => {
  const ids = ['book-it-1', 'book-it-2', 'book-it-3'];
  const paths = ids.flatMap((id) => [`publishedAbstracts/${id}`, `publishedAbstractTexts/${id}`]);

  beforeAll(async () => {
    for (const [i, id] of ids.entries()) {
      await fixture(`publishedAbstracts/${id}`, {
        id,
        title: `Integration abstract ${i}`,
        authors: ['Nyambura Wanjirũ', 'Ẹ̀mí Adébáyọ̀'],
        affiliations: ['Kenyatta National Hospital', 'University of Ibadan'],
        presenting: 1,
        track: 'prevention',
        presentation: i === 0 ? 'oral' : 'poster',
        keywords: 'screening',
        sessionId: '',
        sessionOrder: 0,
        publishedAt: new Date(),
      });
      await fixture(`publishedAbstractTexts/${id}`, {
        id,
        background: 'B '.repeat(100),
        methods: 'M '.repeat(100),
        results: 'R '.repeat(150),
        conclusions: 'C '.repeat(75),
      });
    }
  });

  afterAll(async () => {
    await ownerDelete(...paths);
    const logs = await getDocs(query(collection(as.db.admin, 'logs'), where('message', '==', LOG_MESSAGE)));
    await ownerDelete(...logs.docs.map((d) => `logs/${d.id}`));
  });

  /** The back office's uploader (admin/uploads/uploader.ts), on the administrator's own Storage client. */
  const adminUploader = (): Uploader => ({
    async upload(name, blob, contentType) {
      await upload(storage.admin, name, new Uint8Array(await blob.arrayBuffer()), { contentType });
      return name;
    },
    async remove(name) {
      await deleteObject(ref(storage.admin, name));
    },
  });

  it('uploads the new PDF, names it in the record within the rules budget, and deletes the previous file', async () => {
    const previous = bookName();
    await upload(storage.admin, previous, PDF_HEAD, pdf);
    await fixture(ABSTRACT_BOOK_PATH, { file: previous, abstracts: 1, bytes: PDF_HEAD.length, generatedAt: new Date() });
    const db = createDb(() => as.db.admin);
    const steps: BookStep[] = [];
    let since = 0;
    const result = await regenerateAbstractBook({
      readAbstracts: () => fetchBookAbstracts(db),
      readCall: async () => ({ ...NO_CALL, tracks: { prevention: 'Prevention and early detection' } }),
      readSite: async () => ({ summitName: 'National Cancer Summit 2027', startDate: null, endDate: null, venue: 'KICC' }),
      readCurrent: async () => (await db.fetchDocument('settings', 'abstractBook')) as never,
      build: abstractBookPdf,
      uploader: adminUploader(),
      // As the screen's useStaffWrites commits it: the record, the public content's version, the log line.
      save: async (write) => {
        since = await lastUsage();
        await db.commit([write, ...contentVersionWrites([writePath(write)]), db.activityWrite(LOG_MESSAGE, 'admin@summit.test')]);
      },
      onStep: (s) => steps.push(s),
      signal: new AbortController().signal,
    });
    expect(steps).toEqual(['reading', 'building', 'uploading', 'saving', 'cleaning']);
    expect(result.leftOver).toBeNull();
    // Other published abstracts (other suites') may be in the book too: at least ours.
    expect(result.abstracts).toBeGreaterThanOrEqual(3);
    const stored = await ownerGet(ABSTRACT_BOOK_PATH);
    expect(stored).toMatchObject({ file: result.file, abstracts: result.abstracts, bytes: result.bytes });
    // The public file is the PDF built, read back by anyone.
    const bytes = new Uint8Array(await getBytes(ref(storage.anonymous, result.file)));
    expect(bytes.length).toBe(result.bytes);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    // The previous file is gone.
    await expect(getBytes(ref(storage.anonymous, previous))).rejects.toMatchObject({ code: 'storage/object-not-found' });

    const [commit] = (await usage(since)).filter((r) => r.kind === 'commit' && r.operations.some((o) => o.path === ABSTRACT_BOOK_PATH));
    const book = commit.operations.find((o) => o.path === ABSTRACT_BOOK_PATH)!;
    console.info(`settings/abstractBook write: ${book.reads.length} op reads · ${commit.documentReads} request reads · ${book.expressions} expressions`);
    expect(book.reads.length).toBeLessThanOrEqual(RULES_BUDGET.readsPerOperation);
    expect(commit.documentReads).toBeLessThanOrEqual(RULES_BUDGET.readsPerMultiRequest);
    expect(book.expressions).toBeLessThanOrEqual(RULES_BUDGET.expressionsPerOperation);
  });
});
