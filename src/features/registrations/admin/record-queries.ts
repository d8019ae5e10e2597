// What the Registrations screens read: pages, search, one record, its payments and its emails, with
// their query keys (each tab keyed by the collection it shows).
import { useQuery } from '@tanstack/react-query';
import { db } from '../../../lib/data.ts';
import { type Cursor } from '../../../lib/db.ts';
import { useCursorPages } from '../../../admin/ui/use-cursor-pages.ts';
import { type MailDocument } from '../../../data/mail.ts';
import { COLLECTION, listOptions, type ListFilters, type StaffRecord, type Tab } from './records.ts';
import { searchRecords } from './search.ts';
import { adminKey } from '../../../data/query-keys.ts';

export const PAGE_SIZE = 25;
const SEARCH_LIMIT = 20;

// Each tab's reads are keyed by the collection it shows (attendees: registrations; partner
// applications and booths: partners), so a change to either collection refreshes its tabs.
export const registrationKeys = {
  all: [adminKey('registrations'), adminKey('partners')],
  list: (tab: Tab, filters: ListFilters) => [...adminKey(COLLECTION[tab]), tab, filters] as const,
  search: (tab: Tab, q: string, filters: ListFilters) => [...adminKey(COLLECTION[tab]), tab, filters, 'search', q] as const,
  record: (collection: string, id: string) => [...adminKey(collection), 'record', id] as const,
};

export function useRecordPages(tab: Tab, filters: ListFilters) {
  return useCursorPages(registrationKeys.list(tab, filters), (after) => fetchRecordPage(tab, filters, after));
}

export function useRecordSearch(tab: Tab, q: string, filters: ListFilters) {
  return useQuery({
    queryKey: registrationKeys.search(tab, q, filters),
    enabled: q.trim().length > 0,
    queryFn: () => searchRecords(db, tab, q, filters, SEARCH_LIMIT),
  });
}

export function useRecord(collection: string, id: string) {
  return useQuery({ queryKey: registrationKeys.record(collection, id), queryFn: () => db.fetchDocument<StaffRecord>(collection, id) });
}

export const fetchRecordPage = (tab: Tab, filters: ListFilters, after: Cursor | null) =>
  db.fetchPage<StaffRecord>(COLLECTION[tab], { ...listOptions(tab, filters), limit: PAGE_SIZE, after });

/** Payments that name a record (finance and admin may read them). */
export const fetchRecordPayments = (id: string) =>
  db.fetchDocuments<{ amount: number; currency: string; method: string; reference: string; status: string; timestamp?: Date }>('payments', {
    where: [['targetId', '==', id]],
    limit: 50,
  });

export function useRecordPayments(collection: string, id: string, enabled: boolean) {
  return useQuery({ queryKey: [...adminKey('payments'), 'for', collection, id], enabled, queryFn: () => fetchRecordPayments(id) });
}

export type StoredMail = MailDocument & { id: string; timestamp?: Date };

/** The emails written about a record, for its Messages panel. */
export const fetchRecordMail = (collection: 'registrations' | 'partners', id: string) =>
  db.fetchDocuments<StoredMail>('mail', {
    where: [
      ['recordCollection', '==', collection],
      ['recordId', '==', id],
    ],
    limit: 50,
  });
