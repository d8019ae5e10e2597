// What a newcomer sees after `npm install && npm start`: the dev server's pages, styled once the app
// has hydrated (it once dropped the stylesheet when the app started), fitting a 320 px screen, with
// no error in the console (the guard in test.ts).
import { expect, test, type Page } from './test.ts';
import { admin, signIn } from './support.ts';

test.use({ baseURL: 'http://localhost:5173', viewport: { width: 320, height: 720 } });

async function expectStyled(page: Page, where: string) {
  await expect(page.locator('html[data-hydrated]'), where).toBeAttached({ timeout: 60_000 });
  const looks = await page.evaluate(() => ({
    font: getComputedStyle(document.body).fontFamily,
    width: document.documentElement.scrollWidth,
  }));
  expect(looks.font, where).toMatch(/^system-ui/);
  expect(looks.width, where).toBeLessThanOrEqual(320);
}

test('the dev server’s public pages keep their styles after the app starts, at 320 px', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Shift');
  await expectStyled(page, '/');
  await page.goto('/register');
  await page.keyboard.press('Shift');
  await expectStyled(page, '/register');
  await expect(page.getByLabel('Full name')).toBeVisible();
  // The anti-spam field is for bots only: the stylesheet puts it off the screen.
  const honeypot = page.locator('input[name="faxNumber"]');
  expect(await honeypot.evaluate((input) => input.getBoundingClientRect().right)).toBeLessThan(0);
});

test('the dev server’s back office keeps its styles, at 320 px', async ({ page }) => {
  await signIn(page, admin);
  // Every back-office screen's width at 320 px is checked on the production build (admin-a11y.spec.ts).
  await expectStyled(page, '/admin');
});
