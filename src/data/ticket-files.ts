// The e-ticket's two files, one definition for the ticket (checkout, "my registration") and the
// "payment verified" email:
// the QR code staff scan at the door (it holds the reference) and the summit as a calendar event.
import type { CalendarEvent } from '../lib/ics.ts';
import { icsCalendar } from '../lib/ics.ts';
import type { MailAttachment } from '../lib/mail-render.ts';
import { textToBase64 } from '../lib/base64.ts';

export type SummitDates = { summitName: string; startDate: Date | null; endDate: Date | null; venue: string };

/** The ticket's QR code as a PNG data URL (the same options on screen and in the email). */
export async function ticketQrDataUrl(reference: string): Promise<string> {
  const QR = await import('qrcode');
  return QR.toDataURL(reference, { margin: 1, width: 240 });
}

/** The summit as a calendar event, or null while its dates are not set; `code` is the record's payment code (none before codes). */
export function ticketEvent(reference: string, s: SummitDates, code = ''): CalendarEvent | null {
  if (!s.startDate || !s.endDate) return null;
  const description = code ? `Payment code ${code} · reference ${reference}` : `Reference ${reference}`;
  return { uid: `${reference}@summit`, title: s.summitName, start: s.startDate, end: s.endDate, location: s.venue, description };
}

/** The QR code inline (cid:ticket-qr, which the template's html shows) and the .ics, base64. */
export async function ticketAttachments(reference: string, s: SummitDates, code = ''): Promise<MailAttachment[]> {
  const png = (await ticketQrDataUrl(reference)).replace(/^data:image\/png;base64,/, '');
  const files: MailAttachment[] = [{ filename: 'ticket-qr.png', content: png, encoding: 'base64', contentType: 'image/png', cid: 'ticket-qr' }];
  const event = ticketEvent(reference, s, code);
  if (event) {
    files.push({ filename: 'national-cancer-summit.ics', content: textToBase64(icsCalendar([event])), encoding: 'base64', contentType: 'text/calendar' });
  }
  return files;
}
