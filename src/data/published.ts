import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { db } from '../lib/data.ts';
import type { Cursor, WithId } from '../lib/db.ts';

/** Lists scanned rather than read: more to a page. (One size per list: the page and the build agree.) */
const PAGE_SIZES: Record<string, number> = { tenders: 20, resources: 20 };

/**
 * Published documents of a staff-managed collection, newest first, a page at a time. Plain
 * cursors (lib/db.ts), so the build can prerender a list's first page with its data.
 */
export function publishedPagesQuery<T>(collection: string) {
  const pageSize = PAGE_SIZES[collection] ?? 10;
  return infiniteQueryOptions({
    queryKey: ['published', collection],
    initialPageParam: null as Cursor | null,
    queryFn: ({ pageParam }) => db.fetchPage<T>(collection, { where: [['published', '==', true]], limit: pageSize, after: pageParam }),
    getNextPageParam: (page) => page.next,
  });
}

export function usePublishedPages<T>(collection: string) {
  return useInfiniteQuery(publishedPagesQuery<T>(collection));
}

/** One published document by its slug, or null. */
export function usePublishedBySlug<T>(collection: string, slug: string) {
  return useQuery({
    queryKey: ['published', collection, slug],
    queryFn: async (): Promise<WithId<T> | null> =>
      (await db.fetchDocuments<T>(collection, { where: [['published', '==', true], ['slug', '==', slug]], limit: 1 }))[0] ?? null,
  });
}
