// How long attendees' personal data is kept after the summit ends, and from when the timed work
// anonymises it (src/data/timed-work/retention.ts). On its own, beside response-days.ts, so the
// public privacy page states it without loading the writes. firestore.rules computes the same
// moment (retentionEnds) from the same setting, with the same default and the same month.

/** Months kept after the summit ends when Settings says nothing (settings/site retentionMonths). */
export const DEFAULT_RETENTION_MONTHS = 24;

/**
 * At least three months: refunds, certificates and evaluations finish within weeks of a summit,
 * and a slip of the keyboard must not erase everyone the day after it. At most ten years.
 */
export const RETENTION_MONTHS_BOUNDS = { min: 3, max: 120 } as const;

/**
 * A month, as the rules can add one: the rules have no calendar months, so both sides count a
 * twelfth of a Julian year (30 days 10 h 30 min), in whole minutes. Twelve of them are a year.
 */
export const RETENTION_MONTH_MINUTES = 43_830;

/** The staff are told this long before anonymising starts (the overview lists what it will touch). */
export const RETENTION_NOTICE_DAYS = 7;

const DAY_MS = 86_400_000;
const MONTH_MS = RETENTION_MONTH_MINUTES * 60_000;

export function retentionMonths(settings: { retentionMonths?: unknown } | null | undefined): number {
  const m = settings?.retentionMonths;
  return typeof m === 'number' && Number.isInteger(m) && m >= RETENTION_MONTHS_BOUNDS.min && m <= RETENTION_MONTHS_BOUNDS.max ? m : DEFAULT_RETENTION_MONTHS;
}

/** When anonymising starts: the summit's end plus the months kept; null while it has no end date. */
export function retentionEndsAt(settings: { endDate?: Date | null; retentionMonths?: unknown } | null | undefined): Date | null {
  const end = settings?.endDate;
  if (!(end instanceof Date) || Number.isNaN(end.getTime())) return null;
  return new Date(end.getTime() + retentionMonths(settings) * MONTH_MS);
}

/** Where the keeping time stands at `now`: far off, within the week's notice, or reached. */
export type RetentionStage = { stage: 'unset' } | { stage: 'kept' | 'notice' | 'due'; endsAt: Date };

export function retentionStage(settings: Parameters<typeof retentionEndsAt>[0], now = new Date()): RetentionStage {
  const endsAt = retentionEndsAt(settings);
  if (!endsAt) return { stage: 'unset' };
  if (now.getTime() >= endsAt.getTime()) return { stage: 'due', endsAt };
  return { stage: endsAt.getTime() - now.getTime() <= RETENTION_NOTICE_DAYS * DAY_MS ? 'notice' : 'kept', endsAt };
}

/**
 * A change of the summit's end or the months kept may not bring anonymising closer than the week's
 * notice: it stays a week away or more, or the change moves neither the end earlier nor the months
 * down (firestore.rules retentionKept holds the same, without date arithmetic on both sides).
 */
export function keepsRetentionNotice(before: Parameters<typeof retentionEndsAt>[0], after: Parameters<typeof retentionEndsAt>[0], now = new Date()): boolean {
  const next = retentionEndsAt(after);
  if (!next) return true;
  const end = before?.endDate;
  const later = end instanceof Date && (after?.endDate as Date).getTime() >= end.getTime() && retentionMonths(after) >= retentionMonths(before);
  return later || next.getTime() >= now.getTime() + RETENTION_NOTICE_DAYS * DAY_MS;
}
