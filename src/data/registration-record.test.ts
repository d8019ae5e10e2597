import { describe, expect, it } from 'vitest';
import { serverValues, writePath } from '../lib/db.ts';
import { checkoutOf, registrationChange, SeatLostError } from './registration-record.ts';
import { activeRegistration, attendeePath, registrationLapsed } from './attendees.ts';

const HOUR = 3_600_000;
const times = { unpaidHoldHours: 72, offerHours: 48 };
const now = new Date('2027-03-01T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

const registration = {
  id: 'R1',
  fullName: 'Achieng Otieno',
  email: 'achieng@example.org',
  phone: '+254 700 000 000',
  organisation: 'KNH',
  accessibilityNeeds: 'Wheelchair access',
  dietaryNeeds: 'Vegetarian',
  category: 'delegate',
  fee: 15000,
  currency: 'KES',
  status: 'pending',
  paymentStatus: 'unpaid',
  seat: '7',
  seatClaim: 'CLAIMCLAIMCLAIM7',
  heldSince: ago(1),
};
const seat = (over: Record<string, unknown> = {}) => ({ id: '7', state: 'held', claim: 'CLAIMCLAIMCLAIM7', heldSince: ago(1), ...over });

describe('what the reference alone opens (checkouts/{id})', () => {
  it('holds what checkout shows and nothing of phone, organisation or needs', () => {
    const projection = checkoutOf(registration);
    expect(Object.keys(projection).sort()).toEqual(
      [
        'category',
        'currency',
        'email',
        'fee',
        'fullName',
        'id',
        'paymentCode',
        'paymentNote',
        'paymentStatus',
        'receivedMinor',
        'seat',
        'seatClaim',
        'status',
      ].sort(),
    );
    expect(JSON.stringify(projection)).not.toMatch(/KNH|Wheelchair|Vegetarian|\+254/);
  });

  it('fills the rules’ defaults for a record without a note, seat, hold, payment code or money received', () => {
    const { seat: _s, seatClaim: _c, heldSince: _h, ...old } = registration;
    expect(checkoutOf(old)).toMatchObject({ paymentNote: '', seat: '', seatClaim: '', paymentCode: '', receivedMinor: 0 });
    expect(checkoutOf({ ...registration, paymentCode: 'NCS-7K2QD' }).paymentCode).toBe('NCS-7K2QD');
    expect(checkoutOf({ ...registration, receivedMinor: 750_000 }).receivedMinor).toBe(750_000);
  });
});

describe('a staff change to a registration, with its projection and its seat', () => {
  it('cancelling frees the seat in the same commit, naming the registration as the slot’s `from`', () => {
    expect(registrationChange(registration, { status: 'cancelled' }, seat())).toEqual([
      { update: 'registrations/R1', data: { status: 'cancelled' } },
      { set: 'checkouts/R1', data: checkoutOf({ ...registration, status: 'cancelled' }) },
      { set: 'seats/7', data: { state: 'free', claim: '', heldSince: new Date(0) } },
      { set: 'seatMoves/7', data: { from: { collection: 'registrations', id: 'R1' }, to: null, at: serverValues.now() } },
    ]);
  });

  it('the attendee’s own cancellation frees the seat without a seat move (only staff write one)', () => {
    expect(registrationChange(registration, { status: 'cancelled' }, seat(), { byOwner: true }).map(writePath)).toEqual([
      'registrations/R1',
      'checkouts/R1',
      'seats/7',
    ]);
  });

  it('cancelling hands the seat to the waiting list instead, when told to', () => {
    const offer = [{ update: 'waitlist/x@example.org', data: { status: 'offered' } }];
    expect(registrationChange(registration, { status: 'cancelled' }, seat(), { offerTo: offer }).slice(2)).toEqual(offer);
  });

  it('a seat someone else now holds is left alone when cancelling', () => {
    expect(registrationChange(registration, { status: 'cancelled' }, seat({ claim: 'SOMEONEELSESCLAIM' }))).toHaveLength(2);
  });

  it('being paid takes the seat for good', () => {
    const writes = registrationChange(registration, { paymentStatus: 'paid', status: 'confirmed' }, seat());
    expect(writes[2]).toMatchObject({ set: 'seats/7', data: { state: 'taken', claim: 'CLAIMCLAIMCLAIM7' } });
    expect(writes[3]).toMatchObject({ set: 'seatMoves/7', data: { to: { collection: 'registrations', id: 'R1' } } });
  });

  it('a rejected payment starts a new hold from now, on the slot and the record alike', () => {
    const current = { ...registration, paymentStatus: 'submitted' };
    const [record, checkout, slot, move] = registrationChange(current, { paymentStatus: 'unpaid', paymentNote: 'No such code' }, seat({ state: 'taken' }));
    expect(move).toMatchObject({ set: 'seatMoves/7', data: { to: { collection: 'registrations', id: 'R1' } } });
    expect(record).toEqual({ update: 'registrations/R1', data: { paymentStatus: 'unpaid', paymentNote: 'No such code', heldSince: serverValues.now() } });
    expect(checkout).toMatchObject({ data: { paymentStatus: 'unpaid', paymentNote: 'No such code' } });
    expect(slot).toEqual({ set: 'seats/7', data: { state: 'held', claim: 'CLAIMCLAIMCLAIM7', heldSince: serverValues.now() } });
  });

  it('refuses to record a payment for a registration whose seat went to someone else', () => {
    expect(() => registrationChange(registration, { paymentStatus: 'paid', status: 'confirmed' }, seat({ claim: 'SOMEONEELSESCLAIM' }))).toThrow(SeatLostError);
  });

  it('confirming an unpaid registration takes its seat for good (a confirmed attendee never lapses)', () => {
    expect(registrationChange(registration, { status: 'confirmed' }, seat())[2]).toMatchObject({ set: 'seats/7', data: { state: 'taken' } });
    expect(() => registrationChange(registration, { status: 'confirmed' }, seat({ claim: 'SOMEONEELSESCLAIM' }))).toThrow(SeatLostError);
  });

  it('reinstating a cancelled registration claims the free slot found for it, or is refused without one', () => {
    const cancelled = { ...registration, status: 'cancelled' };
    const writes = registrationChange(cancelled, { status: 'pending' }, seat({ claim: '' }), { reseat: { seat: '9', claim: 'NEWCLAIMNEWCLAIM' } });
    expect(writes[0]).toEqual({
      update: 'registrations/R1',
      data: { status: 'pending', seat: '9', seatClaim: 'NEWCLAIMNEWCLAIM', heldSince: serverValues.now() },
    });
    expect(writes[1]).toMatchObject({ data: { seat: '9', status: 'pending' } });
    expect(writes[2]).toEqual({ set: 'seats/9', data: { state: 'held', claim: 'NEWCLAIMNEWCLAIM', heldSince: serverValues.now() } });
    expect(writes[3]).toEqual({ set: 'seatMoves/9', data: { from: null, to: { collection: 'registrations', id: 'R1' }, at: serverValues.now() } });
    expect(() => registrationChange(cancelled, { status: 'pending' }, null)).toThrow(SeatLostError);
  });

  it('a record from before seat slots changes without touching any slot', () => {
    const { seat: _s, seatClaim: _c, heldSince: _h, ...old } = registration;
    expect(registrationChange({ ...old, status: 'cancelled' }, { status: 'pending' }, null)).toHaveLength(2);
  });

  it('a check-in moves the projection only', () => {
    const paid = { ...registration, status: 'confirmed', paymentStatus: 'paid' };
    expect(registrationChange(paid, { status: 'checked-in' }, seat({ state: 'taken' }))).toHaveLength(2);
  });
});

describe('one active registration per address', () => {
  it('an unpaid registration lapses when its hold runs out or its slot has another claim', () => {
    expect(registrationLapsed(registration, seat(), times, now)).toBe(false);
    expect(registrationLapsed(registration, seat({ heldSince: ago(73) }), times, now)).toBe(true);
    expect(registrationLapsed(registration, seat({ claim: 'ANOTHERCLAIMXXXX' }), times, now)).toBe(true);
    expect(registrationLapsed(registration, null, times, now)).toBe(true);
  });

  it('a paid, free or submitted registration never lapses', () => {
    for (const paymentStatus of ['paid', 'not-required', 'submitted'])
      expect(registrationLapsed({ ...registration, paymentStatus }, seat({ heldSince: ago(500) }), times, now)).toBe(false);
  });

  it('reads the address’s entry in any letter case and answers with the registration that holds its seat', async () => {
    const docs: Record<string, Record<string, unknown>> = {
      [attendeePath('Achieng@Example.ORG')]: { registrationId: 'R1' },
      'registrations/R1': registration,
      'seats/7': seat(),
    };
    const read = async (path: string) => (docs[path] ? { id: path.split('/')[1], ...docs[path] } : null);
    expect(attendeePath('  Achieng@Example.ORG ')).toBe('attendees/achieng@example.org');
    expect(await activeRegistration('ACHIENG@example.org', times, read, now)).toBe('R1');
    docs['registrations/R1'] = { ...registration, status: 'cancelled' };
    expect(await activeRegistration('achieng@example.org', times, read, now)).toBeNull();
    docs['registrations/R1'] = registration;
    docs['seats/7'] = seat({ heldSince: ago(80) });
    expect(await activeRegistration('achieng@example.org', times, read, now)).toBeNull();
    delete docs['registrations/R1'];
    expect(await activeRegistration('achieng@example.org', times, read, now)).toBeNull();
    expect(await activeRegistration('nobody@example.org', times, read, now)).toBeNull();
  });
});
