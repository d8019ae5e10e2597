// Upload figures (issue 37): a 5 MB photo uploaded from the speaker editor, on a desktop and on
// the phone profile (phone.ts: slow line, CPU 4× slower), from the file chosen to "Uploaded" (the
// browser scales it to the site's web sizes, then both are uploaded to the Storage emulator); the
// sizes produced; and what a public page with uploaded images transfers for them. Printed, never
// asserted.
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_STAFF } from '../../emulator/seed/demo-data.ts';
import { PHONE_CPU_SLOWDOWN, PHONE_NETWORK, PHONE_SCREEN } from './phone.ts';

type Row = Record<string, string | number>;

const editor = DEMO_STAFF.find((s) => s.role === 'editor')!;

/** A photo-like JPEG (noise over gradients compresses as badly as a camera's photo) of about `bytes`. */
async function photo(bytes: number): Promise<{ buffer: Buffer; width: number; height: number }> {
  const width = 3600;
  const height = 2700;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = ((i % (width * 3)) / 12 + ((seed >> 16) % 64)) & 0xff;
  }
  for (const quality of [95, 90, 85, 80, 70]) {
    const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (buffer.length <= bytes * 1.1) return { buffer, width, height };
  }
  throw new Error('Could not make a photo near the size asked for.');
}

async function signIn(page: Page, origin: string) {
  await page.goto(`${origin}/admin-login`);
  await page.getByLabel('Email').fill(editor.email);
  await page.getByLabel('Password').fill(editor.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/admin\/?$/);
}

/** From choosing the file to the control saying it is uploaded; the sizes it made, and their bytes. */
async function uploadOnce(browser: Browser, origin: string, file: Buffer, phone: boolean) {
  const context = await browser.newContext(phone ? PHONE_SCREEN : {});
  const page = await context.newPage();
  try {
    await signIn(page, origin);
    await page.goto(`${origin}/admin/speakers/add`);
    const field = page.getByRole('group', { name: /^Photo/ });
    await field.getByRole('button', { name: /Choose an image/ }).waitFor();
    const cdp = await context.newCDPSession(page);
    if (phone) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
    }
    const t0 = Date.now();
    await page.getByLabel('Photo (optional): file').setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: file });
    await field
      .getByRole('status')
      .filter({ hasText: /^Uploaded/ })
      .waitFor({ timeout: 300_000 });
    const ms = Date.now() - t0;
    const status = (await field.getByRole('status').textContent()) ?? '';
    const url = await page.getByLabel('or paste the image’s address').inputValue();
    const sizes: number[] = [];
    for (const address of [url.replace('-960.webp', '-320.webp'), url]) sizes.push((await (await fetch(address)).arrayBuffer()).byteLength);
    // The editor is left unsaved: its session deletes the uploads when the page goes.
    await page.goto(`${origin}/admin/speakers`);
    return { ms, made: /Web sizes made: (.*) pixels/.exec(status)?.[1] ?? '?', sizes };
  } finally {
    await context.close();
  }
}

/** The bytes of the uploaded images a public page loads (its speakers' photos, partners' logos). */
async function pageImages(browser: Browser, origin: string, route: string) {
  const context = await browser.newContext(PHONE_SCREEN);
  const page = await context.newPage();
  const images: Array<{ url: string; bytes: number }> = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/v0/b/') || response.request().resourceType() !== 'image') return;
    images.push({ url: response.url(), bytes: (await response.body().catch(() => Buffer.alloc(0))).length });
  });
  try {
    await page.goto(`${origin}${route}`, { waitUntil: 'load' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const small = images.filter((i) => i.url.includes('-320.webp')).length;
    return { route, images: images.length, 'of them 320 px': small, transferred: kb(images.reduce((a, i) => a + i.bytes, 0)) };
  } finally {
    await context.close();
  }
}

export async function uploadFigures(browser: Browser, origin: string): Promise<{ uploads: Row[]; pages: Row[] }> {
  const file = await photo(5 * 1024 * 1024);
  const kb = (n: number) => `${Math.round(n / 1024)} KB`;
  const uploads: Row[] = [];
  for (const phone of [false, true]) {
    const r = await uploadOnce(browser, origin, file.buffer, phone);
    uploads.push({
      profile: phone ? 'phone (150 ms RTT, 750 Kbps up, CPU 4× slower)' : 'desktop (no throttling)',
      photo: `${(file.buffer.length / 1024 / 1024).toFixed(1)} MB JPEG, ${file.width} × ${file.height}`,
      'time to done': `${(r.ms / 1000).toFixed(1)} s`,
      'sizes made': r.made,
      'bytes uploaded (320 / 960; the original stays on the device)': r.sizes.map(kb).join(' / '),
    });
  }
  const pages = [];
  for (const route of ['/', '/about']) pages.push(await pageImages(browser, origin, route));
  return { uploads, pages };
}
