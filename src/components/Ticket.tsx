import { useEffect, useState } from 'react';
import { formatDateRange } from './format.ts';
import { icsHref, type CalendarEvent } from '../lib/ics.ts';

/** Whose ticket: the reference, its payment code ('' or absent before codes), the holder's name and what it admits to ("Registration · Delegate"). */
export interface TicketHolder {
  id: string;
  code?: string;
  name: string;
  what: string;
}

/** Where and when, as the ticket prints it. */
export interface TicketSummit {
  startDate: Date | null;
  endDate: Date | null;
  venue: string;
}

/**
 * The e-ticket: a QR code of the reference, which staff scan at the door (checkout and "my
 * registration"). Its files are the product's (data/ticket-files.ts, which the email attaches too):
 * `qrDataUrl` draws the code, `event` is the summit in a calendar.
 */
export function Ticket({
  record,
  settings,
  event,
  qrDataUrl,
}: {
  record: TicketHolder;
  settings: TicketSummit;
  event: CalendarEvent | null;
  qrDataUrl: (reference: string) => Promise<string>;
}) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrDataUrl(record.id).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [record.id, qrDataUrl]);
  const calendar = event ? icsHref([event]) : null;
  return (
    <section aria-labelledby="ticket-heading" className="mt-8 rounded-lg border-2 border-brand-700 p-6 print:border-black">
      <h2 id="ticket-heading">Your e-ticket</h2>
      <div className="mt-4 flex flex-col gap-6 sm:flex-row">
        {qr ? (
          <img src={qr} width={240} height={240} alt={`QR code of reference ${record.id}`} />
        ) : (
          <div className="h-60 w-60 bg-slate-100" aria-hidden="true" />
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-slate-600">Name</dt>
          <dd className="font-semibold">{record.name}</dd>
          <dt className="text-slate-600">Ticket</dt>
          <dd>{record.what}</dd>
          {/* One code shown to people: the payment code; the reference only for an older record without one. */}
          <dt className="text-slate-600">{record.code ? 'Code' : 'Reference'}</dt>
          <dd className={`font-mono ${record.code ? 'font-semibold' : ''}`}>{record.code || record.id}</dd>
          <dt className="text-slate-600">When</dt>
          <dd>{formatDateRange(settings.startDate, settings.endDate)}</dd>
          <dt className="text-slate-600">Where</dt>
          <dd>{settings.venue}</dd>
        </dl>
      </div>
      <div className="mt-6 flex flex-wrap gap-3 print:hidden">
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          Print ticket
        </button>
        {calendar && (
          <a className="btn-secondary" href={calendar} download="national-cancer-summit.ics">
            Add to calendar
          </a>
        )}
      </div>
    </section>
  );
}
