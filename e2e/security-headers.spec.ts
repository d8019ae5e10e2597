// The headers a browser enforces (firebase.json, served as Hosting serves them by the preview):
// every public and back-office page works under the enforced Content-Security-Policy, with no
// violation reported, once its app has started and its data has loaded; no page can be framed;
// the camera is allowed on the check-in only, and the menu's Check-in link loads it as a document
// of its own so the scanner gets it.
import { expect, expectConsoleError, test, type Page } from './test.ts';
import { loadRoutePatterns } from '../scripts/build/route-patterns.ts';
import { admin, signIn, startApp } from './support.ts';

const EXAMPLES: Record<string, string> = {
  '/blogs/:slug': '/blogs/why-early-detection-saves-lives',
  '/careers/:slug': '/careers/summit-volunteer-coordinator',
  '/checkout/:id': '/checkout/demo-registration-1',
  '/abstracts/:id': '/abstracts/demo-abstract-hpv-schools',
  '/certificates/:id': '/certificates/not-a-certificate',
  '/admin/registrations/:collection/:id': '/admin/registrations/registrations/demo-registration-1',
  '/admin/statements/:id': '/admin/statements/not-a-statement',
  '/admin/publications/:id': '/admin/publications/why-early-detection-saves-lives',
  '/admin/events/:id': '/admin/events/pre-summit-webinar',
  '/admin/jobs/:id': '/admin/jobs/summit-volunteer-coordinator',
  '/admin/procurement/:id': '/admin/procurement/not-a-record',
  '/admin/tenders/:id': '/admin/tenders/audio-visual-services',
  '/admin/resources/:id': '/admin/resources/summit-2025-report',
  '/admin/speakers/:id': '/admin/speakers/amina-otieno',
  '/admin/programme/:id': '/admin/programme/session-1',
  '/admin/sponsors/:id': '/admin/sponsors/demo-sponsor-1',
};
const paths = (await loadRoutePatterns()).map((p) => EXAMPLES[p] ?? p);
const isStaff = (p: string) => p === '/admin' || p.startsWith('/admin/');
const publicPaths = paths.filter((p) => !isStaff(p));
const staffPaths = paths.filter(isStaff);

/**
 * Every violation the page reports from here on, across navigations: the browser's
 * securitypolicyviolation events (from a listener added before any page script runs) and its
 * "Refused to …" console errors (which also cover frames), plus uncaught errors.
 */
async function watchPolicy(page: Page) {
  const reported: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (text: string) => reported.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportPolicyViolation: (text: string) => void }).reportPolicyViolation;
      void report(`${location.pathname}: ${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Permissions policy/i.test(m.text())) reported.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => reported.push(`${page.url()}: ${e.message}`));
  return reported;
}

/** The page has run its app and shown its data: hydrated, a heading, nothing loading, images in. */
async function settled(page: Page, path: string) {
  await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
  await startApp(page);
  await expect(page.getByText(/^Loading/), path).toHaveCount(0);
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
}

test('every public page runs under the enforced policy without a violation', async ({ page }) => {
  test.setTimeout(180_000);
  const reported = await watchPolicy(page);
  for (const path of publicPaths) {
    const response = await page.goto(path);
    expect(response!.headers()['content-security-policy'], path).toContain("script-src 'self' 'sha256-");
    await settled(page, path);
  }
  expect(publicPaths.length).toBeGreaterThan(25);
  expect(reported).toEqual([]);
});

test('every back-office screen runs under the enforced policy without a violation', async ({ page }) => {
  test.setTimeout(240_000);
  const reported = await watchPolicy(page);
  await signIn(page, admin);
  for (const path of staffPaths) {
    const response = await page.goto(path);
    expect(response!.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
    await settled(page, path);
  }
  expect(staffPaths.length).toBeGreaterThan(40);
  expect(reported).toEqual([]);
});

test('every page, file and missing address is sent with the protections', async ({ request }) => {
  const assets = [...(await (await request.get('/')).text()).matchAll(/\/assets\/[^"]+\.(?:js|css)/g)].map((m) => m[0]);
  expect(assets.length).toBeGreaterThan(0);
  for (const path of ['/', '/about', '/checkout/demo-registration-1', '/admin', '/admin/users', '/no-such-page', assets[0]]) {
    const headers = (await request.get(path)).headers();
    const policy = headers['content-security-policy'];
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(policy, path).toContain("object-src 'none'");
    expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], path).toMatch(/^camera=\(\),/);
  }
  expect((await request.get('/admin/check-in')).headers()['permissions-policy']).toMatch(/^camera=\(self\),/);
  // Handlebars compiles the Emails screen's preview with `new Function`: that document only may.
  expect((await request.get('/admin/emails')).headers()['content-security-policy']).toContain("script-src 'self' 'unsafe-eval'");
  expect((await request.get('/admin/users')).headers()['content-security-policy']).not.toContain('unsafe-eval');
});

test('no page of the site can be framed by another (the back office cannot be clickjacked)', async ({ page }) => {
  expectConsoleError(/frame-ancestors/);
  const refused = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
  await page.setContent('<iframe src="http://localhost:4173/admin-login" title="framed"></iframe>');
  await refused;
  await expect(page.frameLocator('iframe').getByLabel('Password')).toHaveCount(0);
});

test('the camera is allowed on the check-in only, and the menu opens the check-in as its own document', async ({ page }) => {
  const reported = await watchPolicy(page);
  const cameraAllowed = () =>
    page.evaluate(() => (document as unknown as { featurePolicy: { allowsFeature: (f: string) => boolean } }).featurePolicy.allowsFeature('camera'));
  await signIn(page, admin);
  expect(await cameraAllowed()).toBe(false);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Check-in' }).click();
  await expect(page).toHaveURL(/\/admin\/check-in$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false);
  expect(await cameraAllowed()).toBe(true);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
  await page.reload();
  expect(await cameraAllowed()).toBe(false);
  expect(reported).toEqual([]);
});
