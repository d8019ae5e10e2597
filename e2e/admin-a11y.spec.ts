// axe-core on every back-office screen, signed in as the admin (who sees every control), after its
// data has loaded; and the admin menu stays usable on a phone.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './test.ts';
import { loadRoutePatterns } from '../scripts/route-patterns.ts';
import { admin, signIn } from './support.ts';

const EXAMPLES: Record<string, string> = {
  '/admin/registrations/:collection/:id': '/admin/registrations/registrations/demo-registration-1',
  '/admin/publications/:id': '/admin/publications/why-early-detection-saves-lives',
  '/admin/events/:id': '/admin/events/pre-summit-webinar',
  '/admin/jobs/:id': '/admin/jobs/summit-volunteer-coordinator',
  '/admin/tenders/:id': '/admin/tenders/audio-visual-services',
  '/admin/resources/:id': '/admin/resources/summit-2025-report',
  '/admin/speakers/:id': '/admin/speakers/amina-otieno',
  '/admin/programme/:id': '/admin/programme/session-1',
  '/admin/sponsors/:id': '/admin/sponsors/demo-sponsor-1',
};
const adminPaths = (await loadRoutePatterns())
  .filter((p) => p === '/admin' || p.startsWith('/admin/'))
  .map((p) => EXAMPLES[p] ?? p)
  .filter((p) => !p.includes(':'));

test('every admin screen has no accessibility violations', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, admin);
  const found: string[] = [];
  for (const path of adminPaths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByText(/^Loading/), path).toHaveCount(0);
    // The Emails screen previews an email in a sandboxed frame without scripts, where axe cannot
    // run (it would wait forever): the frame holds the email, not the back office's own UI.
    const { violations } = await new AxeBuilder({ page }).exclude('iframe[title="HTML preview"]').analyze();
    found.push(...violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
  }
  expect(found).toEqual([]);
});

test('the admin menu fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, admin);
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Registrations' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
