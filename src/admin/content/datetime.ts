// The summit happens in Nairobi, and the public site shows every time in Nairobi time (EAT,
// UTC+3, no daylight saving). Staff type times in that zone whatever their own computer's zone,
// so a session entered as 09:00 shows as 09:00 to everyone.
const OFFSET = '+03:00';
const OFFSET_MS = 3 * 3_600_000;

const shifted = (date: Date) => new Date(date.getTime() + OFFSET_MS).toISOString();

/** A Date as the value of an <input type="datetime-local">, in Nairobi time ('' when absent). */
export function toDateTimeInput(value: unknown): string {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? shifted(value).slice(0, 16) : '';
}

/** A Date as the value of an <input type="date">, its Nairobi calendar day ('' when absent). */
export function toDateInput(value: unknown): string {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? shifted(value).slice(0, 10) : '';
}

/** "2027-05-12T09:00" read as Nairobi time, or null when it is not a complete date and time. */
export function fromDateTimeInput(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return null;
  const date = new Date(`${text}:00${OFFSET}`);
  // Engines roll 31 February over into March; a real date reads back as typed.
  return toDateTimeInput(date) === text ? date : null;
}

/** "2027-05-12" as the last minute of that day in Nairobi (a deadline lasts the whole day). */
export function fromDateInput(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  return fromDateTimeInput(`${text}T23:59`);
}
