// What Firebase Hosting answers for firebase.json's rules, asked of the Hosting emulator that serves
// the build (`npm run preview`, scripts/serve/preview.ts): a prerendered page, the SPA shell for the
// other real routes, the 404 page with status 404 for anything else, the redirects cleanUrls and
// trailingSlash make, the headers and the compression. A wrong rewrite, header or redirect in
// firebase.json shows here as it would in production.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './test.ts';

const client = join(import.meta.dirname, '../build/client');
const built = (file: string) => readFileSync(join(client, file), 'utf8');

test('a prerendered page is its own HTML; a real route the build did not prerender gets the SPA shell', async ({ request }) => {
  const shell = built('__spa-fallback.html');
  for (const path of ['/', '/about', '/faq', '/abstract-book', '/blogs/why-early-detection-saves-lives']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(await response.text(), path).toBe(built(path === '/' ? 'index.html' : `${path.slice(1)}/index.html`));
  }
  // Client-only routes, one and two parameters deep, and an article and an abstract published after the build.
  for (const path of [
    '/admin',
    '/checkout/demo-registration-1',
    '/admin/registrations/registrations/demo-registration-1',
    '/blogs/not-yet-built',
    '/abstracts/notYetBuilt',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toBe('text/html; charset=utf-8');
    expect(await response.text(), path).toBe(shell);
  }
});

test('an address no route has is the 404 page with status 404, in the browser too', async ({ page, request }) => {
  // Unknown, one segment too deep for /blogs/:slug, and a route's name in the wrong case.
  for (const path of ['/no-such-page', '/blogs/why-early-detection-saves-lives/more', '/About']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toBe(built('404.html'));
  }
  const response = await page.goto('/admin/no-such-screen');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('an address ending in a slash or naming the .html file is redirected to the clean one', async ({ page, request }) => {
  for (const [from, to] of [
    ['/about/', '/about'],
    ['/faq/', '/faq'],
    ['/about/index.html', '/about'],
    ['/index.html', '/'],
  ]) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(new URL(response.headers().location, 'http://localhost:4173').pathname, from).toBe(to);
  }
  // A link with a trailing slash lands on the page, its query kept.
  const response = await page.goto('/program/?day=3');
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/program?day=3');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('pages, the shell, the 404 page and files carry firebase.json’s headers; files are cached for good, pages are not', async ({ request }) => {
  const asset = built('index.html').match(/\/assets\/[^"]+\.js/)![0];
  for (const path of ['/', '/admin', '/no-such-page', asset, '/favicon.svg']) {
    const headers = (await request.get(path)).headers();
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    // The preview's one change to firebase.json (scripts/serve/preview-config.ts): the demo build
    // talks to the emulators, and shows the Storage emulator's files.
    expect(headers['content-security-policy'], path).toMatch(
      /connect-src [^;]* http:\/\/127\.0\.0\.1:8080 http:\/\/127\.0\.0\.1:9099 http:\/\/127\.0\.0\.1:9199;/,
    );
    expect(headers['content-security-policy'], path).toMatch(/img-src [^;]* https: http:\/\/127\.0\.0\.1:9199;/);
  }
  expect((await request.get(asset)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request.get(asset)).headers()['content-type']).toMatch(/javascript/);
  // firebase.json sets no Cache-Control on pages, and the emulator sends none (Hosting adds a default of its own).
  expect((await request.get('/about')).headers()['cache-control']).toBeUndefined();
});

test('text is sent compressed as the browser accepts it: brotli, else gzip, else as is', async ({ request }) => {
  const encoding = async (path: string, accept: string) => (await request.get(path, { headers: { 'Accept-Encoding': accept } })).headers()['content-encoding'];
  expect(await encoding('/about', 'gzip, deflate, br, zstd')).toBe('br');
  expect(await encoding('/about', 'gzip')).toBe('gzip');
  expect(await encoding('/about', 'identity')).toBeUndefined();
  expect(await encoding('/no-such-page', 'gzip, br')).toBe('br');
});
