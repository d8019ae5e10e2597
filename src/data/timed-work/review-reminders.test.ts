import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REVIEW_REMINDER_DAYS } from '../abstracts.ts';
import { reviewReminderMailId } from '../mail.ts';
import { WaitlistChanged } from './decisions.ts';
import { decideReviewReminder, outstandingOf, reviewRemindersOpen } from './review-reminders.ts';

const DAY = 86_400_000;
// 17:00 on 31 May 2027 in Nairobi.
const DUE = new Date('2027-05-31T14:00:00Z');
const before = (ms: number) => new Date(DUE.getTime() - ms);
const ME = 'reviewer@summit.test';
const assignment = (id: string, at: number, reviewer = ME) => ({ id, abstractId: id.split('__')[0], reviewer, assignedAt: new Date(at) });

describe('when reminders of reviews go out', () => {
  it('from REVIEW_REMINDER_DAYS (3) before the due date until it, never without one', () => {
    expect(REVIEW_REMINDER_DAYS).toBe(3);
    expect(reviewRemindersOpen(DUE, before(3 * DAY + 1))).toBe(false);
    expect(reviewRemindersOpen(DUE, before(3 * DAY))).toBe(true);
    expect(reviewRemindersOpen(DUE, before(1))).toBe(true);
    expect(reviewRemindersOpen(DUE, DUE)).toBe(false);
    expect(reviewRemindersOpen(DUE, new Date(DUE.getTime() + DAY))).toBe(false);
    expect(reviewRemindersOpen(null, before(DAY))).toBe(false);
  });

  it('firestore.rules reviewRemindersDue holds the same number of days', () => {
    const rules = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');
    const fn = rules.slice(rules.indexOf('function reviewRemindersDue'), rules.indexOf('function reviewReminderReads'));
    expect(fn).toContain(`duration.value(${REVIEW_REMINDER_DAYS}, 'd')`);
  });
});

describe('a reviewer’s outstanding reviews', () => {
  it('are their assignments without a review, earliest assigned first', () => {
    const list = [assignment('b__r', 2), assignment('a__r', 1), assignment('c__r', 3)];
    expect(outstandingOf(list, new Set(['a__r'])).map((a) => a.id)).toEqual(['b__r', 'c__r']);
    expect(outstandingOf(list, new Set(['a__r', 'b__r', 'c__r']))).toEqual([]);
    // A review of an assignment since withdrawn changes nothing.
    expect(outstandingOf(list, new Set(['z__r'])).map((a) => a.id)).toEqual(['a__r', 'b__r', 'c__r']);
  });
});

describe('the reminder', () => {
  const read = (id: string, fields: Record<string, unknown>) => ({ id, ...fields });
  const pinned = read('a__r', { abstractId: 'a', reviewer: ME });
  const decide = (over: Partial<Parameters<typeof decideReviewReminder>[0]> = {}) =>
    decideReviewReminder({ reviewer: ME, outstanding: 2, due: DUE, now: before(DAY), sent: null, assignment: pinned, review: null, decision: null, ...over });

  it('is one email to the reviewer, pinned to an outstanding assignment, saying how many and when (Nairobi time), nothing of the abstracts', () => {
    const { writes, log } = decide();
    expect(writes).toHaveLength(1);
    const mail = writes[0] as { set: string; data: Record<string, unknown> };
    expect(mail.set).toBe(`mail/${reviewReminderMailId(ME)}`);
    expect(mail.data).toMatchObject({
      to: ME,
      recordCollection: 'blindAbstracts',
      recordId: 'a__r',
      template: { name: 'review-reminder', data: { outstanding: 2, due: '31 May 2027, 17:00 (Nairobi time)' } },
    });
    expect(log).toBe('Reminded reviewer@summit.test that 2 reviews are due by 31 May 2027, 17:00 (Nairobi time)');
    expect(decide({ outstanding: 1 }).log).toContain('1 review is due');
  });

  it('goes once per mailbox: a +tag is the same reviewer', () => {
    expect(reviewReminderMailId('Kofi+reviews@Example.org')).toBe('review-reminder-kofi@example.org');
    expect(reviewReminderMailId('kofi@example.org')).toBe(reviewReminderMailId('kofi+2@example.org'));
  });

  it.each<[string, Partial<Parameters<typeof decideReviewReminder>[0]>]>([
    ['sent already', { sent: read('review-reminder-reviewer@summit.test', {}) }],
    ['outside the window (too early)', { now: before(4 * DAY) }],
    ['outside the window (past due)', { now: new Date(DUE.getTime() + 1) }],
    ['the assignment withdrawn meanwhile', { assignment: null }],
    ['the assignment another reviewer’s', { assignment: read('a__x', { abstractId: 'a', reviewer: 'someone@example.org' }) }],
    ['the review written meanwhile', { review: read('a__r', {}) }],
    ['the abstract decided meanwhile', { decision: read('a', {}) }],
    ['nothing outstanding', { outstanding: 0 }],
  ])('steps aside quietly when %s', (_, over) => {
    expect(() => decide(over)).toThrow(WaitlistChanged);
  });
});
