// axe-core on every public page, after its data has loaded, at phone and desktop widths.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './test.ts';
import { loadRoutePatterns } from '../scripts/build/route-patterns.ts';
import { startApp } from './support.ts';

const PARAMS: Record<string, string> = {
  '/blogs/:slug': '/blogs/why-early-detection-saves-lives',
  '/careers/:slug': '/careers/summit-volunteer-coordinator',
  '/checkout/:id': '/checkout/demo-registration-1',
  '/abstracts/:id': '/abstracts/demo-abstract-hpv-schools',
};
// Pages whose content needs the app (the sign-in state lives in the browser): started, and waited for.
const READY: Record<string, string> = { '/my-registration': 'Sign in with your email' };
const publicPaths = (await loadRoutePatterns()).filter((p) => !p.startsWith('/admin') || p === '/admin-login').map((p) => PARAMS[p] ?? p);

for (const width of [320, 1280]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const path of publicPaths) {
      test(`${path} has no accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (READY[path]) {
          await startApp(page);
          await expect(page.getByRole('heading', { name: READY[path] })).toBeVisible();
        }
        await expect(page.getByText(/^Loading/)).toHaveCount(0);
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        // Nothing wider than the screen at 320 px.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
    }
  });
}
