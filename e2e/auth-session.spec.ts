// Staff sign-in as the browser keeps it: the page asked for before signing in is where sign-in
// returns (and only a back-office page on this site), and the auth_token cookie's attributes as
// chromium stores them (src/lib/session.ts: path /, 27 days, SameSite=Lax, Secure over https).
import { expect, test, type Page } from './test.ts';
import { DEMO_STAFF } from '../emulator/seed/demo-data.ts';

const finance = DEMO_STAFF.find((s) => s.role === 'finance')!;
const TWENTY_SEVEN_DAYS = 27 * 24 * 3600;

async function fillSignIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

test('a signed-out staff member who opens /admin/invoice-generator signs in and lands on /admin/invoice-generator', async ({ page }) => {
  await page.goto('/admin/invoice-generator');
  await expect(page).toHaveURL(/\/login$/);
  await fillSignIn(page, finance);
  await expect(page).toHaveURL(/\/admin\/invoice-generator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice Generator' })).toBeVisible();
});

// The gate hands the page over in the history entry's state (React Router keeps it under `usr`),
// which survives a reload: planted there, as a script on the page could, it is read by the real app.
async function signInWithReturnTarget(page: Page, from: string) {
  await page.goto('/login');
  await page.evaluate((target) => history.replaceState({ usr: { from: target }, key: 'planted', idx: 0 }, '', '/login'), from);
  await page.reload();
  await fillSignIn(page, finance);
}

test('a planted back-office return target is followed (so the planting reaches the sign-in page)', async ({ page }) => {
  await signInWithReturnTarget(page, '/admin/payments');
  await expect(page).toHaveURL('http://localhost:4173/admin/payments');
});

for (const from of ['//evil.example', 'https://evil.example/admin', '//evil.example/admin/invoice-generator', '/admin/..//evil.example', '/admin-login']) {
  test(`sign-in does not follow the return target ${from}`, async ({ page }) => {
    await signInWithReturnTarget(page, from);
    await expect(page).toHaveURL('http://localhost:4173/admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('the auth_token cookie as the browser stores it after sign-in, and gone after sign-out', async ({ page, context, baseURL }) => {
  await page.goto('/admin-login');
  const before = Date.now() / 1000;
  await fillSignIn(page, finance);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('navigation', { name: /admin/i })).toBeVisible();
  const after = Date.now() / 1000;

  const cookie = (await context.cookies()).find((c) => c.name === 'auth_token');
  expect(cookie, 'auth_token cookie after sign-in').toBeDefined();
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  expect(cookie).toMatchObject({
    // The session's ID token, for the whole site (path /), on this host only (no Domain attribute).
    value: encodeURIComponent(token!),
    domain: 'localhost',
    path: '/',
    sameSite: 'Lax',
    // Script-written (the app keeps it), so not HttpOnly; Secure only where the site is https.
    httpOnly: false,
    secure: new URL(baseURL!).protocol === 'https:',
  });
  // Max-Age 27 days: a persistent cookie (not a session one) expiring 27 days after it was set.
  expect(cookie!.expires).toBeGreaterThanOrEqual(before + TWENTY_SEVEN_DAYS - 5);
  expect(cookie!.expires).toBeLessThanOrEqual(after + TWENTY_SEVEN_DAYS + 5);

  await page.getByRole('button', { name: /log out/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await context.cookies()).filter((c) => c.name === 'auth_token')).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  // And it stays gone: the back office sends the browser to sign in again.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  expect((await context.cookies()).filter((c) => c.name === 'auth_token')).toEqual([]);
});
