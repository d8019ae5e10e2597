// When a statement says money arrived. Statements print Nairobi wall-clock time with no zone
// (EAT, UTC+3, no daylight saving), so "2026-11-20 14:03:11" is 11:03:11 UTC. Kenyan banks and
// Safaricom write dates day first: "20-11-2026", "20/11/2026", "20-Nov-2026"; never month first.
import { fromNairobiWallClock } from '../../../../lib/nairobi-time.ts';

const DAY_MS = 86_400_000;
/** Excel's day 0 (1899-12-30) in Unix days: serial numbers count from it. */
const EXCEL_EPOCH_DAYS = 25_569;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const TIME = String.raw`(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([AaPp][Mm])?)?`;
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`);
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})${TIME}$`);
const MONTH_NAMED = new RegExp(String.raw`^(\d{1,2})[- ]([A-Za-z]{3,9})[- ,]+(\d{4})${TIME}$`);

/** A wall-clock reading in Nairobi as an instant; null when a field is out of range. */
function nairobi(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date | null {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31 November over to 1 December: a date that does not exist is refused.
  if (new Date(utc).getUTCDate() !== day) return null;
  return fromNairobiWallClock(utc);
}

function withTime(year: number, month: number, day: number, parts: Array<string | undefined>): Date | null {
  const [h, m, s, meridiem] = parts;
  let hour = h === undefined ? 0 : Number(h);
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (/p/i.test(meridiem) ? 12 : 0);
  }
  return nairobi(year, month, day, hour, m === undefined ? 0 : Number(m), s === undefined ? 0 : Number(s));
}

/**
 * A statement's date cell as an instant, or null when it is not a date. Text in the layouts above;
 * a spreadsheet's date cell (a Date whose UTC fields hold the wall clock, as read-excel-file gives
 * it) or its bare serial number, both Nairobi time.
 */
export function parseStatementDate(cell: string | number | Date | null | undefined): Date | null {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date) {
    const ms = cell.getTime();
    // Serial numbers are fractions of a day: round off the float's millisecond drift.
    return Number.isNaN(ms) ? null : fromNairobiWallClock(Math.round(ms / 1000) * 1000);
  }
  if (typeof cell === 'number') {
    // A date cell without its date style: Excel serial days, plausible from 1960 to 2100.
    if (!Number.isFinite(cell) || cell < 21_916 || cell > 73_051) return null;
    return fromNairobiWallClock(Math.round(((cell - EXCEL_EPOCH_DAYS) * DAY_MS) / 1000) * 1000);
  }
  const text = cell.trim();
  let m = YEAR_FIRST.exec(text);
  if (m) return withTime(Number(m[1]), Number(m[2]), Number(m[3]), m.slice(4));
  m = DAY_FIRST.exec(text);
  if (m) return withTime(Number(m[3]), Number(m[2]), Number(m[1]), m.slice(4));
  m = MONTH_NAMED.exec(text);
  if (m) {
    const word = m[2].toLowerCase();
    const month = MONTHS.findIndex((name) => name.startsWith(word)) + 1;
    if (!month) return null;
    return withTime(Number(m[3]), month, Number(m[1]), m.slice(4));
  }
  return null;
}
