// The emails people receive, end to end: the production build in a real browser, our Firestore
// emulator, the mail worker and MailDev, whose REST API is read here as a person reads their inbox.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './test.ts';
import { DEMO_STAFF } from '../emulator/seed/demo-data.ts';
import { pdfTexts } from '../src/lib/pdf-text.test-support.ts';
import { attachment, attachmentOfType, emailTo, fileName } from './inbox.ts';
import { readDocument, registrationAwaitingPayment } from './records.ts';
import { freshTransactionCode, registerVerified, signIn } from './support.ts';

const finance = DEMO_STAFF.find((s) => s.role === 'finance')!;

async function verifyAs(page: Page, payer: string, verdict: 'Verify' | 'Reject', note: string) {
  await signIn(page, finance);
  await page.goto('/admin/payments');
  const row = page.getByRole('row').filter({ hasText: payer });
  await row.getByRole('button', { name: `${verdict} payment from ${payer}` }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel(verdict === 'Verify' ? /^Note/ : 'Reason for rejecting').fill(note);
  await dialog.getByRole('button', { name: `${verdict} payment` }).click();
  await expect(page.getByRole('status').filter({ hasText: verdict === 'Verify' ? /^Verified/ : /^Rejected/ })).toBeVisible();
}

test('a registrant gets their reference and how to pay by email, and its link opens their checkout', async ({ page }) => {
  const { email, reference: ref } = await registerVerified(page);
  const code = String((await readDocument(`registrations/${ref}`))!.paymentCode);

  const mail = await emailTo(email, /payment due$/);
  expect(mail.subject).toBe(`Your summit registration ${code}: payment due`);
  expect(mail.text).toContain('Dear Wanjiru Kamau,');
  expect(mail.text).toContain('Your seat is confirmed once we receive KES 15,000.');
  expect(mail.text).toContain(`Your payment code is ${code}.`);
  expect(mail.text).toContain(`entering ${code} as the Paybill account number`);
  expect(mail.text).toContain('Paybill number: 000000');
  const link = /href="([^"]+\/checkout\/[^"]+)"/.exec(mail.html)![1];
  expect(link).toBe(`http://localhost:4173/checkout/${ref}`);

  await page.goto(link);
  await expect(page.getByText('Awaiting payment')).toBeVisible();
  // The link opens their checkout, which shows the one code they keep; the reference stays in the link.
  await expect(page.getByText(code, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(ref)).toHaveCount(0);
});

test('a payment reference is acknowledged, and once finance verifies it the e-ticket arrives with its QR code and calendar file', async ({ page }) => {
  const { email, reference: ref } = await registerVerified(page, { name: 'Baraka Otieno' });
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  const code = freshTransactionCode('SG');
  await page.getByLabel('Name on the payment').fill('Baraka Otieno');
  await page.getByLabel('Transaction reference').fill(code);
  await page.getByRole('button', { name: 'Submit payment reference' }).click();
  await expect(page.getByText('Payment reference received: awaiting verification')).toBeVisible();

  const received = await emailTo(email, /^We received your payment reference/);
  expect(received.text).toContain(`We received your payment reference ${code} for KES 15,000`);

  await verifyAs(page, 'Baraka Otieno', 'Verify', 'On the M-Pesa statement');
  const ticket = await emailTo(email, /^Payment verified: your summit e-ticket/);
  expect(ticket.subject).toBe(`Payment verified: your summit e-ticket (${(await readDocument(`registrations/${ref}`))!.paymentCode})`);
  // The QR code is inline: the html's cid:ticket-qr image (MailDev shows it resolved to its data).
  expect(ticket.html).toMatch(/<img src="(cid:ticket-qr|data:image\/png;base64,[^"]+)" alt="Your ticket QR code"/);
  const qr = ticket.attachments?.find((a) => a.contentId === 'ticket-qr');
  expect(qr?.contentType).toBe('image/png');
  expect((await attachment(ticket, fileName(qr!))).subarray(1, 4).toString()).toBe('PNG');
  const ics = ticket.attachments?.find((a) => a.contentType.startsWith('text/calendar'));
  expect((await attachment(ticket, fileName(ics!))).toString()).toContain(`DESCRIPTION:Reference ${ref}`);
});

test('a rejected payment reference sends the payer finance’s reason and how to submit again', async ({ page }) => {
  const { id, payer } = await registrationAwaitingPayment();
  await verifyAs(page, payer, 'Reject', 'No such code on our Paybill statement');
  const mail = await emailTo(`${id}@example.org`, /^We could not verify your payment/);
  expect(mail.text).toContain('No such code on our Paybill statement');
  expect(mail.text).toContain(`http://localhost:4173/checkout/${id}`);
});

test('an issued invoice is emailed to whom it is billed, with the PDF finance downloads: its total and both KRA PINs as text', async ({ page }) => {
  const to = `accounts.${Date.now().toString(36)}@example.org`;
  await signIn(page, finance);
  await page.goto('/admin/invoice-generator');
  await page.getByLabel('Name', { exact: true }).fill('Juma Ali');
  await page.getByLabel('Organisation').fill('East Africa Health Foundation');
  await page.getByLabel('Billing email').fill(to);
  // Typed as people do; the invoice carries it normalised, beside the institute's from Settings (the seed's).
  await page.getByLabel("Buyer's KRA PIN (optional)").fill(' p052 987 654k ');
  const item = page.getByRole('group', { name: 'Item 1' });
  await item.getByLabel('Description').fill('Gold partnership');
  await item.getByLabel('Quantity').fill('1');
  await item.getByLabel('Unit price').fill('1000000');
  await page.getByLabel('Tax rate (%)').fill('16');
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  const issued = page.getByRole('status').filter({ hasText: /^Issued / });
  await expect(issued).toBeVisible();
  const number = (await issued.locator('strong').textContent())!.trim();

  const mail = await emailTo(to, new RegExp(`^Invoice ${number} `));
  expect(mail.text).toContain(`Please find attached invoice ${number} for KES 1,160,000.00`);
  const bytes = await attachmentOfType(mail, 'application/pdf');
  const texts = pdfTexts(bytes);
  expect(texts[texts.indexOf('Total') + 1]).toBe('KES 1,160,000.00');
  expect(mail.text).toContain('Our KRA PIN: P000000000X');
  expect(mail.text).toContain('Your KRA PIN, as invoiced: P052987654K');
  expect(texts).toEqual(expect.arrayContaining(['KRA PIN: P000000000X', 'KRA PIN: P052987654K']));
  // The very bytes the back office downloads (rebuilt from the stored invoice).
  const [download] = await Promise.all([page.waitForEvent('download'), issued.getByRole('button', { name: `Download PDF of ${number}` }).click()]);
  expect((await readFile((await download.path())!)).equals(bytes)).toBe(true);
});
