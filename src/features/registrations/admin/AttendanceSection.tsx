// A registration's attendance on its record page: the summit days it was admitted (what CPD
// certificates count), checking it in for a day from here (a desk's missed scan), and undoing the
// latest day (a mistaken scan). The writes are the Check-in screen's (api.ts).
import { useState } from 'react';
import { can } from '../../../admin/permissions.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { ConfirmButton } from '../../../admin/ui/ConfirmButton.tsx';
import { FormAlert } from '../../../components/fields.tsx';
import { attendedDays, dayLabel, summitDays } from '../../../data/certificates.ts';
import { useSiteSettings } from '../../../data/site-settings.ts';
import { CheckInRefused, useCheckIn, useUndoCheckIn } from './check-in-actions.ts';
import { defaultDay } from './check-in.ts';
import { formatClock, toNairobiDate } from '../../../lib/nairobi-time.ts';
import type { StaffRecord } from './records.ts';

function failure(error: Error | null, record: StaffRecord): string {
  if (error instanceof CheckInRefused) return error.message;
  // The rules keep the days a valid certificate counts: undoing one is refused while it stands.
  if (error && 'code' in error && error.code === 'permission-denied' && typeof record.certificateId === 'string' && record.certificateId)
    return 'Refused: a CPD certificate has been issued for this registration and counts its days. Revoke it (CPD certificates) before undoing a day.';
  return 'The change was not saved. Check the connection, reload the page and try again.';
}

export function AttendanceSection({ record, name }: { record: StaffRecord; name: string }) {
  const staff = useStaff();
  const settings = useSiteSettings();
  const days = summitDays(settings.data?.startDate ?? null, settings.data?.endDate ?? null);
  const attended = attendedDays(record);
  const attendance = (record.attendance ?? {}) as Record<string, unknown>;
  // Summit days first, in order; a day recorded outside them (the dates changed since) after them.
  const shown = [...days, ...attended.filter((d) => !days.includes(d))];
  const admissible = record.status === 'confirmed' || record.status === 'checked-in';
  const open = days.filter((d) => !attended.includes(d));
  const mayChange = can(staff.role, 'registrations:update');
  return (
    <section className="mt-8" aria-labelledby="attendance-heading">
      <h2 id="attendance-heading">Attendance</h2>
      {shown.length === 0 ? (
        <p className="mt-3 text-slate-700">{settings.isPending ? 'Loading the summit’s days…' : 'The summit’s dates are not set.'}</p>
      ) : (
        <ul className="mt-3 space-y-1">
          {shown.map((d) => {
            const at = attendance[d];
            const came = attended.includes(d);
            return (
              <li key={d} className="flex flex-wrap gap-2">
                <span aria-hidden="true" className={came ? 'text-green-700' : 'text-slate-400'}>
                  {came ? '✓' : '–'}
                </span>
                <span className={came ? 'font-semibold' : 'text-slate-700'}>{dayLabel(d)}</span>
                <span className="text-slate-700">
                  {came ? `checked in${at instanceof Date ? ` at ${formatClock(at)}` : ''}` : 'not checked in'}
                  {!days.includes(d) && ' (not a day of the summit as now set)'}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-2 text-sm text-slate-700">
        {attended.length === 0 ? 'Not checked in on any day.' : `Attended ${attended.length} of ${days.length} day${days.length === 1 ? '' : 's'}.`}
      </p>
      {mayChange && (admissible || attended.length > 0) && <AttendanceActions record={record} name={name} days={days} open={open} attended={attended} />}
    </section>
  );
}

function AttendanceActions({ record, name, days, open, attended }: { record: StaffRecord; name: string; days: string[]; open: string[]; attended: string[] }) {
  const checkIn = useCheckIn();
  const undo = useUndoCheckIn();
  // Only today can be recorded (the rules take today's Nairobi date by the server's clock): the
  // other days are listed but not offered, and the check-in's verdict says why if one is sent.
  const today = toNairobiDate(new Date());
  const [day, setDay] = useState(() => (open.includes(defaultDay(days)) ? defaultDay(days) : (open[0] ?? '')));
  const busy = checkIn.isPending || undo.isPending;
  const latest = attended.at(-1);
  const canCheckIn = (record.status === 'confirmed' || record.status === 'checked-in') && open.length > 0;
  const chosen = open.includes(day) ? day : (open[0] ?? '');
  return (
    <div className="mt-4 space-y-3">
      <div className="flex flex-wrap items-end gap-2">
        {canCheckIn && (
          <>
            <div>
              <label className="field-label" htmlFor="attendance-day">
                Day
              </label>
              <select id="attendance-day" className="field-input" value={chosen} onChange={(e) => setDay(e.target.value)} disabled={busy}>
                {open.map((d) => (
                  <option key={d} value={d} disabled={d !== today}>
                    {`${dayLabel(d)}${d === today ? ' (today)' : ''}`}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="btn-secondary"
              disabled={busy}
              onClick={() => {
                undo.reset();
                checkIn.mutate({ code: record.id, id: record.id, day: chosen, days });
              }}
            >
              Check in for this day
            </button>
          </>
        )}
        {record.status === 'checked-in' && (
          <ConfirmButton
            disabled={busy}
            question={
              latest
                ? `Undo the check-in of ${name} for ${dayLabel(latest)}?${attended.length === 1 ? ' It was their only day: the registration is confirmed again.' : ''}`
                : `Undo the check-in of ${name}? The registration is confirmed again.`
            }
            confirmLabel="Undo check-in"
            onConfirm={() => {
              checkIn.reset();
              undo.mutate({ id: record.id, name });
            }}
          >
            Undo check-in
          </ConfirmButton>
        )}
      </div>
      {(checkIn.isError || undo.isError) && <FormAlert>{failure(checkIn.error ?? undo.error, record)}</FormAlert>}
      <div role="status">
        {checkIn.isSuccess && <p className="text-green-800">{checkIn.data}</p>}
        {undo.isSuccess && 'day' in undo.data && (
          <p className="text-green-800">
            {undo.data.day ? `Check-in for ${dayLabel(undo.data.day)} undone` : 'Check-in undone'}
            {undo.data.status === 'confirmed' ? ': the registration is confirmed again.' : '.'}
          </p>
        )}
      </div>
    </div>
  );
}
