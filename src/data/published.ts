import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { publicReads } from '../lib/data.ts';
import type { Cursor, Filter, ListOptions, WithId } from '../lib/db.ts';
import { publicKey } from './query-keys.ts';

/** Lists scanned rather than read: more to a page. (One size per list: the page and the build agree.) */
const PAGE_SIZES: Record<string, number> = { tenders: 20, resources: 20 };

/** A part of a published list: its own filters and order, named in the query key. */
export interface PublishedView {
  key: string[];
  where: Filter[];
  orderBy: NonNullable<ListOptions['orderBy']>;
}

/**
 * Published documents of a staff-managed collection, a page at a time: newest first, or as a
 * view orders them. Plain cursors (lib/db.ts), so the build can prerender a list's first page
 * with its data.
 */
export function publishedPagesQuery<T>(collection: string, view?: PublishedView) {
  const pageSize = PAGE_SIZES[collection] ?? 10;
  return infiniteQueryOptions({
    queryKey: [...publicKey(collection), ...(view?.key ?? [])],
    initialPageParam: null as Cursor | null,
    queryFn: ({ pageParam }) =>
      publicReads.fetchPage<T>(collection, {
        where: [['published', '==', true], ...(view?.where ?? [])],
        orderBy: view?.orderBy,
        limit: pageSize,
        after: pageParam,
      }),
    getNextPageParam: (page) => page.next,
  });
}

export function usePublishedPages<T>(collection: string, view?: PublishedView) {
  return useInfiniteQuery(publishedPagesQuery<T>(collection, view));
}

/** One published document by its slug, or null. */
export const fetchPublishedBySlug = async <T>(collection: string, slug: string): Promise<WithId<T> | null> =>
  (
    await publicReads.fetchDocuments<T>(collection, {
      where: [
        ['published', '==', true],
        ['slug', '==', slug],
      ],
      orderBy: null,
      limit: 1,
    })
  )[0] ?? null;

export function usePublishedBySlug<T>(collection: string, slug: string) {
  return useQuery({ queryKey: [...publicKey(collection), slug], queryFn: () => fetchPublishedBySlug<T>(collection, slug) });
}
