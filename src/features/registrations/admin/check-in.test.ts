import { describe, expect, it } from 'vitest';
import { checkInVerdict, normaliseCode } from './check-in.ts';

const holder = (status: string, paymentStatus = 'paid') => ({ id: 'r1', fullName: 'Amina Yusuf', status, paymentStatus });

describe('check-in', () => {
  it('admits a confirmed registration once', () => {
    expect(checkInVerdict(holder('confirmed'), 'r1')).toEqual({ kind: 'admit', message: 'Checked in: Amina Yusuf.' });
    expect(checkInVerdict({ ...holder('checked-in'), checkedInAt: new Date('2027-05-12T06:05:00Z') }, 'r1')).toEqual({
      kind: 'refuse',
      message: 'Amina Yusuf is already checked in at 09:05. A ticket admits once.',
    });
  });

  it('refuses unknown codes, cancelled and unpaid registrations with what to do', () => {
    expect(checkInVerdict(null, 'nope').message).toMatch(/^No registration has the code nope\./);
    expect(checkInVerdict(holder('cancelled'), 'r1').message).toBe('The registration of Amina Yusuf is cancelled.');
    expect(checkInVerdict(holder('pending', 'unpaid'), 'r1').message).toMatch(/not paid\. Send them to the registration desk/);
    expect(checkInVerdict(holder('pending', 'submitted'), 'r1').message).toMatch(/awaiting verification/);
  });

  it('takes a typed code or a scanned checkout link', () => {
    expect(normaliseCode('  abc123 ')).toBe('abc123');
    expect(normaliseCode('https://summit.example.org/checkout/abc123')).toBe('abc123');
  });
});
