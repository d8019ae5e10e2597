// Finance records that money paid is kept, not refunded (issue 34, item 10), in a real browser
// against the real stack: cancelling a paid registration asks whether a refund is due ("No" takes a
// reason the attendee is emailed, and the money never reaches Refunds due; "Yes", the default, lists
// it there), and on Payments › Refunds due part of an over-payment is kept with a reason and the
// rest refunded. The money received is written as the statement import leaves it (receivedMinor);
// statements.spec.ts covers how it gets there.
import { expect, test, type Page } from './test.ts';
import { DEMO_STAFF } from '../emulator/seed/demo-data.ts';
import { commitDocuments, makeRegistration, readDocument, removeRegistration, stack } from './records.ts';
import { findDocuments } from '../emulator/seed/rest.ts';
import { decodeFields, type RestValue } from '../src/lib/firestore-rest.ts';
import { newPaymentCode } from '../src/data/payment-codes.ts';
import { emailTo, emailsTo } from './inbox.ts';
import { expectAccessible, signIn } from './support.ts';

const finance = DEMO_STAFF.find((s) => s.role === 'finance')!;

/** A confirmed delegate who paid `receivedMinor` (cents) towards a Ksh 15,000 fee, under a fresh payment code. */
async function paidDelegate(receivedMinor = 1_500_000) {
  const code = newPaymentCode();
  return { ...(await makeRegistration({ status: 'confirmed', paymentStatus: 'paid', fee: 15000, paymentCode: code, receivedMinor })), code };
}

/** The documents of a collection that name the record (field `field`), as plain values. */
async function documentsAbout(collectionId: string, field: string, id: string): Promise<Array<Record<string, unknown> & { id: string }>> {
  const docs = await findDocuments(stack, collectionId, field, id);
  return docs.map((d) => ({ id: String(d.name).split('/').at(-1)!, ...decodeFields((d.fields ?? {}) as Record<string, RestValue>) }));
}

/** The templates of the emails the site queued about a record (mail/{id}: written in the commit of the action they report). */
const templatesQueuedFor = async (id: string) => (await documentsAbout('mail', 'recordId', id)).map((m) => (m.template as { name: string }).name).sort();

/** Removes the record and the decisions about its money a test made (money kept, refunds). */
async function removeWithDecisions(id: string) {
  const decisions = await Promise.all(
    ['keptMoney', 'refunds'].map(async (c) => (await documentsAbout(c, 'targetId', id)).map((d) => ({ delete: `${c}/${d.id}` }))),
  );
  await removeRegistration(id);
  if (decisions.flat().length) await commitDocuments(decisions.flat());
}

/** The Payments screen's refunds due, once loaded: the table (absent when none is due) and its row for `name`. */
async function refundsDue(page: Page, name: string) {
  await page.goto('/admin/payments');
  const table = page.getByRole('table', { name: 'Refunds due, largest first' });
  await expect(table.or(page.getByText('No refunds are due: no record holds more than it owes.'))).toBeVisible();
  return { table, row: table.getByRole('row').filter({ hasText: name }) };
}

/** The money line beside the record's payment status on its page. */
const moneyLine = (page: Page) => page.getByText(/^· Received Ksh/);

test('cancelling a paid registration with "No refund due": a reason is required, the money is kept, the attendee is told why, and Refunds due never lists it', async ({
  page,
}) => {
  const r = await paidDelegate();
  const { code } = r;
  try {
    await signIn(page, finance);
    await page.goto(`/admin/registrations/registrations/${r.id}`);
    await expect(page.getByRole('heading', { level: 1, name: r.fullName })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel', exact: true }).focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('alertdialog', { name: `Cancel the registration of ${r.fullName}?` });
    await expect(dialog).toHaveAccessibleDescription(/^Ksh\s15,000 was received for it\.$/);
    const question = dialog.getByRole('group', { name: 'Is a refund due?' });
    const yes = question.getByRole('radio', { name: /^Yes: Ksh\s15,000 goes under Refunds due/ });
    const no = question.getByRole('radio', { name: /^No: Ksh\s15,000 is kept, not refunded/ });
    // "Yes" is the answer given unless finance says otherwise, and focus starts on it.
    await expect(yes).toBeChecked();
    await expect(yes).toBeFocused();
    const reason = dialog.getByRole('textbox', { name: 'Why no refund is due' });
    await expect(reason).toHaveCount(0);

    // "No", by arrow key: the reason is asked for, and said to reach the attendee.
    await page.keyboard.press('ArrowDown');
    await expect(no).toBeChecked();
    await expect(reason).toBeVisible();
    await expect(reason).toHaveAccessibleDescription(/One line, at most 300 characters: the attendee is emailed it\./);
    await page.keyboard.press('Tab');
    await expect(reason).toBeFocused();

    // Confirmed without a reason: refused, said, and focus back in the field.
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Keep the registration' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel the registration' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Say why no refund is due: the attendee is emailed it.');
    await expect(reason).toBeFocused();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toHaveAccessibleDescription(/Say why no refund is due: the attendee is emailed it\./);
    expect(await readDocument(`registrations/${r.id}`)).toMatchObject({ status: 'confirmed' });
    await expectAccessible(page);

    // Longer than the email may quote: refused the same way.
    await page.keyboard.insertText('x'.repeat(301));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Keep the reason to 300 characters.');
    await expect(reason).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await expect(reason).toHaveValue('');

    // A reason with runs of spaces (stored collapsed, trimmed), and characters an email's HTML must escape.
    await page.keyboard.type('  Cancelled   after the <1 June> cut-off & under the refund policy ');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();

    // The record: cancelled, all of it kept, nothing due back.
    const said = 'Cancelled after the <1 June> cut-off & under the refund policy';
    await expect(moneyLine(page)).toHaveText(/Received Ksh\s15,000\s*·\s*Kept, not refunded Ksh\s15,000/);
    await expect(page.getByText(/Refund due/)).toHaveCount(0);
    expect(await readDocument(`registrations/${r.id}`)).toMatchObject({ status: 'cancelled', receivedMinor: 1_500_000, keptMinor: 1_500_000 });
    const [kept, ...more] = await documentsAbout('keptMoney', 'targetId', r.id);
    expect(more).toEqual([]);
    expect(kept).toMatchObject({ targetCollection: 'registrations', amountMinor: 1_500_000, currency: 'KES', reason: said, by: finance.email });
    expect((await readDocument(`registrations/${r.id}`))!.keptVia).toBe(kept.id);

    // The attendee: told of the cancellation and of the money, both queued in the cancelling commit,
    expect(await templatesQueuedFor(r.id)).toEqual(['money-kept', 'registration-cancelled']);
    // and the reason escaped in the HTML.
    await emailTo(r.email, /is cancelled/);
    const about = await emailTo(r.email, new RegExp(`^About the money paid for ${code}$`));
    expect(about.text).toContain(`We will not refund KES 15,000 of what was paid for ${code}. Our reason: ${said}`);
    expect(about.html).toContain('Cancelled after the &lt;1 June&gt; cut-off &amp; under the refund policy');
    expect(about.html).not.toContain('<1 June>');

    // Payments › Refunds due does not list it.
    const { row } = await refundsDue(page, r.fullName);
    await expect(row).toHaveCount(0);
  } finally {
    await removeWithDecisions(r.id);
  }
});

test('Refunds due: part of an over-payment kept with a reason (the payer is told), the rest refunded, and the list no longer holds it', async ({ page }) => {
  // Ksh 20,000 in for a Ksh 15,000 fee: Ksh 5,000 is the payer's.
  const r = await paidDelegate(2_000_000);
  const { code } = r;
  try {
    await signIn(page, finance);
    let { table, row } = await refundsDue(page, r.fullName);
    await expect(row).toContainText(/paid more than the fee.*Ksh\s15,000.*Ksh\s20,000.*Ksh\s5,000/);

    await table.getByRole('button', { name: `No refund to ${r.fullName}` }).click();
    const keep = page.getByRole('form', { name: `No refund to ${r.fullName}` });
    const amount = keep.getByLabel('Amount kept, not refunded (KES)');
    await expect(amount).toHaveValue('5000');
    // More than is due is refused before anything is written.
    await amount.fill('5000.01');
    await keep.getByLabel('Why no refund is due').fill('Bank charges on the over-payment');
    await keep.getByRole('button', { name: 'Record no refund' }).click();
    await expect(keep.getByText('The refund due is 5,000: keep no more.')).toBeVisible();
    expect(await documentsAbout('keptMoney', 'targetId', r.id)).toEqual([]);

    await amount.fill('500');
    await amount.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Recorded that' })).toHaveText(
      new RegExp(`^Recorded that Ksh\\s500 paid by ${r.fullName} is kept, not refunded: they are emailed why\\.$`),
    );
    await expect(keep).toHaveCount(0);
    // The rest is still due, on the list.
    await expect(row).toContainText(/Ksh\s20,000.*Ksh\s4,500/);
    await expect(row).not.toContainText(/Ksh\s5,000/);

    const about = await emailTo(r.email, new RegExp(`^About the money paid for ${code}$`));
    expect(about.text).toContain(`We will not refund KES 500 of what was paid for ${code}. Our reason: Bank charges on the over-payment`);

    // The rest refunded: the form offers just that, and the list empties of it.
    await table.getByRole('button', { name: `Record refund to ${r.fullName}` }).click();
    const refund = page.getByRole('form', { name: `Record a refund to ${r.fullName}` });
    await expect(refund.getByLabel('Amount refunded (KES)')).toHaveValue('4500');
    await refund.getByLabel('Refund reference').fill('TLK4H2QX9C');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Recorded a refund of' })).toContainText(`to ${r.fullName}: they are emailed.`);
    await expect(row).toHaveCount(0);
    expect((await emailTo(r.email, /Your refund for/)).text).toContain(`We have refunded KES 4,500 for ${code}.`);

    // The record says where every shilling over the fee went.
    await page.goto(`/admin/registrations/registrations/${r.id}`);
    await expect(moneyLine(page)).toHaveText(/Received Ksh\s20,000\s*·\s*Refunded Ksh\s4,500\s*·\s*Kept, not refunded Ksh\s500/);
    await expect(page.getByText(/Refund due/)).toHaveCount(0);
    ({ table, row } = await refundsDue(page, r.fullName));
    await expect(row).toHaveCount(0);
  } finally {
    await removeWithDecisions(r.id);
  }
});

test('cancelling a paid registration with "Yes" (the default): the money is listed under Refunds due, and no "About the money" email is sent', async ({
  page,
}) => {
  const r = await paidDelegate();
  try {
    await signIn(page, finance);
    await page.goto(`/admin/registrations/registrations/${r.id}`);
    await page.getByRole('button', { name: 'Cancel', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: `Cancel the registration of ${r.fullName}?` });
    await expect(dialog.getByRole('radio', { name: /^Yes/ })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel the registration' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();

    await expect(moneyLine(page)).toHaveText(/Received Ksh\s15,000\s*·\s*Refund due Ksh\s15,000/);
    await expect(page.getByText(/Kept, not refunded/)).toHaveCount(0);
    expect(await readDocument(`registrations/${r.id}`)).toMatchObject({ status: 'cancelled', receivedMinor: 1_500_000 });
    expect((await readDocument(`registrations/${r.id}`))!.keptMinor).toBeUndefined();
    expect(await documentsAbout('keptMoney', 'targetId', r.id)).toEqual([]);

    const { row } = await refundsDue(page, r.fullName);
    await expect(row).toContainText(/Ksh\s15,000/);
    await expect(row.getByRole('button', { name: `No refund to ${r.fullName}` })).toBeVisible();

    // Told of the cancellation only: the emails are queued in the cancelling commit, so none about the money will follow.
    await emailTo(r.email, /is cancelled/);
    expect(await templatesQueuedFor(r.id)).toEqual(['registration-cancelled']);
    expect((await emailsTo(r.email)).map((m) => m.subject).filter((s) => s.startsWith('About the money'))).toEqual([]);
  } finally {
    await removeWithDecisions(r.id);
  }
});
