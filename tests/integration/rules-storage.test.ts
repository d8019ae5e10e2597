// storage.rules against every actor and an attacker's files, through the real firebase/storage SDK
// and the stack's Storage emulator (which reads the staff entries from the stack's Firestore, as
// production's cross-service rules do).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteObject, getBytes, getMetadata, list, ref, type FirebaseStorage } from 'firebase/storage';
import { ACTORS, ADMIN, EDITORS, signInActors, STAFF, type Actor } from './support/actors.ts';
import { closeClients, connect, stack } from './support/clients.ts';
import { forgedToken, verifiedClaims } from './support/forged.ts';
import { fixture, ownerDelete } from './support/owner.ts';
import { bytesOf, removeUploads, storageOf, storageVerdict, storageWithToken, upload } from './support/storage.ts';
import { DEMO_BUCKET } from '../../emulator/seed/demo-data.ts';

const MiB = 1024 * 1024;
let storage: Record<Actor, FirebaseStorage>;
let serial = 0;

/** A fresh upload id (20 of [a-z0-9]), so no test's file is another's. */
const uploadId = () => `t${Date.now().toString(36)}${(serial++).toString(36)}`.padEnd(20, '0').slice(0, 20);

beforeAll(async () => {
  const actors = await signInActors();
  storage = Object.fromEntries(ACTORS.map((a) => [a, storageOf(actors.db[a])])) as Record<Actor, FirebaseStorage>;
});

afterAll(async () => {
  await removeUploads();
  await ownerDelete('staff/kelvin@example.org', 'staff/leaving-editor@example.org');
  await closeClients();
});

const webp = { contentType: 'image/webp' };
const pdf = { contentType: 'application/pdf' };

/** Uploads as the admin (allowed), for the tests that read, list, overwrite or delete it. */
async function existing(name: string, metadata = webp) {
  await upload(storage.admin, name, bytesOf(64), metadata);
  return name;
}

describe('a speaker photo: content/speakers/{record}/{id}-{320|960}.webp', () => {
  it.each(ACTORS)('%s may upload one only if an editor or an administrator', async (actor) => {
    const name = `content/speakers/rules-test/${uploadId()}-960.webp`;
    expect(await storageVerdict(upload(storage[actor], name, bytesOf(2048), webp))).toBe(EDITORS.includes(actor) ? 'allowed' : 'denied');
  });

  it.each(ACTORS)('%s may read one (a public file), but list the folder only as staff', async (actor) => {
    const name = await existing(`content/speakers/rules-test/${uploadId()}-320.webp`);
    expect(await storageVerdict(getBytes(ref(storage[actor], name)))).toBe('allowed');
    expect(await storageVerdict(list(ref(storage[actor], 'content/speakers/rules-test'), { maxResults: 5 }))).toBe(
      STAFF.includes(actor) ? 'allowed' : 'denied',
    );
  });

  it.each(ACTORS)('%s may list the folders above a record’s (the Unused files screen) only as staff', async (actor) => {
    for (const folder of ['content', 'content/speakers']) {
      expect(await storageVerdict(list(ref(storage[actor], folder), { maxResults: 5 })), folder).toBe(STAFF.includes(actor) ? 'allowed' : 'denied');
    }
  });

  it.each(ACTORS)('%s may delete one only if an editor or an administrator', async (actor) => {
    const name = await existing(`content/speakers/rules-test/${uploadId()}-960.webp`);
    expect(await storageVerdict(deleteObject(ref(storage[actor], name)))).toBe(EDITORS.includes(actor) ? 'allowed' : 'denied');
  });
});

describe('the CPD logo: settings/cpd/{id}-…', () => {
  it.each(ACTORS)('%s may upload it only as an administrator (its original PNG too, for the certificate PDF)', async (actor) => {
    const id = uploadId();
    const web = await storageVerdict(upload(storage[actor], `settings/cpd/${id}-960.webp`, bytesOf(512), webp));
    const original = await storageVerdict(upload(storage[actor], `settings/cpd/${id}-orig.png`, bytesOf(512), { contentType: 'image/png' }));
    const expected = ADMIN.includes(actor) ? 'allowed' : 'denied';
    expect([web, original]).toEqual([expected, expected]);
  });

  it.each(ACTORS)('%s may delete it only as an administrator', async (actor) => {
    const name = await existing(`settings/cpd/${uploadId()}-320.webp`);
    expect(await storageVerdict(deleteObject(ref(storage[actor], name)))).toBe(ADMIN.includes(actor) ? 'allowed' : 'denied');
  });
});

describe('documents: resources, tenders and job adverts take PDFs', () => {
  it.each(['resources', 'tenders', 'jobs'])('an editor uploads a PDF to %s, not an image', async (collection) => {
    const id = uploadId();
    expect(await storageVerdict(upload(storage.editor, `content/${collection}/r1/${id}.pdf`, bytesOf(4096), pdf))).toBe('allowed');
    expect(await storageVerdict(upload(storage.editor, `content/${collection}/r1/${uploadId()}-960.webp`, bytesOf(4096), webp))).toBe('denied');
  });

  it('a speaker, a sponsor or an article takes no PDF', async () => {
    for (const collection of ['speakers', 'sponsors', 'publications'])
      expect(await storageVerdict(upload(storage.editor, `content/${collection}/r1/${uploadId()}.pdf`, bytesOf(100), pdf)), collection).toBe('denied');
  });

  it('a PDF may be 20 MiB, not a byte more', async () => {
    expect(await storageVerdict(upload(storage.editor, `content/resources/big/${uploadId()}.pdf`, bytesOf(20 * MiB), pdf))).toBe('allowed');
    expect(await storageVerdict(upload(storage.editor, `content/resources/big/${uploadId()}.pdf`, bytesOf(20 * MiB + 1), pdf))).toBe('denied');
  });
});

describe("an attacker's files", () => {
  it('an image may be 10 MiB, not a byte more; a 50 MB file and an empty one are refused', async () => {
    const name = () => `content/sponsors/big/${uploadId()}-960.webp`;
    expect(await storageVerdict(upload(storage.editor, name(), bytesOf(10 * MiB), webp))).toBe('allowed');
    expect(await storageVerdict(upload(storage.editor, name(), bytesOf(10 * MiB + 1), webp))).toBe('denied');
    expect(await storageVerdict(upload(storage.editor, name(), bytesOf(50 * 1000 * 1000), webp))).toBe('denied');
    expect(await storageVerdict(upload(storage.editor, name(), new Uint8Array(0), webp))).toBe('denied');
  });

  it('HTML named .png is refused when it says what it is; said to be a PNG, it is served as one, never as a page', async () => {
    const html = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');
    const png = `content/speakers/evil/${uploadId()}-orig.png`;
    expect(await storageVerdict(upload(storage.editor, png, html, { contentType: 'text/html' }))).toBe('denied');
    // The rules cannot read bytes (the back office sniffs them before uploading): what matters is
    // that the file is only ever served with the type it declared, and never sniffed as HTML.
    const name = `content/sponsors/evil/${uploadId()}-orig.png`;
    expect(await storageVerdict(upload(storage.editor, name, html, { contentType: 'image/png' }))).toBe('allowed');
    const response = await fetch(`http://${stack().storage}/v0/b/${DEMO_BUCKET}/o/${encodeURIComponent(name)}?alt=media`);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['a name that says another type', 'content/speakers/r1/ID-960.png', webp],
    ['a size the site does not make', 'content/speakers/r1/ID-640.webp', webp],
    ['a JPEG named as WebP', 'content/speakers/r1/ID-960.webp', { contentType: 'image/jpeg' }],
    ['an SVG (it can carry script)', 'content/speakers/r1/ID-960.svg', { contentType: 'image/svg+xml' }],
    ['a name without the random part', 'content/speakers/r1/photo-960.webp', webp],
    ['an upper-case id', 'content/speakers/r1/ABCDEFGHIJKLMNOPQRST-960.webp', webp],
    ['a folder outside content and settings', 'uploads/ID-960.webp', webp],
    ['a collection with no files', 'content/registrations/r1/ID-960.webp', webp],
    ['the root of the bucket', 'ID-960.webp', webp],
    ['a folder one level too deep', 'content/speakers/r1/extra/ID-960.webp', webp],
    ['a record id with odd characters', 'content/speakers/r1%3Cx%3E/ID-960.webp', webp],
    ["settings other than CPD's", 'settings/site/ID-960.webp', webp],
  ])('refuses %s, even to an administrator', async (_, pattern, metadata) => {
    const name = pattern.replace('ID', uploadId());
    expect(await storageVerdict(upload(storage.admin, name, bytesOf(256), metadata))).toBe('denied');
  });

  it("nobody overwrites a file, their own or another record's: a replacement is a new name", async () => {
    const name = await existing(`content/speakers/victim/${uploadId()}-960.webp`);
    for (const actor of ['editor', 'admin'] as const) expect(await storageVerdict(upload(storage[actor], name, bytesOf(99), webp)), actor).toBe('denied');
    expect((await getMetadata(ref(storage.admin, name))).size).toBe(64);
  });

  it.each([
    ['the staff address itself (the control)', (email: string) => email, 'password', 'allowed'],
    ['a look-alike (KELVIN SIGN lower-cases to k)', (email: string) => `\u212A${email.slice(1)}`, 'password', 'denied'],
    ['the address asserted by a custom token', (email: string) => email, 'custom', 'denied'],
    ['the address asserted by an email link (attendees sign in so)', (email: string) => email, 'emailLink', 'denied'],
  ] as const)('an editor’s role with %s: %s', async (_, address, provider, expected) => {
    await fixture('staff/kelvin@example.org', { email: 'kelvin@example.org', role: 'editor' });
    const token = forgedToken(verifiedClaims(address('kelvin@example.org'), provider));
    const forged = storageWithToken(token);
    expect(await storageVerdict(upload(forged, `content/speakers/r1/${uploadId()}-960.webp`, bytesOf(100), webp))).toBe(expected);
  });

  it('a staff entry removed takes the role with it at once', async () => {
    const email = 'leaving-editor@example.org';
    await fixture(`staff/${email}`, { email, role: 'editor' });
    const leaving = storageOf((await connect({ email, password: 'leaving-password-1' })).db);
    expect(await storageVerdict(upload(leaving, `content/speakers/r1/${uploadId()}-960.webp`, bytesOf(100), webp))).toBe('allowed');
    await ownerDelete(`staff/${email}`);
    expect(await storageVerdict(upload(leaving, `content/speakers/r1/${uploadId()}-960.webp`, bytesOf(100), webp))).toBe('denied');
  });
});
