// The whole summit day, as the admin runs it: a visitor registers and submits a payment reference,
// the admin verifies the payment, the visitor's ticket becomes valid, the admin checks the attendee
// in at the door, then exports the attendee list and reads it back.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { admin, registerVerified, signIn } from './support.ts';

test('verify a payment → ticket valid → check in → export CSV and read it back', async ({ browser }) => {
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
  // Not yet paid: the door refuses the ticket.
  await staff.goto('/admin/check-in');
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

  await staff.goto('/admin/check-in');
  await staff.getByLabel('Ticket code').fill(reference);
  await staff.keyboard.press('Enter');
  await expect(staff.getByText(`Checked in: ${name}.`)).toBeVisible();

  await staff.goto('/admin/registrations');
  await staff.getByLabel('Status').selectOption('checked-in');
  await expect(staff.getByRole('table')).toContainText(name);
  const download = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const line = csv.split('\r\n').find((l) => l.startsWith(`${reference},`));
  expect(line).toContain(`,${name},`);
  expect(line).toContain(',checked-in,paid,');
  expect(
    csv
      .split('\r\n')
      .slice(1, -1)
      .every((l) => l.includes(',checked-in,')),
  ).toBe(true);
});
