import { useEffect, useState } from 'react';
import { formatDateRange } from './format.ts';
import { icsHref } from '../lib/ics.ts';
import { ticketEvent, ticketQrDataUrl, type SummitDates } from './ticket-files.ts';

/** Whose ticket: the reference, its payment code ('' or absent before codes), the holder's name and what it admits to ("Registration · Delegate"). */
export interface TicketHolder {
  id: string;
  code?: string;
  name: string;
  what: string;
}

/** The e-ticket: a QR code of the reference, which staff scan at the door (checkout and "my registration"). */
export function Ticket({ record, settings }: { record: TicketHolder; settings: SummitDates }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void ticketQrDataUrl(record.id).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [record.id]);
  const event = ticketEvent(record.id, settings, record.code);
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
