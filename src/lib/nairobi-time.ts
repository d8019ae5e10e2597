// The summit's clock is Nairobi time (EAT, UTC+3 all year: Kenya has no daylight saving), so a
// "day" in the back office is the same day for every staff member, wherever their laptop thinks it is.
const OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/** "2027-05-12" → the instant that day starts in Nairobi. */
export function nairobiDayStart(isoDate: string): Date {
  return new Date(Date.parse(`${isoDate}T00:00:00.000Z`) - OFFSET_MS);
}

/** The Nairobi calendar date of an instant, as an <input type="date"> value ("2027-05-12"). */
export function toNairobiDate(date: Date): string {
  return new Date(date.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** An instant as an <input type="datetime-local"> value in Nairobi time ("2027-05-12T09:00"). */
export function toNairobiDateTime(date: Date): string {
  return new Date(date.getTime() + OFFSET_MS).toISOString().slice(0, 16);
}

/** An <input type="datetime-local"> value read as Nairobi time; null when it is not a date. */
export function fromNairobiDateTime(value: string): Date | null {
  const ms = Date.parse(`${value}:00.000Z`);
  return Number.isNaN(ms) ? null : new Date(ms - OFFSET_MS);
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

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Nairobi',
});

/** "12 May 2027, 14:05" in Nairobi time (back-office lists), or '' while unknown. */
export function formatDateTime(date: Date | null | undefined): string {
  return date instanceof Date ? dateTimeFormat.format(date) : '';
}

/** A deadline as attendees are told it, saying whose clock: "12 Mar 2027, 14:00 (Nairobi time)". */
export const formatDeadline = (date: Date) => `${formatDateTime(date)} (Nairobi time)`;
