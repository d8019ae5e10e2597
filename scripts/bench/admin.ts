// Back-office figures at scale (issue 6): 20,000 registrations in Firestore, then in a real browser
// the time from opening /admin/registrations to the first page of the table, to the next page, to
// a search result, and to a finished CSV export of all 20,000 rows. Printed, never asserted.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { writeDocuments, type StackAddress } from '../../emulator/seed/rest.ts';
import { DEMO_STAFF } from '../../emulator/seed/demo-data.ts';
import { withSearchTokens } from '../../src/data/search-tokens.ts';
import { withSeededPaymentCodes } from '../../emulator/seed/payment-codes.ts';

const COUNT = 20_000;
const FIRST = ['Amina', 'Brian', 'Chebet', 'Daniel', 'Esther', 'Faith', 'George', 'Halima', 'Ian', 'Joy'];
const LAST = ['Otieno', 'Wanjiku', 'Mutua', 'Kiprop', 'Achieng', 'Mohamed', 'Njoroge', 'Cherono'];
const CATEGORIES: Array<[string, number]> = [
  ['delegate', 15000],
  ['student', 5000],
  ['survivor', 0],
  ['international', 30000],
];

export async function seedRegistrations(stack: StackAddress, count = COUNT) {
  const start = Date.now() - count * 60_000;
  const docs: Array<[string, Record<string, unknown>]> = [];
  for (let i = 0; i < count; i++) {
    const [category, fee] = CATEGORIES[i % CATEGORIES.length];
    const id = `bench-${String(i).padStart(5, '0')}`;
    const fullName = `${FIRST[i % FIRST.length]} ${LAST[(i >> 3) % LAST.length]} ${i}`;
    docs.push([
      `registrations/${id}`,
      {
        id,
        timestamp: new Date(start + i * 60_000),
        fullName,
        email: `${id}@example.org`,
        phone: '+254 700 000 000',
        organisation: `County Hospital ${i % 47}`,
        jobTitle: 'Nurse',
        country: 'Kenya',
        category,
        attendanceMode: 'in-person',
        accessibilityNeeds: '',
        dietaryNeeds: '',
        consent: true,
        fee,
        currency: 'KES',
        status: fee === 0 || i % 3 === 0 ? 'confirmed' : 'pending',
        paymentStatus: fee === 0 ? 'not-required' : i % 3 === 0 ? 'paid' : 'unpaid',
      },
    ]);
  }
  // Codes numbered past the demo's, so the bench's never take one the demo holds.
  const claims = withSeededPaymentCodes(docs, 1000);
  for (const entry of docs) entry[1] = withSearchTokens(entry[1] as { id: string });
  const t0 = performance.now();
  await writeDocuments(stack, [...docs, ...claims]);
  return performance.now() - t0;
}

/** Signs `page` in to the back office as the demo's administrator. */
export async function signInAsAdmin(page: Page, baseUrl: string) {
  const admin = DEMO_STAFF.find((s) => s.role === 'admin')!;
  await page.goto(`${baseUrl}/admin-login`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/admin\/?$/);
}

export async function adminFigures(browser: Browser, baseUrl: string, stack: StackAddress) {
  const seedMs = await seedRegistrations(stack);
  const page = await browser.newPage({ acceptDownloads: true });
  try {
    await signInAsAdmin(page, baseUrl);
    const time = async (action: () => Promise<unknown>) => {
      const t0 = performance.now();
      await action();
      return Math.round(performance.now() - t0);
    };
    const firstPage = await time(async () => {
      await page.goto(`${baseUrl}/admin/registrations`);
      await page.getByRole('link', { name: /Joy .* 19999/ }).waitFor();
    });
    const nextPage = await time(async () => {
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.getByText('Page 2', { exact: true }).waitFor();
      await page.getByRole('link', { name: /19974$/ }).waitFor();
    });
    const search = await time(async () => {
      await page.getByLabel('Search by name, email, organisation or reference').fill('halima');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText(/found for “halima”/).waitFor();
    });
    await page.getByRole('button', { name: 'Clear search' }).click();
    let rows = 0;
    const exportMs = await time(async () => {
      const download = page.waitForEvent('download', { timeout: 300_000 });
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const csv = await readFile((await (await download).path())!, 'utf8');
      rows = csv.trim().split('\r\n').length - 1;
    });
    return [
      { measure: `seed ${COUNT.toLocaleString('en-GB')} registrations (owner commits of 500)`, value: `${Math.round(seedMs)} ms` },
      { measure: 'open /admin/registrations → first page of 25 shown', value: `${firstPage} ms` },
      { measure: 'next page (cursor)', value: `${nextPage} ms` },
      { measure: 'prefix search "halima" (5 small queries)', value: `${search} ms` },
      { measure: `CSV export of all rows (${rows.toLocaleString('en-GB')} rows, pages of 1,000)`, value: `${exportMs} ms` },
    ];
  } finally {
    await page.close();
  }
}
