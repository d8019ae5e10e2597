// What the content screens read: a page of a collection's list, and whether a slug is taken.
import { db } from '../../lib/data.ts';
import type { Cursor } from '../../lib/db.ts';
import type { ContentConfig, ContentDocument, ListQuery } from './content-config.ts';

export const PAGE_SIZE = 20;

export const fetchContentPage = (config: ContentConfig, query: ListQuery, after: Cursor | null) =>
  db.fetchPage<ContentDocument>(config.collection, { ...query, limit: PAGE_SIZE, after });

/** Does another document already use this slug? (Public addresses are looked up by slug.) */
export async function slugTaken(config: ContentConfig, field: string, slug: string, ownId: string) {
  const found = await db.fetchDocuments<ContentDocument>(config.collection, { where: [[field, '==', slug]], orderBy: null, limit: 2 });
  return found.some((d) => d.id !== ownId);
}
