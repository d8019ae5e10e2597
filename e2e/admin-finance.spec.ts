// Finance's whole jobs in a real browser against the real stack: issue invoices (consecutive
// numbers), download a PDF and read its total back, correct an invoice, verify and reject payments
// (the record becomes paid and confirmed, or goes back to unpaid with the reason), record a cash
// payment; and an editor neither sees nor opens the finance screens.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './test.ts';
import { DEMO_STAFF } from '../emulator/seed/demo-data.ts';
import { findDocuments } from '../emulator/seed/rest.ts';
import { pdfTexts } from '../src/lib/pdf-text.test-support.ts';
import { normaliseReference } from '../src/data/transaction-codes.ts';
import { newPaymentCode } from '../src/data/payment-codes.ts';
import { withSearchTokens } from '../src/data/search-tokens.ts';
import { mpesaCsv } from '../src/features/payments/admin/statement/statement.test-support.ts';
import { makeRegistration, readDocument, registrationAwaitingPayment, stack } from './records.ts';
import { signIn, signInToMyRegistration } from './support.ts';

const finance = DEMO_STAFF.find((s) => s.role === 'finance')!;
const editor = DEMO_STAFF.find((s) => s.role === 'editor')!;

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A document's top-level string and integer fields, as read through the REST API. */
async function readDoc(collection: string, id: string): Promise<Record<string, string>> {
  const [doc] = await findDocuments(stack, collection, 'id', id);
  const fields = (doc?.fields ?? {}) as Record<string, { stringValue?: string; integerValue?: string }>;
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.stringValue ?? v.integerValue ?? '']));
}

async function issueInvoice(page: Page, name: string): Promise<string> {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Organisation').fill('East Africa Health Foundation');
  const item = page.getByRole('group', { name: 'Item 1' });
  await item.getByLabel('Description').fill('Standard booth');
  await item.getByLabel('Quantity').fill('2');
  await item.getByLabel('Unit price').fill('500');
  await page.getByLabel('Tax rate (%)').fill('16');
  await expect(page.getByTestId('invoice-total')).toHaveText('KES 1,160.00');
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  const issued = page.getByRole('status').filter({ hasText: /^Issued / });
  await expect(issued).toBeVisible();
  return (await issued.locator('strong').textContent())!.trim();
}

async function downloadBytes(page: Page, button: ReturnType<Page['getByRole']>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFile((await download.path())!);
}

test('finance issues two invoices with consecutive numbers, and the PDF shows the total as text', async ({ page }) => {
  await signIn(page, finance);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Invoice Generator' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice Generator' })).toBeVisible();

  const first = await issueInvoice(page, `Buyer ${unique()}`);
  const second = await issueInvoice(page, `Buyer ${unique()}`);
  const sequence = (n: string) => Number(n.match(/(\d{4,})$/)![1]);
  expect(sequence(second)).toBe(sequence(first) + 1);
  await expect(page.getByText('Numbering is locked')).toBeVisible();
  const log = await findDocuments(stack, 'logs', 'message', `Issued invoice ${second} (KES 1,160)`);
  expect(log).toHaveLength(1);

  const fresh = await downloadBytes(page, page.getByRole('status').getByRole('button', { name: `Download PDF of ${second}` }));
  const texts = pdfTexts(fresh);
  expect(texts[texts.indexOf('Total') + 1]).toBe('KES 1,160.00');
  expect(texts).toContain(`Invoice number: ${second}`);
  expect(texts).toContain('National Cancer Institute');

  // A past invoice downloads again from the list, rebuilt from what is stored: the same bytes.
  const row = page.getByRole('row').filter({ hasText: second });
  await expect(row.getByText('KES 1,160.00')).toBeVisible();
  const again = await downloadBytes(page, row.getByRole('button', { name: `Download PDF of ${second}` }));
  expect(again.equals(fresh)).toBe(true);
});

test('correcting an invoice needs a reason, opens it pre-filled, and voids it with a link to its replacement', async ({ page }) => {
  await signIn(page, finance);
  await page.goto('/admin/invoice-generator');
  const buyer = `Buyer ${unique()}`;
  const original = await issueInvoice(page, buyer);

  const row = page.getByRole('row').filter({ hasText: original });
  await row.getByRole('button', { name: `Correct ${original}` }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Open correction' }).click();
  await expect(dialog.getByText('Enter what needs correcting.')).toBeVisible();
  await dialog.getByLabel('What needs correcting').fill('Wrong organisation');
  await dialog.getByRole('button', { name: 'Open correction' }).click();

  await expect(page.getByRole('heading', { name: `Correct invoice ${original}` })).toBeFocused();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(buyer);
  await page.getByLabel('Organisation').fill('Community Screening Trust');
  await page.getByRole('button', { name: `Issue correction of ${original}` }).click();
  const issued = page.getByRole('status').filter({ hasText: /^Issued / });
  await expect(issued).toBeVisible();
  const replacement = (await issued.locator('strong').textContent())!.trim();

  await expect(page.getByRole('row').filter({ hasText: original }).getByText(`Wrong organisation · replaced by ${replacement}`)).toBeVisible();
  expect(await readDoc('invoices', original)).toMatchObject({ status: 'void', voidReason: 'Wrong organisation', replacedBy: replacement });
  expect(await readDoc('invoices', replacement)).toMatchObject({ status: 'issued', replaces: original });
});

test('finance verifies a submitted payment: the registration becomes paid and confirmed, and the visitor sees the e-ticket', async ({ page }) => {
  const { id, paymentId, payer } = await registrationAwaitingPayment();
  await signIn(page, finance);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByTestId('revenue-awaiting')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: payer });
  await expect(row.getByRole('link', { name: `Attendee ${id.replace('e2e-finance-', '')}` })).toHaveAttribute(
    'href',
    `/admin/registrations/registrations/${id}`,
  );
  // The record it pays for, by name and by the reference finance matches statements with.
  await expect(row.getByText(id, { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Verify payment from ${payer}` }).click();
  await page.getByRole('alertdialog').getByLabel(/^Note/).fill('On the M-Pesa statement');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Verify payment' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Verified Ksh 15,000 from ${payer}` })).toBeVisible();

  expect(await readDoc('registrations', id)).toMatchObject({ paymentStatus: 'paid', status: 'confirmed', lastPaymentId: paymentId });
  expect(await readDoc('payments', paymentId)).toMatchObject({ status: 'verified', verifiedBy: finance.email, note: 'On the M-Pesa statement' });
  expect(await findDocuments(stack, 'logs', 'message', `Verified payment ${paymentId} (KES 15,000) for registration ${id}`)).toHaveLength(1);

  await page.getByLabel('Show').selectOption('verified');
  await expect(page.getByRole('row').filter({ hasText: payer }).getByText('verified', { exact: true })).toBeVisible();

  await page.goto(`/checkout/${id}`);
  await expect(page.getByRole('heading', { name: 'Your e-ticket' })).toBeVisible();
});

test('rejecting a payment needs a reason, and the registration goes back to unpaid so the visitor can pay again', async ({ page, browser }) => {
  const { id, paymentId, payer, email } = await registrationAwaitingPayment();
  await signIn(page, finance);
  await page.goto('/admin/payments');
  const row = page.getByRole('row').filter({ hasText: payer });
  await row.getByRole('button', { name: `Reject payment from ${payer}` }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Reject payment' }).click();
  await expect(dialog.getByText('Enter reason for rejecting.')).toBeVisible();
  await expect(dialog.getByLabel('Reason for rejecting')).toBeFocused();
  expect(await readDoc('payments', paymentId)).toMatchObject({ status: 'submitted' });

  await dialog.getByLabel('Reason for rejecting').fill('No such M-Pesa transaction');
  await dialog.getByRole('button', { name: 'Reject payment' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Rejected the payment from ${payer}` })).toBeVisible();
  expect(await readDoc('payments', paymentId)).toMatchObject({ status: 'rejected', note: 'No such M-Pesa transaction' });
  expect(await readDoc('registrations', id)).toMatchObject({ paymentStatus: 'unpaid', status: 'pending', paymentNote: 'No such M-Pesa transaction' });

  // The registrant, on their own browser (only they send its reference, signed in with its address), is asked to pay again.
  const registrant = await (await browser.newContext()).newPage();
  await signInToMyRegistration(registrant, email);
  await registrant.goto(`/checkout/${id}`);
  await expect(registrant.getByRole('alert')).toContainText('Your last payment reference could not be verified: No such M-Pesa transaction');
  await expect(registrant.getByRole('button', { name: 'Submit payment reference' })).toBeVisible();
  await registrant.context().close();
});

test('finance records a cash payment against a reference, seeing the amount due, and the record becomes paid', async ({ page }) => {
  const { id } = await registrationAwaitingPayment('unpaid');
  await signIn(page, finance);
  await page.goto('/admin/payments');
  const manual = page.getByRole('region', { name: 'Record a payment received directly' });
  await manual.getByLabel('Registration or application reference').fill('no-such-reference');
  await manual.getByRole('button', { name: 'Find' }).click();
  await expect(manual.getByText('No registration or application has the reference no-such-reference.')).toBeVisible();

  await manual.getByLabel('Registration or application reference').fill(id);
  await manual.getByRole('button', { name: 'Find' }).click();
  await expect(manual.getByText('Ksh 15,000', { exact: true })).toBeVisible();
  await manual.getByLabel('Method').selectOption('cash');
  await manual.getByRole('button', { name: 'Record payment' }).click();
  await expect(manual.getByText('Enter the receipt, cheque or transaction number.')).toBeVisible();
  // The note is the evidence behind money no statement shows: required.
  await expect(manual.getByText('Say how the payment reached you (who received it, where it is banked).')).toBeVisible();
  const receipt = `RCPT-${id.slice(-8)}`;
  await manual.getByLabel('Receipt, cheque or transaction number').fill(receipt);
  await manual.getByLabel('Note').fill('Cash at the registration desk, banked the same day');
  await manual.getByRole('button', { name: 'Record payment' }).click();
  await expect(manual.getByRole('status').filter({ hasText: 'Recorded Ksh 15,000 from' })).toBeVisible();

  const registration = await readDoc('registrations', id);
  expect(registration).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' });
  expect(await readDoc('payments', registration.lastPaymentId)).toMatchObject({ status: 'verified', method: 'cash', reference: receipt, amount: '15000' });
  // Its receipt is claimed by it: the same receipt cannot pay another record.
  expect(await readDocument(`paymentReferences/${normaliseReference(receipt)}`)).toEqual({ paymentId: registration.lastPaymentId });

  // The same record cannot be paid twice.
  await manual.getByLabel('Registration or application reference').fill(id);
  await manual.getByRole('button', { name: 'Find' }).click();
  await expect(manual.getByText('This registration is already paid.')).toBeVisible();
});

test('a statement paying part of a registration: staff see what was received and what is still due, in the list and on the record', async ({ page }) => {
  const run = unique();
  const code = newPaymentCode();
  const id = `e2e-part-${run}`;
  const name = `Zawadi Partpay${run}`;
  await makeRegistration(
    withSearchTokens({
      id,
      fullName: name,
      email: `${id}@example.org`,
      organisation: 'Test Hospital',
      status: 'pending',
      paymentStatus: 'unpaid',
      fee: 15000,
      paymentCode: code,
    }),
  );
  await signIn(page, finance);
  await page.goto('/admin/statements');
  const receipt = `P${run}`.toUpperCase();
  await page
    .getByLabel('Statement file')
    .setInputFiles({ name: `mpesa-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(mpesaCsv([{ receipt, paidIn: '5,000.00', account: code }])) });
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('row').filter({ hasText: receipt })).toContainText('partial');
  await preview.getByRole('button', { name: 'Apply statement' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Apply statement' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported:' })).toContainText('1 applied');

  await page.goto('/admin/registrations');
  await page.getByLabel('Search by name, email, organisation or reference').fill(`partpay${run}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await expect(row).toContainText('Received Ksh 5,000 · Due Ksh 10,000');

  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Received Ksh 5,000 · Due Ksh 10,000')).toBeVisible();
});

test('an editor has no Payments or Invoice Generator in the menu and is refused at their addresses', async ({ page }) => {
  await signIn(page, editor);
  const menu = page.getByRole('navigation', { name: 'Admin' });
  await expect(menu.getByRole('link', { name: 'Publications' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Payments' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Invoice Generator' })).toHaveCount(0);
  for (const [path, title] of [
    ['/admin/payments', 'Payments'],
    ['/admin/invoice-generator', 'Invoice Generator'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Your role (editor) does not give access to this screen.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Verify|Issue invoice/ })).toHaveCount(0);
  }
});
