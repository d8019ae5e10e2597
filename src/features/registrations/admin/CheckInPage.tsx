import { useCallback, useRef, useState } from 'react';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { CheckInRefused, useCheckIn } from './api.ts';
import { checkInVerdict, normaliseCode } from './check-in.ts';
import { QrScanner } from './QrScanner.tsx';

const VALID_CODE = /^[A-Za-z0-9_-]{1,128}$/;

type Outcome = { kind: 'admit' | 'refuse'; message: string };

export default function CheckInPage() {
  const checkIn = useCheckIn();
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = useCallback(
    (raw: string) => {
      const ticket = normaliseCode(raw);
      setOutcome(null);
      if (!VALID_CODE.test(ticket)) {
        setOutcome(ticket ? checkInVerdict(null, ticket) : { kind: 'refuse', message: 'Type or scan a ticket code.' });
        input.current?.focus();
        return;
      }
      checkIn.mutate(ticket, {
        onSuccess: (message) => {
          setOutcome({ kind: 'admit', message: message ?? 'Checked in.' });
          setCode('');
        },
        onError: (error) =>
          setOutcome({
            kind: 'refuse',
            message: error instanceof CheckInRefused ? error.message : 'Check-in could not be saved. Check the connection and try again.',
          }),
        // The desk's next attendee is typed or scanned straight away.
        onSettled: () => input.current?.focus(),
      });
    },
    [checkIn],
  );

  const onScanned = useCallback(
    (scanned: string) => {
      setScanning(false);
      setCode(normaliseCode(scanned));
      submit(scanned);
    },
    [submit],
  );

  return (
    <>
      <AdminHeader title="Check-in" summary="Type the code printed under the ticket's QR code, or scan the QR code with this device's camera." />
      <form
        className="mt-6 flex max-w-xl flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit(code);
        }}
      >
        <div className="min-w-0 flex-1">
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
            autoFocus
          />
        </div>
        <button type="submit" className="btn-primary" disabled={checkIn.isPending}>
          {checkIn.isPending ? 'Checking…' : 'Check in'}
        </button>
        <button type="button" className="btn-secondary" onClick={() => setScanning((s) => !s)} aria-expanded={scanning}>
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
