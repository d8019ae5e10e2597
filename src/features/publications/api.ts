import { useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { db } from '../../lib/data.ts';
import type { QueryDocumentSnapshot } from 'firebase/firestore/lite';

export interface Publication {
  id: string;
  title: string;
  slug: string;
  category: 'blog' | 'news' | 'research' | 'awareness';
  summary: string;
  body: unknown;
  author?: string;
  publishedAt?: Date;
  timestamp?: Date;
}

export const PAGE_SIZE = 9;

/** Published articles of some categories, newest first, a page at a time (never the whole collection). */
export function usePublications(categories: string[]) {
  return useInfiniteQuery({
    queryKey: ['publications', categories],
    initialPageParam: null as QueryDocumentSnapshot | null,
    queryFn: ({ pageParam }) =>
      db.fetchPage<Publication>('publications', {
        where: [
          ['published', '==', true],
          ['category', 'in', categories],
        ],
        limit: PAGE_SIZE,
        after: pageParam,
      }),
    getNextPageParam: (page) => page.next,
  });
}

/**
 * One published article by its slug (null when there is none). It suspends, so the build's
 * prerender waits for the article and writes it, and its data, into the page; the browser starts
 * from that data and reads the article again at once (lib/prerendered-queries.ts).
 */
export function usePublication(slug: string) {
  return useSuspenseQuery({
    queryKey: ['publication', slug],
    queryFn: async () =>
      (
        await db.fetchDocuments<Publication>('publications', {
          where: [
            ['published', '==', true],
            ['slug', '==', slug],
          ],
          limit: 1,
        })
      )[0] ?? null,
  });
}
