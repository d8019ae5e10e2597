import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_MONTHS, keepsRetentionNotice, RETENTION_MONTH_MINUTES, retentionEndsAt, retentionMonths, retentionStage } from './retention.ts';

const DAY = 86_400_000;
const MONTH = RETENTION_MONTH_MINUTES * 60_000;
const end = new Date('2027-03-05T14:00:00.000Z');

describe('the months kept', () => {
  it('are the setting when it is a whole number from 3 to 120, else 24', () => {
    expect(retentionMonths({ retentionMonths: 3 })).toBe(3);
    expect(retentionMonths({ retentionMonths: 120 })).toBe(120);
    for (const odd of [2, 121, 2.5, '6', null, undefined, Number.NaN]) expect(retentionMonths({ retentionMonths: odd })).toBe(DEFAULT_RETENTION_MONTHS);
    expect(retentionMonths(null)).toBe(24);
  });

  it('count twelve months as a year (365.25 days), as the rules do', () => {
    expect(12 * MONTH).toBe(365.25 * DAY);
  });
});

describe('when anonymising starts', () => {
  it('is the summit’s end plus the months kept, and never without an end date', () => {
    expect(retentionEndsAt({ endDate: end, retentionMonths: 12 })).toEqual(new Date(end.getTime() + 365.25 * DAY));
    expect(retentionEndsAt({ endDate: end })).toEqual(new Date(end.getTime() + 24 * MONTH));
    expect(retentionEndsAt({ endDate: null })).toBeNull();
    expect(retentionEndsAt({ endDate: new Date(Number.NaN) })).toBeNull();
    expect(retentionEndsAt(undefined)).toBeNull();
  });

  it('is far off, then within the week’s notice, then reached (at the very moment)', () => {
    const s = { endDate: end, retentionMonths: 3 };
    const at = retentionEndsAt(s)!.getTime();
    expect(retentionStage({ endDate: null })).toEqual({ stage: 'unset' });
    expect(retentionStage(s, new Date(at - 7 * DAY - 1)).stage).toBe('kept');
    expect(retentionStage(s, new Date(at - 7 * DAY)).stage).toBe('notice');
    expect(retentionStage(s, new Date(at - 1)).stage).toBe('notice');
    expect(retentionStage(s, new Date(at))).toEqual({ stage: 'due', endsAt: new Date(at) });
  });
});

describe('a settings change', () => {
  const now = new Date('2029-01-01T00:00:00.000Z');
  const endingIn = (ms: number, retentionMonths = 3) => ({ endDate: new Date(now.getTime() + ms - retentionMonths * MONTH), retentionMonths });

  it('may set any moment a week or more away, or none', () => {
    expect(keepsRetentionNotice({ endDate: null }, endingIn(7 * DAY), now)).toBe(true);
    expect(keepsRetentionNotice({ endDate: null }, { endDate: null }, now)).toBe(true);
  });

  it('may not bring it closer than a week, but may move it later even inside the week', () => {
    expect(keepsRetentionNotice({ endDate: null }, endingIn(7 * DAY - 1), now)).toBe(false);
    expect(keepsRetentionNotice(endingIn(30 * DAY), endingIn(3 * DAY), now)).toBe(false);
    expect(keepsRetentionNotice(endingIn(2 * DAY), endingIn(3 * DAY), now)).toBe(true);
    expect(keepsRetentionNotice(endingIn(-5 * DAY), endingIn(-5 * DAY), now)).toBe(true);
    expect(keepsRetentionNotice(endingIn(3 * DAY), endingIn(2 * DAY), now)).toBe(false);
  });
});
