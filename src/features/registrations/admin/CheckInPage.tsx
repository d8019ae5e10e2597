import { useCallback, useRef, useState } from 'react';
import { Link, href } from 'react-router';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { FormAlert } from '../../../components/fields.tsx';
import { dayLabel, summitDays } from '../../../data/certificates.ts';
import { useSiteSettings } from '../../../data/site-settings.ts';
import { toNairobiDate } from '../../../lib/nairobi-time.ts';
import { CheckInRefused, ticketRegistrationId, useCheckIn } from './check-in-actions.ts';
import { checkInVerdict, dayRefusal, defaultDay, normaliseCode, ticketLookup } from './check-in.ts';
import { QrScanner } from './QrScanner.tsx';

type Outcome = { kind: 'admit' | 'refuse'; message: string };

export default function CheckInPage() {
  const settings = useSiteSettings();
  return (
    <>
      <AdminHeader title="Check-in" summary="Type the code printed under the ticket's QR code, or scan the QR code with this device's camera." />
      <QueryState query={settings} noun="summit's dates">
        {(s) => {
          const days = summitDays(s.startDate, s.endDate);
          if (days.length === 0)
            return (
              <div className="mt-6 max-w-xl space-y-3">
                <FormAlert>The summit&apos;s dates are not set, so there is no day to check anyone in for.</FormAlert>
                <Link className="text-brand-700 underline" to={href('/admin/settings')}>
                  Set the summit&apos;s dates in Settings
                </Link>
              </div>
            );
          // Keyed by the days: dates changed in Settings start the desk afresh.
          return <Desk key={days.join()} days={days} />;
        }}
      </QueryState>
    </>
  );
}

function Desk({ days }: { days: string[] }) {
  const checkIn = useCheckIn();
  const today = toNairobiDate(new Date());
  // Only today can be checked in for (the rules record today's Nairobi date by the server's clock):
  // the desk starts on it during the summit, and on no day otherwise.
  const [day, setDay] = useState(() => defaultDay(days));
  // The Nairobi date the desk's day was set on: a tablet left open overnight must not go on
  // recording yesterday's day for this morning's arrivals.
  const [setOn, setSetOn] = useState(today);
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const daySelect = useRef<HTMLSelectElement>(null);

  // No day, or not today's: say why before anything is read or sent (the rules would refuse it bare).
  const refuseDay = useCallback((message: string) => {
    setOutcome({ kind: 'refuse', message });
    daySelect.current?.focus();
  }, []);

  const submit = useCallback(
    async (raw: string) => {
      const ticket = normaliseCode(raw);
      setOutcome(null);
      const now = toNairobiDate(new Date());
      let forDay = day;
      if (now !== setOn) {
        // A new day since the desk's day was set: start again from today's, and let staff see it
        // before anyone is checked in for it.
        forDay = defaultDay(days);
        setSetOn(now);
        setDay(forDay);
        if (forDay && forDay !== day) {
          setOutcome({
            kind: 'refuse',
            message: `A new day has started (${dayLabel(now)}). The desk now checks in for ${dayLabel(forDay)}, then check in again.`,
          });
          daySelect.current?.focus();
          return;
        }
      }
      const notToday = dayRefusal(forDay, days, now);
      if (notToday) return refuseDay(notToday);
      const lookup = ticketLookup(ticket);
      const refuseCode = () => {
        setOutcome(ticket ? checkInVerdict(null, ticket, forDay, days, now) : { kind: 'refuse', message: 'Type or scan a ticket code.' });
        input.current?.focus();
      };
      if (!lookup) return refuseCode();
      let id: string | null;
      try {
        id = await ticketRegistrationId(lookup);
      } catch {
        setOutcome({ kind: 'refuse', message: 'The ticket could not be looked up. Check the connection and try again.' });
        input.current?.focus();
        return;
      }
      if (!id) return refuseCode();
      checkIn.mutate(
        { code: ticket, id, day: forDay, days },
        {
          onSuccess: (message) => {
            setOutcome({ kind: 'admit', message: message ?? 'Checked in.' });
            setCode('');
          },
          onError: (error) =>
            setOutcome({
              kind: 'refuse',
              message: error instanceof CheckInRefused ? error.message : 'Check-in could not be saved. Check the connection and try again.',
            }),
          // The desk's next attendee is typed or scanned straight away, for the same day.
          onSettled: () => input.current?.focus(),
        },
      );
    },
    [checkIn, day, days, refuseDay, setOn],
  );

  const onScanned = useCallback(
    (scanned: string) => {
      setScanning(false);
      setCode(normaliseCode(scanned));
      void submit(scanned);
    },
    [submit],
  );

  const todayIsSummitDay = days.includes(today);
  return (
    <>
      <div className="mt-6 max-w-xl">
        <label className="field-label" htmlFor="check-in-day">
          Day
        </label>
        <select
          ref={daySelect}
          id="check-in-day"
          className="field-input"
          value={day}
          aria-describedby="check-in-day-hint"
          autoFocus={!day}
          onChange={(e) => {
            setDay(e.target.value);
            setSetOn(today);
            setOutcome(null);
          }}
        >
          {!day && <option value="">No day to check in for</option>}
          {/* The summit's days for where today stands among them; only today's can be chosen. */}
          {days.map((d, i) => (
            <option key={d} value={d} disabled={d !== today}>
              {`${dayLabel(d)} — day ${i + 1} of ${days.length}${d === today ? ' (today)' : ''}`}
            </option>
          ))}
        </select>
        <p id="check-in-day-hint" className="mt-1 text-sm text-slate-700">
          {!todayIsSummitDay
            ? `Today (${dayLabel(today)}) is not a day of the summit: attendees are checked in on each summit day, on the day itself.`
            : 'Each attendee is checked in once a day, for today.'}
        </p>
      </div>
      <form
        className="mt-4 flex max-w-xl flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void submit(code);
        }}
      >
        {/* As wide as the row leaves, but never narrower than a code: on a phone the buttons wrap under it. */}
        <div className="min-w-0 grow basis-60">
          <label className="field-label" htmlFor="ticket-code">
            Ticket code
          </label>
          <input
            ref={input}
            id="ticket-code"
            className="field-input font-mono"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            // With no day chosen yet, the day select is the first thing to do.
            autoFocus={!!day}
          />
        </div>
        <button type="submit" className="btn-primary" disabled={checkIn.isPending}>
          {checkIn.isPending ? 'Checking…' : 'Check in'}
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            const notToday = scanning ? null : dayRefusal(day, days, toNairobiDate(new Date()));
            if (notToday) refuseDay(notToday);
            else setScanning((s) => !s);
          }}
          aria-expanded={scanning}
        >
          Scan QR code
        </button>
      </form>
      {scanning && <QrScanner onCode={onScanned} onClose={() => setScanning(false)} />}
      <div aria-live="assertive" className="mt-6 max-w-xl">
        {outcome && (
          <p
            className={`rounded-md border p-4 text-lg font-semibold ${outcome.kind === 'admit' ? 'border-green-300 bg-green-50 text-green-900' : 'border-red-300 bg-red-50 text-red-900'}`}
          >
            {outcome.kind === 'admit' ? '✓ ' : '✗ '}
            {outcome.message}
          </p>
        )}
      </div>
    </>
  );
}
