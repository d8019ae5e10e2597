// What the check-in desk says for a ticket code on a summit day, and what undoing a check-in takes
// away. Pure, so every case is unit-tested.
//
// A registration records each summit day its holder is admitted (`attendance`, Nairobi calendar
// day → when): CPD certificates count those days (data/certificates.ts). A ticket admits once a
// day, on every day of the summit, and only on the day itself: the rules record today in Nairobi
// by the server's clock (firestore.rules checkInDay), so nobody backdates a day.
import { attendedDays, dayLabel } from '../../../data/certificates.ts';
import { readPaymentCode } from '../../../data/payment-codes.ts';
import { referenceCandidates } from '../../../lib/reference.ts';
import { formatClock, toNairobiDate } from '../../../lib/nairobi-time.ts';

export interface TicketHolder {
  id: string;
  fullName: string;
  status: string;
  paymentStatus: string;
  checkedInAt?: Date | null;
  /** Nairobi day ('YYYY-MM-DD') → when admitted that day. */
  attendance?: Record<string, unknown> | null;
}

export type Verdict = { kind: 'admit'; message: string } | { kind: 'refuse'; message: string };

/** What was typed or scanned at the desk, trimmed; a scanned /checkout/{id} address counts as its reference (some phones share the link rather than the code). */
export function normaliseCode(input: string): string {
  const code = input.trim();
  const fromLink = code.match(/\/checkout\/([A-Za-z0-9_-]+)\/?$/);
  return fromLink ? fromLink[1] : code;
}

/**
 * What a ticket code names: the payment code printed on the ticket and in the emails ("NCS-26Q5W",
 * typed in any case, with spaces or without the dash), or the registration's reference (the QR
 * code, checkout's link; read back as checkout reads it). Null when it can be neither.
 */
/** What a registration's id can be: anything else names no document. */
const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

export type TicketLookup = { paymentCode: string } | { reference: string };

export function ticketLookup(typed: string): TicketLookup | null {
  const ticket = normaliseCode(typed);
  const paymentCode = readPaymentCode(ticket);
  if (paymentCode) return { paymentCode };
  const [reference] = referenceCandidates(ticket);
  return reference && DOCUMENT_ID.test(reference) ? { reference } : null;
}

/** The desk's default day: today in Nairobi when it is a summit day, else none (staff choose). */
export function defaultDay(days: readonly string[], now = new Date()): string {
  const today = toNairobiDate(now);
  return days.includes(today) ? today : '';
}

const SHORT_DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Wed 10": a day in a list of days attended, where the month is clear from the day being checked in. */
export function shortDayLabel(day: string): string {
  // From the parts, not the formatted string: its punctuation differs between ICU versions ("Wed, 10").
  const parts = SHORT_DAY.formatToParts(new Date(`${day}T12:00:00.000Z`));
  return `${parts.find((p) => p.type === 'weekday')?.value} ${parts.find((p) => p.type === 'day')?.value}`;
}

/** What the desk says of the days attended: "day 2 of 3; attended: Tue 10, Wed 11". */
export function attendanceSummary(day: string, attended: readonly string[], days: readonly string[]): string {
  const list = attended.map((d) => (days.includes(d) ? shortDayLabel(d) : dayLabel(d))).join(', ');
  return `day ${days.indexOf(day) + 1} of ${days.length}; attended: ${list}`;
}

/**
 * Why nobody can be checked in for `day` now, in the desk's words, or null when it is today
 * (`today`, the Nairobi date by this device's clock) and a day of the summit: the only day the
 * rules accept (any other is refused by the server with a bare permission error).
 */
export function dayRefusal(day: string, days: readonly string[], today: string): string | null {
  if (!days.includes(today))
    return `Today (${dayLabel(today)}) is not a day of the summit, so nobody can be checked in: attendees are checked in on each summit day, on the day itself.`;
  if (day !== today)
    return `Check-ins are recorded on the day itself: ${day ? `${dayLabel(day)} is not today` : 'no day is chosen'}. Choose today, ${dayLabel(today)}, at the top of the screen.`;
  return null;
}

/**
 * Whether `holder` is admitted on `day`, one of the summit's `days`, which must be `today` (the
 * Nairobi date now, by this device's clock: dayRefusal). A confirmed registration, or one checked
 * in on other days, is admitted; the same day twice is refused with the time they came in; unpaid
 * and cancelled registrations are refused with what to do.
 */
export function checkInVerdict(holder: TicketHolder | null, code: string, day: string, days: readonly string[], today: string): Verdict {
  if (!holder) return { kind: 'refuse', message: `No registration has the code ${code}. Check the code or send the attendee to the registration desk.` };
  // The screen offers only today; another day (a stale tab, a changed summit, a day off the summit) is refused here, in words.
  const notToday = dayRefusal(day, days, today);
  if (notToday) return { kind: 'refuse', message: notToday };
  if (holder.status === 'cancelled') return { kind: 'refuse', message: `The registration of ${holder.fullName} is cancelled.` };
  if (holder.status !== 'confirmed' && holder.status !== 'checked-in') {
    const why = holder.paymentStatus === 'submitted' ? 'their payment is awaiting verification' : 'it is not paid';
    return { kind: 'refuse', message: `${holder.fullName} is not confirmed yet: ${why}. Send them to the registration desk.` };
  }
  const attended = attendedDays(holder);
  if (attended.includes(day)) {
    const at = holder.attendance?.[day];
    const when = at instanceof Date ? ` at ${formatClock(at)}` : '';
    return { kind: 'refuse', message: `${holder.fullName} is already checked in for ${dayLabel(day)}${when}. A ticket admits once a day.` };
  }
  const after = [...attended, day].sort();
  return { kind: 'admit', message: `Checked in: ${holder.fullName}, for ${dayLabel(day)} — ${attendanceSummary(day, after, days)}.` };
}

export type UndoPlan = { day: string; remaining: string[]; status: 'checked-in' | 'confirmed' } | { refuse: string };

/**
 * Undoing a check-in takes back the latest day attended (a mistaken scan is nearly always the last
 * one); with no day left the registration is confirmed again. A registration checked in before
 * days were recorded has none: undoing it only confirms it again (`day` '').
 */
export function undoCheckInPlan(holder: Pick<TicketHolder, 'status' | 'attendance' | 'fullName'> | null): UndoPlan {
  if (!holder) return { refuse: 'This registration no longer exists (archived?).' };
  if (holder.status !== 'checked-in') return { refuse: `${holder.fullName} is not checked in (now ${holder.status}): reload the page.` };
  const attended = attendedDays(holder);
  const remaining = attended.slice(0, -1);
  return { day: attended.at(-1) ?? '', remaining, status: remaining.length ? 'checked-in' : 'confirmed' };
}
