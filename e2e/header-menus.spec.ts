// The header's menus (Get Involved, and Menu on small screens) are native disclosures: a tap or a
// key opens them with no script at all, and their links load their pages. Once the app runs, they
// close as a menu should: on Escape, on a tap outside, on navigation.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from './test.ts';
import { builtVersion, setContentVersion } from './records.ts';
import { startApp } from './support.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const summary = (page: Page, name: string) => page.locator('summary', { hasText: name });
const getInvolved = (page: Page) => page.getByRole('link', { name: 'Partner With Us', exact: true });
const mobileMenu = (page: Page) => page.getByRole('navigation', { name: 'Mobile' });

/** What Chromium gives assistive technology for an element: its role, name and expanded state. */
async function accessible(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  const node = nodes.find((n) => !n.ignored)!;
  await cdp.detach();
  return {
    role: String(node.role?.value),
    name: String(node.name?.value).trim(),
    expanded: node.properties?.find((p) => p.name === 'expanded')?.value.value ?? false,
  };
}

async function box(locator: Locator) {
  const b = (await locator.boundingBox())!;
  return { left: Math.round(b.x), right: Math.round(b.x + b.width), top: Math.round(b.y), bottom: Math.round(b.y + b.height) };
}

/**
 * Holds the app's scripts (the page loader may ask for them at any time) until `release` is
 * called: the page stays as it is before any of the app's script has run.
 */
async function holdAppScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

    test('a tap on Menu shows the links under the header, the width of the page; a tap on one loads its page', async ({ page }) => {
      await page.goto('/');
      await expect(mobileMenu(page)).toBeHidden();
      await summary(page, 'Menu').tap();
      await expect(mobileMenu(page)).toBeVisible();
      const header = await box(page.getByRole('banner'));
      const panel = await box(mobileMenu(page));
      expect(panel).toMatchObject({ left: header.left, right: header.right });
      expect(Math.abs(panel.top - header.bottom)).toBeLessThanOrEqual(1);
      await mobileMenu(page).getByRole('link', { name: 'Programme' }).tap();
      await expect(page).toHaveURL(/\/program\/?$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // A new page, loaded whole: its menu is closed.
      await expect(mobileMenu(page)).toBeHidden();
    });
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: DESKTOP });

    test('Get Involved opens by click, under its summary and right-aligned with it, and closes by click', async ({ page }) => {
      await page.goto('/');
      const menu = summary(page, 'Get Involved');
      await expect(getInvolved(page)).toBeHidden();
      await menu.click();
      await expect(getInvolved(page)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Contact Us' })).toBeVisible();
      const button = await box(menu);
      const list = await box(page.getByRole('list').filter({ has: getInvolved(page) }));
      expect(list.right).toBe(button.right);
      expect(list.top).toBeGreaterThan(button.bottom);
      await menu.click();
      await expect(getInvolved(page)).toBeHidden();
    });

    test('Get Involved looks and acts as a button, is announced with its state, and opens from the keyboard', async ({ page }) => {
      await page.goto('/');
      const menu = summary(page, 'Get Involved');
      const style = await menu.evaluate((el) => {
        const s = getComputedStyle(el);
        return { cursor: s.cursor, marker: s.display === 'list-item' && s.listStyleType !== 'none' };
      });
      expect(style).toEqual({ cursor: 'pointer', marker: false });
      // The ▾ is not read out; the expanded state is the browser's own.
      // (Chromium names the role DisclosureTriangle, or DisclosureTriangleGrouped inside a group.)
      expect(await accessible(page, 'header nav[aria-label="Main"] summary')).toEqual({
        role: expect.stringMatching(/^DisclosureTriangle/),
        name: 'Get Involved',
        expanded: false,
      });
      for (let i = 0; i < 20 && !(await menu.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
      await expect(menu).toBeFocused();
      expect(await menu.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
      await page.keyboard.press('Enter');
      await expect(getInvolved(page)).toBeVisible();
      expect(await accessible(page, 'header nav[aria-label="Main"] summary')).toMatchObject({ expanded: true });
      await page.keyboard.press('Tab');
      await expect(getInvolved(page)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/partnerships\/?$/);
    });
  });
});

// axe runs as a script in the page, so not with JavaScript off: it checks the same markup with
// the app's scripts held, before any of them has run.
test.describe('before the app runs, with a menu open, axe finds no violations', () => {
  test('at phone width, Menu', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await holdAppScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await summary(page, 'Menu').click();
    await expect(mobileMenu(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('at desktop width, Get Involved', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await holdAppScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await summary(page, 'Get Involved').click();
    await expect(getInvolved(page)).toBeVisible();
    await expect(page.locator('html[data-hydrated]')).not.toBeAttached();
    await expectNoAxeViolations(page);
  });
});

test.describe('once the app runs', () => {
  test.use({ viewport: DESKTOP });

  test('Escape closes Get Involved and gives the focus back to its summary; a click outside closes it', async ({ page }) => {
    await page.goto('/');
    await startApp(page);
    const menu = summary(page, 'Get Involved');
    await menu.click();
    await page.keyboard.press('Tab');
    await expect(getInvolved(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(getInvolved(page)).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    await expect(getInvolved(page)).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(getInvolved(page)).toBeHidden();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

    test('a menu tapped open before the app has loaded opens at once without asking for it, stays open as it hydrates, and closes on navigation', async ({
      page,
      request,
    }) => {
      // Up to date, so nothing but the visitor starts the app.
      await setContentVersion(await builtVersion(request, '/'));
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      const release = await holdAppScripts(page);
      await page.goto('/', { waitUntil: 'networkidle' });
      await summary(page, 'Menu').tap();
      await expect(mobileMenu(page)).toBeVisible();
      // The menu needs no script, so its tap does not start the app; the visitor's next tap elsewhere does.
      expect(scripts).toEqual([]);
      // (Below the open menu, which covers the top of the page.)
      await page.touchscreen.tap(PHONE.width / 2, PHONE.height - 10);
      await expect.poll(() => scripts.length).toBeGreaterThan(0);
      await expect(page.locator('html[data-hydrated]')).not.toBeAttached();
      release();
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      await expect(mobileMenu(page)).toBeVisible();
      await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
      await mobileMenu(page).getByRole('link', { name: 'About' }).tap();
      await expect(page).toHaveURL(/\/about\/?$/);
      await expect(mobileMenu(page)).toBeHidden();
      // Navigated by the app, not by a page load.
      await expect(page.locator('html[data-same-document]')).toBeAttached();
      expect(problems).toEqual([]);
    });
  });
});
