// Whether the timed work runs: its last run, a warning when it has stopped, and "Run now" for
// administrators. Shown where its work shows (the registrations and the waiting list).
import { can } from '../../../admin/permissions.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { FormAlert } from '../../../components/fields.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { outcomeSummary, scheduleLate } from '../../../data/timed-work/status.ts';
import { useRunNow, useScheduleStatus } from './schedule.ts';

export function ScheduleStatusPanel({ className = '' }: { className?: string }) {
  const staff = useStaff();
  const status = useScheduleStatus();
  const runNow = useRunNow();
  const last = status.data ?? null;
  const late = !status.isPending && !status.isError && scheduleLate(last);
  return (
    <section aria-labelledby="schedule-heading" className={`rounded-md border border-slate-200 p-3 ${className}`}>
      <h2 id="schedule-heading" className="text-base font-semibold">
        The schedule
      </h2>
      <p className="text-sm text-slate-700">
        Every minute it offers free seats to the waiting list, passes offers nobody took on, numbers each waiting person&apos;s place and reminds unpaid
        registrations before their hold ends.
      </p>
      {status.isPending && <p className="mt-2 text-sm">Checking when it last ran…</p>}
      {status.isError && <p className="mt-2 text-sm">When it last ran could not be read. Check your connection.</p>}
      {last && !late && <p className="mt-2 text-sm">Last ran {formatDateTime(last.lastRunAt)}.</p>}
      {late && (
        <p role="alert" className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
          {last ? `The schedule has not run since ${formatDateTime(last.lastRunAt)}.` : 'The schedule has never run.'} Offers, passes and reminders wait until
          it runs again: check the Cloud Function (README, &ldquo;Production: the schedule&rdquo;)
          {can(staff.role, 'timed-work:run') ? ', or run it now.' : ', or ask an administrator to run it now.'}
        </p>
      )}
      {can(staff.role, 'timed-work:run') && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <button type="button" className="btn-secondary" disabled={runNow.isPending} onClick={() => runNow.mutate()}>
            {runNow.isPending ? 'Running…' : 'Run now'}
          </button>
          <p aria-live="polite" className="text-sm">
            {runNow.isSuccess && (outcomeSummary(runNow.data) || 'Nothing was due.')}
          </p>
        </div>
      )}
      {runNow.isError && (
        <div className="mt-2">
          <FormAlert>The run did not finish. Check your connection and try again; what it did is in the activity log.</FormAlert>
        </div>
      )}
    </section>
  );
}
