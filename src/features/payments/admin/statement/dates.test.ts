import { describe, expect, it } from 'vitest';
import { parseStatementDate } from './dates.ts';

const utc = (iso: string) => new Date(iso);

describe('parseStatementDate (Nairobi, UTC+3, no daylight saving)', () => {
  it.each([
    ['2026-11-20 14:03:11', '2026-11-20T11:03:11.000Z'],
    ['2026-11-20T14:03:11', '2026-11-20T11:03:11.000Z'],
    ['20-11-2026 14:03:11', '2026-11-20T11:03:11.000Z'],
    ['20/11/2026 14:03', '2026-11-20T11:03:00.000Z'],
    ['20.11.2026', '2026-11-19T21:00:00.000Z'],
    ['2026/11/20', '2026-11-19T21:00:00.000Z'],
    ['20-Nov-2026', '2026-11-19T21:00:00.000Z'],
    ['20 November 2026 09:15', '2026-11-20T06:15:00.000Z'],
    ['5-sept-2026', '2026-09-04T21:00:00.000Z'],
    ['20/11/2026 2:03:11 PM', '2026-11-20T11:03:11.000Z'],
    ['20/11/2026 12:00 AM', '2026-11-19T21:00:00.000Z'],
    ['20/11/2026 12:30 pm', '2026-11-20T09:30:00.000Z'],
    ['2026-01-01 01:00:00', '2025-12-31T22:00:00.000Z'],
    // Mid-year is the same offset: Kenya keeps no summer time.
    ['2026-07-01 12:00:00', '2026-07-01T09:00:00.000Z'],
    ['2026-11-20 14:03:11.5', '2026-11-20T11:03:11.000Z'],
  ])('reads %j', (text, iso) => {
    expect(parseStatementDate(text)).toEqual(utc(iso));
  });

  it('reads day first: 03-04-2026 is 3 April', () => {
    expect(parseStatementDate('03-04-2026')).toEqual(utc('2026-04-02T21:00:00.000Z'));
  });

  it.each([
    '',
    'yesterday',
    '2026-13-01',
    '2026-02-30',
    '31-11-2026',
    '2026-11-20 24:00:00',
    '2026-11-20 10:60',
    '13/11/2026 13:00 PM',
    '20-Foo-2026',
    '20-11-26',
    '11/20/2026',
  ])('refuses %j', (text) => {
    expect(parseStatementDate(text)).toBeNull();
  });

  it('reads a spreadsheet date cell (wall clock held in UTC fields) as Nairobi time, rounding float drift', () => {
    expect(parseStatementDate(new Date('2026-11-20T14:03:10.999Z'))).toEqual(utc('2026-11-20T11:03:11.000Z'));
    expect(parseStatementDate(new Date(Number.NaN))).toBeNull();
  });

  it('reads a bare serial number as an Excel date, and refuses implausible numbers', () => {
    // 46346 = 2026-11-20 in Excel's serial days; .5 = noon.
    expect(parseStatementDate(46346.5)).toEqual(utc('2026-11-20T09:00:00.000Z'));
    expect(parseStatementDate(15000)).toBeNull();
    expect(parseStatementDate(null)).toBeNull();
    expect(parseStatementDate(undefined)).toBeNull();
  });
});
