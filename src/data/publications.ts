import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { publicReads } from '../lib/data.ts';
import type { Cursor } from '../lib/db.ts';
import { publicKey } from './query-keys.ts';

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

/** The three article lists, by route id (each route's path is its id): their categories and copy. */
export const ARTICLE_LISTS: Record<string, { title: string; description: string; categories: string[] }> = {
  blogs: { title: 'News and Blogs', description: 'News from the summit and stories from the field.', categories: ['blog', 'news'] },
  research: { title: 'Research', description: 'Research presented at and around the summit.', categories: ['research'] },
  awareness: { title: 'Awareness', description: 'Know the signs of cancer and where to get screened.', categories: ['awareness'] },
};

/**
 * Published articles of some categories, most recently published first (SPEC: "by publication
 * date"; `publishedAt` is set when an article is first published), a page at a time.
 */
export function publicationsQuery(categories: string[]) {
  return infiniteQueryOptions({
    queryKey: [...publicKey('publications'), categories],
    initialPageParam: null as Cursor | null,
    queryFn: ({ pageParam }) =>
      publicReads.fetchPage<Publication>('publications', {
        where: [
          ['published', '==', true],
          ['category', 'in', categories],
        ],
        orderBy: ['publishedAt', 'desc'],
        limit: PAGE_SIZE,
        after: pageParam,
      }),
    getNextPageParam: (page) => page.next,
  });
}

/** The home page's three newest articles, by publication date as the article lists order them. */
export const fetchLatestArticles = () =>
  publicReads.fetchDocuments<Pick<Publication, 'id' | 'title' | 'slug' | 'summary' | 'category'>>('publications', {
    where: [['published', '==', true]],
    orderBy: ['publishedAt', 'desc'],
    limit: 3,
  });

export const latestArticlesQuery = queryOptions({ queryKey: [...publicKey('publications'), 'latest'], queryFn: fetchLatestArticles });

/** One published article by its slug, or null. */
export const fetchPublication = async (slug: string) =>
  (
    await publicReads.fetchDocuments<Publication>('publications', {
      where: [
        ['published', '==', true],
        ['slug', '==', slug],
      ],
      orderBy: null,
      limit: 1,
    })
  )[0] ?? null;

export function usePublications(categories: string[]) {
  return useInfiniteQuery(publicationsQuery(categories));
}

/**
 * One published article by its slug (null when there is none). It suspends, so the build's
 * prerender waits for the article and writes it, and its data, into the page; the browser starts
 * from that data and reads the article again at once (lib/prerendered-queries.ts).
 */
export function usePublication(slug: string) {
  return useSuspenseQuery({
    queryKey: [...publicKey('publications'), 'slug', slug],
    queryFn: () => fetchPublication(slug),
  });
}
