import { describe, expect, it } from 'vitest';
import { moneyOf, paidInPart, receivedAndDue, receivedMinorOf, stillDueMinor, refundDueMinor } from './money-received.ts';

// A Ksh 15,000 registration, unpaid and pending unless a case says otherwise.
const record = (over: Partial<Parameters<typeof receivedAndDue>[0]> = {}) => ({
  fee: 15000,
  receivedMinor: 0,
  status: 'pending',
  paymentStatus: 'unpaid',
  ...over,
});

describe('money received towards a record', () => {
  it('reads a stored record’s sum, 0 when it has none', () => {
    expect(receivedMinorOf({ receivedMinor: 500_050 })).toBe(500_050);
    expect(receivedMinorOf({})).toBe(0);
    expect(receivedMinorOf({ receivedMinor: '5000' })).toBe(0);
  });

  it('leaves the fee less what came in still due, never less than nothing', () => {
    expect(stillDueMinor(record({ receivedMinor: 500_000 }))).toBe(1_000_000);
    expect(stillDueMinor(record({ fee: 2999.5, receivedMinor: 0 }))).toBe(299_950);
    expect(stillDueMinor(record({ receivedMinor: 1_600_000 }))).toBe(0);
  });

  it('is paid in part while money came in and the record still owes: not paid, not cancelled', () => {
    expect(paidInPart(record({ receivedMinor: 1 }))).toBe(true);
    expect(paidInPart(record({ receivedMinor: 500_000, paymentStatus: 'submitted' }))).toBe(true);
    expect(paidInPart(record())).toBe(false);
    expect(paidInPart(record({ receivedMinor: 500_000, paymentStatus: 'paid', status: 'confirmed' }))).toBe(false);
    expect(paidInPart(record({ receivedMinor: 500_000, status: 'cancelled' }))).toBe(false);
  });
});

describe('a stored record’s money', () => {
  it('reads missing or odd fields as nothing', () => {
    expect(moneyOf({ fee: '15000', status: 'confirmed', paymentStatus: 'paid', receivedMinor: '9', keptMinor: 100 })).toEqual({
      fee: 15000,
      status: 'confirmed',
      paymentStatus: 'paid',
      receivedMinor: 0,
      refundedMinor: 0,
      keptMinor: 100,
    });
    expect(moneyOf({})).toMatchObject({ fee: 0, receivedMinor: 0, refundedMinor: 0, keptMinor: 0 });
  });
});

describe('what staff are shown beside the payment status', () => {
  it('for a record paid in part: what came in and what is still due', () => {
    expect(receivedAndDue(record({ receivedMinor: 500_000 }))).toEqual({
      receivedMinor: 500_000,
      dueMinor: 1_000_000,
      refundDueMinor: 0,
      refundedMinor: 0,
      keptMinor: 0,
    });
  });

  it('nothing for an unpaid record, a fully paid one, or one paid without statements', () => {
    expect(receivedAndDue(record())).toBeNull();
    expect(receivedAndDue(record({ receivedMinor: 1_500_000, paymentStatus: 'paid', status: 'confirmed' }))).toBeNull();
    // verified from the payer's own submission after a part payment: the status says paid
    expect(receivedAndDue(record({ receivedMinor: 500_000, paymentStatus: 'paid', status: 'confirmed' }))).toBeNull();
    expect(receivedAndDue(record({ fee: 0, paymentStatus: 'not-required', status: 'confirmed' }))).toBeNull();
  });

  it('what came in, nothing due, and the refund due: what is over the fee, or all of it on a cancelled or free record', () => {
    expect(receivedAndDue(record({ receivedMinor: 1_600_000, paymentStatus: 'paid', status: 'confirmed' }))).toEqual({
      receivedMinor: 1_600_000,
      dueMinor: 0,
      refundDueMinor: 100_000,
      refundedMinor: 0,
      keptMinor: 0,
    });
    expect(receivedAndDue(record({ receivedMinor: 500_000, status: 'cancelled' }))).toEqual({
      receivedMinor: 500_000,
      dueMinor: 0,
      refundDueMinor: 500_000,
      refundedMinor: 0,
      keptMinor: 0,
    });
    expect(receivedAndDue(record({ fee: 0, receivedMinor: 100_000, paymentStatus: 'not-required', status: 'confirmed' }))).toEqual({
      receivedMinor: 100_000,
      dueMinor: 0,
      refundDueMinor: 100_000,
      refundedMinor: 0,
      keptMinor: 0,
    });
    // Paid in full, then cancelled (it stays marked paid): all of it is the payer's, unless kept.
    expect(receivedAndDue(record({ receivedMinor: 1_500_000, paymentStatus: 'paid', status: 'cancelled' }))).toEqual({
      receivedMinor: 1_500_000,
      dueMinor: 0,
      refundDueMinor: 1_500_000,
      refundedMinor: 0,
      keptMinor: 0,
    });
    expect(receivedAndDue(record({ receivedMinor: 1_500_000, paymentStatus: 'paid', status: 'cancelled', keptMinor: 1_500_000 }))).toMatchObject({
      refundDueMinor: 0,
      keptMinor: 1_500_000,
    });
    // Less what was refunded already and what finance kept, never below nothing.
    expect(refundDueMinor(record({ receivedMinor: 500_000, status: 'cancelled', refundedMinor: 200_000, keptMinor: 100_000 }))).toBe(200_000);
    expect(refundDueMinor(record({ receivedMinor: 500_000, status: 'cancelled', keptMinor: 500_000 }))).toBe(0);
    expect(receivedAndDue(record({ receivedMinor: 500_000, status: 'cancelled', keptMinor: 500_000 }))).toMatchObject({
      refundDueMinor: 0,
      keptMinor: 500_000,
    });
    // Kept on a cancelled record, then reinstated and paid: the fee holds the money, nothing is due.
    expect(refundDueMinor(record({ receivedMinor: 1_500_000, paymentStatus: 'paid', status: 'confirmed', keptMinor: 1_500_000 }))).toBe(0);
    expect(refundDueMinor(record({ receivedMinor: 500_000, status: 'cancelled', refundedMinor: 200_000 }))).toBe(300_000);
    expect(refundDueMinor(record({ receivedMinor: 1_600_000, paymentStatus: 'paid', refundedMinor: 100_000 }))).toBe(0);
    // One cent over is a cent to refund.
    expect(refundDueMinor(record({ receivedMinor: 1_500_001, paymentStatus: 'paid', status: 'confirmed' }))).toBe(1);
    expect(refundDueMinor(record({ receivedMinor: 500_000 }))).toBe(0);
  });
});
