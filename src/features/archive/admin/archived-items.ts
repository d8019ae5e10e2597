// Archived copies (archive/{collection}/items/{id}): how each collection is named on the Archive
// screen, what a readable title of one item is, and the restore action.
import type { ArchivableCollection } from '../../../admin/permissions.ts';
import { useStaffMove } from '../../../admin/use-staff-action.ts';
import { formatMoney } from '../../../components/format.ts';
import { adminKey, archiveKey, keysShowing } from '../../../data/query-keys.ts';
import { db } from '../../../lib/data.ts';

export const ARCHIVE_PAGE_SIZE = 25;

export type ArchivedItem = { id: string; timestamp?: Date } & Record<string, unknown>;

export const COLLECTION_NAMES: Record<ArchivableCollection, { label: string; noun: string }> = {
  registrations: { label: 'Registrations', noun: 'registration' },
  partners: { label: 'Partner applications and booths', noun: 'partner application' },
  messages: { label: 'Messages', noun: 'message' },
  payments: { label: 'Payments', noun: 'payment' },
  donations: { label: 'Donations', noun: 'donation' },
  procurement: { label: 'Procurement', noun: 'procurement item' },
  publications: { label: 'Publications', noun: 'publication' },
  events: { label: 'Events', noun: 'event' },
  jobs: { label: 'Jobs', noun: 'job' },
  tenders: { label: 'Tenders', noun: 'tender' },
  resources: { label: 'Resources', noun: 'resource' },
  speakers: { label: 'Speakers', noun: 'speaker' },
  sessions: { label: 'Programme sessions', noun: 'session' },
  sponsors: { label: 'Sponsors', noun: 'sponsor' },
};

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const money = (d: Record<string, unknown>) => (typeof d.amount === 'number' ? formatMoney(d.amount, str(d.currency) || 'KES') : '');
const joined = (...parts: string[]) => parts.filter(Boolean).join(' · ');

/** What a person would call the item: a name, a title or a subject; the id when there is nothing better. */
export function archivedTitle(collection: ArchivableCollection, d: ArchivedItem): string {
  const title = (() => {
    switch (collection) {
      case 'registrations':
        return str(d.fullName);
      case 'partners':
        return joined(str(d.organisation), d.kind === 'booth' ? 'booth booking' : 'partner application');
      case 'messages':
        return joined(str(d.subject), str(d.name));
      case 'payments':
        return joined(str(d.payerName), str(d.reference), money(d));
      case 'donations':
        return joined(d.anonymous === true ? 'Anonymous' : str(d.name), money(d));
      case 'speakers':
        return str(d.name);
      case 'sponsors':
        return str(d.organisation);
      default:
        return str(d.title);
    }
  })();
  return title || d.id;
}

/** Newest first by the original's creation time (every document the data module writes has one). */
export const archivePage = (collection: ArchivableCollection) => ({
  key: [...archiveKey(collection), 'items'],
  fetch: (after: Parameters<typeof db.fetchPage>[1]['after']) => db.fetchPage<ArchivedItem>(`archive/${collection}/items`, { limit: ARCHIVE_PAGE_SIZE, after }),
});

export function useRestore() {
  return useStaffMove<{ collection: ArchivableCollection; item: ArchivedItem }>({
    move: ({ collection, item }) => ({ collection, id: item.id, to: 'original' }),
    log: ({ collection, item }) => {
      const title = archivedTitle(collection, item);
      return `Restored ${COLLECTION_NAMES[collection].noun} ${item.id}${title === item.id ? '' : ` (${title.slice(0, 120)})`}`;
    },
    // The archive's list, every screen showing the collection (back office and public) and the overview's counts.
    // A registration restored may take its seat again: the seat figures too.
    invalidate: ({ collection }) => [...keysShowing(collection), ...(collection === 'registrations' ? [adminKey('seats')] : []), ['overview']],
  });
}
