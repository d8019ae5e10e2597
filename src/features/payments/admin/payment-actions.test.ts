import { describe, expect, it } from 'vitest';
import { SeatLostError } from '../../../data/registration-record.ts';
import {
  decideManual,
  decideReject,
  decideVerify,
  manualPaths,
  manualPaymentRefusal,
  paymentWarnings,
  readSeat,
  verdictPaths,
  type AdminPayment,
} from './payment-actions.ts';

const payment: AdminPayment = {
  id: 'pay-1',
  payerName: 'Brian Odhiambo',
  method: 'mobile-money',
  reference: 'QWE12345RT',
  amount: 5000,
  currency: 'KES',
  targetCollection: 'registrations',
  targetId: 'reg-1',
  status: 'submitted',
};
const submitted = { id: 'pay-1', status: 'submitted' };
const waiting = {
  id: 'reg-1',
  status: 'pending',
  paymentStatus: 'submitted',
  lastPaymentId: 'pay-1',
  currency: 'KES',
  fee: 5000,
  fullName: 'Brian Odhiambo',
  email: 'brian@example.org',
};
const staffEmail = 'finance@summit.test';
const mailId = 'mail-1';
const qr = { filename: 'ticket-qr.png', content: 'iVBORw0KGgo=', encoding: 'base64', contentType: 'image/png', cid: 'ticket-qr' };
const dataOf = (w: unknown) => (w as { data: Record<string, unknown> }).data;
const pathOf = (w: unknown) => (w as { update?: string; set?: string }).update ?? (w as { set: string }).set;

describe('verifying a payment', () => {
  it('reads the payment and its record, and marks both in one set of writes', () => {
    expect(verdictPaths({ payment })).toEqual(['payments/pay-1', 'registrations/reg-1', 'paymentReferences/QWE12345RT']);
    const { writes, log } = decideVerify([submitted, waiting], { payment, note: 'Seen on statement', staffEmail, mailId, attachments: [qr] });
    expect(writes.map(pathOf)).toEqual(['payments/pay-1', 'registrations/reg-1', 'checkouts/reg-1', 'mail/mail-1']);
    expect(dataOf(writes[0])).toMatchObject({ status: 'verified', verifiedBy: staffEmail, note: 'Seen on statement' });
    expect(dataOf(writes[1])).toEqual({ paymentStatus: 'paid', status: 'confirmed', lastPaymentId: 'pay-1' });
    // The checkout projection in step with the record as it will be.
    expect(dataOf(writes[2])).toMatchObject({ id: 'reg-1', status: 'confirmed', paymentStatus: 'paid', seat: '', seatClaim: '' });
    // The ticket email: to the registrant, about the registration, with the ticket's QR code attached.
    expect(dataOf(writes[3])).toMatchObject({
      to: 'brian@example.org',
      template: { name: 'payment-verified', data: { name: 'Brian Odhiambo', reference: 'reg-1', amount: 'KES 5,000', ticket: true } },
      recordCollection: 'registrations',
      recordId: 'reg-1',
      paymentId: 'pay-1',
      message: { attachments: [qr] },
    });
    expect(log).toBe('Verified payment pay-1 (KES 5,000) for registration reg-1');
  });

  it("counts the amount the payer stated in the record's received money, on top of a part paid before", () => {
    const stated = { ...submitted, amount: 5000 };
    const { writes } = decideVerify([stated, { ...waiting, receivedMinor: 250_050 }], { payment, note: '', staffEmail, mailId });
    expect(dataOf(writes[0])).toMatchObject({ status: 'verified', amountMinor: 500_000 });
    expect(dataOf(writes[1])).toMatchObject({ paymentStatus: 'paid', receivedMinor: 750_050, receivedVia: 'pay-1' });
    // An older payment with cents (or none stated) is not counted: the rules count whole amounts only.
    for (const amount of [5000.5, undefined, 0]) {
      const [paymentWrite, recordWrite] = decideVerify([{ ...submitted, amount }, waiting], { payment, note: '', staffEmail, mailId }).writes;
      expect(dataOf(paymentWrite)).not.toHaveProperty('amountMinor');
      expect(dataOf(recordWrite)).not.toHaveProperty('receivedMinor');
    }
  });

  it('keeps a checked-in status, and refuses a payment already decided, a missing record or a second payment', () => {
    const { writes } = decideVerify([submitted, { ...waiting, status: 'checked-in' }], { payment, note: '', staffEmail, mailId });
    expect(dataOf(writes[1]).status).toBe('checked-in');
    expect(() => decideVerify([{ id: 'pay-1', status: 'verified' }, waiting], { payment, note: '', staffEmail, mailId })).toThrow('already verified');
    expect(() => decideVerify([submitted, null], { payment, note: '', staffEmail, mailId })).toThrow('was not found');
    expect(() => decideVerify([submitted, { ...waiting, paymentStatus: 'paid', lastPaymentId: 'pay-0' }], { payment, note: '', staffEmail, mailId })).toThrow(
      'already paid',
    );
  });
});

describe('rejecting a payment', () => {
  it('needs a note, and sends the record back to unpaid with it so the visitor can pay again', () => {
    expect(() => decideReject([submitted, waiting], { payment, note: ' ', staffEmail, mailId })).toThrow('Say why');
    const { writes, log } = decideReject([submitted, waiting, { id: 'QWE12345RT', paymentId: 'pay-1' }], {
      payment,
      note: 'No such M-Pesa code',
      staffEmail,
      mailId,
    });
    expect(dataOf(writes[0])).toMatchObject({ status: 'rejected', rejectedBy: staffEmail, note: 'No such M-Pesa code' });
    expect(dataOf(writes[1])).toEqual({ paymentStatus: 'unpaid', paymentNote: 'No such M-Pesa code' });
    expect(dataOf(writes[2])).toMatchObject({ paymentStatus: 'unpaid', paymentNote: 'No such M-Pesa code' });
    // The code it claimed is free again, for a corrected or a new submission.
    expect(writes[3]).toEqual({ delete: 'paymentReferences/QWE12345RT' });
    expect(dataOf(writes[4])).toMatchObject({
      to: 'brian@example.org',
      template: { name: 'payment-rejected', data: { name: 'Brian Odhiambo', reference: 'reg-1', reason: 'No such M-Pesa code' } },
      paymentId: 'pay-1',
    });
    expect(dataOf(writes[4])).not.toHaveProperty('message');
    expect(log).toBe('Rejected payment pay-1 (KES 5,000) for registration reg-1: No such M-Pesa code');
    // A claim that names another payment (this one was a duplicate of it) stays.
    const duplicate = decideReject([submitted, waiting, { id: 'QWE12345RT', paymentId: 'pay-0' }], { payment, note: 'Duplicate', staffEmail, mailId });
    expect(duplicate.writes).not.toContainEqual({ delete: 'paymentReferences/QWE12345RT' });
  });

  it('leaves the record alone when it waits on another payment or is already paid, but still tells the payer', () => {
    for (const target of [
      { ...waiting, lastPaymentId: 'pay-2' },
      { ...waiting, paymentStatus: 'paid' },
    ]) {
      expect(decideReject([submitted, target], { payment, note: 'Duplicate', staffEmail, mailId }).writes.map(pathOf)).toEqual([
        'payments/pay-1',
        'mail/mail-1',
      ]);
    }
    // With the record gone (archived) there is no address to write to.
    expect(decideReject([submitted, null], { payment, note: 'Duplicate', staffEmail, mailId }).writes.map(pathOf)).toEqual(['payments/pay-1']);
  });
});

describe('recording a payment received directly', () => {
  const manual = {
    paymentId: 'pay-9',
    targetCollection: 'partners' as const,
    targetId: 'booth-1',
    payerName: 'Acme Ltd',
    method: 'cheque' as const,
    reference: 'CHQ 000123',
    amount: 150000,
    note: 'Cheque banked at KCB Upper Hill',
    staffEmail,
    mailId,
  };
  const unpaid = {
    id: 'booth-1',
    status: 'pending',
    paymentStatus: 'unpaid',
    currency: 'KES',
    fee: 150000,
    contactName: 'Jane Wambui',
    organisation: 'Acme Ltd',
    email: 'jane@acme.example',
  };

  it('creates a verified payment in the record currency and marks the record paid and confirmed', () => {
    const { writes, log } = decideManual([unpaid], manual);
    expect(writes.map(pathOf)).toEqual(['payments/pay-9', 'paymentReferences/CHQ000123', 'partners/booth-1', 'applicationCheckouts/booth-1', 'mail/mail-1']);
    // The receipt is claimed by this payment: the same cheque cannot pay twice.
    expect(dataOf(writes[1])).toEqual({ paymentId: 'pay-9' });
    expect(dataOf(writes[0])).toMatchObject({
      id: 'pay-9',
      status: 'verified',
      manual: true,
      currency: 'KES',
      amount: 150000,
      method: 'cheque',
      targetCollection: 'partners',
      targetId: 'booth-1',
      verifiedBy: staffEmail,
    });
    // Counted in the record's received money, as a statement line's would be (the rules' countedByHand).
    expect(dataOf(writes[0])).toMatchObject({ amountMinor: 15_000_000 });
    expect(dataOf(writes[2])).toEqual({ paymentStatus: 'paid', status: 'confirmed', lastPaymentId: 'pay-9', receivedMinor: 15_000_000, receivedVia: 'pay-9' });
    // Its checkout projection in step (what the reference opens).
    expect(dataOf(writes[3])).toMatchObject({ id: 'booth-1', paymentStatus: 'paid', status: 'confirmed', organisation: 'Acme Ltd' });
    expect(log).toBe('Recorded cheque payment pay-9 (KES 150,000) for application booth-1');
    // An application has no ticket: the message greets its contact person and says no ticket.
    expect(dataOf(writes[4])).toMatchObject({
      to: 'jane@acme.example',
      template: { name: 'payment-verified', data: { name: 'Jane Wambui', reference: 'booth-1', amount: 'KES 150,000', ticket: false } },
      recordCollection: 'partners',
      paymentId: 'pay-9',
    });
    expect(dataOf(writes[4])).not.toHaveProperty('message');
  });

  it('more than the fee: the email says what came in and that the rest will be refunded', () => {
    const { writes } = decideManual([{ ...unpaid, fee: 120000, receivedMinor: 0 }], manual);
    expect(dataOf(writes[4])).toMatchObject({ template: { data: { amount: 'KES 150,000', refund: 'KES 30,000' } } });
    const exact = decideManual([unpaid], manual).writes;
    expect(dataOf(exact[4])).toMatchObject({ template: { data: { amount: 'KES 150,000', refund: '' } } });
  });

  it('refuses a receipt already recorded, and a payment without its note', () => {
    expect(() => decideManual([unpaid, { id: 'CHQ000123', paymentId: 'pay-1' }], manual)).toThrow(
      'Receipt CHQ 000123 is already recorded (payment pay-1): one receipt pays once.',
    );
    expect(() => decideManual([unpaid, null], { ...manual, note: '  ' })).toThrow('Say how the payment reached you');
  });

  it('refuses a record that is missing, cancelled, free, already paid or waiting on a submitted payment', () => {
    expect(() => decideManual([null], manual)).toThrow('No application has this reference.');
    expect(manualPaymentRefusal({ ...unpaid, status: 'cancelled' }, 'registration')).toMatch(/cancelled/);
    expect(manualPaymentRefusal({ ...unpaid, paymentStatus: 'not-required' }, 'registration')).toMatch(/needs no payment/);
    expect(manualPaymentRefusal({ ...unpaid, paymentStatus: 'paid' }, 'registration')).toMatch(/already paid/);
    expect(manualPaymentRefusal({ ...unpaid, paymentStatus: 'submitted', lastPaymentId: 'pay-3' }, 'registration')).toMatch(
      /\(pay-3\) is awaiting verification/,
    );
    expect(manualPaymentRefusal(unpaid, 'registration')).toBeNull();
  });
});

describe('what finance checks before verifying', () => {
  const due = { fee: 5000, currency: 'KES' };
  it('flags an amount that differs from what is due (either way, or in another currency)', () => {
    expect(paymentWarnings(payment, due, [], null)).toEqual([]);
    expect(paymentWarnings({ ...payment, amount: 4999 }, due, [], null)).toEqual(['Amount differs: KES 4,999 paid, KES 5,000 due.']);
    expect(paymentWarnings({ ...payment, amount: 50000 }, due, [], null)).toEqual(['Amount differs: KES 50,000 paid, KES 5,000 due.']);
    expect(paymentWarnings({ ...payment, currency: 'USD' }, due, [], null)).toHaveLength(1);
  });

  it('flags a transaction code seen on another payment, or claimed by another', () => {
    expect(paymentWarnings(payment, due, [{ id: 'pay-1', status: 'submitted' }], 'pay-1')).toEqual([]);
    expect(
      paymentWarnings(
        payment,
        due,
        [
          { id: 'pay-1', status: 'submitted' },
          { id: 'pay-0', status: 'verified' },
        ],
        'pay-1',
      ),
    ).toEqual(['Reference seen before: payment pay-0 (verified).']);
    expect(paymentWarnings(payment, due, [], 'pay-7')).toEqual(['Reference seen before: claimed by payment pay-7.']);
  });

  it('says nothing once the payment is decided, or about a record that is gone', () => {
    expect(paymentWarnings({ ...payment, status: 'verified', amount: 1 }, due, [{ id: 'x', status: 'verified' }], 'x')).toEqual([]);
    expect(paymentWarnings(payment, null, [], null)).toEqual([]);
  });
});

describe('verdicts at the edges', () => {
  it('refuses a payment that no longer exists, saying so', () => {
    expect(() => decideVerify([null, waiting], { payment, note: '', staffEmail, mailId })).toThrow('Payment pay-1 no longer exists.');
    expect(() => decideReject([null, waiting], { payment, note: 'x', staffEmail, mailId })).toThrow('Payment pay-1 no longer exists.');
  });

  it('verifies a payment whose record already names it as paid (the record moved first), or waits on another payment', () => {
    expect(
      decideVerify([submitted, { ...waiting, paymentStatus: 'paid', lastPaymentId: 'pay-1' }], { payment, note: '', staffEmail, mailId }).writes,
    ).toHaveLength(4);
    expect(decideVerify([submitted, { ...waiting, lastPaymentId: 'pay-2' }], { payment, note: '', staffEmail, mailId }).writes).toHaveLength(4);
  });

  it('names the earlier payment of a record already paid, or says it was recorded earlier', () => {
    expect(() => decideVerify([submitted, { ...waiting, paymentStatus: 'paid', lastPaymentId: 'pay-0' }], { payment, note: '', staffEmail, mailId })).toThrow(
      'The registration reg-1 is already paid (payment pay-0). Reject this one as a duplicate instead.',
    );
    const { lastPaymentId: _, ...paidLongAgo } = { ...waiting, paymentStatus: 'paid' };
    expect(() => decideVerify([submitted, paidLongAgo], { payment, note: '', staffEmail, mailId })).toThrow(
      'The registration reg-1 is already paid (payment recorded earlier). Reject this one as a duplicate instead.',
    );
  });

  it('lists every earlier payment with the same code', () => {
    expect(
      paymentWarnings(
        payment,
        null,
        [
          { id: 'pay-0', status: 'verified' },
          { id: 'pay-2', status: 'rejected' },
        ],
        null,
      ),
    ).toEqual(['Reference seen before: payment pay-0 (verified), payment pay-2 (rejected).']);
  });
});

describe('refusing a payment recorded by hand', () => {
  const manual = {
    paymentId: 'pay-9',
    targetCollection: 'registrations' as const,
    targetId: 'reg-1',
    payerName: 'Brian',
    method: 'cash' as const,
    reference: 'RCPT 1001',
    amount: 5000,
    note: 'Cash at the desk',
    staffEmail,
    mailId,
  };
  const unpaid = { ...waiting, paymentStatus: 'unpaid' };

  it('reads the record it pays for and the claim on its receipt', () => {
    expect(manualPaths(manual)).toEqual(['registrations/reg-1', 'paymentReferences/RCPT1001']);
  });

  it.each([
    [{ paymentStatus: 'paid' }, 'This registration is already paid.'],
    [{ status: 'cancelled' }, 'This registration is cancelled: reinstate it on its page before recording a payment.'],
    [{ paymentStatus: 'not-required' }, 'This registration needs no payment.'],
    [{ paymentStatus: 'submitted', lastPaymentId: 'pay-3' }, 'A payment (pay-3) is awaiting verification for this registration: verify or reject it instead.'],
    [{ paymentStatus: 'submitted', lastPaymentId: undefined }, 'A payment is awaiting verification for this registration: verify or reject it instead.'],
    [{ paymentStatus: 'refunded' }, "This registration's payment status (refunded) does not allow a payment."],
  ])('refuses a record with %j: “%s”', (change, message) => {
    expect(() => decideManual([{ ...unpaid, ...change }], manual)).toThrow(message);
  });

  it('records cash in the log by its method’s name', () => {
    expect(decideManual([unpaid], manual).log).toBe('Recorded cash payment pay-9 (KES 5,000) for registration reg-1');
  });
});

describe('a payment and the registration’s seat', () => {
  const claim = 'c'.repeat(20);
  const seated = { ...waiting, seat: '17', seatClaim: claim, heldSince: new Date('2027-01-01T08:00:00Z') };
  const taken = { id: '17', state: 'taken', claim, heldSince: new Date('2027-01-02T08:00:00Z') };
  const held = { ...taken, state: 'held' };
  const someoneElse = { ...taken, state: 'held', claim: 'd'.repeat(20) };

  it('reads the seat the registration names in the same transaction, and none for an application', async () => {
    const reads: string[] = [];
    const read = async (path: string) => {
      reads.push(path);
      return taken;
    };
    expect(await readSeat('registrations', seated, read)).toBe(taken);
    expect(await readSeat('partners', { ...seated, id: 'booth-1' }, read)).toBeNull();
    expect(await readSeat('registrations', waiting, read)).toBeNull();
    expect(reads).toEqual(['seats/17']);
  });

  it('verifying a payment for a seat already taken by the submission leaves the seat; a held one is taken for good', () => {
    expect(decideVerify([submitted, seated], { payment, note: '', staffEmail, mailId, seat: taken }).writes.map(pathOf)).toEqual([
      'payments/pay-1',
      'registrations/reg-1',
      'checkouts/reg-1',
      'mail/mail-1',
    ]);
    const { writes } = decideVerify([submitted, seated], { payment, note: '', staffEmail, mailId, seat: held });
    expect(writes.map(pathOf)).toContain('seats/17');
    expect(dataOf(writes.find((w) => pathOf(w) === 'seats/17'))).toMatchObject({ state: 'taken', claim });
  });

  it('refuses to record a payment for a seat someone else took after the hold lapsed, saying so', () => {
    const manual = {
      paymentId: 'pay-9',
      targetCollection: 'registrations' as const,
      targetId: 'reg-1',
      payerName: 'Brian Odhiambo',
      method: 'cash' as const,
      reference: 'CASH-1001',
      amount: 5000,
      note: 'Cash at the desk',
      staffEmail,
      mailId,
    };
    const unpaidSeated = { ...seated, paymentStatus: 'unpaid', lastPaymentId: undefined };
    expect(() => decideManual([unpaidSeated], { ...manual, seat: someoneElse })).toThrow(SeatLostError);
    expect(() => decideManual([unpaidSeated], { ...manual, seat: someoneElse })).toThrow(/lost its seat/);
    // Still its own hold: the cash takes the seat, and the checkout follows.
    const { writes } = decideManual([unpaidSeated], { ...manual, seat: held });
    expect(writes.map(pathOf)).toEqual([
      'payments/pay-9',
      'paymentReferences/CASH1001',
      'registrations/reg-1',
      'checkouts/reg-1',
      'seats/17',
      'seatMoves/17',
      'mail/mail-1',
    ]);
  });

  it('a rejected payment holds the seat again from now, on the slot, the record and the checkout alike', () => {
    const { writes } = decideReject([submitted, seated], { payment, note: 'Unknown code', staffEmail, mailId, seat: taken });
    expect(writes.map(pathOf)).toEqual(['payments/pay-1', 'registrations/reg-1', 'checkouts/reg-1', 'seats/17', 'seatMoves/17', 'mail/mail-1']);
    expect(dataOf(writes[1])).toMatchObject({ paymentStatus: 'unpaid', paymentNote: 'Unknown code', heldSince: expect.anything() });
    expect(dataOf(writes[3])).toMatchObject({ state: 'held', claim });
  });
});
