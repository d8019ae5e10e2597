import { expect, type Page } from '@playwright/test';
import { DEMO_STAFF } from '../emulator/seed/demo-data.ts';

export const admin = DEMO_STAFF.find((s) => s.role === 'admin')!;

/** Signs in through the staff sign-in page, as a person would. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
}

/**
 * The visitor's first key press, which on a prerendered page starts the app's scripts
 * (scripts/page-loader.ts); resolves once the page has hydrated.
 */
export async function startApp(page: Page) {
  await page.keyboard.press('Shift');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}
