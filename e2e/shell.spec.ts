// The shell of the product: every route of the route table renders its page, unknown paths are
// 404s, the back office is gated, and staff can sign in, reach every admin page and sign out.
import { expect, test } from './test.ts';
import { loadRoutePatterns } from '../scripts/build/route-patterns.ts';
import { ensureAuthUser } from '../emulator/seed/rest.ts';
import { DEMO_PROJECT_ID } from '../emulator/seed/demo-data.ts';
import { admin, signIn } from './support.ts';

// Real values for route parameters, from the demo seed.
const PARAMS: Record<string, string> = {
  ':slug': 'why-early-detection-saves-lives',
  ':id': 'demo-registration-1',
  ':collection': 'registrations',
};

const concrete = (pattern: string) => pattern.replace(/:[a-z]+/gi, (p) => PARAMS[p] ?? p);

const patterns = await loadRoutePatterns();
const careerPath = '/careers/summit-volunteer-coordinator';
const publicPaths = patterns.filter((p) => !p.startsWith('/admin/') && p !== '/admin').map((p) => (p === '/careers/:slug' ? careerPath : concrete(p)));
const adminPaths = patterns.filter((p) => p === '/admin' || p.startsWith('/admin/')).map(concrete);

/** Each public page's title, as a browser tab, a bookmark and a search result show it. */
const SITE = ' | National Cancer Summit';
const TITLES: Record<string, string> = {
  '/': 'National Cancer Summit 2027',
  '/about': `About${SITE}`,
  '/contact': `Contact Us${SITE}`,
  '/contact-us': `Contact Us${SITE}`,
  '/register': `Register${SITE}`,
  '/partnerships': `Partner With Us${SITE}`,
  '/program': `Programme${SITE}`,
  '/resources': `Resources${SITE}`,
  '/awareness': `Awareness${SITE}`,
  '/blogs': `News and Blogs${SITE}`,
  '/blogs/why-early-detection-saves-lives': `Why early detection saves lives${SITE}`,
  '/careers': `Careers${SITE}`,
  [careerPath]: `Summit volunteer coordinator${SITE}`,
  '/my-registration': `My registration${SITE}`,
  '/abstracts': `Call for abstracts${SITE}`,
  '/abstracts/demo-registration-1': `Abstract not found${SITE}`,
  '/abstract-book': `Abstract book${SITE}`,
  '/my-abstracts': `My abstracts${SITE}`,
  '/checkout': `Checkout${SITE}`,
  '/checkout/demo-registration-1': `Checkout${SITE}`,
  '/certificates/demo-registration-1': `Certificate check${SITE}`,
  '/donate': `Donate${SITE}`,
  '/events': `Events${SITE}`,
  '/faq': `Frequently Asked Questions${SITE}`,
  '/privacy-policy': `Privacy Policy${SITE}`,
  '/research': `Research${SITE}`,
  '/services': `Services${SITE}`,
  '/tenders': `Tenders${SITE}`,
  '/terms-and-conditions': `Terms and Conditions${SITE}`,
  '/work-with-us': `Work With Us${SITE}`,
  '/login': `Staff sign-in${SITE}`,
  '/admin-login': `Staff sign-in${SITE}`,
  '/admin-login/action': `Your staff account${SITE}`,
};

test('every public route has its title here, and only they', () => {
  expect(Object.keys(TITLES).sort()).toEqual([...publicPaths].sort());
});

test.describe('public routes', () => {
  for (const path of publicPaths) {
    test(`${path} renders its page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Page Not Found')).toHaveCount(0);
      await expect(page).toHaveTitle(TITLES[path]);
    });
  }
});

test('an unknown path is a 404 that says Page Not Found', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(`Page Not Found${SITE}`);
});

test('/contact-us reaches the contact page', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/contact/i);
});

test('/about#speakers scrolls to the speakers section', async ({ page }) => {
  await page.goto('/about#speakers');
  await expect(page.locator('#speakers')).toBeInViewport();
});

test('the back office sends a visitor without a token to /login', async ({ page }) => {
  await page.goto('/admin/registrations');
  await expect(page).toHaveURL(/\/login/);
});

test('staff sign in, reach every admin page and sign out', async ({ page }) => {
  test.setTimeout(180_000); // every back-office screen, about 45, each a document of its own
  await signIn(page, admin);
  for (const path of adminPaths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByRole('navigation', { name: /admin/i })).toBeVisible();
  }
  await page.getByRole('button', { name: /log out/i }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login/);
});

test('a signed-in user who is not staff sees a clear no-access page', async ({ page }) => {
  const visitor = { email: 'visitor@example.org', password: 'visitor-password-1' };
  await ensureAuthUser({ projectId: DEMO_PROJECT_ID, firestore: '127.0.0.1:8080', auth: '127.0.0.1:9099' }, visitor);
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(visitor.email);
  await page.getByLabel('Password').fill(visitor.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: /admin/i })).toHaveCount(0);
});

test('wrong credentials say so and keep the email', async ({ page }) => {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
  await expect(page.getByLabel('Email')).toHaveValue(admin.email);
});
