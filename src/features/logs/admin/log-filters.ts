// View Logs' filters: who did it and between which days (Nairobi time), as a Firestore query.
//
// Index: filtering by user and ordering by time needs, in production, the composite index
// logs: userEmail ASC + timestamp DESC (firestore.indexes.json). The same index serves a date range
// on top (equality first, then the range and the order on the one field `timestamp`). Without a user,
// the range and the order are on `timestamp` alone, which Firestore's single-field index covers.
import { z } from 'zod';
import type { Filter } from '../../../lib/db.ts';
import { nairobiDayEnd, nairobiDayStart } from '../../../lib/nairobi-time.ts';

export const LOG_PAGE_SIZE = 25;

const isoDate = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Enter a date like 2027-05-12.');

export const logFilterSchema = z
  .object({
    userEmail: z
      .string()
      .trim()
      .toLowerCase()
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a full email address, like editor@summit.test, or leave it empty.'),
    from: isoDate,
    to: isoDate,
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], message: 'The “to” date must be on or after the “from” date.' });

export type LogFilter = z.infer<typeof logFilterSchema>;
export const NO_LOG_FILTER: LogFilter = { userEmail: '', from: '', to: '' };

/** Both dates are whole days and both count: "from 12 May to 12 May" is that one day. */
export function logQueryFilters({ userEmail, from, to }: LogFilter): Filter[] {
  const filters: Filter[] = [];
  if (userEmail) filters.push(['userEmail', '==', userEmail]);
  if (from) filters.push(['timestamp', '>=', nairobiDayStart(from)]);
  if (to) filters.push(['timestamp', '<', nairobiDayEnd(to)]);
  return filters;
}
