import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDate,
  formatDateTime,
  fromNairobiDateTime,
  fromNairobiDeadlineDate,
  fromNairobiWallClock,
  lastNairobiDays,
  nairobiDayEnd,
  nairobiDayStart,
  nairobiFormat,
  toNairobiDate,
  toNairobiDateTime,
} from './nairobi-time.ts';

describe('Nairobi time', () => {
  it('a Nairobi day starts at 21:00 UTC the day before and ends 24 hours later', () => {
    expect(nairobiDayStart('2027-05-12').toISOString()).toBe('2027-05-11T21:00:00.000Z');
    expect(nairobiDayEnd('2027-05-12').toISOString()).toBe('2027-05-12T21:00:00.000Z');
  });

  it('late evening UTC is already the next day in Nairobi', () => {
    expect(toNairobiDate(new Date('2027-05-11T22:30:00Z'))).toBe('2027-05-12');
    expect(toNairobiDate(new Date('2027-05-11T20:59:59Z'))).toBe('2027-05-11');
  });

  it('datetime-local values round-trip as Nairobi wall-clock time', () => {
    const start = new Date('2027-05-12T06:00:00Z');
    expect(toNairobiDateTime(start)).toBe('2027-05-12T09:00');
    expect(fromNairobiDateTime('2027-05-12T09:00')?.toISOString()).toBe(start.toISOString());
    expect(fromNairobiDateTime('not a date')).toBeNull();
  });

  it('the last 30 days end with today and are contiguous, oldest first', () => {
    const days = lastNairobiDays(30, new Date('2027-05-11T22:30:00Z'));
    expect(days).toHaveLength(30);
    expect(days[29].date).toBe('2027-05-12');
    expect(days[0].date).toBe('2027-04-13');
    for (let i = 1; i < days.length; i++) expect(days[i].start).toEqual(days[i - 1].end);
  });
});

describe('Nairobi days for the back office', () => {
  it('gives each day’s date, its start and its end, 24 hours apart', () => {
    expect(lastNairobiDays(2, new Date('2027-05-12T09:00:00Z'))).toEqual([
      { date: '2027-05-11', start: new Date('2027-05-10T21:00:00Z'), end: new Date('2027-05-11T21:00:00Z') },
      { date: '2027-05-12', start: new Date('2027-05-11T21:00:00Z'), end: new Date('2027-05-12T21:00:00Z') },
    ]);
    expect(lastNairobiDays(1, new Date('2027-05-12T20:59:59Z'))).toEqual([
      { date: '2027-05-12', start: new Date('2027-05-11T21:00:00Z'), end: new Date('2027-05-12T21:00:00Z') },
    ]);
    expect(lastNairobiDays(0, new Date('2027-05-12T09:00:00Z'))).toEqual([]);
  });

  it('reads and writes datetime-local values across midnight', () => {
    expect(toNairobiDateTime(new Date('2027-05-11T22:15:00Z'))).toBe('2027-05-12T01:15');
    expect(fromNairobiDateTime('2027-05-12T01:15')).toEqual(new Date('2027-05-11T22:15:00Z'));
    expect(fromNairobiDateTime('')).toBeNull();
  });

  it('ends a date range at the next Nairobi midnight', () => {
    expect(nairobiDayEnd('2027-12-31')).toEqual(new Date('2027-12-31T21:00:00Z'));
    expect(nairobiDayStart('2028-01-01')).toEqual(new Date('2027-12-31T21:00:00Z'));
  });
});

describe('Nairobi times in the editors’ date fields', () => {
  it('shows a stored instant as Nairobi wall time, whatever the computer zone', () => {
    expect(toNairobiDateTime(new Date('2027-05-12T06:00:00Z'))).toBe('2027-05-12T09:00');
    expect(toNairobiDate(new Date('2027-05-12T22:30:00Z'))).toBe('2027-05-13');
  });

  it('reads typed Nairobi time back to the same instant', () => {
    expect(fromNairobiDateTime('2027-05-12T09:00')?.toISOString()).toBe('2027-05-12T06:00:00.000Z');
    expect(toNairobiDateTime(fromNairobiDateTime('2027-12-31T23:59'))).toBe('2027-12-31T23:59');
  });

  it('a deadline day lasts until 23:59 in Nairobi', () => {
    expect(fromNairobiDeadlineDate('2027-05-12')?.toISOString()).toBe('2027-05-12T20:59:00.000Z');
  });

  it('refuses incomplete and impossible dates instead of rolling them over', () => {
    expect(fromNairobiDateTime('')).toBeNull();
    expect(fromNairobiDateTime('2027-05-12')).toBeNull();
    expect(fromNairobiDateTime('2027-02-31T10:00')).toBeNull();
    expect(fromNairobiDeadlineDate('2027-13-01')).toBeNull();
    // The whole value, not a date somewhere inside it.
    expect(fromNairobiDateTime('x2027-05-12T09:00')).toBeNull();
    expect(fromNairobiDateTime('2027-05-12T09:00x')).toBeNull();
    expect(fromNairobiDeadlineDate('x2027-05-12')).toBeNull();
    expect(fromNairobiDeadlineDate('2027-05-12x')).toBeNull();
    expect(toNairobiDateTime(undefined)).toBe('');
    expect(toNairobiDate(new Date('nope'))).toBe('');
  });
});

describe('formatting and wall clocks', () => {
  it('formats in Nairobi whatever the reader’s zone', () => {
    const lateEvening = new Date('2027-05-12T21:30:00Z');
    expect(formatDate(lateEvening)).toBe('13 May 2027');
    expect(formatClock(lateEvening)).toBe('00:30');
    expect(formatDateTime(lateEvening)).toBe('13 May 2027, 00:30');
    expect(nairobiFormat({ weekday: 'long', day: 'numeric', month: 'long' }).format(lateEvening)).toBe('Thursday 13 May');
  });

  it('reads a wall-clock reading (a statement’s, a spreadsheet’s) as the instant it names in Nairobi', () => {
    expect(fromNairobiWallClock(Date.UTC(2026, 10, 20, 14, 3, 11)).toISOString()).toBe('2026-11-20T11:03:11.000Z');
  });
});
