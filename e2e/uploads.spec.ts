// Uploads in a real browser against the stack's Storage emulator (storage.rules enforced): an
// editor's photo scaled in the browser to the site's web sizes and shown on /about with both
// sizes; a replaced photo's files deleted once the record is saved; a file that is not what it says
// and one over the limit refused with nothing stored; a cancelled upload and one that loses its
// connection; an article's image uploaded with its description required; and, with no script at
// all, a photo that does not load leaving the speaker's initials in its box.
import sharp from 'sharp';
import { expect, test, type Page } from './test.ts';
import { DEMO_BUCKET, DEMO_STAFF, DEMO_STORAGE_HOST } from '../emulator/seed/demo-data.ts';
import { deleteDocuments, deleteFile, findDocuments, listFiles } from '../emulator/seed/rest.ts';
import { decodeFields } from '../src/lib/firestore-rest.ts';
import { stack } from './records.ts';
import { signIn } from './support.ts';

const editor = DEMO_STAFF.find((s) => s.role === 'editor')!;
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

const cleanups: Array<() => Promise<unknown>> = [];
test.afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((clean) => clean()));
});

/** A photo-like JPEG (noise compresses badly, as photos do) of the given size. */
async function photo(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5) * 104729) & 0xff;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The names under a folder of the bucket, as the owner lists them. */
const objectsUnder = (folder: string) => listFiles(stack, DEMO_BUCKET, folder);

async function removeFolder(folder: string) {
  for (const name of await objectsUnder(folder)) await deleteFile(stack, DEMO_BUCKET, name);
}

const fileStatus = (page: Page) => page.getByRole('group', { name: /^Photo/ }).getByRole('status');

async function newSpeaker(page: Page, name: string) {
  await signIn(page, editor);
  await page.goto('/admin/speakers/add');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Title', { exact: true }).fill('Oncology Nurse');
  await page.getByLabel('Organisation').fill('Kisumu County Referral Hospital');
  await page.getByLabel('Biography').fill('Runs the screening clinic.');
  cleanups.push(async () => {
    const ids = (await findDocuments(stack, 'speakers', 'name', name)).map((doc) => String(doc.name).split('/').pop()!);
    for (const id of ids) await removeFolder(`content/speakers/${id}/`);
    await deleteDocuments(
      stack,
      ids.map((id) => `speakers/${id}`),
    );
  });
}

/** The speaker saved under `name`: its id and its fields. */
async function savedSpeaker(name: string): Promise<{ id: string; photoUrl: unknown }> {
  await expect.poll(async () => (await findDocuments(stack, 'speakers', 'name', name)).length).toBe(1);
  const [doc] = await findDocuments(stack, 'speakers', 'name', name);
  return { id: String(doc.name).split('/').pop()!, ...(decodeFields(doc.fields as never) as { photoUrl: unknown }) };
}

test('an editor’s photo is scaled to the web sizes, uploaded, and shown on /about in both; a replacement deletes the old files', async ({ page }) => {
  const name = `Upload Speaker ${unique()}`;
  await newSpeaker(page, name);
  await page.getByLabel('Photo (optional): file').setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await photo(1600, 1200) });
  await expect(fileStatus(page)).toContainText('Web sizes made: 320 × 240 and 960 × 720 pixels (from 1600 × 1200).');
  await page.getByLabel('Published: shown on the public site').check();
  await page.getByRole('button', { name: 'Save speaker' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved\./ })).toBeVisible();

  const first = await savedSpeaker(name);
  const url = String(first.photoUrl);
  expect(url).toMatch(
    new RegExp(
      `^http://${DEMO_STORAGE_HOST.replaceAll('.', '\\.')}/v0/b/${DEMO_BUCKET}/o/content%2Fspeakers%2F${first.id}%2F[a-z0-9]{20}-960\\.webp\\?alt=media$`,
    ),
  );
  const folder = `content/speakers/${first.id}/`;
  const firstFiles = await objectsUnder(folder);
  expect(firstFiles).toHaveLength(2);
  expect(firstFiles.every((n) => /-(320|960)\.webp$/.test(n))).toBe(true);

  await page.goto('/about');
  const img = page.getByRole('img', { name: `Portrait of ${name}` });
  await img.scrollIntoViewIfNeeded();
  await expect(img).toHaveAttribute('srcset', `${url.replace('-960.webp', '-320.webp')} 320w, ${url} 960w`);
  await expect(img).toHaveAttribute('width', '56');
  // The browser picks either size (the 960 one is in its cache from the editor); both are real images.
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0 && i.currentSrc)).toMatch(/-(320|960)\.webp\?alt=media$/);
  for (const [address, width] of [
    [url.replace('-960.webp', '-320.webp'), 320],
    [url, 960],
  ] as const) {
    const response = await fetch(address);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(width);
  }

  // Replace it: the old sizes go once the record is saved with the new one.
  await page.goto(`/admin/speakers/${first.id}`);
  await page.getByLabel('Photo (optional): file').setInputFiles({ name: 'second.jpg', mimeType: 'image/jpeg', buffer: await photo(800, 800) });
  await expect(fileStatus(page)).toContainText('Web sizes made: 320 × 320 and 800 × 800 pixels (from 800 × 800).');
  await page.getByRole('button', { name: 'Save speaker' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved\./ })).toBeVisible();
  await expect.poll(async () => (await objectsUnder(folder)).some((n) => firstFiles.includes(n))).toBe(false);
  expect(await objectsUnder(folder)).toHaveLength(2);
});

test('a file that is not what it says, or too big, is refused with the reason and nothing is stored', async ({ page }) => {
  const name = `Refused Upload ${unique()}`;
  const before = await objectsUnder('content/speakers/');
  await newSpeaker(page, name);
  const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
  await page.getByLabel('Photo (optional): file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: html });
  await expect(page.getByRole('alert')).toHaveText('That file is not a JPEG, PNG or WebP image. Nothing was uploaded.');
  const huge = Buffer.alloc(11 * 1024 * 1024, 0);
  huge.set([0xff, 0xd8, 0xff, 0xe0]);
  await page.getByLabel('Photo (optional): file').setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: huge });
  await expect(page.getByRole('alert')).toHaveText('That file is 11 MB; the limit for images is 10 MB. Nothing was uploaded.');
  await expect(page.getByLabel('or paste the image’s address')).toHaveValue('');
  expect(await objectsUnder('content/speakers/')).toEqual(before);
});

test('a cancelled upload stores nothing; an upload that loses its connection says so and finishes when it is back', async ({ page, context }) => {
  await signIn(page, editor);
  await page.goto('/admin/resources/add');
  const field = page.getByRole('group', { name: /^Document or link/ });
  const pdf = Buffer.alloc(6 * 1024 * 1024, 0x20);
  pdf.set(Buffer.from('%PDF-1.7\n'));
  // A slow line, so that the upload is still running when it is cancelled or cut.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 1_000_000, uploadThroughput: 400_000 });

  await page.getByLabel('Document or link: file').setInputFiles({ name: 'strategy.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(field.getByRole('progressbar', { name: 'Uploading Document or link' })).toBeVisible();
  await field.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(field.getByRole('status')).toHaveText('Upload cancelled. Nothing was stored.');

  await page.getByLabel('Document or link: file').setInputFiles({ name: 'strategy.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(field.getByRole('progressbar')).toBeVisible();
  await context.setOffline(true);
  await expect(field.getByRole('status')).toHaveText('Connection lost — retrying…');
  await context.setOffline(false);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  // The SDK retries a failed chunk after a growing pause (1 s, 2 s, 4 s… with jitter) until the line
  // is back: the wait is that schedule's, which can pass expect's default 10 s, not a slow test.
  await expect(field.getByRole('status')).toContainText('Uploaded strategy.pdf.', { timeout: 60_000 });
  const url = await page.getByLabel('or paste the PDF’s address').inputValue();
  const response = await fetch(url);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(Number(response.headers.get('content-length'))).toBe(pdf.length);
  // Leaving the editor without saving removes what was uploaded for the record that was never made.
  const folder = decodeURIComponent(new URL(url).pathname.split('/o/')[1]).replace(/[^/]+$/, '');
  expect(await objectsUnder(folder)).toHaveLength(1);
  await page.getByRole('link', { name: '← Resources' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
  await expect.poll(() => objectsUnder(folder)).toEqual([]);
});

test('an article’s image is uploaded from the editor’s image dialog, and needs its description', async ({ page }) => {
  await signIn(page, editor);
  await page.goto('/admin/publications/add');
  await page.getByRole('textbox', { name: 'Body' }).click();
  await page.getByRole('button', { name: 'Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an image' });
  await dialog.getByLabel('Image: file').setInputFiles({ name: 'clinic.jpg', mimeType: 'image/jpeg', buffer: await photo(1200, 900) });
  await expect(dialog.getByRole('status').first()).toContainText('Web sizes made: 320 × 240 and 960 × 720 pixels');
  await dialog.getByRole('button', { name: 'Add image' }).click();
  await expect(dialog.getByText('Describe the image for people who cannot see it.')).toBeVisible();
  await dialog.getByLabel('Description (alt text)').fill('Nurses at a screening clinic');
  await dialog.getByRole('button', { name: 'Add image' }).click();
  await expect(dialog).toHaveCount(0);
  const inserted = page.getByRole('textbox', { name: 'Body' }).getByRole('img', { name: 'Nurses at a screening clinic' });
  await expect(inserted).toHaveAttribute('width', '960');
  await expect(inserted).toHaveAttribute('height', '720');
  await expect(inserted).toHaveAttribute('src', /-960\.webp\?alt=media$/);
  const src = (await inserted.getAttribute('src'))!;
  cleanups.push(() => removeFolder(decodeURIComponent(new URL(src).pathname.split('/o/')[1]).replace(/[^/]+$/, '')));
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });

  test('a speaker’s photo that does not load leaves their initials in its box, not squeezed alt text', async ({ page }) => {
    await page.route(`http://${DEMO_STORAGE_HOST}/**`, (route) => route.abort());
    await page.goto('/about');
    const img = page.getByRole('img', { name: 'Portrait of Dr. Amina Otieno' });
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth === 0)).toBe(true);
    await expect(img).toHaveAttribute('data-fallback', 'AO');
    // The box is drawn in the fallback's colours (brand-100 behind brand-800 initials), not white with alt text.
    const { data, info } = await sharp(await img.screenshot())
      .raw()
      .toBuffer({ resolveWithObject: true });
    let tinted = 0;
    for (let i = 0; i < data.length; i += info.channels)
      if (Math.abs(data[i] - 0xd9) < 12 && Math.abs(data[i + 1] - 0xee) < 12 && Math.abs(data[i + 2] - 0xee) < 12) tinted++;
    expect(tinted / (info.width * info.height)).toBeGreaterThan(0.4);
  });
});
