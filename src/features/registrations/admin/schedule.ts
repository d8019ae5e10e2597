// The schedule as staff see it: when it last ran (a run every minute; five minutes without one is
// flagged), and administrators' "Run now", the same timed work in their name (data/timed-work).
import { useQuery } from '@tanstack/react-query';
import { useStaffTask } from '../../../admin/use-staff-action.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { readPassTimes, runTimedWork } from '../../../data/timed-work/run.ts';
import { outcomeSummary, SCHEDULE_STATUS, type ScheduleStatus, type TimedWorkOutcome } from '../../../data/timed-work/status.ts';
import { db } from '../../../lib/data.ts';

const STATUS_KEY = [...adminKey('timedWork'), 'schedule'] as const;

/** Read again every minute, so a stopped schedule is flagged on a screen left open. */
export const useScheduleStatus = () =>
  useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => db.fetchDocument<ScheduleStatus>(SCHEDULE_STATUS.collection, SCHEDULE_STATUS.id),
    refetchInterval: 60_000,
  });

/** The log line of a run by hand: what it did, or that there was nothing to do. */
export const runNowLine = (o: TimedWorkOutcome) => `Ran the timed work by hand: ${outcomeSummary(o) || 'nothing was due.'}`;

export function useRunNow() {
  const staff = useStaff();
  return useStaffTask<void, TimedWorkOutcome>({
    // Settings read fresh: a run must not offer on hours staff changed a moment ago.
    run: async () => runTimedWork(db, await readPassTimes(db), { who: staff.tokenEmail, by: 'staff' }),
    log: (_, outcome) => runNowLine(outcome),
    invalidate: [adminKey('waitlist'), adminKey('seats'), adminKey('registrations'), STATUS_KEY],
  });
}
