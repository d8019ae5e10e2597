// Money kept, not refunded: never more than the refund due once the commit is done, a reason on one
// line (the payer's email quotes it), the record's kept money grown by exactly the amount, and the
// payer told the amount as the rules word it.
import { describe, expect, it } from 'vitest';
import { serverValues } from '../lib/db.ts';
import { keepMoney, keptLog, keptReasonProblem, tidyKeptReason, type MoneyKept } from './money-kept.ts';

const cancelled = {
  id: 'reg-1',
  fullName: 'Wanjiru Kamau',
  email: 'wanjiru@example.org',
  paymentCode: 'NCS-7K2QD',
  fee: 15000,
  currency: 'KES',
  status: 'cancelled',
  paymentStatus: 'paid',
  receivedMinor: 1_500_000,
};
const kept: MoneyKept = {
  keptId: 'kept-1',
  collection: 'registrations',
  id: 'reg-1',
  amountMinor: 1_500_000,
  reason: 'Cancelled 10 days before the summit.',
  staffEmail: 'finance@example.org',
};

describe('keeping money, not refunding it', () => {
  it('records the decision, grows the record’s kept money and emails the payer why', () => {
    const { changes, writes } = keepMoney(cancelled, kept);
    expect(changes).toEqual({ keptMinor: 1_500_000, keptVia: 'kept-1' });
    expect(writes).toEqual([
      {
        set: 'keptMoney/kept-1',
        data: {
          id: 'kept-1',
          timestamp: serverValues.now(),
          targetCollection: 'registrations',
          targetId: 'reg-1',
          amountMinor: 1_500_000,
          currency: 'KES',
          reason: 'Cancelled 10 days before the summit.',
          by: 'finance@example.org',
        },
      },
      expect.objectContaining({
        set: 'mail/kept-1',
        data: expect.objectContaining({
          to: 'wanjiru@example.org',
          template: {
            name: 'money-kept',
            data: { name: 'Wanjiru Kamau', reference: 'reg-1', code: 'NCS-7K2QD', amount: 'KES 15,000', reason: 'Cancelled 10 days before the summit.' },
          },
        }),
      }),
    ]);
    expect(keptLog(kept, 'KES')).toBe('kept KES 15,000, not refunded: Cancelled 10 days before the summit.');
  });

  it('adds to what was kept before; part of what is due, with cents, worded as the rules word it', () => {
    const { changes, writes } = keepMoney({ ...cancelled, keptMinor: 1_000_000, refundedMinor: 400_000 }, { ...kept, amountMinor: 50_050 });
    expect(changes).toEqual({ keptMinor: 1_050_050, keptVia: 'kept-1' });
    expect(writes[1]).toMatchObject({ data: { template: { data: { amount: 'KES 500.50' } } } });
  });

  it('never more than the refund due, nor nothing, nor on a record paid exactly', () => {
    expect(() => keepMoney({ ...cancelled, refundedMinor: 1 }, kept)).toThrow(/^At most KES 14,999\.99 is due to be refunded: no more can be kept\.$/);
    expect(() => keepMoney(cancelled, { ...kept, amountMinor: 0 })).toThrow('Enter the amount kept, more than nothing.');
    expect(() => keepMoney(cancelled, { ...kept, amountMinor: 10.5 })).toThrow('Enter the amount kept, more than nothing.');
    expect(() => keepMoney({ ...cancelled, status: 'confirmed' }, { ...kept, amountMinor: 1 })).toThrow(/^At most KES 0 is due/);
  });

  it.each([
    ['empty', '   '],
    ['two lines', 'Late\nBcc: someone@example.org'],
    ['a carriage return', 'Late\rcancellation'],
    ['301 characters', 'x'.repeat(301)],
  ])('refuses a reason that is %s', (_case, reason) => {
    expect(() => keepMoney(cancelled, { ...kept, reason })).toThrow('Give the reason on one line, at most 300 characters.');
  });

  it('trims the reason; 300 characters are enough', () => {
    expect(keepMoney(cancelled, { ...kept, reason: `  ${'x'.repeat(300)}  ` }).writes[0]).toMatchObject({ data: { reason: 'x'.repeat(300) } });
  });
});

describe('the reason, as the forms take it', () => {
  it('is one line: runs of spaces and line breaks become one space, the ends trimmed', () => {
    expect(tidyKeptReason('  Late\r\n cancellation\t under   the policy ')).toBe('Late cancellation under the policy');
  });

  it('is required, and at most 300 characters, worded for whom the email reaches', () => {
    expect(keptReasonProblem('')).toBe('Say why no refund is due: the payer is emailed it.');
    expect(keptReasonProblem('', 'attendee')).toBe('Say why no refund is due: the attendee is emailed it.');
    expect(keptReasonProblem('x'.repeat(301))).toBe('Keep the reason to 300 characters.');
    expect(keptReasonProblem('x'.repeat(300))).toBe('');
  });
});
