// The whole summit day, as the admin runs it: a visitor registers and submits a payment reference,
// the admin verifies the payment, the visitor's ticket becomes valid, the admin checks the attendee
// in at the door on the summit's first day, then on the next day, then exports the attendee list with
// the days attended and reads it back. The summit is put around the database's today (the rules
// record today's date only, by the server's clock), and the next day comes by moving the database's
// clock a day on, with the browser's following it as a real one would (useServerClock). That move
// lasts until the stack stops: the specs after this one (visitor, waiting-list) date what they
// check by the database's clock or on pages that follow it.
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser } from './test.ts';
import { readDocument } from './records.ts';
import { admin, advanceServerClock, registerVerified, signIn, summitAroundServerToday, useServerClock } from './support.ts';

test('verify a payment → ticket valid → check in on two days → export CSV and read it back', async ({ browser }) => {
  test.setTimeout(150_000);
  const summit = await summitAroundServerToday();
  try {
    await summitDay(browser, summit.days);
  } finally {
    await summit.restore();
  }
});

async function summitDay(browser: Browser, days: string[]) {
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
  await useServerClock(staff);
  await signIn(staff, admin);
  // Today is the summit's first day: the desk is on it, and no other day can be chosen.
  await staff.goto('/admin/check-in');
  const day = staff.getByLabel('Day');
  await expect(day).toHaveValue(days[0]);
  await expect(day.locator('option:checked')).toHaveText(/ — day 1 of 3 \(today\)$/);
  expect(await day.locator('option').evaluateAll((options) => options.map((o) => [(o as HTMLOptionElement).value, (o as HTMLOptionElement).disabled]))).toEqual(
    [
      [days[0], false],
      [days[1], true],
      [days[2], true],
    ],
  );
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

  // The code printed on the ticket (and in the emails), as the desk hears it: lower case, no dash.
  const ticketCode = (await visitor.getByRole('region', { name: 'Your e-ticket' }).getByText(/^NCS-/).textContent())!;
  expect(ticketCode).toMatch(/^NCS-[2-9A-Z]{5}$/);

  // Back at the desk, for today.
  await staff.goto('/admin/check-in');
  await expect(day).toHaveValue(days[0]);
  await staff.getByLabel('Ticket code').fill(ticketCode.replace('-', '').toLowerCase());
  await staff.keyboard.press('Enter');
  await expect(staff.getByText(new RegExp(`^✓ Checked in: ${name}, for .* — day 1 of 3; attended: \\w{3} \\d+\\.$`))).toBeVisible();
  // The same ticket again that day: refused, with when.
  await staff.getByLabel('Ticket code').fill(reference);
  await staff.keyboard.press('Enter');
  await expect(staff.getByText(new RegExp(`${name} is already checked in for .* at \\d\\d:\\d\\d\\. A ticket admits once a day\\.`))).toBeVisible();
  await staff.close();

  // The next morning: the database's clock moves a day on, and the desk's browser with it.
  await advanceServerClock(86_400);
  const desk = await browser.newPage();
  await useServerClock(desk);
  await signIn(desk, admin);
  await desk.goto('/admin/check-in');
  await expect(desk.getByLabel('Day')).toHaveValue(days[1]);
  await desk.getByLabel('Ticket code').fill(reference);
  await desk.keyboard.press('Enter');
  await expect(desk.getByText(new RegExp(`^✓ Checked in: ${name}, for .* — day 2 of 3; attended: \\w{3} \\d+, \\w{3} \\d+\\.$`))).toBeVisible();
  const stored = (await readDocument(`registrations/${reference}`))!;
  expect(Object.keys(stored.attendance as object).sort()).toEqual(days.slice(0, 2));
  expect(stored.status).toBe('checked-in');

  // The record's page shows the days, each with its time.
  await desk.goto(`/admin/registrations/registrations/${reference}`);
  const attendance = desk.getByRole('region', { name: 'Attendance' });
  await expect(attendance.getByRole('listitem').filter({ hasText: /checked in at \d\d:\d\d/ })).toHaveCount(2);
  await expect(attendance.getByText('Attended 2 of 3 days.')).toBeVisible();

  await desk.goto('/admin/registrations');
  await desk.getByLabel('Status').selectOption('checked-in');
  await expect(desk.getByRole('table')).toContainText(name);
  const download = desk.waitForEvent('download');
  await desk.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const line = csv.split('\r\n').find((l) => l.startsWith(`${reference},`));
  expect(line).toContain(`,${name},`);
  expect(line).toContain(',checked-in,paid,');
  // The days attended close the line: needs (sensitive) leave the export unless asked for with a reason.
  expect(line?.endsWith(`,${days[0]}; ${days[1]}`)).toBe(true);
  expect(
    csv
      .split('\r\n')
      .slice(1, -1)
      .every((l) => l.includes(',checked-in,')),
  ).toBe(true);
}
