// Finance imports an M-Pesa statement in a real browser against the real stack: a line paying a
// delegate in full (its payment code typed in lower case without the dash), one paying another
// delegate in part, the first line's receipt repeated, and a line quoting no code. The preview
// classes each; applying pays the first delegate (whose checkout then shows the e-ticket and who
// is emailed it), counts the part payment (its payer is told what is still due), queues the unknown
// line; the same file again changes nothing.
import { expect, test, type Page } from './test.ts';
import { DEMO_STAFF } from '../emulator/seed/demo-data.ts';
import { mpesaCsv } from '../src/features/payments/admin/statement/statement.test-support.ts';
import { newPaymentCode } from '../src/data/payment-codes.ts';
import { emailTo } from './inbox.ts';
import { makeRegistration, readDocument, removeRegistration } from './records.ts';
import { signIn } from './support.ts';

const finance = DEMO_STAFF.find((s) => s.role === 'finance')!;
const FEE = 15000;

test('finance imports a statement: matched, partial, duplicate and unknown lines each handled, and the same file twice changes nothing', async ({ page }) => {
  const [paidCode, partCode] = [newPaymentCode(), newPaymentCode()];
  // One after the other: each takes a free seat slot, and two at once could pick the same one.
  const paid = await makeRegistration({ status: 'pending', paymentStatus: 'unpaid', fee: FEE, paymentCode: paidCode });
  const part = await makeRegistration({ status: 'pending', paymentStatus: 'unpaid', fee: FEE, paymentCode: partCode });
  const run = Date.now().toString(36).toUpperCase();
  const receipt = (n: number) => `T${run}${n}`;
  const mistyped = paidCode.slice(0, -1) + (paidCode.endsWith('Z') ? 'Y' : 'Z');
  const file = {
    name: `mpesa-${run}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(
      mpesaCsv([
        { receipt: receipt(1), paidIn: '15,000.00', account: paidCode.toLowerCase().replace('-', '') },
        { receipt: receipt(2), paidIn: '7,500.00', account: partCode },
        { receipt: receipt(1), paidIn: '15,000.00', account: paidCode },
        { receipt: receipt(3), paidIn: '2,000.00', account: mistyped },
      ]),
    ),
  };
  try {
    await signIn(page, finance);
    await page.goto('/admin/statements');
    await page.getByLabel('Statement file').setInputFiles(file);
    await page.getByRole('button', { name: 'Preview' }).click();

    const preview = page.getByRole('region', { name: 'Preview' });
    const rows = preview.getByRole('row');
    await expect(rows.filter({ hasText: receipt(1) }).first()).toContainText('matched');
    await expect(rows.filter({ hasText: receipt(2) })).toContainText('partial');
    await expect(rows.filter({ hasText: receipt(1) }).nth(1)).toContainText('duplicate');
    await expect(rows.filter({ hasText: receipt(3) })).toContainText('unknown code');
    // nothing has changed yet
    expect((await readDocument(`registrations/${paid.id}`))!.paymentStatus).toBe('unpaid');

    await preview.getByRole('button', { name: 'Apply statement' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Apply statement' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported:' })).toContainText('2 applied, 1 queued for a decision, 1 already imported');

    expect(await readDocument(`registrations/${paid.id}`)).toMatchObject({ paymentStatus: 'paid', status: 'confirmed', receivedMinor: FEE * 100 });
    expect(await readDocument(`registrations/${part.id}`)).toMatchObject({ paymentStatus: 'unpaid', status: 'pending', receivedMinor: 750_000 });
    const queue = page.getByRole('table', { name: /waiting for a decision/ });
    // A code nobody was given (one symbol wrong) is named as such, not as no code at all.
    await expect(queue.getByRole('row').filter({ hasText: receipt(3) })).toContainText(`quotes "${mistyped}", not a payment code anyone was given`);

    // The import as a whole is on record, with its file's checksum.
    const imports = page.getByRole('table', { name: /Statement imports/ });
    await expect(imports.getByRole('row').filter({ hasText: file.name })).toContainText('2 applied, 1 queued, 1 already imported');

    // The same file again: every line already imported, nothing applied.
    await page.getByLabel('Statement file').setInputFiles(file);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'This very file was imported' })).toBeVisible();
    await expect(preview.getByRole('row').filter({ hasText: 'duplicate' })).toHaveCount(4);
    await preview.getByRole('button', { name: 'Apply statement' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Apply statement' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported:' })).toContainText('0 applied, 0 queued for a decision, 4 already imported');
    expect(await readDocument(`registrations/${part.id}`)).toMatchObject({ receivedMinor: 750_000 });

    // The part-paid delegate hears what is still due; the paid one hears it is verified, and their checkout shows the e-ticket.
    expect((await emailTo(part.email, /Part payment received/)).text).toContain('7,500 is still due');
    await emailTo(paid.email, /Payment verified/);
    await page.goto(`/checkout/${paid.id}`);
    await expect(page.getByRole('region', { name: /ticket/i })).toBeVisible();
  } finally {
    await Promise.all([removeRegistration(paid.id), removeRegistration(part.id)]);
  }
});

/** A delegate awaiting Ksh 15,000 under a fresh payment code, and a fresh M-Pesa receipt starting with `tag`. */
async function unpaidDelegate(tag: string) {
  const code = newPaymentCode();
  const registration = await makeRegistration({ status: 'pending', paymentStatus: 'unpaid', fee: FEE, paymentCode: code });
  return { code, registration, receipt: `${tag}${Date.now().toString(36).toUpperCase()}`.slice(0, 10).padEnd(10, 'Q') };
}

/** Uploads a one-line M-Pesa statement on /admin/statements and previews it; resolves to the line's preview row. */
async function previewLine(page: Page, line: { receipt: string; paidIn: string; account: string }) {
  await page.goto('/admin/statements');
  await page.getByLabel('Statement file').setInputFiles({ name: `mpesa-${line.receipt}.csv`, mimeType: 'text/csv', buffer: Buffer.from(mpesaCsv([line])) });
  await page.getByRole('button', { name: 'Preview' }).click();
  return page.getByRole('region', { name: 'Preview' }).getByRole('row').filter({ hasText: line.receipt });
}

/** Applies the previewed statement, confirming; resolves to the import's summary. */
async function applyPreview(page: Page) {
  await page.getByRole('region', { name: 'Preview' }).getByRole('button', { name: 'Apply statement' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Apply statement' }).click();
  return page.getByRole('status').filter({ hasText: 'Imported:' });
}

test('a payment finance verified by hand, then seen on the M-Pesa statement, is that payment: confirmed, counted once, never queued for a refund', async ({
  page,
}) => {
  const { code, registration, receipt } = await unpaidDelegate('H');
  try {
    await signIn(page, finance);
    // Seen on the Paybill app before the statement came: recorded by hand.
    await page.goto('/admin/payments');
    const manual = page.getByRole('region', { name: 'Record a payment received directly' });
    await manual.getByLabel('Registration or application reference').fill(registration.id);
    await manual.getByRole('button', { name: 'Find' }).click();
    await manual.getByLabel('Method').selectOption('mobile-money');
    await manual.getByLabel('Receipt, cheque or transaction number').fill(receipt.toLowerCase());
    await manual.getByLabel('Note').fill('Seen on the Paybill app: the statement is not out yet');
    await manual.getByRole('button', { name: 'Record payment' }).click();
    await expect(manual.getByRole('status').filter({ hasText: 'Recorded Ksh 15,000 from' })).toBeVisible();
    // Counted in the money received, as a statement line would be.
    expect(await readDocument(`registrations/${registration.id}`)).toMatchObject({ paymentStatus: 'paid', receivedMinor: FEE * 100 });

    // The statement shows the same receipt.
    const row = await previewLine(page, { receipt, paidIn: '15,000.00', account: code });
    await expect(row).toContainText('verified by hand');
    await expect(row).toContainText('this line confirms it');
    await expect(row).not.toContainText('already paid');
    await expect(await applyPreview(page)).toContainText('0 applied, 1 linked to a payment verified by hand, 0 queued for a decision, 0 already imported');
    // Linked to the payment, and nothing counted twice.
    const paymentId = String((await readDocument(`registrations/${registration.id}`))!.lastPaymentId);
    expect(await readDocument(`statementLines/${receipt}`)).toMatchObject({ state: 'recorded', paymentId });
    expect(await readDocument(`payments/${paymentId}`)).toMatchObject({ status: 'verified', statementLine: receipt });
    expect(await readDocument(`registrations/${registration.id}`)).toMatchObject({ paymentStatus: 'paid', receivedMinor: FEE * 100 });
    await expect(
      page
        .getByRole('table', { name: /waiting for a decision/ })
        .getByRole('row')
        .filter({ hasText: receipt }),
    ).toHaveCount(0);
  } finally {
    await removeRegistration(registration.id);
  }
});

test('an over-payment: the payer is told what came in and that the rest will be refunded; staff see the refund due on the record, the payment and one list', async ({
  page,
}) => {
  const { code, registration, receipt } = await unpaidDelegate('O');
  try {
    await signIn(page, finance);
    await expect(await previewLine(page, { receipt, paidIn: '20,000.00', account: code })).toContainText('over-paid');
    await expect(await applyPreview(page)).toContainText('1 applied');

    // The payer: all that came in, and the refund.
    const mail = await emailTo(registration.email, /Payment verified/);
    expect(mail.text).toContain('Your payment of KES 20,000 for');
    expect(mail.text).toContain('That is KES 5,000 more than the fee: we will refund it to you');

    // The record, the Payments list and the one list of refunds due agree.
    await page.goto(`/admin/registrations/registrations/${registration.id}`);
    await expect(page.getByText(/Received Ksh\s20,000 · Refund due Ksh\s5,000/)).toBeVisible();
    await page.goto('/admin/payments');
    const refunds = page.getByRole('table', { name: 'Refunds due, largest first' });
    await expect(refunds.getByRole('row').filter({ hasText: registration.fullName })).toContainText(
      /paid more than the fee.*Ksh\s15,000.*Ksh\s20,000.*Ksh\s5,000/,
    );
    await page.getByLabel('Show').selectOption('verified');
    await expect(page.getByRole('table', { name: 'Payments, newest first' }).getByRole('row').filter({ hasText: receipt })).toContainText(
      /Received Ksh\s20,000 · Refund due Ksh\s5,000/,
    );

    // Finance sends the Ksh 5,000 back and records it: the payer hears of it, and the list no longer holds it.
    await refunds.getByRole('button', { name: `Record refund to ${registration.fullName}` }).click();
    const form = page.getByRole('form', { name: `Record a refund to ${registration.fullName}` });
    await expect(form.getByLabel('Amount refunded (KES)')).toHaveValue('5000');
    await form.getByLabel('Refund reference').fill('TLK4H2QX9B');
    await form.getByRole('button', { name: 'Record refund' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Recorded a refund of' })).toContainText(`to ${registration.fullName}: they are emailed.`);
    await expect(refunds.getByRole('row').filter({ hasText: registration.fullName })).toHaveCount(0);
    const refunded = await emailTo(registration.email, /Your refund for/);
    expect(refunded.text).toContain(`We have refunded KES 5,000 for ${code}. Its reference is TLK4H2QX9B`);
    await page.goto(`/admin/registrations/registrations/${registration.id}`);
    await expect(page.getByText(/Received Ksh\s20,000 · Refunded Ksh\s5,000/)).toBeVisible();
    await expect(page.getByText(/Refund due/)).toHaveCount(0);
  } finally {
    await removeRegistration(registration.id);
  }
});
