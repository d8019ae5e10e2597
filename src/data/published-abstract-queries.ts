// The public pages' reads of accepted abstracts' public copies (published-abstracts.ts defines
// them): the programme's placed abstracts, the abstract book's list, and one abstract with its text.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicReads } from '../lib/data.ts';
import { PUBLISHED, PUBLISHED_LIMIT, PUBLISHED_TEXTS, type PublishedAbstract, type PublishedAbstractText } from './published-abstracts.ts';
import { publicKey } from './query-keys.ts';

export const publishedKey = publicKey(PUBLISHED);

/**
 * The abstracts placed in the programme, by session (/program groups them under their sessions and
 * orders each session's by sessionOrder: one ordered field needs no composite index). Abstracts
 * published but not yet placed are not in it.
 */
export const placedAbstractsQuery = queryOptions({
  queryKey: [...publishedKey, 'placed'],
  queryFn: () =>
    publicReads.fetchDocuments<PublishedAbstract>(PUBLISHED, {
      where: [['sessionId', '>', '']],
      orderBy: ['sessionId', 'asc'],
      limit: PUBLISHED_LIMIT,
    }),
});

/** Every published abstract by title: the abstract book's list (grouped by track in the call's order on the page). */
export const abstractBookQuery = queryOptions({
  queryKey: [...publishedKey, 'book'],
  queryFn: () =>
    publicReads.fetchDocuments<PublishedAbstract>(PUBLISHED, {
      orderBy: ['title', 'asc'],
      limit: PUBLISHED_LIMIT,
    }),
});

/** One published abstract with its text, or null when it is not (or no longer) published. */
export async function fetchPublishedAbstract(id: string): Promise<(PublishedAbstract & PublishedAbstractText) | null> {
  const [listing, text] = await Promise.all([
    publicReads.fetchDocument<PublishedAbstract>(PUBLISHED, id),
    publicReads.fetchDocument<PublishedAbstractText>(PUBLISHED_TEXTS, id),
  ]);
  return listing && text ? { ...text, ...listing } : null;
}

export const publishedAbstractQuery = (id: string) => queryOptions({ queryKey: [...publishedKey, 'one', id], queryFn: () => fetchPublishedAbstract(id) });

export const usePlacedAbstracts = () => useQuery(placedAbstractsQuery);
export const useAbstractBook = () => useQuery(abstractBookQuery);
