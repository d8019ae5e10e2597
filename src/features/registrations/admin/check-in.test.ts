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

describe('what the desk says, word for word', () => {
  it('sends an unknown code to the registration desk', () => {
    expect(checkInVerdict(null, 'NOPE')).toEqual({
      kind: 'refuse',
      message: 'No registration has the code NOPE. Check the code or send the attendee to the registration desk.',
    });
  });

  it('says an attendee is already in, without a time when none was recorded', () => {
    expect(checkInVerdict(holder('checked-in'), 'r1')).toEqual({ kind: 'refuse', message: 'Amina Yusuf is already checked in. A ticket admits once.' });
    expect(checkInVerdict({ ...holder('checked-in'), checkedInAt: null }, 'r1').message).toBe('Amina Yusuf is already checked in. A ticket admits once.');
  });

  it('gives the time of the first check-in in Nairobi, on the 24-hour clock', () => {
    expect(checkInVerdict({ ...holder('checked-in'), checkedInAt: new Date('2027-05-12T13:45:00Z') }, 'r1').message).toBe(
      'Amina Yusuf is already checked in at 16:45. A ticket admits once.',
    );
  });

  it('refuses each status short of confirmed, saying why', () => {
    expect(checkInVerdict(holder('pending', 'unpaid'), 'r1')).toEqual({
      kind: 'refuse',
      message: 'Amina Yusuf is not confirmed yet: it is not paid. Send them to the registration desk.',
    });
    expect(checkInVerdict(holder('pending', 'submitted'), 'r1')).toEqual({
      kind: 'refuse',
      message: 'Amina Yusuf is not confirmed yet: their payment is awaiting verification. Send them to the registration desk.',
    });
    expect(checkInVerdict(holder('cancelled'), 'r1').kind).toBe('refuse');
  });
});

describe('reading a scanned or typed code', () => {
  it.each([
    ['https://summit.example.org/checkout/AB12_cd-34/', 'AB12_cd-34'],
    ['/checkout/XYZ', 'XYZ'],
    ['  https://summit.example.org/checkout/abc123  ', 'abc123'],
    ['https://summit.example.org/checkout/abc123/extra', 'https://summit.example.org/checkout/abc123/extra'],
    ['https://summit.example.org/register/abc123', 'https://summit.example.org/register/abc123'],
    ['https://summit.example.org/checkout/', 'https://summit.example.org/checkout/'],
    ['https://summit.example.org/checkout/ab%20c', 'https://summit.example.org/checkout/ab%20c'],
  ])('reads %j as %j', (input, code) => {
    expect(normaliseCode(input)).toBe(code);
  });
});
