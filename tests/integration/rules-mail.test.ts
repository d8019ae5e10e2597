// The messages staff actions send, against firestore.rules: each is allowed only in the commit of the
// action that causes it (a payment verified or rejected, an application approved or declined, an
// invoice issued, an administrator's test), to the record's own address, with the data the record
// holds. The commits are the UI's own: its decision functions and data/mail.ts build every write.
// (Visitors' messages are in rules-forms and rules-hostile.)
import { applicationChange } from '../../src/data/application-record.ts';
import { doc, getDoc, setDoc, updateDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDecisionMail, invoiceMail, MAIL_TEMPLATES, paymentVerifiedMail, testMail } from '../../src/data/mail.ts';
import { payableRecord, type PayableRecord } from '../../src/data/payable-records.ts';
import { createDb, writePath, type BatchWrite } from '../../src/lib/db.ts';
import { decideManual, decideReject, decideVerify, manualPaths } from '../../src/features/payments/admin/payment-actions.ts';
import { ticketAttachments } from '../../src/data/ticket-files.ts';
import { decideIssue, issuePaths } from '../../src/features/invoices/admin/issue-invoice.ts';
import { invoiceDraft, INVOICE_PDF } from './support/invoices.ts';
import { applicationDecision } from '../../src/features/registrations/admin/record-actions.ts';
import { ACCOUNTS, signInActors, verdict, type Actors } from './support/actors.ts';
import { closeClients, stack } from './support/clients.ts';
import { findDocuments } from '../../emulator/seed/rest.ts';
import { decodeFields } from '../../src/lib/firestore-rest.ts';
import { boothDoc, fieldsOf, paymentDoc, type Doc } from './support/forms.ts';
import { fixture, ownerGet, uniqueId } from './support/owner.ts';
import { awaitingVerification, dataOf, mailWrite, verdictCommit, withMail } from './support/verdicts.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const expectDenied = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('denied');
const expectAllowed = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('allowed');

describe('payment verdicts', () => {
  it('finance verifies a payment: the ticket email goes to the registrant, with the QR code and calendar file', async () => {
    const { recordId, paymentId, payment } = await awaitingVerification();
    const attachments = await ticketAttachments(recordId, {
      summitName: 'National Cancer Summit',
      startDate: new Date('2027-03-01T06:00:00Z'),
      endDate: new Date('2027-03-03T15:00:00Z'),
      venue: 'KICC',
    });
    const mailId = uniqueId('mail');
    await expectAllowed(
      verdictCommit(as.db.finance, payment, (docs) =>
        decideVerify(docs as never, { payment, note: 'On the statement', staffEmail: ACCOUNTS.finance.email, mailId, attachments }),
      ),
    );
    const mail = await ownerGet(`mail/${mailId}`);
    expect(mail).toMatchObject({
      to: 'achieng@example.org',
      template: { name: 'payment-verified', data: { name: 'Achieng Otieno', reference: recordId, amount: 'KES 15,000', ticket: true } },
      recordCollection: 'registrations',
      recordId,
      paymentId,
    });
    const files = (mail!.message as { attachments: Array<{ filename: string; cid?: string; content: string }> }).attachments;
    expect(files.map((f) => f.filename)).toEqual(['ticket-qr.png', 'national-cancer-summit.ics']);
    expect(files[0].cid).toBe('ticket-qr');
    expect(Buffer.from(files[1].content, 'base64').toString()).toContain(`DESCRIPTION:Reference ${recordId}`);
  });

  it('finance rejects a payment: the payer gets the reason finance wrote', async () => {
    const { recordId, payment } = await awaitingVerification();
    const mailId = uniqueId('mail');
    await expectAllowed(
      verdictCommit(as.db.finance, payment, (docs) =>
        decideReject(docs as never, { payment, note: 'No such M-Pesa code on our statement', staffEmail: ACCOUNTS.finance.email, mailId }),
      ),
    );
    expect(await ownerGet(`mail/${mailId}`)).toMatchObject({
      template: { name: 'payment-rejected', data: { reference: recordId, reason: 'No such M-Pesa code on our statement' } },
    });
  });

  it('a manual payment for a booth tells its contact person, with no ticket', async () => {
    const boothId = await fixture(`partners/${uniqueId('booth')}`, fieldsOf(boothDoc('')));
    const paymentId = uniqueId('pay');
    const mailId = uniqueId('mail');
    const manual = {
      paymentId,
      targetCollection: 'partners' as const,
      targetId: boothId,
      payerName: 'EAHF',
      method: 'cheque' as const,
      reference: `CHQ ${paymentId}`,
      amount: 50000,
      note: 'Cheque banked at KCB',
      staffEmail: ACCOUNTS.finance.email,
      mailId,
    };
    await expectAllowed(createDb(() => as.db.finance).transact(manualPaths(manual), (docs) => decideManual(docs, manual)));
    expect(await ownerGet(`mail/${mailId}`)).toMatchObject({
      template: { name: 'payment-verified', data: { name: 'Juma Ali', reference: boothId, ticket: false } },
    });
  });

  const verify = async (tamper: (writes: BatchWrite[]) => BatchWrite[], db = () => as.db.finance) => {
    const { payment } = await awaitingVerification();
    return verdictCommit(
      db(),
      payment,
      (docs) => decideVerify(docs as never, { payment, note: '', staffEmail: ACCOUNTS.finance.email, mailId: uniqueId('mail') }),
      tamper,
    );
  };

  it.each([
    ['to another address', (w: BatchWrite[]) => withMail(w, (m) => ({ ...m, to: 'attacker@example.org' }))],
    ['naming a ticket for a record that is not a registration', (w: BatchWrite[]) => withMail(w, (m) => ({ ...m, recordCollection: 'partners' }))],
    [
      'about another registration',
      (w: BatchWrite[]) =>
        withMail(w, (m) => ({
          ...m,
          recordId: 'demo-registration-1',
          template: { ...(m.template as Doc), data: { ...((m.template as Doc).data as Doc), reference: 'demo-registration-1' } },
        })),
    ],
    [
      'with another amount',
      (w: BatchWrite[]) =>
        withMail(w, (m) => ({ ...m, template: { ...(m.template as Doc), data: { ...((m.template as Doc).data as Doc), amount: 'KES 1' } } })),
    ],
    [
      'with four attachments',
      (w: BatchWrite[]) =>
        withMail(w, (m) => ({
          ...m,
          message: { attachments: Array.from({ length: 4 }, (_, i) => ({ filename: `f${i}.txt`, content: 'eA==', encoding: 'base64' })) },
        })),
    ],
    [
      'sent as the "payment rejected" message',
      (w: BatchWrite[]) =>
        withMail(w, (m) => ({ ...m, template: { name: 'payment-rejected', data: { name: 'Achieng Otieno', reference: m.recordId, reason: 'x' } } })),
    ],
  ])('refuses a "payment verified" message %s', async (_, tamper) => {
    await expectDenied(verify(tamper));
  });

  it('refuses a "payment verified" message outside the verification (the payment was verified earlier)', async () => {
    const { recordId, paymentId, record } = await awaitingVerification();
    await fixture(`payments/${paymentId}`, { ...fieldsOf(paymentDoc(paymentId, 'registrations', recordId)), status: 'verified' });
    await fixture(`registrations/${recordId}`, { ...record, paymentStatus: 'paid', status: 'confirmed' });
    const target: PayableRecord = payableRecord('registrations', { ...record, id: recordId });
    const write = paymentVerifiedMail(uniqueId('mail'), target, { id: paymentId, amount: 'KES 15,000', refund: '' });
    await expectDenied(createDb(() => as.db.finance).commit([write]));
  });

  it('refuses a "payment rejected" message whose reason is not the one finance stored', async () => {
    const { payment } = await awaitingVerification();
    await expectDenied(
      verdictCommit(
        as.db.finance,
        payment,
        (docs) => decideReject(docs as never, { payment, note: 'Not found', staffEmail: ACCOUNTS.finance.email, mailId: uniqueId('mail') }),
        (w) =>
          withMail(w, (m) => ({
            ...m,
            template: { ...(m.template as Doc), data: { ...((m.template as Doc).data as Doc), reason: 'Pay again at https://evil.example' } },
          })),
      ),
    );
  });

  it('refuses an editor sending a verdict message (editors cannot verify)', async () => {
    await expectDenied(
      verify(
        (w) => w,
        () => as.db.editor,
      ),
    );
  });
});

describe('application decisions', () => {
  const decide = async (status: 'confirmed' | 'cancelled', tamper: (writes: BatchWrite[]) => BatchWrite[] = (w) => w, from = 'pending') => {
    const fields = { ...fieldsOf(boothDoc('')), status: from };
    const id = await fixture(`partners/${uniqueId('app')}`, fields);
    const record = { ...fields, id } as Parameters<typeof payableRecord>[1] & { status: string };
    const approved = applicationDecision('partners', record as never, status);
    const writes: BatchWrite[] = applicationChange({ ...fields, id }, { status });
    if (approved !== null) writes.push(applicationDecisionMail(uniqueId('mail'), payableRecord('partners', record), approved));
    return { id, writes: tamper(writes) };
  };

  it('approving an application tells its contact the amount to pay; declining says so', async () => {
    for (const [status, template] of [
      ['confirmed', 'application-approved'],
      ['cancelled', 'application-declined'],
    ] as const) {
      const { writes } = await decide(status);
      await expectAllowed(createDb(() => as.db.admin).commit(writes));
      expect(await ownerGet(writePath(mailWrite(writes)))).toMatchObject({ to: 'juma@example.org', template: { name: template } });
    }
  });

  it('sends nothing when the status does not change, and refuses a decision message without the decision', async () => {
    expect(applicationDecision('partners', { status: 'confirmed' } as never, 'confirmed')).toBeNull();
    expect(applicationDecision('registrations', { status: 'pending' } as never, 'confirmed')).toBeNull();
    const { writes } = await decide('confirmed', (w) => w, 'pending');
    await expectDenied(createDb(() => as.db.admin).commit([mailWrite(writes)]));
  });

  it.each([
    [
      'an approval sent for a declined application',
      (w: BatchWrite[]) =>
        withMail(w, (m) => ({ ...m, template: { name: 'application-approved', data: { ...((m.template as Doc).data as Doc), amount: 'KES 50,000' } } })),
    ],
    ['a decision sent to another address', (w: BatchWrite[]) => withMail(w, (m) => ({ ...m, to: 'attacker@example.org' }))],
  ])('refuses %s', async (_, tamper) => {
    const { writes } = await decide('cancelled', tamper);
    await expectDenied(createDb(() => as.db.admin).commit(writes));
  });
});

describe('invoices', () => {
  const issue = (tamper: (writes: BatchWrite[]) => BatchWrite[] = (w) => w, issuedAt = new Date(), buyerPin?: string) =>
    createDb(() => as.db.finance).transact(issuePaths({}), (docs) => {
      const { writes } = decideIssue(docs, {
        draft: invoiceDraft(buyerPin === undefined ? {} : { kraPin: buyerPin }),
        issuedBy: ACCOUNTS.finance.email,
        issuedAt,
      });
      const invoice = dataOf(writes[0]) as { number: string; billTo: { name: string; email: string; kraPin: string }; issuer: { kraPin: string } };
      return {
        writes: tamper([...writes, invoiceMail(uniqueId('mail'), invoice, 'KES 50,000.00', '28 February 2027', invoice.number, INVOICE_PDF)]),
        result: invoice.number,
      };
    });

  /** The invoice email with some of its template data changed. */
  const withMailData = (w: BatchWrite[], change: Doc) =>
    withMail(w, (m) => ({ ...m, template: { name: 'invoice-issued', data: { ...((m.template as Doc).data as Doc), ...change } } }));
  const withoutPins = (m: Doc) => {
    const { institutePin: _i, buyerPin: _b, ...rest } = (m.template as Doc).data as Doc;
    return rest;
  };

  it('issuing an invoice emails it, with its PDF, to the address it is billed to', async () => {
    const number = await issue();
    const invoice = await ownerGet(`invoices/${number}`);
    expect(invoice?.issuedAt).toBeInstanceOf(Date);
  });

  it('the invoice and its email carry the institute’s KRA PIN as settings have it and the buyer’s as billed, or none', async () => {
    const site = await ownerGet('settings/site');
    expect(site?.instituteKraPin).toMatch(/^P[0-9]{9}[A-Z]$/);
    const mailOf = async (number: string) =>
      (await findDocuments(stack(), 'mail', 'recordId', number)).map(
        (m) => (decodeFields(m.fields as Parameters<typeof decodeFields>[0]).template as Doc).data as Doc,
      );
    const withPin = await issue();
    expect((await ownerGet(`invoices/${withPin}`))?.issuer).toMatchObject({ kraPin: site?.instituteKraPin });
    expect(await mailOf(withPin)).toEqual([expect.objectContaining({ institutePin: site?.instituteKraPin, buyerPin: 'P052987654K' })]);
    const withoutPin = await issue((w) => w, new Date(), '');
    expect(await mailOf(withoutPin)).toEqual([expect.objectContaining({ institutePin: site?.instituteKraPin, buyerPin: '' })]);
  });

  it.each([
    ['to another address than the one billed', (w: BatchWrite[]) => withMail(w, (m) => ({ ...m, to: 'attacker@example.org' }))],
    ['without its PDF', (w: BatchWrite[]) => withMail(w, ({ message: _m, ...m }) => m)],
    ['naming another invoice', (w: BatchWrite[]) => withMail(w, (m) => ({ ...m, recordId: 'INV-2027-9999' }))],
    ['with another buyer’s KRA PIN than the invoice’s', (w: BatchWrite[]) => withMailData(w, { buyerPin: 'A123456789B' })],
    ['with another institute KRA PIN than the invoice’s', (w: BatchWrite[]) => withMailData(w, { institutePin: 'P099999999Z' })],
    ['without the KRA PINs', (w: BatchWrite[]) => withMail(w, (m) => ({ ...m, template: { name: 'invoice-issued', data: withoutPins(m) } }))],
    ['with a PIN turned into words', (w: BatchWrite[]) => withMailData(w, { buyerPin: 'P052987654K. Pay to account 123 instead' })],
  ])('refuses an invoice email %s', async (_, tamper) => {
    await expectDenied(issue(tamper));
  });

  it('refuses an invoice whose moment of issue is more than an hour from the server’s clock', async () => {
    await expectDenied(issue((w) => w, new Date(Date.now() - 2 * 3600_000)));
  });
});

describe('test sends and resends', () => {
  it('an administrator sends a test of any template to their own address only', async () => {
    for (const name of MAIL_TEMPLATES) await expectAllowed(createDb(() => as.db.admin).commit([testMail(uniqueId('mail'), name, ACCOUNTS.admin.email)]));
    await expectDenied(createDb(() => as.db.admin).commit([testMail(uniqueId('mail'), 'donation-thanks', 'someone@example.org')]));
    await expectDenied(createDb(() => as.db.finance).commit([testMail(uniqueId('mail'), 'donation-thanks', ACCOUNTS.finance.email)]));
    const unknown = testMail(uniqueId('mail'), 'donation-thanks', ACCOUNTS.admin.email);
    await expectDenied(
      createDb(() => as.db.admin).commit([
        { ...unknown, data: { ...dataOf(unknown), recordId: 'password-reset', template: { name: 'password-reset', data: {} } } } as BatchWrite,
      ]),
    );
  });

  const storedMail = async (collection: string, state: string) => {
    const id = uniqueId('mail');
    await fixture(`mail/${id}`, {
      to: 'achieng@example.org',
      template: { name: 'message-received', data: { name: 'A', subject: 'B' } },
      recordCollection: collection,
      recordId: 'x',
      delivery: { state, attempts: 1 },
    });
    return id;
  };

  it('staff set a delivered or failed message about a record they may read back to RETRY, counted, nothing else', async () => {
    const retry = { 'delivery.state': 'RETRY', resends: 1 };
    await expectAllowed(updateDoc(doc(as.db.editor, 'mail', await storedMail('partners', 'SUCCESS')), retry));
    await expectAllowed(updateDoc(doc(as.db.finance, 'mail', await storedMail('invoices', 'ERROR')), retry));
    // A registration's emails name an attendee: as registrations, not editors' (SENSITIVE_DATA).
    await expectDenied(updateDoc(doc(as.db.editor, 'mail', await storedMail('registrations', 'SUCCESS')), retry));
    await expectAllowed(updateDoc(doc(as.db.finance, 'mail', await storedMail('registrations', 'SUCCESS')), retry));
    await expectDenied(updateDoc(doc(as.db.editor, 'mail', await storedMail('invoices', 'ERROR')), retry));
    await expectDenied(updateDoc(doc(as.db.admin, 'mail', await storedMail('registrations', 'PENDING')), retry));
    await expectDenied(updateDoc(doc(as.db.admin, 'mail', await storedMail('registrations', 'ERROR')), { ...retry, to: 'attacker@example.org' }));
    await expectDenied(updateDoc(doc(as.db.admin, 'mail', await storedMail('registrations', 'ERROR')), { 'delivery.state': 'SUCCESS', resends: 1 }));
    await expectDenied(updateDoc(doc(as.db.anonymous, 'mail', await storedMail('registrations', 'ERROR')), retry));
  });

  it('messages are read by whoever may read their record', async () => {
    const invoiceMailId = await storedMail('invoices', 'SUCCESS');
    await expectDenied(getDoc(doc(as.db.editor, 'mail', invoiceMailId)));
    await expectAllowed(getDoc(doc(as.db.finance, 'mail', invoiceMailId)));
    await expectAllowed(getDoc(doc(as.db.editor, 'mail', await storedMail('messages', 'SUCCESS'))));
    await expectDenied(getDoc(doc(as.db.editor, 'mail', await storedMail('registrations', 'SUCCESS'))));
    await expectDenied(getDoc(doc(as.db.editor, 'mail', await storedMail('waitlist', 'SUCCESS'))));
    await expectDenied(getDoc(doc(as.db.anonymous, 'mail', await storedMail('registrations', 'SUCCESS'))));
    await expectDenied(getDoc(doc(as.db.signedIn, 'mail', await storedMail('registrations', 'SUCCESS'))));
  });

  it('nobody creates a message about a payment a visitor did not just submit', async () => {
    const { recordId, paymentId, record } = await awaitingVerification();
    const mail = {
      to: record.email,
      template: { name: 'payment-received', data: { name: record.fullName, reference: recordId, amount: 'KES 15,000', transactionCode: 'QWE12345RT' } },
      recordCollection: 'registrations',
      recordId,
      paymentId,
    };
    await expectDenied(setDoc(doc(as.db.anonymous, 'mail', paymentId), { ...mail, timestamp: new Date() }));
  });
});
