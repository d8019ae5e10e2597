import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverValues } from '../lib/db.ts';
import {
  joinWaitlistWrites,
  rejoinAt,
  REJOIN_MINUTES,
  offerExpiry,
  waitingCountWrite,
  withdrawWrites,
  offerOpen,
  offerWrites,
  passWrite,
  positionBetween,
  waitlistPath,
} from './waitlist.ts';

const HOUR = 3_600_000;
const times = { unpaidHoldHours: 72, offerHours: 48 };
const now = new Date('2027-03-01T12:00:00Z');

describe('the waiting list', () => {
  it('one entry per address, in lower case, joined at the end by the server’s clock', () => {
    const [write, count] = joinWaitlistWrites({ email: 'Amina@Example.org', fullName: 'Amina', category: 'delegate', phone: '+254' });
    expect(write).toMatchObject({ set: 'waitlist/amina@example.org', data: { status: 'waiting', offer: null, position: serverValues.now() } });
    expect(count).toEqual(waitingCountWrite('amina@example.org', 1));
    expect(waitlistPath(' B@X.org')).toBe('waitlist/b@x.org');
  });

  it('the count of people waiting moves by one with the entry it names, in lower case', () => {
    expect(waitingCountWrite(' Amina@Example.org', -1)).toEqual({
      set: 'counters/waitlist',
      data: { waiting: serverValues.increment(-1), lastAddress: 'amina@example.org' },
      merge: true,
    });
    // Leaving while waiting moves it; declining an offer does not (the offer already did).
    expect(withdrawWrites({ email: 'a@x.org', status: 'waiting' })).toHaveLength(2);
    expect(withdrawWrites({ email: 'a@x.org', status: 'offered' })).toEqual([{ update: 'waitlist/a@x.org', data: { status: 'withdrawn', offer: null } }]);
  });

  it('an offer marks the slot and the entry with the same claim, at the same server time, names the entry as the slot’s holder, and one fewer waits', () => {
    const from = { collection: 'registrations' as const, id: 'REG1' };
    const [slot, entry, move, count] = offerWrites('Amina@example.org', '12', { claim: 'OFFERCLAIMOFFER1', from });
    expect(count).toEqual(waitingCountWrite('amina@example.org', -1));
    expect(slot).toEqual({ set: 'seats/12', data: { state: 'offered', claim: 'OFFERCLAIMOFFER1', heldSince: serverValues.now() } });
    expect(entry).toEqual({
      update: 'waitlist/amina@example.org',
      data: { status: 'offered', offer: { seat: '12', claim: 'OFFERCLAIMOFFER1', at: serverValues.now() } },
    });
    expect(move).toEqual({ set: 'seatMoves/12', data: { from, to: { collection: 'waitlist', id: 'amina@example.org' }, at: serverValues.now() } });
    expect(offerWrites('amina@example.org', '12')[2]).toMatchObject({ data: { from: null } });
    expect(passWrite('amina@example.org')).toEqual({ update: 'waitlist/amina@example.org', data: { status: 'passed', offer: null } });
  });

  it('someone who joined may join again (having left) only REJOIN_MINUTES later, as the rules say', () => {
    const joined = new Date(now.getTime() - 9 * 60_000);
    expect(rejoinAt({ timestamp: joined }, now)).toEqual(new Date(joined.getTime() + 10 * 60_000));
    expect(rejoinAt({ timestamp: new Date(now.getTime() - 10 * 60_000) }, now)).toBeNull();
    expect(rejoinAt(null, now)).toBeNull();
    const rules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
    expect(rules).toContain(`request.time >= resource.data.timestamp + duration.value(${REJOIN_MINUTES}, 'm')`);
  });

  it('an offer stays open for the offer time, and not once passed or claimed', () => {
    const offer = { seat: '12', claim: 'C', at: new Date(now.getTime() - 47 * HOUR) };
    expect(offerExpiry({ offer }, times)).toEqual(new Date(offer.at.getTime() + 48 * HOUR));
    expect(offerOpen({ status: 'offered', offer }, times, now)).toBe(true);
    expect(offerOpen({ status: 'offered', offer: { ...offer, at: new Date(now.getTime() - 49 * HOUR) } }, times, now)).toBe(false);
    expect(offerOpen({ status: 'registered', offer }, times, now)).toBe(false);
    expect(offerOpen({ status: 'waiting', offer: null }, times, now)).toBe(false);
    expect(offerExpiry({ offer: null }, times)).toBeNull();
  });

  it('moving someone puts them between their new neighbours, or a minute beyond either end', () => {
    const a = new Date('2027-01-01T10:00:00Z');
    const b = new Date('2027-01-01T10:00:10Z');
    const mid = positionBetween(a, b);
    expect(mid > a && mid < b).toBe(true);
    expect(positionBetween(a, null)).toEqual(new Date(a.getTime() + 60_000));
    expect(positionBetween(null, b)).toEqual(new Date(b.getTime() - 60_000));
  });
});
