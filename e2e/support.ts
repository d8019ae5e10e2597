import { expect, type Page } from '@playwright/test';
import { DEMO_STAFF } from '../emulator/seed/demo-data.ts';
import { stack } from './records.ts';

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

/** Fills the register form as a visitor would (a fresh email each time unless given). */
export async function fillRegistration(page: Page, over: Partial<Record<string, string>> = {}) {
  const v = {
    name: 'Wanjiru Kamau',
    email: `wanjiru.${Date.now()}@example.org`,
    phone: '+254 712 345 678',
    organisation: 'Kenyatta National Hospital',
    role: 'Oncology nurse',
    country: 'Kenya',
    category: 'delegate',
    ...over,
  };
  await page.getByLabel('Full name').fill(v.name);
  await page.getByLabel('Email').fill(v.email);
  await page.getByLabel('Phone').fill(v.phone);
  await page.getByLabel('Organisation').fill(v.organisation);
  await page.getByLabel('Role or job title').fill(v.role);
  await page.getByLabel('Country').fill(v.country);
  await page.getByLabel('Category').selectOption(v.category);
  await page.getByLabel(/I agree to the terms/).check();
  return v;
}

/** The reference a submitted form shows. */
export const reference = async (page: Page) => (await page.locator('strong.font-mono').first().textContent())!.trim();

/**
 * Moves the e2e stack's Firestore clock forward by `seconds` (> 0), for time-based rules (a seat
 * hold lapsing); resolves to database time now (RFC 3339). Only the database's time moves (commit
 * times, request.time, server timestamps), not the browser's nor the Auth emulator's; it cannot be
 * undone until the stack restarts, so later specs see it too.
 */
export async function advanceServerClock(seconds: number): Promise<string> {
  const res = await fetch(`http://${stack.firestore}/emulator/v1/projects/${stack.projectId}/clock:advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  if (!res.ok) throw new Error(`Advancing the Firestore emulator's clock by ${seconds} s failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { now: string }).now;
}
