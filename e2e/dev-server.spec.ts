// What a newcomer sees after `npm install && npm start`: the dev server's pages, styled once the app
// has hydrated (it once dropped the stylesheet when the app started), fitting a 320 px screen, with
// no error in the console (the guard in test.ts).
import { expect, test, type Page } from './test.ts';
import { admin, signIn } from './support.ts';

test.use({ baseURL: 'http://localhost:5173', viewport: { width: 320, height: 720 } });

async function expectStyled(page: Page, where: string, { fits = true } = {}) {
  await expect(page.locator('html[data-hydrated]'), where).toBeAttached({ timeout: 60_000 });
  const looks = await page.evaluate(() => ({
    font: getComputedStyle(document.body).fontFamily,
    width: document.documentElement.scrollWidth,
  }));
  expect(looks.font, where).toMatch(/^system-ui/);
  if (fits) expect(looks.width, where).toBeLessThanOrEqual(320);
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

test('the dev server’s back office keeps its styles', async ({ page }) => {
  await signIn(page, admin);
  // Styled, but not yet fitting: the Overview still scrolls sideways at 320 px with some data (336 px
  // in CI's run), the reflow issue 34 item 15 asks for; its test will check every back-office page's width.
  await expectStyled(page, '/admin', { fits: false });
});
