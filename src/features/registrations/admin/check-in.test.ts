import { describe, expect, it } from 'vitest';
import { summitDays } from '../../../data/certificates.ts';
import { attendanceSummary, checkInVerdict, dayRefusal, defaultDay, normaliseCode, ticketLookup, undoCheckInPlan, type TicketHolder } from './check-in.ts';
import { newPaymentCode } from '../../../data/payment-codes.ts';

// The summit: Tue 10 to Thu, 12 March 2027, from 09:00 on the first day to 17:00 on the last (Nairobi).
const DAYS = summitDays(new Date('2027-03-10T06:00:00Z'), new Date('2027-03-12T14:00:00Z'));
const [TUE, WED, THU] = DAYS;

const holder = (status: string, paymentStatus = 'paid', attendance?: Record<string, unknown>): TicketHolder => ({
  id: 'r1',
  fullName: 'Amina Yusuf',
  status,
  paymentStatus,
  ...(attendance ? { attendance } : {}),
});

describe('the summit days the desk offers', () => {
  it('are the Nairobi dates from the first day to the last', () => {
    expect(DAYS).toEqual(['2027-03-10', '2027-03-11', '2027-03-12']);
  });

  it("default to today's Nairobi date when it is a summit day, and to none otherwise", () => {
    expect(defaultDay(DAYS, new Date('2027-03-11T12:00:00Z'))).toBe(WED);
    expect(defaultDay(DAYS, new Date('2027-03-13T12:00:00Z'))).toBe('');
    expect(defaultDay([], new Date('2027-03-11T12:00:00Z'))).toBe('');
  });

  it('turn at midnight in Nairobi (21:00 UTC), whatever the laptop thinks', () => {
    // 23:59:59 on Tue 9 March in Nairobi: not yet the summit.
    expect(defaultDay(DAYS, new Date('2027-03-09T20:59:59.999Z'))).toBe('');
    // 00:00 on Wed 10 March in Nairobi, still the 9th in UTC: the first day.
    expect(defaultDay(DAYS, new Date('2027-03-09T21:00:00.000Z'))).toBe(TUE);
    // 23:59 on the last day, then midnight: over.
    expect(defaultDay(DAYS, new Date('2027-03-12T20:59:59.999Z'))).toBe(THU);
    expect(defaultDay(DAYS, new Date('2027-03-12T21:00:00.000Z'))).toBe('');
  });
});

describe('checking in for a day', () => {
  it('admits a confirmed registration on the first day, saying which day of how many', () => {
    expect(checkInVerdict(holder('confirmed'), 'r1', TUE, DAYS, TUE)).toEqual({
      kind: 'admit',
      message: 'Checked in: Amina Yusuf, for Wed, 10 March 2027 — day 1 of 3; attended: Wed 10.',
    });
  });

  it('admits a registration checked in on earlier days again on a new day, listing every day attended', () => {
    const yesterday = holder('checked-in', 'paid', { [TUE]: new Date('2027-03-10T06:05:00Z') });
    expect(checkInVerdict(yesterday, 'r1', WED, DAYS, WED)).toEqual({
      kind: 'admit',
      message: 'Checked in: Amina Yusuf, for Thu, 11 March 2027 — day 2 of 3; attended: Wed 10, Thu 11.',
    });
  });

  it('admits on the last day, and lists a day missed out as it is (days in order)', () => {
    const first = holder('checked-in', 'paid', { [TUE]: new Date() });
    expect(checkInVerdict(first, 'r1', THU, DAYS, THU).message).toBe('Checked in: Amina Yusuf, for Fri, 12 March 2027 — day 3 of 3; attended: Wed 10, Fri 12.');
    // A later day already on the record (stored before the summit's dates moved): still in calendar order.
    const last = holder('checked-in', 'paid', { [THU]: new Date() });
    expect(checkInVerdict(last, 'r1', TUE, DAYS, TUE).message).toBe('Checked in: Amina Yusuf, for Wed, 10 March 2027 — day 1 of 3; attended: Wed 10, Fri 12.');
  });

  it('refuses the same day twice, with the time they came in that day in Nairobi', () => {
    const inToday = holder('checked-in', 'paid', { [TUE]: new Date('2027-03-10T05:45:00Z'), [WED]: new Date('2027-03-11T13:45:00Z') });
    expect(checkInVerdict(inToday, 'r1', WED, DAYS, WED)).toEqual({
      kind: 'refuse',
      message: 'Amina Yusuf is already checked in for Thu, 11 March 2027 at 16:45. A ticket admits once a day.',
    });
    expect(checkInVerdict(inToday, 'r1', TUE, DAYS, TUE).message).toBe(
      'Amina Yusuf is already checked in for Wed, 10 March 2027 at 08:45. A ticket admits once a day.',
    );
  });

  it('refuses the same day twice without a time when none was read (a day written but not yet read back)', () => {
    expect(checkInVerdict(holder('checked-in', 'paid', { [TUE]: null }), 'r1', TUE, DAYS, TUE).message).toBe(
      'Amina Yusuf is already checked in for Wed, 10 March 2027. A ticket admits once a day.',
    );
  });

  it('refuses a day that is not today, in words, before the rules would refuse it bare', () => {
    // Today is Thursday, the 11th: Wednesday and Friday are summit days but not today.
    expect(checkInVerdict(holder('confirmed'), 'r1', TUE, DAYS, WED)).toEqual({
      kind: 'refuse',
      message: 'Check-ins are recorded on the day itself: Wed, 10 March 2027 is not today. Choose today, Thu, 11 March 2027, at the top of the screen.',
    });
    expect(checkInVerdict(holder('confirmed'), 'r1', THU, DAYS, WED).kind).toBe('refuse');
    expect(checkInVerdict(holder('confirmed'), 'r1', '2027-03-13', DAYS, WED).message).toMatch(
      /^Check-ins are recorded on the day itself: Sat, 13 March 2027 is not today\./,
    );
    expect(checkInVerdict(holder('confirmed'), 'r1', '', DAYS, WED).message).toBe(
      'Check-ins are recorded on the day itself: no day is chosen. Choose today, Thu, 11 March 2027, at the top of the screen.',
    );
    // Before anything about the registration: a cancelled one hears about the day first.
    expect(checkInVerdict(holder('cancelled'), 'r1', TUE, DAYS, WED).message).toMatch(/^Check-ins are recorded on the day itself/);
  });

  it('refuses every day when today is not a summit day, whichever day is chosen', () => {
    const eve = '2027-03-09';
    const refusal =
      'Today (Tue, 9 March 2027) is not a day of the summit, so nobody can be checked in: attendees are checked in on each summit day, on the day itself.';
    for (const day of [...DAYS, eve, '']) expect(checkInVerdict(holder('confirmed'), 'r1', day, DAYS, eve)).toEqual({ kind: 'refuse', message: refusal });
    expect(checkInVerdict(holder('confirmed'), 'r1', TUE, [], TUE).kind).toBe('refuse');
    expect(dayRefusal(WED, DAYS, WED)).toBeNull();
  });

  it('refuses unknown codes, cancelled and unpaid registrations with what to do, on any day', () => {
    expect(checkInVerdict(null, 'NOPE', TUE, DAYS, TUE)).toEqual({
      kind: 'refuse',
      message: 'No registration has the code NOPE. Check the code or send the attendee to the registration desk.',
    });
    expect(checkInVerdict(holder('cancelled'), 'r1', TUE, DAYS, TUE).message).toBe('The registration of Amina Yusuf is cancelled.');
    // Cancelled after attending a day: still refused as cancelled, on that day and the next.
    expect(checkInVerdict(holder('cancelled', 'paid', { [TUE]: new Date() }), 'r1', TUE, DAYS, TUE).message).toBe(
      'The registration of Amina Yusuf is cancelled.',
    );
    expect(checkInVerdict(holder('pending', 'unpaid'), 'r1', TUE, DAYS, TUE)).toEqual({
      kind: 'refuse',
      message: 'Amina Yusuf is not confirmed yet: it is not paid. Send them to the registration desk.',
    });
    expect(checkInVerdict(holder('pending', 'submitted'), 'r1', WED, DAYS, WED)).toEqual({
      kind: 'refuse',
      message: 'Amina Yusuf is not confirmed yet: their payment is awaiting verification. Send them to the registration desk.',
    });
  });
});

describe('the days attended', () => {
  // Which days count is data/certificates.ts attendedDays (tested there); here how the desk says them.
  it('name a day outside the summit in full (the summit moved after it was recorded)', () => {
    expect(attendanceSummary(TUE, ['2027-03-03', TUE], DAYS)).toBe('day 1 of 3; attended: Wed, 3 March 2027, Wed 10');
  });
});

describe('undoing a check-in', () => {
  it('takes back the latest day, leaving the registration checked in while days remain', () => {
    expect(undoCheckInPlan(holder('checked-in', 'paid', { [WED]: 1, [TUE]: 1 }))).toEqual({ day: WED, remaining: [TUE], status: 'checked-in' });
  });

  it('confirms the registration again when its only day is taken back', () => {
    expect(undoCheckInPlan(holder('checked-in', 'paid', { [TUE]: 1 }))).toEqual({ day: TUE, remaining: [], status: 'confirmed' });
  });

  it('confirms again a registration checked in before days were recorded, removing no day', () => {
    expect(undoCheckInPlan(holder('checked-in'))).toEqual({ day: '', remaining: [], status: 'confirmed' });
  });

  it('refuses when the registration is not checked in any more, or gone', () => {
    expect(undoCheckInPlan(holder('confirmed'))).toEqual({ refuse: 'Amina Yusuf is not checked in (now confirmed): reload the page.' });
    expect(undoCheckInPlan(null)).toEqual({ refuse: 'This registration no longer exists (archived?).' });
  });
});

describe('reading a scanned or typed code', () => {
  it.each([
    ['  abc123 ', 'abc123'],
    ['https://summit.example.org/checkout/abc123', 'abc123'],
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

describe('what a ticket code names', () => {
  // As printed under the QR code and in the emails.
  const CODE = newPaymentCode(() => new Uint8Array([0, 4, 22, 3]));
  const body = CODE.slice(4);

  it.each([CODE, CODE.toLowerCase(), `ncs ${body.toLowerCase()}`, `NCS${body}`, ` ${body.toLowerCase()} `, `ncs-${body.slice(0, 2)} ${body.slice(2)}`])(
    'reads %j as the payment code',
    (typed) => {
      expect(ticketLookup(typed)).toEqual({ paymentCode: CODE });
    },
  );

  it('reads a reference as checkout does: any case, spaced, from the QR code or the checkout link', () => {
    expect(ticketLookup('7k2q x9ab c3de f4gh')).toEqual({ reference: '7K2QX9ABC3DEF4GH' });
    expect(ticketLookup('https://summit.example.org/checkout/7K2QX9ABC3DEF4GH')).toEqual({ reference: '7K2QX9ABC3DEF4GH' });
    // References from before the format (the demo's) are taken as typed.
    expect(ticketLookup('demo-registration-1')).toEqual({ reference: 'demo-registration-1' });
  });

  it('names nothing for a code with a wrong check symbol read as a reference, or for text no record is named by', () => {
    const wrongCheck = `${CODE.slice(0, -1)}${CODE.endsWith('2') ? '3' : '2'}`;
    // Not a code: looked up as the reference it could be, which no registration has.
    expect(ticketLookup(wrongCheck)).toEqual({ reference: wrongCheck });
    expect(ticketLookup('')).toBeNull();
    expect(ticketLookup('a/b')).toBeNull();
    expect(ticketLookup('<script>')).toBeNull();
  });
});
