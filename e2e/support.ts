import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO_STAFF } from '../emulator/seed/demo-data.ts';
import { latestSignInLink, signInLinkFor } from './inbox.ts';
import { summitDays } from '../src/data/certificates.ts';
import { nairobiDayStart, toNairobiDate } from '../src/lib/nairobi-time.ts';
import { replaceFields, stack } from './records.ts';

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
 * (scripts/build/page-loader.ts); resolves once the page has hydrated.
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

/** The reference of what a form just created (kept inside the page's links, never shown as a code to keep). */
export const reference = async (page: Page) => (await page.locator('[data-reference]').first().getAttribute('data-reference'))!;

/**
 * After Register (or Join the waiting list) on a filled form: the page asks the visitor to check
 * their email; the visitor opens the emailed sign-in link in the same page (this browser asked for
 * it, so it knows the address) and the form they filled is sent under the proven address.
 * Resolves to the link followed (for signInLinkFor's `after`).
 */
export async function followEmailedLink(page: Page, email: string, { after }: { after?: string } = {}): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const link = await signInLinkFor(email, { after });
  await page.goto(link);
  return link;
}

/**
 * Registers through /register as a visitor does now: fills the form, presses Register, opens the
 * emailed link in the same page and waits for the confirmation. Resolves to what was typed, the
 * reference shown, and the address as stored (lower case).
 */
export async function registerVerified(page: Page, over: Partial<Record<string, string>> = {}) {
  await page.goto('/register');
  await startApp(page);
  const typed = await fillRegistration(page, over);
  await page.getByRole('button', { name: 'Register' }).click();
  const link = await followEmailedLink(page, typed.email);
  await expect(page.getByRole('heading', { name: 'Registration received' })).toBeVisible();
  return { ...typed, email: typed.email.toLowerCase(), reference: await reference(page), link };
}

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

/** The e2e stack's Firestore clock: database time now, and how far it runs ahead of the wall clock. */
async function serverClock(): Promise<{ now: string; offsetSeconds: number }> {
  const res = await fetch(`http://${stack.firestore}/emulator/v1/projects/${stack.projectId}/clock`);
  if (!res.ok) throw new Error(`Reading the Firestore emulator's clock failed: ${res.status}`);
  return (await res.json()) as { now: string; offsetSeconds: number };
}

/** How far the e2e stack's Firestore clock runs ahead of the wall clock (advanceServerClock), in ms. */
export async function serverClockOffsetMs(): Promise<number> {
  return (await serverClock()).offsetSeconds * 1000;
}

/**
 * Puts the summit around the database's today, for a spec that checks people in: the rules record
 * a check-in only for today's Nairobi date by the server's clock (firestore.rules checkInDay), and
 * the demo's summit is months away (or, after a spec moved the clock on, days behind it). Today
 * becomes day `dayOfSummit` of `length`, from 09:00 on the first day to 17:00 on the last (Nairobi),
 * saved in settings/site with its summitDays as Settings saves them. Resolves to the summit's days
 * and `restore`, which writes settings/site back exactly as it was, so the other specs (and the
 * prerendered pages they compare with) see the demo's summit: call it in a `finally`. A later day
 * is reached by advanceServerClock, with the pages on useServerClock.
 */
export async function summitAroundServerToday({ dayOfSummit = 1, length = 3 } = {}) {
  const today = toNairobiDate(new Date((await serverClock()).now));
  const first = new Date(nairobiDayStart(today).getTime() - (dayOfSummit - 1) * 86_400_000);
  const startDate = new Date(first.getTime() + 9 * 3_600_000);
  const endDate = new Date(first.getTime() + (length - 1) * 86_400_000 + 17 * 3_600_000);
  const days = summitDays(startDate, endDate);
  const restore = await replaceFields('settings/site', { startDate, endDate, summitDays: days });
  return { days, today, restore };
}

/**
 * Sets the page's clock to the database's (ahead of the wall clock once advanceServerClock has
 * run): the site compares the times the database stamped with the browser's now (a hold lapsed, an
 * offer open), as a real browser's clock agrees with Firestore's. Call before the page opens.
 */
export async function useServerClock(page: Page) {
  await page.clock.install({ time: Date.now() + (await serverClockOffsetMs()) });
}

/**
 * Signs in on /my-registration (or another page about the attendee: /my-abstracts) by the emailed
 * link, in the same page; resolves once it shows the attendee signed in.
 */
export async function signInToMyRegistration(page: Page, email: string, path: '/my-registration' | '/my-abstracts' = '/my-registration'): Promise<string> {
  // A link mailed earlier (registering, joining the waiting list) is used up: wait for the new one.
  const after = await latestSignInLink(email);
  await page.goto(path);
  await startApp(page);
  await expect(page.getByRole('heading', { name: 'Sign in with your email' })).toBeVisible();
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const link = await signInLinkFor(email, { after });
  await page.goto(link);
  await expect(page.getByText(`Signed in as ${email.toLowerCase()}`)).toBeVisible();
  return link;
}

/** axe-core finds nothing on the page as it is now (a state a page reaches only by acting, e.g. "check your email"). */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * A fresh M-Pesa-shaped transaction code (ten capitals and digits, one digit at least: the grammar
 * checkout and the rules ask for), starting with `prefix` (two letters) so a test can tell its own.
 */
export const freshTransactionCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase().slice(-7)}7`;
