import { describe, expect, it } from 'vitest';
import { NOTHING_DONE, outcomeSummary, scheduleLate } from './status.ts';

describe('what a run of the timed work did, in words', () => {
  it('says nothing when nothing was done', () => {
    expect(outcomeSummary(NOTHING_DONE)).toBe('');
    expect(outcomeSummary(null)).toBe('');
  });

  it('names each kind of work with its count, singular or plural', () => {
    expect(outcomeSummary({ ...NOTHING_DONE, offered: 1, passed: 2 })).toBe('Offered 1 seat to the waiting list, passed 2 lapsed offers.');
    expect(outcomeSummary({ ...NOTHING_DONE, reminded: 2, placed: 1 })).toBe('Sent 2 payment reminders, renumbered 1 place in the waiting list.');
  });

  it('says how many reviewers it reminded of reviews due', () => {
    expect(outcomeSummary({ ...NOTHING_DONE, reviewsReminded: 1 })).toBe('Reminded 1 reviewer of reviews due.');
    expect(outcomeSummary({ ...NOTHING_DONE, reminded: 1, reviewsReminded: 3 })).toBe('Sent 1 payment reminder, reminded 3 reviewers of reviews due.');
  });

  it('says how many people’s data it erased past the keeping time', () => {
    expect(outcomeSummary({ ...NOTHING_DONE, anonymised: 1 })).toBe('Erased the data of 1 person past its keeping time.');
    expect(outcomeSummary({ ...NOTHING_DONE, anonymised: 12 })).toBe('Erased the data of 12 people past its keeping time.');
  });
});

describe('a stopped schedule', () => {
  const now = new Date('2027-03-01T10:00:00Z');
  it('is late after five minutes without a run, or with none on record', () => {
    expect(scheduleLate(null, now)).toBe(true);
    expect(scheduleLate({ lastRunAt: new Date(now.getTime() - 5 * 60_000) }, now)).toBe(false);
    expect(scheduleLate({ lastRunAt: new Date(now.getTime() - 5 * 60_000 - 1) }, now)).toBe(true);
  });
});
