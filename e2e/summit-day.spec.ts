// The whole summit day, as the admin runs it: a visitor registers and submits a payment reference,
// the admin verifies the payment, the visitor's ticket becomes valid, the admin checks the attendee
// in at the door for a summit day (the demo summit is months away, so the desk asks for the day),
// then on the next day, then exports the attendee list with the days attended and reads it back.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readDocument } from './records.ts';
import { admin, registerVerified, signIn } from './support.ts';

test('verify a payment → ticket valid → check in on two days → export CSV and read it back', async ({ browser }) => {
  test.setTimeout(120_000);
  const name = `Achieng Summit Day ${Date.now()}`;
  const visitor = await browser.newPage();
  const { reference } = await registerVerified(visitor, {
    name,
    email: `summit.day.${Date.now()}@example.org`,
    phone: '+254 711 222 333',
    organisation: 'Kisumu County Referral Hospital',
    role: 'Oncology pharmacist',
  });
  await visitor.getByRole('link', { name: 'Continue to checkout' }).click();
  await visitor.getByLabel('Transaction reference').fill('SDK7Y2M4QP');
  await visitor.getByRole('button', { name: 'Submit payment reference' }).click();
  await expect(visitor.getByText('Payment reference received: awaiting verification')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Your e-ticket' })).toHaveCount(0);

  const staff = await browser.newPage();
  await signIn(staff, admin);
  // Today is not a summit day: the desk asks for the day before anything else.
  await staff.goto('/admin/check-in');
  const day = staff.getByLabel('Day');
  await expect(day).toBeFocused();
  await expect(day).toHaveValue('');
  await expect(staff.getByText(/is not a day of the summit: choose the day/)).toBeVisible();
  const days = (await day.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).filter(Boolean);
  expect(days).toHaveLength(3);
  await staff.getByLabel('Ticket code').fill(reference);
  await staff.keyboard.press('Enter');
  await expect(staff.getByText('Choose the day you are checking in for first.')).toBeVisible();
  await expect(day).toBeFocused();
  await day.selectOption(days[0]);
  // Not yet paid: the door refuses the ticket.
  await staff.getByLabel('Ticket code').fill(reference);
  await staff.keyboard.press('Enter');
  await expect(staff.getByText(`${name} is not confirmed yet: their payment is awaiting verification.`)).toBeVisible();

  await staff.goto('/admin/payments');
  const row = staff.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Verify payment from ${name}` }).click();
  await staff.getByRole('alertdialog').getByLabel(/^Note/).fill('Seen on the M-Pesa statement');
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Verify payment' }).click();
  await expect(staff.getByRole('status').filter({ hasText: `from ${name}` })).toBeVisible();

  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Your e-ticket' })).toBeVisible();
  await expect(visitor.getByRole('img', { name: `QR code of reference ${reference}` })).toBeVisible();

  // Back at the desk, the day chosen earlier is still chosen.
  await staff.goto('/admin/check-in');
  await expect(day).toHaveValue(days[0]);
  await staff.getByLabel('Ticket code').fill(reference);
  await staff.keyboard.press('Enter');
  await expect(staff.getByText(new RegExp(`^✓ Checked in: ${name}, for .* — day 1 of 3; attended: \\w{3} \\d+\\.$`))).toBeVisible();
  // The same ticket again that day: refused, with when.
  await staff.getByLabel('Ticket code').fill(reference);
  await staff.keyboard.press('Enter');
  await expect(staff.getByText(new RegExp(`${name} is already checked in for .* at \\d\\d:\\d\\d\\. A ticket admits once a day\\.`))).toBeVisible();
  // The next day admits them again.
  await day.selectOption(days[1]);
  await staff.getByLabel('Ticket code').fill(reference);
  await staff.keyboard.press('Enter');
  await expect(staff.getByText(new RegExp(`^✓ Checked in: ${name}, for .* — day 2 of 3; attended: \\w{3} \\d+, \\w{3} \\d+\\.$`))).toBeVisible();
  const stored = (await readDocument(`registrations/${reference}`))!;
  expect(Object.keys(stored.attendance as object).sort()).toEqual(days.slice(0, 2));
  expect(stored.status).toBe('checked-in');

  // The record's page shows the days, each with its time.
  await staff.goto(`/admin/registrations/registrations/${reference}`);
  const attendance = staff.getByRole('region', { name: 'Attendance' });
  await expect(attendance.getByRole('listitem').filter({ hasText: /checked in at \d\d:\d\d/ })).toHaveCount(2);
  await expect(attendance.getByText('Attended 2 of 3 days.')).toBeVisible();

  await staff.goto('/admin/registrations');
  await staff.getByLabel('Status').selectOption('checked-in');
  await expect(staff.getByRole('table')).toContainText(name);
  const download = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const line = csv.split('\r\n').find((l) => l.startsWith(`${reference},`));
  expect(line).toContain(`,${name},`);
  expect(line).toContain(',checked-in,paid,');
  expect(line).toContain(`,${days[0]}; ${days[1]},`);
  expect(
    csv
      .split('\r\n')
      .slice(1, -1)
      .every((l) => l.includes(',checked-in,')),
  ).toBe(true);
});
