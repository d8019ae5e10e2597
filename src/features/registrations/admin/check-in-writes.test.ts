// What a check-in for a day and its undoing write: the one key of `attendance` (a field-path
// update, so the days already stored keep their exact times), the checkout projection in step,
// and nothing else of the registration.
import { describe, expect, it, vi } from 'vitest';
import { ServerValue } from '../../../lib/db.ts';
import { dataOf, pathOf, seatedRegistration, TAKEN_SEAT } from './seated.test-support.ts';

vi.mock('../../../lib/data.ts', () => ({ db: { newId: () => 'mail-1' } }));

const { CheckInRefused, decideCheckIn, decideUndoCheckIn } = await import('./check-in-actions.ts');

const DAYS = ['2027-03-10', '2027-03-11', '2027-03-12'];
/** 09:00 in Nairobi on `day`: the device's clock when the desk checks in. */
const on = (day: string) => new Date(`${day}T09:00:00+03:00`);
const seat = TAKEN_SEAT;
const registration = seatedRegistration;

const isTime = (v: unknown) => v instanceof ServerValue && v.kind === 'time';
const isRemoval = (v: unknown) => v instanceof ServerValue && v.kind === 'remove';

describe('checking in for a day', () => {
  it('writes the day, the time and the status as one update, with the checkout in step', () => {
    const { writes, log, result } = decideCheckIn(registration(), { code: 'reg-1', id: 'reg-1', day: '2027-03-11', days: DAYS }, seat, on('2027-03-11'));
    expect(writes.map(pathOf)).toEqual(['registrations/reg-1', 'checkouts/reg-1']);
    const data = dataOf(writes[0]);
    expect(Object.keys(data).sort()).toEqual(['attendance.2027-03-11', 'checkedInAt', 'status']);
    expect(isTime(data['attendance.2027-03-11']) && isTime(data.checkedInAt)).toBe(true);
    expect(data.status).toBe('checked-in');
    expect(dataOf(writes[1])).toMatchObject({ id: 'reg-1', status: 'checked-in' });
    expect(log).toBe('Checked in Wanjiru Kamau (reg-1) for 2027-03-11');
    expect(result).toMatch(/^Checked in: Wanjiru Kamau, for .*11 March 2027 — day 2 of 3; attended: Thu 11\.$/);
  });

  it('adds a new day to a registration checked in before, never rewriting the days it has', () => {
    const before = registration({ status: 'checked-in', attendance: { '2027-03-10': new Date('2027-03-10T06:00:00.123Z') } });
    const data = dataOf(decideCheckIn(before, { code: 'reg-1', id: 'reg-1', day: '2027-03-12', days: DAYS }, seat, on('2027-03-12')).writes[0]);
    expect(Object.keys(data).sort()).toEqual(['attendance.2027-03-12', 'checkedInAt', 'status']);
  });

  it('refuses (writing nothing) the same day twice, a day off the summit or not today, an unpaid or a missing registration', () => {
    const inToday = registration({ status: 'checked-in', attendance: { '2027-03-10': new Date('2027-03-10T06:00:00Z') } });
    expect(() => decideCheckIn(inToday, { code: 'reg-1', id: 'reg-1', day: '2027-03-10', days: DAYS }, seat, on('2027-03-10'))).toThrow(CheckInRefused);
    expect(() => decideCheckIn(inToday, { code: 'reg-1', id: 'reg-1', day: '2027-03-10', days: DAYS }, seat, on('2027-03-10'))).toThrow(
      /already checked in for .* at 09:00/,
    );
    expect(() => decideCheckIn(registration(), { code: 'reg-1', id: 'reg-1', day: '2027-03-13', days: DAYS }, seat, on('2027-03-13'))).toThrow(
      /is not a day of the summit/,
    );
    // A summit day that is not today by the device's clock: refused in words (the rules would refuse it bare).
    expect(() => decideCheckIn(registration(), { code: 'reg-1', id: 'reg-1', day: '2027-03-11', days: DAYS }, seat, on('2027-03-10'))).toThrow(
      /recorded on the day itself: .*11 March 2027 is not today/,
    );
    expect(() =>
      decideCheckIn(
        registration({ status: 'pending', paymentStatus: 'unpaid' }),
        { code: 'reg-1', id: 'reg-1', day: '2027-03-10', days: DAYS },
        seat,
        on('2027-03-10'),
      ),
    ).toThrow(/not confirmed yet/);
    expect(() => decideCheckIn(null, { code: 'nope', id: 'nope', day: '2027-03-10', days: DAYS }, null, on('2027-03-10'))).toThrow(
      /No registration has the code nope/,
    );
  });
});

describe('undoing a check-in', () => {
  it('removes only the latest day, and the registration stays checked in while days remain', () => {
    const two = registration({ status: 'checked-in', attendance: { '2027-03-11': new Date(), '2027-03-10': new Date() } });
    const { writes, log } = decideUndoCheckIn(two, 'Wanjiru Kamau', seat);
    expect(writes.map(pathOf)).toEqual(['registrations/reg-1', 'checkouts/reg-1']);
    const data = dataOf(writes[0]);
    expect(Object.keys(data).sort()).toEqual(['attendance.2027-03-11', 'status']);
    expect(isRemoval(data['attendance.2027-03-11'])).toBe(true);
    expect(data.status).toBe('checked-in');
    expect(log).toBe('Undid the check-in of Wanjiru Kamau (reg-1) for 2027-03-11');
  });

  it('confirms the registration again when the last day goes, its checkout in step', () => {
    const one = registration({ status: 'checked-in', attendance: { '2027-03-10': new Date() } });
    const { writes, log } = decideUndoCheckIn(one, 'Wanjiru Kamau', seat);
    expect(dataOf(writes[0]).status).toBe('confirmed');
    expect(dataOf(writes[1])).toMatchObject({ status: 'confirmed' });
    expect(log).toBe('Undid the check-in of Wanjiru Kamau (reg-1) for 2027-03-10; confirmed again');
  });

  it('confirms again a registration checked in before days were recorded, touching no day', () => {
    const { writes } = decideUndoCheckIn(registration({ status: 'checked-in' }), 'Wanjiru Kamau', seat);
    expect(dataOf(writes[0])).toEqual({ status: 'confirmed' });
  });

  it('is refused when the registration is no longer checked in (another desk undid it)', () => {
    expect(() => decideUndoCheckIn(registration(), 'Wanjiru Kamau', seat)).toThrow(/is not checked in \(now confirmed\)/);
    expect(() => decideUndoCheckIn(null, 'Wanjiru Kamau', null)).toThrow(CheckInRefused);
  });
});
