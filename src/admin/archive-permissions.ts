// Who may read archived copies and who may archive or restore, per collection: a mirror of
// firestore.rules' mayRead and mayRemove (the rules are the boundary; this only hides what they refuse).
import type { StaffRole } from './staff-context.ts';

/** Published content: editors manage it, so they may also remove it and bring it back. */
export const CONTENT_COLLECTIONS = ['publications', 'events', 'jobs', 'tenders', 'resources', 'speakers', 'sessions', 'sponsors'] as const;

/** Every collection whose documents can be archived, in the order the Archive screen offers them. */
export const ARCHIVABLE_COLLECTIONS = ['registrations', 'partners', 'messages', 'payments', 'donations', 'procurement', ...CONTENT_COLLECTIONS] as const;

export type ArchivableCollection = (typeof ARCHIVABLE_COLLECTIONS)[number];

const isContent = (c: string) => (CONTENT_COLLECTIONS as readonly string[]).includes(c);

/** mayRead: whoever may read the originals may read their archived copies. */
export function mayReadArchived(role: StaffRole, collection: ArchivableCollection): boolean {
  if (role === 'admin') return true;
  if (isContent(collection) || ['registrations', 'partners', 'messages', 'procurement'].includes(collection)) return true;
  return role === 'finance' && ['payments', 'donations'].includes(collection);
}

/** mayRemove: who may delete from a collection, and so archive from it or restore into it. */
export function mayRemove(role: StaffRole, collection: ArchivableCollection): boolean {
  return role === 'admin' || (role === 'editor' && isContent(collection));
}
