// The three kinds of record staff manage on the Registrations screen, and the queries that list,
// filter, sort and search them. Pure: unit-tested without Firestore.
import type { Filter, ListOptions } from '../../../lib/db.ts';

export const TABS = ['attendees', 'partners', 'booths'] as const;
export type Tab = (typeof TABS)[number];

export const TAB_LABELS: Record<Tab, string> = { attendees: 'Attendees', partners: 'Partners', booths: 'Booths' };

/** Attendees live in `registrations`; partner applications and booth bookings share `partners`. */
export const COLLECTION: Record<Tab, 'registrations' | 'partners'> = { attendees: 'registrations', partners: 'partners', booths: 'partners' };

const KIND: Partial<Record<Tab, string>> = { partners: 'partner', booths: 'booth' };

/** The field each tab's "type" filter narrows by (category, tier or booth type). */
export const TYPE_FIELD: Record<Tab, string> = { attendees: 'category', partners: 'tier', booths: 'boothType' };

/** The name staff know a record by, and the field it sorts by. */
export const NAME_FIELD: Record<Tab, string> = { attendees: 'fullName', partners: 'organisation', booths: 'organisation' };

export const SORTS = {
  newest: { label: 'Newest first', orderBy: ['timestamp', 'desc'] },
  oldest: { label: 'Oldest first', orderBy: ['timestamp', 'asc'] },
  name: { label: 'Name A–Z', orderBy: null },
} as const;
export type Sort = keyof typeof SORTS;

export interface ListFilters {
  status?: string;
  paymentStatus?: string;
  type?: string;
  sort?: Sort;
}

/** What a record looks like to the screen, whichever collection it comes from. */
export interface StaffRecord {
  id: string;
  timestamp?: Date;
  status: string;
  paymentStatus: string;
  fee: number;
  currency: string;
  email: string;
  phone: string;
  organisation: string;
  [field: string]: unknown;
}

export const displayName = (tab: Tab, r: StaffRecord) => String(r[NAME_FIELD[tab]] ?? '');

function equalities(tab: Tab, filters: ListFilters): Filter[] {
  const where: Filter[] = [];
  if (KIND[tab]) where.push(['kind', '==', KIND[tab]]);
  if (filters.status) where.push(['status', '==', filters.status]);
  if (filters.paymentStatus) where.push(['paymentStatus', '==', filters.paymentStatus]);
  if (filters.type) where.push([TYPE_FIELD[tab], '==', filters.type]);
  return where;
}

/** The filtered, sorted list: equality filters and one order (production needs composite indexes; see firestore.indexes.json). */
export function listOptions(tab: Tab, filters: ListFilters): ListOptions {
  const sort = SORTS[filters.sort ?? 'newest'];
  return { where: equalities(tab, filters), orderBy: sort.orderBy ? [...sort.orderBy] : [NAME_FIELD[tab], 'asc'] };
}

/** Results of several searches, each record once, in name order. */
export function mergeResults<T extends { id: string }>(lists: T[][], name: (r: T) => string): T[] {
  const byId = new Map<string, T>();
  for (const list of lists) for (const r of list) byId.set(r.id, r);
  return [...byId.values()].sort((a, b) => name(a).localeCompare(name(b)));
}

/**
 * Status changes staff may make, from each status. Checking in, and undoing it, are not among
 * them: a check-in is for a summit day (the Check-in screen, and the record's Attendance section).
 */
export const NEXT_STATUSES: Record<string, Array<{ status: string; label: string }>> = {
  pending: [
    { status: 'confirmed', label: 'Confirm' },
    { status: 'cancelled', label: 'Cancel' },
  ],
  confirmed: [{ status: 'cancelled', label: 'Cancel' }],
  cancelled: [{ status: 'pending', label: 'Reinstate' }],
};
