// Checkout's e-ticket with its files, loaded only once a record is paid (most visits to checkout
// are to pay, and never show it).
import { Ticket, type TicketHolder } from '../../components/Ticket.tsx';
import { ticketEvent, ticketQrDataUrl, type SummitDates } from '../../data/ticket-files.ts';

export default function CheckoutTicket({ record, settings }: { record: TicketHolder; settings: SummitDates }) {
  return <Ticket record={record} settings={settings} event={ticketEvent(record.id, settings, record.code)} qrDataUrl={ticketQrDataUrl} />;
}
