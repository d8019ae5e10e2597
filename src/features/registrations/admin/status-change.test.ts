import { describe, expect, it, vi } from 'vitest';
import { CLAIM, dataOf, pathOf, seatedRegistration, TAKEN_SEAT } from './seated.test-support.ts';

vi.mock('../../../lib/data.ts', () => ({ db: { newId: () => 'mail-1' } }));

const { decideStatusChange, freeSlot } = await import('./record-actions.ts');
const { SeatLostError } = await import('../../../data/registration-record.ts');

const now = new Date('2027-03-10T09:00:00Z');
const times = { unpaidHoldHours: 72, offerHours: 48 };
const current = seatedRegistration();
const record = { ...current } as unknown as Parameters<typeof decideStatusChange>[2]['record'];
const mine = TAKEN_SEAT;
const waiting = { id: 'next@x.org', email: 'next@x.org', fullName: 'Next Person', status: 'waiting' };

describe('a registration’s status change, with its checkout and its seat', () => {
  it('cancelling frees the seat when nobody waits', () => {
    const { writes, log } = decideStatusChange(current, mine, { record, name: 'Wanjiru', status: 'cancelled' }, { next: null, times, mailId: 'm', now });
    // The registrant is told, in the same commit (firestore.rules registrationCancelledMail).
    expect(writes.map(pathOf)).toEqual(['registrations/reg-1', 'checkouts/reg-1', 'seats/12', 'seatMoves/12', 'mail/registration-cancelled-reg-1-0']);
    expect(dataOf(writes[0])).toMatchObject({ status: 'cancelled', cancelledAt: expect.anything() });
    expect(dataOf(writes[1])).toMatchObject({ status: 'cancelled', seat: '12' });
    expect(dataOf(writes[2])).toEqual({ state: 'free', claim: '', heldSince: new Date(0) });
    expect(log).toBe('Set registration reg-1 (Wanjiru) to cancelled');
  });

  it('cancelling offers the seat straight to the first person waiting, with their email, in the same commit', () => {
    const { writes, log } = decideStatusChange(
      current,
      mine,
      { record, name: 'Wanjiru', status: 'cancelled' },
      { next: waiting, times, mailId: 'mail-7', now },
    );
    expect(writes.map(pathOf)).toEqual([
      'registrations/reg-1',
      'checkouts/reg-1',
      'seats/12',
      'waitlist/next@x.org',
      'seatMoves/12',
      'counters/waitlist',
      'mail/mail-7',
      'mail/registration-cancelled-reg-1-0',
    ]);
    expect(dataOf(writes[2])).toMatchObject({ state: 'offered' });
    expect(dataOf(writes[2]).claim).not.toBe(CLAIM);
    // The slot's move names the cancelled registration as what let it go, the entry as its holder.
    expect(dataOf(writes[4])).toMatchObject({ from: { collection: 'registrations', id: 'reg-1' }, to: { collection: 'waitlist', id: 'next@x.org' } });
    expect(dataOf(writes[6])).toMatchObject({ to: 'next@x.org', template: { name: 'waitlist-offer', data: { name: 'Next Person' } } });
    expect(log).toBe('Set registration reg-1 (Wanjiru) to cancelled; offered seat 12 to next@x.org from the waiting list');
    // Someone no longer waiting (they withdrew meanwhile): the seat is simply freed.
    const freed = decideStatusChange(
      current,
      mine,
      { record, name: 'Wanjiru', status: 'cancelled' },
      { next: { ...waiting, status: 'withdrawn' }, times, mailId: 'm', now },
    );
    expect(freed.writes.map(pathOf)).toEqual(['registrations/reg-1', 'checkouts/reg-1', 'seats/12', 'seatMoves/12', 'mail/registration-cancelled-reg-1-0']);
  });

  it('checking in keeps the seat and moves the checkout in step', () => {
    const { writes } = decideStatusChange(current, mine, { record, name: 'Wanjiru', status: 'checked-in' }, { next: null, times, mailId: 'm', now });
    expect(writes.map(pathOf)).toEqual(['registrations/reg-1', 'checkouts/reg-1']);
    expect(dataOf(writes[0])).toMatchObject({ status: 'checked-in', checkedInAt: expect.anything() });
  });

  it('reinstating takes the free slot it is given, with a new claim; with none free it is refused, saying so', () => {
    const cancelled = { ...current, status: 'cancelled' };
    const cancelledRecord = { ...record, status: 'cancelled' };
    const gone = { id: '12', state: 'held', claim: 'o'.repeat(20), heldSince: now };
    const reseat = { seat: '30', claim: 'n'.repeat(20) };
    const { writes, log } = decideStatusChange(
      cancelled,
      gone,
      { record: cancelledRecord, name: 'Wanjiru', status: 'pending' },
      { next: null, times, mailId: 'm', now, reseat },
    );
    expect(writes.map(pathOf)).toEqual(['registrations/reg-1', 'checkouts/reg-1', 'seats/30', 'seatMoves/30']);
    expect(dataOf(writes[0])).toMatchObject({ status: 'pending', seat: '30', seatClaim: reseat.claim });
    expect(log).toBe('Set registration reg-1 (Wanjiru) to pending on seat 30');
    expect(() =>
      decideStatusChange(cancelled, gone, { record: cancelledRecord, name: 'Wanjiru', status: 'pending' }, { next: null, times, mailId: 'm', now }),
    ).toThrow(SeatLostError);
  });

  it('finds a free slot for a reinstatement: its own old one first, else the first candidate still free', async () => {
    const free = { id: '12', state: 'free', claim: '', heldSince: new Date(0) };
    const taken = { id: '12', state: 'taken', claim: 'o'.repeat(20), heldSince: now };
    const slots: Record<string, Record<string, unknown>> = {
      'seats/40': { id: '40', state: 'held', claim: 'p'.repeat(20), heldSince: new Date() },
      'seats/41': { id: '41', state: 'free', claim: '', heldSince: new Date(0) },
    };
    const read = async (path: string) => (slots[path] as never) ?? null;
    expect(await freeSlot(free, ['40', '41'], times, read)).toEqual({ seat: '12', claim: expect.stringMatching(/^[A-Za-z0-9]{16,40}$/) });
    expect(await freeSlot(taken, ['40', '41'], times, read)).toMatchObject({ seat: '41' });
    expect(await freeSlot(taken, ['40'], times, read)).toBeUndefined();
  });

  it('refuses when the record changed or went meanwhile, saying so', () => {
    expect(() => decideStatusChange(null, null, { record, name: 'Wanjiru', status: 'cancelled' }, { next: null, times, mailId: 'm', now })).toThrow(
      /no longer exists/,
    );
    expect(() =>
      decideStatusChange({ ...current, status: 'checked-in' }, mine, { record, name: 'Wanjiru', status: 'cancelled' }, { next: null, times, mailId: 'm', now }),
    ).toThrow(/is now checked-in/);
  });
});
