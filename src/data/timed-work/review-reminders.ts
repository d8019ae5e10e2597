// Reminders of reviews due (issue 39): the call's reviewsDueAt, when set, gives each reviewer with
// an assignment still without a review ONE email, from REVIEW_REMINDER_DAYS before that date until
// it. Decided here on what the timed work read (run.ts sendReviewReminders reads and commits); the
// rules (firestore.rules reviewReminderMail) check the same of the one assignment the email is
// pinned to. Pure, so every rule of it is unit-tested.
import type { BatchWrite } from '../../lib/db.ts';
import { formatDeadline } from '../../lib/nairobi-time.ts';
import { REVIEW_REMINDER_DAYS } from '../abstracts.ts';
import type { BlindAbstract } from '../abstract-review.ts';
import { reviewReminderMail } from '../mail.ts';
import { WaitlistChanged, type Read } from './decisions.ts';

const DAY_MS = 86_400_000;

/** Whether reminders go out at `now`: from REVIEW_REMINDER_DAYS before reviews are due until they are. */
export function reviewRemindersOpen(due: Date | null, now = new Date()): due is Date {
  return due instanceof Date && now.getTime() < due.getTime() && due.getTime() - now.getTime() <= REVIEW_REMINDER_DAYS * DAY_MS;
}

export type Assignment = Pick<BlindAbstract, 'id' | 'abstractId' | 'reviewer'> & { assignedAt?: unknown };

const time = (v: unknown) => (v instanceof Date ? v.getTime() : 0);

/**
 * A reviewer's assignments without a review (a review shares its assignment's id), earliest assigned
 * first: the email is pinned to the first, and counts them all.
 */
export function outstandingOf(assignments: readonly Assignment[], reviewedIds: ReadonlySet<string>): Assignment[] {
  return assignments.filter((a) => !reviewedIds.has(a.id)).sort((a, b) => time(a.assignedAt) - time(b.assignedAt) || a.id.localeCompare(b.id));
}

/**
 * The reminder's commit, on what the transaction read: the reminder itself (`sent`: it goes once),
 * the assignment it is pinned to (still standing, with no review and its abstract undecided).
 * Anything changed meanwhile steps aside quietly (WaitlistChanged, as every timed-work step).
 */
export function decideReviewReminder({
  reviewer,
  outstanding,
  due,
  now = new Date(),
  sent,
  assignment,
  review,
  decision,
}: {
  reviewer: string;
  outstanding: number;
  due: Date;
  now?: Date;
  sent: Read;
  assignment: Read;
  review: Read;
  decision: Read;
}): { writes: BatchWrite[]; log: string } {
  if (sent) throw new WaitlistChanged(`${reviewer} was reminded already.`);
  if (!reviewRemindersOpen(due, now)) throw new WaitlistChanged('No reminder of reviews is due now.');
  if (!assignment || assignment.reviewer !== reviewer || review || decision || outstanding < 1)
    throw new WaitlistChanged(`The review ${reviewer} was reminded of was written, withdrawn or decided meanwhile.`);
  return {
    writes: [reviewReminderMail(reviewer, assignment.id, outstanding, formatDeadline(due))],
    log: `Reminded ${reviewer} that ${outstanding} ${outstanding === 1 ? 'review is' : 'reviews are'} due by ${formatDeadline(due)}`,
  };
}
