import { describe, expect, it } from 'vitest';
import { waitingEntry as entry } from './entries.test-support.ts';
import { decideOffer, decidePass, decideReminder, deadlineText, planOfferPass, planPlaces, reminderDue, WaitlistChanged } from './decisions.ts';

const HOUR = 3_600_000;
const now = new Date('2027-03-10T09:00:00Z');
const times = { unpaidHoldHours: 72, offerHours: 48 };
const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);

const offered = (email: string, minute: number, seat: string, hoursAgo: number) =>
  entry(email, minute, { status: 'offered', offer: { seat, claim: `claim${seat}`.padEnd(16, 'x'), at: at(hoursAgo) } });

const pathOf = (w: unknown) => (w as { update?: string; set?: string }).update ?? (w as { set: string }).set;
const dataOf = (w: unknown) => (w as { data: Record<string, unknown> }).data;

describe('the offer pass decides who gets which seat', () => {
  it('offers free seats to the people waiting, in list order, one seat each', () => {
    const waiting = [entry('c@x.org', 3), entry('a@x.org', 1), entry('b@x.org', 2)];
    const plan = planOfferPass({ offered: [], waiting, freeSeats: ['40', '41'], times, now });
    expect(plan.passes).toEqual([]);
    expect(plan.offers.map((o) => [o.entry.email, o.seat])).toEqual([
      ['a@x.org', '40'],
      ['b@x.org', '41'],
    ]);
  });

  it('passes a lapsed offer to the next person waiting before offering free seats, and leaves open offers alone', () => {
    const lapsed = offered('old@x.org', 0, '7', 49);
    const open = offered('open@x.org', 1, '8', 2);
    const waiting = [entry('a@x.org', 2), entry('b@x.org', 3), entry('c@x.org', 4)];
    // The lapsed offer's seat is free by time too: findFreeSeats may return it; it is not offered twice.
    const plan = planOfferPass({ offered: [lapsed, open], waiting, freeSeats: ['7', '40'], times, now });
    expect(plan.passes.map((p) => [p.lapsed.email, p.next?.email])).toEqual([['old@x.org', 'a@x.org']]);
    expect(plan.offers.map((o) => [o.entry.email, o.seat])).toEqual([['b@x.org', '40']]);
  });

  it('passes lapsed offers even when nobody is waiting, and offers nothing without a free seat', () => {
    const plan = planOfferPass({ offered: [offered('old@x.org', 0, '7', 49)], waiting: [], freeSeats: [], times, now });
    expect(plan.passes).toEqual([{ lapsed: expect.objectContaining({ email: 'old@x.org' }), next: null }]);
    expect(planOfferPass({ offered: [], waiting: [entry('a@x.org', 1)], freeSeats: [], times, now }).offers).toEqual([]);
  });

  it('an offer lapses by the offer time Settings gives, not before', () => {
    const justOpen = offered('o@x.org', 0, '7', 47.9);
    expect(planOfferPass({ offered: [justOpen], waiting: [entry('a@x.org', 1)], freeSeats: [], times, now }).passes).toEqual([]);
    expect(planOfferPass({ offered: [justOpen], waiting: [], freeSeats: [], times: { ...times, offerHours: 24 }, now }).passes).toHaveLength(1);
  });
});

describe('an offer', () => {
  const free = { id: '40', state: 'free', claim: '', heldSince: new Date(0) };

  it('offers a free seat: the slot and the entry in step, the email with the deadline, and the log line', () => {
    const { writes, log } = decideOffer(entry('a@x.org', 1), free, { seatId: '40', times, mailId: 'mail-9', now });
    expect(writes.map(pathOf)).toEqual(['seats/40', 'waitlist/a@x.org', 'seatMoves/40', 'counters/waitlist', 'mail/mail-9']);
    const claim = dataOf(writes[0]).claim;
    expect(dataOf(writes[0])).toMatchObject({ state: 'offered' });
    expect(dataOf(writes[1])).toMatchObject({ status: 'offered', offer: { seat: '40', claim } });
    expect(dataOf(writes[2])).toMatchObject({ from: null, to: { collection: 'waitlist', id: 'a@x.org' } });
    expect(dataOf(writes[3])).toMatchObject({ lastAddress: 'a@x.org' });
    expect(dataOf(writes[4])).toMatchObject({
      to: 'a@x.org',
      template: { name: 'waitlist-offer', data: { name: 'a', deadline: deadlineText(new Date(now.getTime() + 48 * HOUR)) } },
      recordCollection: 'waitlist',
      recordId: 'a@x.org',
    });
    expect(log).toBe('Offered seat 40 to a@x.org from the waiting list');
    expect(decideOffer(entry('a@x.org', 1), free, { seatId: '40', times, mailId: 'mail-9', now, by: 'schedule' }).log).toBe(
      'Offered (automatically) seat 40 to a@x.org from the waiting list',
    );
  });

  it('takes a lapsed hold as free, and refuses a seat held or offered now, or a person no longer waiting', () => {
    expect(() =>
      decideOffer(entry('a@x.org', 1), { ...free, state: 'held', claim: 'x'.repeat(16), heldSince: at(73) }, { seatId: '40', times, mailId: 'm', now }),
    ).not.toThrow();
    expect(() =>
      decideOffer(entry('a@x.org', 1), { ...free, state: 'held', claim: 'x'.repeat(16), heldSince: at(1) }, { seatId: '40', times, mailId: 'm', now }),
    ).toThrow('Seat 40 is no longer free.');
    expect(() => decideOffer(entry('a@x.org', 1, { status: 'withdrawn' }), free, { seatId: '40', times, mailId: 'm', now })).toThrow(WaitlistChanged);
    expect(() => decideOffer(null, free, { seatId: '40', times, mailId: 'm', now })).toThrow(WaitlistChanged);
  });
});

describe('passing a lapsed offer', () => {
  const lapsed = offered('old@x.org', 0, '7', 49);
  const claim = lapsed.offer!.claim;
  const seat = { id: '7', state: 'offered', claim, heldSince: at(49) };

  it('hands the seat to the next person waiting in the same transaction, with their email', () => {
    const { writes, log } = decidePass([lapsed, entry('a@x.org', 1), seat], { claim, times, mailId: 'mail-2', now });
    expect(writes.map(pathOf)).toEqual(['waitlist/old@x.org', 'seats/7', 'waitlist/a@x.org', 'seatMoves/7', 'counters/waitlist', 'mail/mail-2']);
    expect(dataOf(writes[0])).toEqual({ status: 'passed', offer: null });
    expect(dataOf(writes[1]).claim).not.toBe(claim);
    expect(dataOf(writes[3])).toMatchObject({ from: { collection: 'waitlist', id: 'old@x.org' }, to: { collection: 'waitlist', id: 'a@x.org' } });
    expect(log).toBe('Passed the lapsed offer of seat 7 to old@x.org; offered it to a@x.org');
  });

  it('only passes when nobody waits, or the seat was claimed meanwhile (a registration on the lapsed slot)', () => {
    expect(decidePass([lapsed, null, seat], { claim, times, mailId: 'm', now }).writes.map(pathOf)).toEqual(['waitlist/old@x.org']);
    const claimed = { ...seat, state: 'held', claim: 'y'.repeat(16) };
    expect(decidePass([lapsed, entry('a@x.org', 1), claimed], { claim, times, mailId: 'm', now }).writes.map(pathOf)).toEqual(['waitlist/old@x.org']);
  });

  it('refuses an offer still open, taken or already passed', () => {
    expect(() => decidePass([offered('o@x.org', 0, '7', 1), null, seat], { claim, times, mailId: 'm', now })).toThrow(WaitlistChanged);
    expect(() => decidePass([{ ...lapsed, status: 'registered' }, null, seat], { claim, times, mailId: 'm', now })).toThrow(WaitlistChanged);
    expect(() =>
      decidePass([{ ...lapsed, offer: { ...lapsed.offer!, claim: 'other'.padEnd(16, 'x') } }, null, seat], { claim, times, mailId: 'm', now }),
    ).toThrow(WaitlistChanged);
  });
});

describe('the reminder of an unpaid hold', () => {
  const passTimes = { ...times, holdReminderHours: 24 };
  const claim = 'z'.repeat(20);
  const r = {
    id: 'reg-1',
    fullName: 'Brian',
    email: 'brian@x.org',
    fee: 15000,
    currency: 'KES',
    status: 'pending',
    paymentStatus: 'unpaid',
    seat: '9',
    seatClaim: claim,
    paymentCode: 'NCS-7K2QD',
  };
  const seat = (hoursAgo: number) => ({ id: '9', state: 'held', claim, heldSince: at(hoursAgo) });

  it('is due within holdReminderHours of the hold’s end, not before and not after it lapsed', () => {
    expect(reminderDue(r, seat(47), passTimes, now)).toBe(false);
    expect(reminderDue(r, seat(49), passTimes, now)).toBe(true);
    expect(reminderDue(r, seat(73), passTimes, now)).toBe(false);
  });

  it('is not due once paid, submitted, cancelled or when the seat is someone else’s', () => {
    expect(reminderDue({ ...r, paymentStatus: 'submitted' }, seat(49), passTimes, now)).toBe(false);
    expect(reminderDue({ ...r, status: 'cancelled' }, seat(49), passTimes, now)).toBe(false);
    expect(reminderDue(r, { ...seat(49), claim: 'q'.repeat(20) }, passTimes, now)).toBe(false);
  });

  it('is one mail, named after the registration, with its name, reference, amount and the hold’s end', () => {
    const { writes, log } = decideReminder(r, seat(50), passTimes, now);
    expect(writes).toHaveLength(1);
    expect(pathOf(writes[0])).toBe('mail/hold-reminder-reg-1');
    expect(dataOf(writes[0])).toMatchObject({
      to: 'brian@x.org',
      template: {
        name: 'hold-reminder',
        data: { name: 'Brian', reference: 'reg-1', code: 'NCS-7K2QD', amount: 'KES 15,000', deadline: deadlineText(new Date(now.getTime() + 22 * HOUR)) },
      },
      recordCollection: 'registrations',
      recordId: 'reg-1',
    });
    expect(log).toMatch(/^Reminded brian@x.org that the unpaid hold of registration reg-1 ends /);
    expect(() => decideReminder(r, seat(10), passTimes, now)).toThrow(WaitlistChanged);
  });

  it('is not sent again when its document exists (read in the same transaction)', () => {
    expect(() => decideReminder(r, seat(50), passTimes, now, { id: 'hold-reminder-reg-1' })).toThrow('The reminder was sent already.');
  });
});

describe('each waiting person’s place in line', () => {
  it('numbers the people waiting from 1 in list order, skipping offers and people who left', () => {
    const waiting = [
      entry('c@x.org', 3),
      entry('a@x.org', 1),
      offered('o@x.org', 0, '7', 1),
      entry('w@x.org', 2, { status: 'withdrawn' }),
      entry('b@x.org', 2),
    ];
    expect(planPlaces(waiting)).toEqual([
      { update: 'waitlist/a@x.org', data: { place: 1 } },
      { update: 'waitlist/b@x.org', data: { place: 2 } },
      { update: 'waitlist/c@x.org', data: { place: 3 } },
    ]);
  });

  it('writes only the places that changed: someone ahead left, so everyone behind moves up one', () => {
    const waiting = [entry('a@x.org', 1, { place: 2 }), entry('b@x.org', 2, { place: 3 }), entry('c@x.org', 3, { place: 3 })];
    expect(planPlaces(waiting).map(pathOf)).toEqual(['waitlist/a@x.org', 'waitlist/b@x.org']);
    expect(planPlaces([entry('a@x.org', 1, { place: 1 })])).toEqual([]);
    expect(planPlaces([])).toEqual([]);
  });

  it('gives two people who joined in the same instant a stable order (by address)', () => {
    const same = [entry('z@x.org', 1), entry('m@x.org', 1)];
    expect(planPlaces(same).map(pathOf)).toEqual(['waitlist/m@x.org', 'waitlist/z@x.org']);
  });
});
