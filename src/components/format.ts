import { formatDate } from '../lib/nairobi-time.ts';

/** "12–14 May 2027" style range, or '' while unknown. */
export function formatDateRange(start: Date | null, end: Date | null): string {
  if (!start) return '';
  if (!end || formatDate(start) === formatDate(end)) return formatDate(start);
  return `${formatDate(start)} – ${formatDate(end)}`;
}

export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-KE', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
}

/** An amount in cents as the site shows money ("Ksh 5,000"), with its cents when it has any ("Ksh 2,999.50"). */
export function formatMoneyMinor(minor: number, currency: string): string {
  const digits = minor % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat('en-KE', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 100);
}

const twoDecimals = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 116000 → "KES 1,160.00": an amount in minor units (cents) as an invoice or a statement prints it. */
export function formatMinor(minor: number, currency: string): string {
  return `${currency} ${twoDecimals.format(minor / 100)}`;
}

/** 116000 → "KES 1,160", 116050 → "KES 1,160.50": short, for the activity log and lists (cents only when there are any). */
export function formatMinorShort(minor: number, currency: string): string {
  return minor % 100 === 0 ? `${currency} ${(minor / 100).toLocaleString('en-KE')}` : formatMinor(minor, currency);
}

// Date and time in Nairobi are lib's (the data layer words emails with them too).
export { formatDate, formatDateTime, formatDeadline } from '../lib/nairobi-time.ts';

/** A person's initials for a picture's place ("Dr. Amina Otieno" → "AO"): titles left out, two letters at most. */
export const initials = (name: string) =>
  name
    .replace(/^(Dr|Prof)\.?\s+/i, '')
    .split(/\s+/)
    .map((w) => w[0])
    .slice(0, 2)
    .join('');
