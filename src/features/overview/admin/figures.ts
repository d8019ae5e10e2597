// The overview's figures. Every number is a count or sum aggregation answered by the server: the
// overview never reads the documents themselves, so it costs the same with 20 or 20,000 registrations
// (except the few undelivered emails it names, so an administrator can act on them).
import { db } from '../../../lib/data.ts';
import type { Filter } from '../../../lib/db.ts';
import { lastNairobiDays } from '../../../lib/nairobi-time.ts';
import { HELD_ADDRESSES, stillHeld } from '../../../data/timed-work/retention.ts';
import { PAYMENT_STATUSES, REGISTRATION_STATUSES, type PaymentStatus } from '../../../data/statuses.ts';

export interface Figure {
  key: string;
  label: string;
  value: number;
}

const count = (collection: string, field: string, value: unknown) => db.fetchCount(collection, [[field, '==', value]]);

export async function registrationFigures(categories: Record<string, { label: string }>) {
  const [total, byStatus, byCategory] = await Promise.all([
    db.fetchCount('registrations'),
    Promise.all(REGISTRATION_STATUSES.map(async (s): Promise<Figure> => ({ key: s, label: s, value: await count('registrations', 'status', s) }))),
    Promise.all(
      Object.entries(categories).map(async ([key, c]): Promise<Figure> => ({ key, label: c.label, value: await count('registrations', 'category', key) })),
    ),
  ]);
  return { total, byStatus, byCategory };
}

export async function partnerFigures() {
  const [partners, booths] = await Promise.all([count('partners', 'kind', 'partner'), count('partners', 'kind', 'booth')]);
  return { partners, booths };
}

/** Count and amount of payment records per status (verified = received, submitted = awaiting verification). */
export async function paymentFigures() {
  const rows = await Promise.all(
    PAYMENT_STATUSES.map(async (status) => ({ status, ...(await db.fetchSum('payments', 'amount', [['status', '==', status]])) })),
  );
  return Object.fromEntries(rows.map((r) => [r.status, { count: r.count, sum: r.sum }])) as Record<PaymentStatus, { count: number; sum: number }>;
}

export const unreadMessages = () => count('messages', 'status', 'unread');

/** Emails that could not be delivered (the newest few, and how many in all): someone must act on them. */
export async function failedMail(shown = 5) {
  const where: Filter[] = [['delivery.state', '==', 'ERROR']];
  const [total, latest] = await Promise.all([
    db.fetchCount('mail', where),
    db.fetchDocuments<{ to: string; template: { name: string }; recordCollection: string; recordId: string; delivery: { error?: string } }>('mail', {
      where,
      limit: shown,
    }),
  ]);
  return { total, latest };
}

/**
 * Registrations per Nairobi day over the last `days` days.
 *
 * One count aggregation per day, rather than one query reading every registration of the month:
 * a count costs one read per 1,000 matching index entries however many registrations a day brings,
 * while the bounded query would download (and bill) every document of the busiest month — thousands
 * of full registrations, personal data included, near the deadline. Thirty small requests run
 * side by side and need only the single-field index on `timestamp`.
 */
export async function registrationsPerDay(days = 30, now = new Date()) {
  return Promise.all(
    lastNairobiDays(days, now).map(async (d) => ({
      ...d,
      value: await db.fetchCount('registrations', [
        ['timestamp', '>=', d.start],
        ['timestamp', '<', d.end],
      ]),
    })),
  );
}

/** What the retention would anonymise now: each place's records still holding someone's address. */
export const retentionFigures = (): Promise<Figure[]> =>
  Promise.all(
    HELD_ADDRESSES.map(async ({ collection, field, label }) => ({ key: collection, label, value: await db.fetchCount(collection, stillHeld(field)) })),
  );
