// Staff at work on registrations: find people, change their status, check them in at the door by
// code or camera, export what they see, archive; and what an editor may not do.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './test.ts';
import { documentExists, findDocuments } from '../emulator/seed/rest.ts';
import { DEMO_STAFF } from '../emulator/seed/demo-data.ts';
import { makeRegistration, readDocument, removeRegistration, stack } from './records.ts';
import { admin, signIn, summitAroundServerToday, useServerClock } from './support.ts';

const editor = DEMO_STAFF.find((s) => s.role === 'editor')!;

test('search finds people by any word or its beginning in any case, filters narrow the list, the detail shows the record', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/admin/registrations');
  await expect(page.getByRole('table')).toContainText('Wanjiru Kamau');
  const box = page.getByLabel('Search by name, email, organisation or reference');
  await expect(box).toHaveAccessibleDescription(/Any word of the name or organisation/);
  await box.fill('wanj');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'found for “wanj”' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Wanjiru Kamau');
  await expect(page.getByRole('table')).not.toContainText('Brian Odhiambo');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await box.fill('ODHIAMBO');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('table')).toContainText('Brian Odhiambo');
  await expect(page.getByRole('table')).not.toContainText('Wanjiru Kamau');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await page.getByLabel('Status').selectOption('cancelled');
  await expect(page.getByRole('table')).toContainText('Halima Abdi');
  await expect(page.getByRole('table')).not.toContainText('Wanjiru Kamau');
  await expect(page).toHaveURL(/status=cancelled/);
  await page.getByRole('link', { name: 'Halima Abdi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Halima Abdi' })).toBeVisible();
  await expect(page.getByText('Garissa County Hospital')).toBeVisible();
});

test('partners and booths have their own tabs', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/admin/registrations');
  await page.getByRole('link', { name: 'Partners' }).click();
  await expect(page.getByRole('table')).toContainText('Global Oncology Alliance');
  await expect(page.getByRole('columnheader', { name: 'Tier' })).toBeVisible();
});

test('a status change asks before cancelling, is saved and is logged', async ({ page }) => {
  const r = await makeRegistration({ status: 'pending', paymentStatus: 'unpaid' });
  await signIn(page, admin);
  await page.goto(`/admin/registrations/registrations/${r.id}`);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Cancel the registration of ${r.fullName}?`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved: now confirmed.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Attendance' }).getByRole('button', { name: 'Check in for this day' })).toBeVisible();
  const [entry] = await findDocuments(stack, 'logs', 'message', `Set registration ${r.id} (${r.fullName}) to confirmed`);
  expect(entry?.fields).toMatchObject({ userEmail: { stringValue: admin.email } });
});

test('check-in by typed code admits a confirmed ticket once a day, and refuses unpaid and unknown codes', async ({ page }) => {
  const paid = await makeRegistration();
  const unpaid = await makeRegistration({ status: 'pending', paymentStatus: 'unpaid' });
  // The demo's summit is months away, and a check-in is for today only: today becomes its first day.
  const summit = await summitAroundServerToday();
  try {
    await checkInByCode(page, paid, unpaid);
  } finally {
    await summit.restore();
  }
});

async function checkInByCode(page: Page, paid: { id: string; fullName: string }, unpaid: { id: string; fullName: string }) {
  await useServerClock(page);
  await signIn(page, admin);
  await page.goto('/admin/check-in');
  const code = page.getByLabel('Ticket code');
  await code.fill(paid.id);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Checked in: ${paid.fullName}, for `)).toBeVisible();
  await expect(code).toBeFocused();
  await expect(code).toHaveValue('');
  await code.fill(paid.id);
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`${paid.fullName} is already checked in for .* at \\d\\d:\\d\\d`))).toBeVisible();
  await code.fill(unpaid.id);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${unpaid.fullName} is not confirmed yet: it is not paid.`)).toBeVisible();
  await code.fill('no-such-ticket');
  await page.keyboard.press('Enter');
  await expect(page.getByText('No registration has the code no-such-ticket.')).toBeVisible();
}

test('undo check-in takes back the latest day, then confirms the registration again, each logged', async ({ page }) => {
  const first = new Date(Date.now() - 2 * 86_400_000);
  const second = new Date(Date.now() - 86_400_000);
  const [d1, d2] = [first, second].map((d) => new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(0, 10));
  const r = await makeRegistration({ status: 'checked-in', attendance: { [d1]: first, [d2]: second }, checkedInAt: second });
  await signIn(page, admin);
  await page.goto(`/admin/registrations/registrations/${r.id}`);
  const attendance = page.getByRole('region', { name: 'Attendance' });
  await attendance.getByRole('button', { name: 'Undo check-in' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Undo check-in' }).click();
  await expect(attendance.getByRole('status')).toContainText('undone.');
  // One key removed; the day left keeps its time.
  expect((await readDocument(`registrations/${r.id}`))!).toMatchObject({ status: 'checked-in', attendance: { [d1]: first } });
  expect(Object.keys((await readDocument(`registrations/${r.id}`))!.attendance as object)).toEqual([d1]);

  await attendance.getByRole('button', { name: 'Undo check-in' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('It was their only day: the registration is confirmed again.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Undo check-in' }).click();
  await expect(attendance.getByRole('status')).toContainText('the registration is confirmed again.');
  expect(await readDocument(`registrations/${r.id}`)).toMatchObject({ status: 'confirmed', attendance: {} });
  expect(await readDocument(`checkouts/${r.id}`)).toMatchObject({ status: 'confirmed' });
  for (const message of [
    `Undid the check-in of ${r.fullName} (${r.id}) for ${d2}`,
    `Undid the check-in of ${r.fullName} (${r.id}) for ${d1}; confirmed again`,
  ]) {
    const [entry] = await findDocuments(stack, 'logs', 'message', message);
    expect(entry?.fields).toMatchObject({ userEmail: { stringValue: admin.email } });
  }
});

test('CSV export holds the filtered set, and formula-like cells are defused', async ({ page }) => {
  const hostile = await makeRegistration({
    fullName: '=HYPERLINK("http://evil.example","click")',
    category: 'international',
    status: 'pending',
    paymentStatus: 'unpaid',
  });
  await signIn(page, admin);
  await page.goto('/admin/registrations');
  await page.getByLabel('Category').selectOption('international');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toMatch(/^Reference,Registered,Full name,Email/);
  const rows = lines.slice(1);
  expect(rows.length).toBeGreaterThanOrEqual(2); // John Smith (seed) and the hostile one
  expect(rows.every((line) => line.includes(',international,'))).toBe(true);
  const row = rows.find((line) => line.startsWith(hostile.id))!;
  expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  await expect(page.getByRole('status').filter({ hasText: `Exported ${rows.length} rows` })).toBeVisible();
});

test('needs leave the CSV unless asked for with a reason, which the log keeps with the count', async ({ page }) => {
  const finance = DEMO_STAFF.find((s) => s.role === 'finance')!;
  const r = await makeRegistration({ category: 'international', accessibilityNeeds: 'Step-free seating', dietaryNeeds: 'Halal' });
  await signIn(page, finance);
  await page.goto('/admin/registrations');
  await page.getByLabel('Category').selectOption('international');
  const exported = async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    return (await readFile((await (await download).path())!, 'utf8')).trim().split('\r\n');
  };
  const [plainHeader, ...plainRows] = await exported();
  expect(plainHeader).not.toContain('needs');
  expect(plainRows.find((line) => line.startsWith(r.id))).not.toContain('Step-free seating');

  await page.getByRole('checkbox', { name: 'Include accessibility and dietary needs' }).check();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByRole('textbox', { name: 'Why they are needed' })).toHaveAccessibleDescription(/Say why the needs are needed, or untick them\./);
  await page.getByRole('textbox', { name: 'Why they are needed' }).fill('Seating plan for the venue');
  const [header, ...rows] = await exported();
  expect(header).toMatch(/,Accessibility needs,Dietary needs$/);
  expect(rows.find((line) => line.startsWith(r.id))).toMatch(/,Step-free seating,Halal$/);
  await expect(page.getByRole('status').filter({ hasText: `Exported ${rows.length} rows (the filtered set), with needs.` })).toBeVisible();
  const message = `Exported ${rows.length} attendees to CSV with accessibility and dietary needs, because: Seating plan for the venue`;
  const [entry] = await findDocuments(stack, 'logs', 'message', message);
  expect(entry?.fields).toMatchObject({ userEmail: { stringValue: finance.email } });
  await removeRegistration(r.id);
});

test('archiving asks first, moves the record to the archive and leaves the list', async ({ page }) => {
  const r = await makeRegistration({ status: 'cancelled', paymentStatus: 'unpaid' });
  await signIn(page, admin);
  await page.goto(`/admin/registrations/registrations/${r.id}`);
  await page.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
  await expect(page).toHaveURL(/\/admin\/registrations$/);
  expect(await documentExists(stack, `archive/registrations/items/${r.id}`)).toBe(true);
  expect(await documentExists(stack, `registrations/${r.id}`)).toBe(false);
});

test('an editor sees no attendee: no Registrations or Check-in in the menu, both screens refused', async ({ page }) => {
  const r = await makeRegistration({ status: 'pending', paymentStatus: 'unpaid', accessibilityNeeds: 'A hearing loop' });
  await signIn(page, editor);
  const menu = page.getByRole('navigation', { name: 'Admin' });
  await expect(menu.getByRole('link', { name: 'Publications' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Registrations' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Check-in' })).toHaveCount(0);
  for (const screen of [`/admin/registrations/registrations/${r.id}`, '/admin/registrations', '/admin/check-in']) {
    await page.goto(screen);
    await expect(page.getByText('Your role (editor) does not give access to this screen.')).toBeVisible();
    await expect(page.getByText(r.fullName)).toHaveCount(0);
    await expect(page.getByText('A hearing loop')).toHaveCount(0);
  }
  await removeRegistration(r.id);
});
