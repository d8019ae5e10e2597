import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { QueryDocumentSnapshot } from 'firebase/firestore/lite';
import { db } from '../lib/data.ts';
import type { WithId } from '../lib/db.ts';

/** Published documents of a staff-managed collection, newest first, a page at a time. */
export function usePublishedPages<T>(collection: string, pageSize = 10) {
  return useInfiniteQuery({
    queryKey: ['published', collection],
    initialPageParam: null as QueryDocumentSnapshot | null,
    queryFn: ({ pageParam }) => db.fetchPage<T>(collection, { where: [['published', '==', true]], limit: pageSize, after: pageParam }),
    getNextPageParam: (page) => page.next,
  });
}

/** One published document by its slug, or null. */
export function usePublishedBySlug<T>(collection: string, slug: string) {
  return useQuery({
    queryKey: ['published', collection, slug],
    queryFn: async (): Promise<WithId<T> | null> =>
      (await db.fetchDocuments<T>(collection, { where: [['published', '==', true], ['slug', '==', slug]], limit: 1 }))[0] ?? null,
  });
}
