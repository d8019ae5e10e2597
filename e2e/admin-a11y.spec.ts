// axe-core on every back-office screen, signed in as the admin (who sees every control), after its
// data has loaded, at the default width and on a 320 px phone, where each screen must also reflow
// (no sideways scrolling of the page: wide tables scroll in their own labelled region); and the
// admin menu stays usable on a phone. Besides axe's default rules, WCAG 2.2's target size (off by
// default in axe) is checked. axe itself is the project's axe-core (the one the component tests use):
// the copy bundled in @axe-core/playwright is older, and skips label-in-name as experimental.
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from './test.ts';
import { loadRoutePatterns } from '../scripts/build/route-patterns.ts';
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
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Every admin screen through axe; at a phone's width, each screen's page width too. */
async function checkEveryScreen(page: Page, { width }: { width?: number } = {}) {
  if (width) await page.setViewportSize({ width, height: 800 });
  await signIn(page, admin);
  const found: string[] = [];
  let editorsScanned = 0;
  for (const path of adminPaths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByText(/^Loading/), path).toHaveCount(0);
    editorsScanned += await page.getByRole('toolbar', { name: 'Formatting' }).count();
    // The Emails screen previews an email in a sandboxed frame without scripts, where axe cannot
    // run (it would wait forever): the frame holds the email, not the back office's own UI.
    const { violations } = await new AxeBuilder({ page, axeSource })
      .options({ rules: { 'target-size': { enabled: true } } })
      .exclude('iframe[title="HTML preview"]')
      .analyze();
    found.push(...violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
    if (width) {
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) found.push(`${path} scrolls sideways: ${scrollWidth} px wide`);
    }
  }
  expect(found).toEqual([]);
  // The rich-text editor's toolbar (a lazily loaded part of the content editors) was among them.
  expect(editorsScanned).toBeGreaterThan(0);
}

test('every admin screen has no accessibility violations', async ({ page }) => {
  test.setTimeout(240_000);
  await checkEveryScreen(page);
});

test('every admin screen reflows at 320 px, with no accessibility violations', async ({ page }) => {
  test.setTimeout(240_000);
  await checkEveryScreen(page, { width: 320 });
});

test('the admin menu fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, admin);
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Registrations' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
