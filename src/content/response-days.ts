// How many days the institute commits to answering a request under the Data Protection Act: on
// its own so the public privacy page states it without loading the requests' writes (mail, db).
/**
 * The response time the institute commits to when Settings says nothing (settings/site
 * dataRequestDays, which firestore.rules reads with the same default). Kenya's Data Protection
 * (General) Regulations 2021 set the outer limits (see README, "Requests under the Data Protection
 * Act"); the bounds below keep a setting within the shortest of them that applies to erasure.
 */
export const DEFAULT_RESPONSE_DAYS = 14;
export const RESPONSE_DAYS_BOUNDS = { min: 1, max: 14 } as const;

export function responseDays(settings: { dataRequestDays?: unknown } | null | undefined): number {
  const d = settings?.dataRequestDays;
  return typeof d === 'number' && Number.isInteger(d) && d >= RESPONSE_DAYS_BOUNDS.min && d <= RESPONSE_DAYS_BOUNDS.max ? d : DEFAULT_RESPONSE_DAYS;
}
