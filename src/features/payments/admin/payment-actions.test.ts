import { describe, expect, it } from 'vitest';
import { decideManual, decideReject, decideVerify, manualPaymentRefusal, verdictPaths, type AdminPayment } from './payment-actions.ts';

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
const waiting = { id: 'reg-1', status: 'pending', paymentStatus: 'submitted', lastPaymentId: 'pay-1', currency: 'KES' };
const staffEmail = 'finance@summit.test';
const dataOf = (w: unknown) => (w as { data: Record<string, unknown> }).data;
const pathOf = (w: unknown) => (w as { update?: string; set?: string }).update ?? (w as { set: string }).set;

describe('verifying a payment', () => {
  it('reads the payment and its record, and marks both in one set of writes', () => {
    expect(verdictPaths({ payment })).toEqual(['payments/pay-1', 'registrations/reg-1']);
    const { writes, log } = decideVerify([submitted, waiting], { payment, note: 'Seen on statement', staffEmail });
    expect(writes.map(pathOf)).toEqual(['payments/pay-1', 'registrations/reg-1']);
    expect(dataOf(writes[0])).toMatchObject({ status: 'verified', verifiedBy: staffEmail, note: 'Seen on statement' });
    expect(dataOf(writes[1])).toEqual({ paymentStatus: 'paid', status: 'confirmed', lastPaymentId: 'pay-1' });
    expect(log).toBe('Verified payment pay-1 (KES 5,000) for registration reg-1');
  });

  it('keeps a checked-in status, and refuses a payment already decided, a missing record or a second payment', () => {
    const { writes } = decideVerify([submitted, { ...waiting, status: 'checked-in' }], { payment, note: '', staffEmail });
    expect(dataOf(writes[1]).status).toBe('checked-in');
    expect(() => decideVerify([{ id: 'pay-1', status: 'verified' }, waiting], { payment, note: '', staffEmail })).toThrow('already verified');
    expect(() => decideVerify([submitted, null], { payment, note: '', staffEmail })).toThrow('was not found');
    expect(() => decideVerify([submitted, { ...waiting, paymentStatus: 'paid', lastPaymentId: 'pay-0' }], { payment, note: '', staffEmail })).toThrow('already paid');
  });
});

describe('rejecting a payment', () => {
  it('needs a note, and sends the record back to unpaid with it so the visitor can pay again', () => {
    expect(() => decideReject([submitted, waiting], { payment, note: ' ', staffEmail })).toThrow('Say why');
    const { writes, log } = decideReject([submitted, waiting], { payment, note: 'No such M-Pesa code', staffEmail });
    expect(dataOf(writes[0])).toMatchObject({ status: 'rejected', rejectedBy: staffEmail, note: 'No such M-Pesa code' });
    expect(dataOf(writes[1])).toEqual({ paymentStatus: 'unpaid', paymentNote: 'No such M-Pesa code' });
    expect(log).toBe('Rejected payment pay-1 (KES 5,000) for registration reg-1: No such M-Pesa code');
  });

  it('leaves the record alone when it waits on another payment or is already paid', () => {
    expect(decideReject([submitted, { ...waiting, lastPaymentId: 'pay-2' }], { payment, note: 'Duplicate', staffEmail }).writes).toHaveLength(1);
    expect(decideReject([submitted, { ...waiting, paymentStatus: 'paid' }], { payment, note: 'Duplicate', staffEmail }).writes).toHaveLength(1);
    expect(decideReject([submitted, null], { payment, note: 'Duplicate', staffEmail }).writes).toHaveLength(1);
  });
});

describe('recording a payment received directly', () => {
  const manual = { paymentId: 'pay-9', targetCollection: 'partners' as const, targetId: 'booth-1', payerName: 'Acme Ltd', method: 'cheque' as const, reference: 'CHQ 000123', amount: 150000, note: '', staffEmail };
  const unpaid = { id: 'booth-1', status: 'pending', paymentStatus: 'unpaid', currency: 'KES' };

  it('creates a verified payment in the record currency and marks the record paid and confirmed', () => {
    const { writes, log } = decideManual([unpaid], manual);
    expect(writes.map(pathOf)).toEqual(['payments/pay-9', 'partners/booth-1']);
    expect(dataOf(writes[0])).toMatchObject({ id: 'pay-9', status: 'verified', manual: true, currency: 'KES', amount: 150000, method: 'cheque', targetCollection: 'partners', targetId: 'booth-1', verifiedBy: staffEmail });
    expect(dataOf(writes[1])).toEqual({ paymentStatus: 'paid', status: 'confirmed', lastPaymentId: 'pay-9' });
    expect(log).toBe('Recorded cheque payment pay-9 (KES 150,000) for application booth-1');
  });

  it('refuses a record that is missing, cancelled, free, already paid or waiting on a submitted payment', () => {
    expect(() => decideManual([null], manual)).toThrow('No application has this reference.');
    expect(manualPaymentRefusal({ ...unpaid, status: 'cancelled' }, 'registration')).toMatch(/cancelled/);
    expect(manualPaymentRefusal({ ...unpaid, paymentStatus: 'not-required' }, 'registration')).toMatch(/needs no payment/);
    expect(manualPaymentRefusal({ ...unpaid, paymentStatus: 'paid' }, 'registration')).toMatch(/already paid/);
    expect(manualPaymentRefusal({ ...unpaid, paymentStatus: 'submitted', lastPaymentId: 'pay-3' }, 'registration')).toMatch(/\(pay-3\) is awaiting verification/);
    expect(manualPaymentRefusal(unpaid, 'registration')).toBeNull();
  });
});
