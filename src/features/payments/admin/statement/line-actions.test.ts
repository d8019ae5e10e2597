import { describe, expect, it } from 'vitest';
import type { BatchWrite } from '../../../../lib/db.ts';
import {
  applyPaths,
  decideApplyLine,
  decideRecordedLine,
  recordedPaths,
  decideDismissLine,
  decideReverseLine,
  NotPayableError,
  outstandingMinor,
  queuedLineWrite,
  reversePaths,
  type ApplyLine,
  type LineFacts,
} from './line-actions.ts';

const line: LineFacts = {
  receiptKey: 'TK12AB34CD',
  receipt: 'TK12AB34CD',
  row: 7,
  completedAt: new Date('2026-11-20T11:03:11Z'),
  details: 'Pay Bill from 254712345678',
  account: 'NCS-7K2QX',
  payer: 'JANE W',
  amountMinor: 1_500_000,
  currency: 'KES',
};
const partner = {
  id: 'app-1',
  organisation: 'Afya Labs',
  contactName: 'Amina',
  email: 'amina@example.org',
  fee: 50000,
  currency: 'KES',
  status: 'confirmed',
  paymentStatus: 'unpaid',
};
const target = { collection: 'partners' as const, id: 'app-1' };
const apply = (over: Partial<ApplyLine> = {}): ApplyLine => ({
  importId: 'imp-1',
  line,
  target,
  submittedId: null,
  newPaymentId: 'pay-new',
  method: 'mobile-money',
  staffEmail: 'finance@summit.test',
  mailId: 'mail-1',
  seat: null,
  ...over,
});
const at = (writes: BatchWrite[], path: string) => writes.find((w) => ('set' in w ? w.set : 'update' in w ? w.update : w.delete) === path);
const dataAt = (writes: BatchWrite[], path: string) => (at(writes, path) as { data: Record<string, unknown> } | undefined)?.data;

describe('what is outstanding', () => {
  it('is the fee in minor units less what statements brought in', () => {
    expect(outstandingMinor('partners', partner, 'KES')).toBe(5_000_000);
    expect(outstandingMinor('partners', { ...partner, receivedMinor: 1_250_050 }, 'KES')).toBe(3_749_950);
  });

  it('refuses with the queue’s reason: missing, cancelled, paid, free, another currency, nothing left', () => {
    const reason = (record: Record<string, unknown> | null, currency = 'KES') => {
      try {
        outstandingMinor('partners', record && { id: 'app-1', ...record }, currency);
        return null;
      } catch (e) {
        return (e as NotPayableError).lineClass;
      }
    };
    expect(reason(null)).toBe('unknown');
    expect(reason({ ...partner, status: 'cancelled' })).toBe('cancelled');
    expect(reason({ ...partner, paymentStatus: 'paid' })).toBe('already-paid');
    expect(reason({ ...partner, paymentStatus: 'not-required' })).toBe('already-paid');
    expect(reason(partner, 'USD')).toBe('invalid');
    expect(reason({ ...partner, receivedMinor: 5_000_000 })).toBe('already-paid');
    expect(reason({ ...partner, receivedMinor: 4_999_999 })).toBeNull();
  });
});

describe('applying a line', () => {
  it('reads the line, the record, the receipt’s claim and the submission it confirms', () => {
    expect(applyPaths(line, target, null)).toEqual(['statementLines/TK12AB34CD', 'partners/app-1', 'paymentReferences/TK12AB34CD']);
    expect(applyPaths(line, target, 'pay-9')).toEqual(['statementLines/TK12AB34CD', 'partners/app-1', 'paymentReferences/TK12AB34CD', 'payments/pay-9']);
  });

  it('counts a partial payment without paying the record, and says what is still due', () => {
    const d = decideApplyLine([null, partner, null], apply());
    expect(d.result).toEqual({ state: 'applied', lineClass: 'partial', settles: false, overMinor: 0 });
    expect(dataAt(d.writes, 'partners/app-1')).toEqual({ receivedMinor: 1_500_000, receivedVia: 'pay-new' });
    expect(dataAt(d.writes, 'payments/pay-new')).toMatchObject({
      status: 'verified',
      amount: 15000,
      amountMinor: 1_500_000,
      statementLine: 'TK12AB34CD',
      reference: 'TK12AB34CD',
    });
    expect(dataAt(d.writes, 'paymentReferences/TK12AB34CD')).toEqual({ paymentId: 'pay-new' });
    expect(dataAt(d.writes, 'statementLines/TK12AB34CD')).toMatchObject({
      state: 'applied',
      class: 'partial',
      targetId: 'app-1',
      amountMinor: 1_500_000,
      row: 7,
    });
    // The payer hears what came in and what is still due; no ticket yet.
    expect(dataAt(d.writes, 'mail/mail-1')).toMatchObject({
      to: 'amina@example.org',
      paymentId: 'pay-new',
      template: { name: 'payment-partial', data: { name: 'Amina', reference: 'app-1', code: 'app-1', amount: 'KES 15,000', due: 'KES 35,000' } },
    });
    expect(d.log).toBe('Applied statement receipt TK12AB34CD (KES 15,000) to application app-1: KES 35,000 still due');
  });

  it('pays the record exactly at the fee, and mails the fee received', () => {
    const d = decideApplyLine([null, { ...partner, receivedMinor: 3_500_000 }, null], apply());
    expect(d.result).toMatchObject({ lineClass: 'matched', settles: true, overMinor: 0 });
    expect(dataAt(d.writes, 'partners/app-1')).toMatchObject({
      receivedMinor: 5_000_000,
      paymentStatus: 'paid',
      status: 'confirmed',
      lastPaymentId: 'pay-new',
    });
    expect(dataAt(d.writes, 'mail/mail-1')).toMatchObject({ template: { name: 'payment-verified', data: { amount: 'KES 50,000' } } });
    expect(d.log).toContain('paid in full');
  });

  it('flags an over-payment for a refund, to the cent', () => {
    const d = decideApplyLine([null, { ...partner, receivedMinor: 3_500_000 }, null], apply({ line: { ...line, amountMinor: 1_500_050 } }));
    expect(d.result).toMatchObject({ lineClass: 'overpaid', settles: true, overMinor: 50 });
    expect(dataAt(d.writes, 'payments/pay-new')).toMatchObject({ overMinor: 50, amount: 15000.5 });
    expect(d.log).toContain('over-paid by KES 0.50: refund due');
  });

  it('confirms the visitor’s submission of the receipt, and frees the record to take the rest when it falls short', () => {
    const waiting = { ...partner, paymentStatus: 'submitted', lastPaymentId: 'pay-9' };
    const submission = { id: 'pay-9', status: 'submitted', targetCollection: 'partners', targetId: 'app-1' };
    const d = decideApplyLine([null, waiting, { id: 'TK12AB34CD', paymentId: 'pay-9' }, submission], apply({ submittedId: 'pay-9' }));
    expect(at(d.writes, 'payments/pay-new')).toBeUndefined();
    expect(d.writes[0]).toMatchObject({ update: 'payments/pay-9', data: { status: 'verified', amountMinor: 1_500_000 } });
    expect(at(d.writes, 'paymentReferences/TK12AB34CD')).toBeUndefined();
    expect(dataAt(d.writes, 'partners/app-1')).toEqual({ receivedMinor: 1_500_000, receivedVia: 'pay-9', paymentStatus: 'unpaid' });
  });

  it('treats a submission for another record as no submission: a receipt claimed by it is a duplicate', () => {
    const elsewhere = { id: 'pay-9', status: 'submitted', targetCollection: 'partners', targetId: 'app-2' };
    expect(() => decideApplyLine([null, partner, { id: 'TK12AB34CD', paymentId: 'pay-9' }, elsewhere], apply({ submittedId: 'pay-9' }))).toThrow(
      'Receipt TK12AB34CD is already recorded as payment pay-9.',
    );
  });

  it('refuses a receipt already stored, unless finance matches a queued or reversed line by hand', () => {
    for (const state of ['applied', 'queued', 'dismissed', 'matched-manually', 'reversed']) {
      expect(() => decideApplyLine([{ id: 'TK12AB34CD', state }, partner, null], apply())).toThrow(NotPayableError);
    }
    for (const state of ['queued', 'reversed']) {
      const d = decideApplyLine([{ id: 'TK12AB34CD', state }, partner, null], apply({ manualNote: ' Payer phoned ' }));
      expect(at(d.writes, 'statementLines/TK12AB34CD')).toMatchObject({
        update: 'statementLines/TK12AB34CD',
        data: { state: 'matched-manually', note: 'Payer phoned' },
      });
      expect(d.log).toMatch(/^Matched by hand statement receipt .* — Payer phoned$/);
    }
    expect(() => decideApplyLine([{ id: 'TK12AB34CD', state: 'dismissed' }, partner, null], apply({ manualNote: 'x' }))).toThrow(
      /already imported \(dismissed\)/,
    );
    expect(() => decideApplyLine([{ id: 'TK12AB34CD', state: 'queued' }, partner, null], apply({ manualNote: '  ' }))).toThrow(/Say why/);
  });

  it('queues a line with its reason and the record it named', () => {
    const w = queuedLineWrite(apply(), 'cancelled', 'The application is cancelled', target);
    expect(w).toMatchObject({
      set: 'statementLines/TK12AB34CD',
      data: { state: 'queued', class: 'cancelled', reason: 'The application is cancelled', paymentId: null, targetId: 'app-1' },
    });
  });
});

describe('putting a line aside and reversing one', () => {
  it('puts aside only a queued line, with a note', () => {
    expect(decideDismissLine([{ id: 'K', state: 'queued', receipt: 'K1' }], { receiptKey: 'K', note: ' Own transfer ', staffEmail: 'f@x' })).toMatchObject({
      writes: [{ update: 'statementLines/K', data: { state: 'dismissed', note: 'Own transfer' } }],
      log: 'Put aside statement receipt K1: Own transfer',
    });
    expect(() => decideDismissLine([{ id: 'K', state: 'applied' }], { receiptKey: 'K', note: 'x', staffEmail: 'f@x' })).toThrow(/only a queued line/);
    expect(() => decideDismissLine([null], { receiptKey: 'K', note: 'x', staffEmail: 'f@x' })).toThrow(/gone/);
    expect(() => decideDismissLine([{ id: 'K', state: 'queued' }], { receiptKey: 'K', note: '', staffEmail: 'f@x' })).toThrow(/Say why/);
  });

  const stored = {
    id: 'TK12AB34CD',
    receipt: 'TK12AB34CD',
    state: 'applied',
    paymentId: 'pay-new',
    targetCollection: 'partners',
    targetId: 'app-1',
    amountMinor: 1_500_000,
    currency: 'KES',
  };
  // The payment counted what the line brought (the rules keep the two equal).
  const verified = { id: 'pay-new', status: 'verified', amountMinor: 1_500_000 };

  it('reads the line, its payment, the record and the claim', () => {
    expect(reversePaths({ receiptKey: 'TK12AB34CD', paymentId: 'pay-new', targetCollection: 'partners', targetId: 'app-1' })).toEqual([
      'statementLines/TK12AB34CD',
      'payments/pay-new',
      'partners/app-1',
      'paymentReferences/TK12AB34CD',
    ]);
  });

  it('takes the money off; the record goes back to unpaid and pending when it no longer covers the fee', () => {
    const paid = { ...partner, status: 'confirmed', paymentStatus: 'paid', receivedMinor: 5_000_000 };
    const d = decideReverseLine([stored, verified, paid, { id: 'TK12AB34CD', paymentId: 'pay-new' }], { note: 'Wrong record', staffEmail: 'f@x', seat: null });
    expect(dataAt(d.writes, 'partners/app-1')).toEqual({ receivedMinor: 3_500_000, receivedVia: 'pay-new', paymentStatus: 'unpaid', status: 'confirmed' });
    expect(dataAt(d.writes, 'payments/pay-new')).toMatchObject({ status: 'reversed', reversalNote: 'Wrong record' });
    expect(at(d.writes, 'paymentReferences/TK12AB34CD')).toEqual({ delete: 'paymentReferences/TK12AB34CD' });
    expect(d.log).toBe('Reversed statement receipt TK12AB34CD (KES 15,000) on application app-1: Wrong record');
    const registration = { ...paid, id: 'reg-1', status: 'confirmed' };
    const forRegistration = { ...stored, targetCollection: 'registrations', targetId: 'reg-1' };
    const r = decideReverseLine([forRegistration, verified, registration, null], { note: 'x', staffEmail: 'f@x', seat: null });
    expect(dataAt(r.writes, 'registrations/reg-1')).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    expect(dataAt(r.writes, 'checkouts/reg-1')).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
  });

  it('keeps the record paid when what remains still covers the fee, and leaves a claim it does not own', () => {
    const overpaid = { ...partner, paymentStatus: 'paid', receivedMinor: 6_500_000 };
    const d = decideReverseLine([stored, verified, overpaid, { id: 'TK12AB34CD', paymentId: 'someone-else' }], {
      note: 'Counted twice',
      staffEmail: 'f@x',
      seat: null,
    });
    expect(dataAt(d.writes, 'partners/app-1')).toEqual({ receivedMinor: 5_000_000, receivedVia: 'pay-new' });
    expect(at(d.writes, 'paymentReferences/TK12AB34CD')).toBeUndefined();
  });

  it('refuses without a note, for a line not applied, a payment not verified, or a missing record', () => {
    const reverse =
      (docs: Array<Record<string, unknown> | null>, note = 'x') =>
      () =>
        decideReverseLine(docs.map((d) => d && { id: 'x', ...d }) as never, { note, staffEmail: 'f@x', seat: null });
    expect(reverse([stored, verified, partner, null], ' ')).toThrow(/Say why/);
    expect(reverse([{ ...stored, state: 'queued' }, verified, partner, null])).toThrow(/only an applied line/);
    expect(reverse([stored, { status: 'reversed' }, partner, null])).toThrow(/is reversed: nothing to reverse/);
    expect(reverse([stored, verified, null, null])).toThrow(/Restore it before reversing/);
    // A line confirming a payment verified by hand is reversed with it, unless that payment counted nothing (older).
    expect(reverse([{ ...stored, state: 'recorded' }, verified, partner, null])).not.toThrow();
    expect(reverse([{ ...stored, state: 'recorded' }, { status: 'verified' }, partner, null])).toThrow(/before payments counted money/);
  });
});

describe('a line confirming a payment verified by hand', () => {
  const byHand = { id: 'pay-hand', status: 'verified', targetCollection: 'partners', targetId: 'app-1', amountMinor: line.amountMinor };
  const claim = { id: line.receiptKey, paymentId: 'pay-hand' };
  const a = { importId: 'imp-1', line, staffEmail: 'finance@example.org' };

  it('stores the line as that payment’s, and the payment names it: nothing counted, no record touched', () => {
    expect(recordedPaths(line.receiptKey, 'pay-hand')).toEqual([
      `statementLines/${line.receiptKey}`,
      'payments/pay-hand',
      `paymentReferences/${line.receiptKey}`,
    ]);
    const { writes, log } = decideRecordedLine([null, byHand, claim], a);
    expect(writes).toHaveLength(2);
    expect(dataAt(writes, 'payments/pay-hand')).toEqual({ statementLine: line.receiptKey });
    expect(dataAt(writes, `statementLines/${line.receiptKey}`)).toMatchObject({
      state: 'recorded',
      class: 'recorded',
      paymentId: 'pay-hand',
      targetCollection: 'partners',
      targetId: 'app-1',
      overMinor: 0,
      amountMinor: line.amountMinor,
    });
    expect(log).toMatch(/^Statement receipt .+ confirms payment pay-hand, recorded by hand for application app-1$/);
  });

  it('is a duplicate once stored, and goes to the queue when the payment changed since the preview', () => {
    expect(() => decideRecordedLine([{ id: line.receiptKey, state: 'recorded' }, byHand, claim], a)).toThrow(/already imported \(recorded\)/);
    for (const changed of [null, { ...byHand, status: 'reversed' }, { ...byHand, statementLine: 'OTHER' }]) {
      expect(() => decideRecordedLine([null, changed, claim], a)).toThrow(expect.objectContaining({ lineClass: 'unknown' }));
    }
    expect(() => decideRecordedLine([null, byHand, { ...claim, paymentId: 'pay-other' }], a)).toThrow(/has changed since/);
  });
});
