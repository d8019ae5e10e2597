// The summit's clock is Nairobi time (EAT, UTC+3 all year: Kenya has no daylight saving), so a
// "day" in the back office is the same day for every staff member, wherever their laptop thinks it
// is, and the public site shows every time as it is in Nairobi. The one module for it: reading and
// writing form values, days, statement wall-clock readings, and formatting (nairobiFormat).
const OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;
const ZONE = 'Africa/Nairobi';

const isDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime());
const shifted = (date: Date) => new Date(date.getTime() + OFFSET_MS).toISOString();

/**
 * A wall-clock reading in Nairobi held in a timestamp's UTC fields (Date.UTC(…) of what a statement
 * or a spreadsheet prints) as the instant it names.
 */
export const fromNairobiWallClock = (utcFieldsMs: number): Date => new Date(utcFieldsMs - OFFSET_MS);

/** "2027-05-12" → the instant that day starts in Nairobi. */
export function nairobiDayStart(isoDate: string): Date {
  return new Date(Date.parse(`${isoDate}T00:00:00.000Z`) - OFFSET_MS);
}

/** The Nairobi calendar date of an instant, as an <input type="date"> value ("2027-05-12"; '' when absent). */
export function toNairobiDate(date: unknown): string {
  return isDate(date) ? shifted(date).slice(0, 10) : '';
}

/** An instant as an <input type="datetime-local"> value in Nairobi time ("2027-05-12T09:00"; '' when absent). */
export function toNairobiDateTime(date: unknown): string {
  return isDate(date) ? shifted(date).slice(0, 16) : '';
}

/** "2027-05-12T09:00" read as Nairobi time, or null when it is not a complete, real date and time. */
export function fromNairobiDateTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = fromNairobiWallClock(Date.parse(`${value}:00.000Z`));
  // Engines roll 31 February over into March; a real date reads back as typed.
  return toNairobiDateTime(date) === value ? date : null;
}

/** "2027-05-12" as the last minute of that day in Nairobi (a deadline lasts the whole day); null when not a date. */
export function fromNairobiDeadlineDate(value: string): Date | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? fromNairobiDateTime(`${value}T23:59`) : null;
}

/** The `count` Nairobi days ending with today's, oldest first: [start, end) of each. */
export function lastNairobiDays(count: number, now = new Date()): Array<{ date: string; start: Date; end: Date }> {
  const today = nairobiDayStart(toNairobiDate(now)).getTime();
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(today - (count - 1 - i) * DAY_MS);
    return { date: toNairobiDate(start), start, end: new Date(start.getTime() + DAY_MS) };
  });
}

/** The instant a Nairobi day ends (the next day's start): the exclusive end of a date range. */
export function nairobiDayEnd(isoDate: string): Date {
  return new Date(nairobiDayStart(isoDate).getTime() + DAY_MS);
}

/** A formatter showing Nairobi time in the site's British English, whatever the reader's zone and locale. */
export const nairobiFormat = (options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: ZONE });

const dateTimeFormat = nairobiFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dateFormat = nairobiFormat({ day: 'numeric', month: 'long', year: 'numeric' });
const clockFormat = nairobiFormat({ hour: '2-digit', minute: '2-digit' });
const mediumFormat = nairobiFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** "12 May 2027", the day in Nairobi (the same wherever the page is rendered or read). */
export const formatDate = (date: Date) => dateFormat.format(date);

/** "14:05" in Nairobi. */
export const formatClock = (date: Date) => clockFormat.format(date);

/** "12 May 2027, 14:05" as a record's history shows it. */
export const formatWhen = (date: Date) => mediumFormat.format(date);

/** "12 May 2027, 14:05" in Nairobi time (back-office lists), or '' while unknown. */
export function formatDateTime(date: Date | null | undefined): string {
  return date instanceof Date ? dateTimeFormat.format(date) : '';
}

/** A deadline as attendees are told it, saying whose clock: "12 Mar 2027, 14:00 (Nairobi time)". */
export const formatDeadline = (date: Date) => `${formatDateTime(date)} (Nairobi time)`;
