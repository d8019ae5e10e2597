import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/data.ts', () => ({ db: {} }));
const { decideKeep, decideRefund, decisionPaths } = await import('./refunds.ts');
const { serverValues } = await import('../../../lib/db.ts');

const now = new Date('2027-03-10T09:00:00Z');
const overpaid = {
  id: 'reg-1',
  fullName: 'Wanjiru Kamau',
  email: 'wanjiru@example.org',
  paymentCode: 'NCS-7K2QD',
  fee: 15000,
  currency: 'KES',
  status: 'confirmed',
  paymentStatus: 'paid',
  receivedMinor: 2_000_000,
  seat: '',
};
const made = {
  refundId: 'ref-1',
  collection: 'registrations' as const,
  id: 'reg-1',
  amountMinor: 500_000,
  method: 'mobile-money' as const,
  reference: 'TLK4H2QX9B',
  refundedOn: new Date('2027-03-09T21:00:00Z'),
  note: 'Sent from the institute’s M-Pesa',
  staffEmail: 'finance@example.org',
};
const data = (w: unknown) => (w as { data: Record<string, unknown> }).data;

describe('recording a refund made', () => {
  it('writes the refund, grows what the record has refunded, and emails its payer, in one commit', () => {
    expect(decisionPaths(made)).toEqual(['registrations/reg-1']);
    const { writes, log } = decideRefund([overpaid], made, now);
    expect(writes.map((w) => ('set' in w ? w.set : 'update' in w ? w.update : w.delete))).toEqual([
      'refunds/ref-1',
      'registrations/reg-1',
      'checkouts/reg-1',
      'mail/ref-1',
    ]);
    expect(data(writes[0])).toEqual({
      id: 'ref-1',
      timestamp: serverValues.now(),
      targetCollection: 'registrations',
      targetId: 'reg-1',
      amountMinor: 500_000,
      currency: 'KES',
      method: 'mobile-money',
      reference: 'TLK4H2QX9B',
      refundedOn: made.refundedOn,
      note: 'Sent from the institute’s M-Pesa',
      by: 'finance@example.org',
    });
    expect(data(writes[1])).toEqual({ refundedMinor: 500_000, refundedVia: 'ref-1' });
    expect(data(writes[3])).toMatchObject({
      to: 'wanjiru@example.org',
      template: {
        name: 'refund-sent',
        data: { name: 'Wanjiru Kamau', reference: 'reg-1', code: 'NCS-7K2QD', amount: 'KES 5,000', refundReference: 'TLK4H2QX9B' },
      },
    });
    expect(log).toBe('Recorded a refund of KES 5,000 (Mobile money, reference TLK4H2QX9B, 10 March 2027) for registration reg-1');
  });

  it('adds to what was refunded before, up to the refund due and not a cent more', () => {
    const part = decideRefund([{ ...overpaid, refundedMinor: 200_000 }], { ...made, amountMinor: 300_000 }, now);
    expect(data(part.writes[1])).toEqual({ refundedMinor: 500_000, refundedVia: 'ref-1' });
    expect(() => decideRefund([{ ...overpaid, refundedMinor: 200_000 }], { ...made, amountMinor: 300_001 }, now)).toThrow(
      /^At most Ksh\s3,000 is due to be refunded on this registration\.$/,
    );
  });

  it('refuses a record with no refund due, a refund dated ahead, and a record gone', () => {
    expect(() => decideRefund([{ ...overpaid, receivedMinor: 1_500_000 }], made, now)).toThrow('No refund is due on this registration now.');
    expect(() => decideRefund([{ ...overpaid, status: 'pending', paymentStatus: 'unpaid', receivedMinor: 500_000 }], made, now)).toThrow(/No refund is due/);
    expect(() => decideRefund([overpaid], { ...made, refundedOn: new Date(now.getTime() + 60_000) }, now)).toThrow('The refund cannot be dated in the future.');
    expect(() => decideRefund([null], made, now)).toThrow(/was not found/);
  });

  it('all of it on a cancelled record', () => {
    const cancelled = { ...overpaid, status: 'cancelled', receivedMinor: 1_500_000 };
    expect(data(decideRefund([cancelled], { ...made, amountMinor: 1_500_000 }, now).writes[1])).toEqual({ refundedMinor: 1_500_000, refundedVia: 'ref-1' });
  });
});

describe('recording that no refund is due', () => {
  const kept = {
    keptId: 'kept-1',
    collection: 'registrations' as const,
    id: 'reg-1',
    amountMinor: 500_000,
    reason: 'The payer asked us to keep it as a donation.',
    staffEmail: 'finance@example.org',
  };

  it('writes the decision, the record counting it with its checkout, and the payer’s email, in one commit', () => {
    expect(decisionPaths(kept)).toEqual(['registrations/reg-1']);
    const { writes, log } = decideKeep([overpaid], kept);
    expect(writes.map((w) => ('set' in w ? w.set : 'update' in w ? w.update : w.delete))).toEqual([
      'keptMoney/kept-1',
      'mail/kept-1',
      'registrations/reg-1',
      'checkouts/reg-1',
    ]);
    expect(data(writes[2])).toEqual({ keptMinor: 500_000, keptVia: 'kept-1' });
    expect(log).toBe('On registration reg-1, kept KES 5,000, not refunded: The payer asked us to keep it as a donation.');
  });

  it('an application, with its own checkout; never more than due; never a record gone', () => {
    const booth = { ...overpaid, id: 'app-1', organisation: 'Afya Labs', contactName: 'Amina', kind: 'booth', fee: 50000, receivedMinor: 5_000_001 };
    const { writes } = decideKeep([booth], { ...kept, collection: 'partners', id: 'app-1', amountMinor: 1 });
    expect(writes.map((w) => ('set' in w ? w.set : 'update' in w ? w.update : w.delete))).toEqual([
      'keptMoney/kept-1',
      'mail/kept-1',
      'partners/app-1',
      'applicationCheckouts/app-1',
    ]);
    expect(() => decideKeep([booth], { ...kept, collection: 'partners', id: 'app-1', amountMinor: 2 })).toThrow(/^At most KES 0\.01 is due/);
    expect(() => decideKeep([null], kept)).toThrow(/^The registration reg-1 was not found/);
  });
});
