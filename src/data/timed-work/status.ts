// Who the timed work is and what it last did. In production a scheduled Cloud Function
// (functions/src/index.ts) signs in with a custom token carrying SYSTEM_CLAIMS, minted for
// SYSTEM_UID; locally the stack's runner does the same against the Auth emulator. The rules know
// that identity (firestore.rules: isSystem) and let it make exactly the timed work's writes.
import { serverValues, type BatchWrite } from '../../lib/db.ts';

export const SYSTEM_UID = 'timed-work';
export const SYSTEM_CLAIMS = { system: 'timed-work' } as const;

/** The name the activity log gives the schedule (a staff member's lines carry their address). */
export const SCHEDULE_ACTOR = 'schedule';

/** What one run did. */
export interface TimedWorkOutcome {
  offered: number;
  passed: number;
  reminded: number;
  /** Reviewers reminded that reviews are due (review-reminders.ts). */
  reviewsReminded: number;
  /** Waiting people whose place in the list was renumbered. */
  placed: number;
  /** Addresses whose data was erased because the keeping time passed (retention.ts). */
  anonymised: number;
  /** Steps that failed for another reason than a change meanwhile (the next run tries again). */
  failed: number;
}

export const NOTHING_DONE: TimedWorkOutcome = { offered: 0, passed: 0, reminded: 0, reviewsReminded: 0, placed: 0, anonymised: 0, failed: 0 };

/** The schedule's last run, which the back office shows (firestore.rules: /timedWork/schedule). */
export const SCHEDULE_STATUS = { collection: 'timedWork', id: 'schedule' } as const;

export interface ScheduleStatus extends TimedWorkOutcome {
  lastRunAt: Date;
  /** How long the run took. */
  ms: number;
}

export const scheduleStatusWrite = (outcome: TimedWorkOutcome, ms: number): BatchWrite => ({
  set: `${SCHEDULE_STATUS.collection}/${SCHEDULE_STATUS.id}`,
  data: { ...outcome, ms: Math.max(0, Math.round(ms)), lastRunAt: serverValues.now() },
});

/** It runs every minute; five minutes without a run means it has stopped, and the screens say so. */
export const SCHEDULE_LATE_MS = 5 * 60_000;

export const scheduleLate = (status: Pick<ScheduleStatus, 'lastRunAt'> | null, now = new Date()) =>
  !status || !(status.lastRunAt instanceof Date) || now.getTime() - status.lastRunAt.getTime() > SCHEDULE_LATE_MS;

/** "Offered 2 seats to the waiting list, passed 1 lapsed offer": what a run did, or '' when nothing. */
export function outcomeSummary(o: TimedWorkOutcome | null): string {
  if (!o) return '';
  const parts = [
    o.offered && `offered ${o.offered} ${o.offered === 1 ? 'seat' : 'seats'} to the waiting list`,
    o.passed && `passed ${o.passed} lapsed ${o.passed === 1 ? 'offer' : 'offers'}`,
    o.reminded && `sent ${o.reminded} payment ${o.reminded === 1 ? 'reminder' : 'reminders'}`,
    o.reviewsReminded && `reminded ${o.reviewsReminded} ${o.reviewsReminded === 1 ? 'reviewer' : 'reviewers'} of reviews due`,
    o.placed && `renumbered ${o.placed} ${o.placed === 1 ? 'place' : 'places'} in the waiting list`,
    o.anonymised && `erased the data of ${o.anonymised} ${o.anonymised === 1 ? 'person' : 'people'} past its keeping time`,
  ].filter(Boolean);
  const said = parts.join(', ');
  return said ? said[0].toUpperCase() + said.slice(1) + '.' : '';
}
