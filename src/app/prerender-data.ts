// What the build reads for each prerendered page, so its HTML carries the content and not a
// loading line: the settings every page shows (dates, venue, contacts), the bounded lists of
// /, /about and /program (with the abstracts placed in its sessions), the free seats for /register
// (so its form is in the page), the call for /abstracts, the abstract book's list and PDF record,
// and the first page of each paged list (events, jobs, tenders, resources, articles). The browser
// starts from the same data (lib/prerendered-queries.ts) once the app runs.
import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { href } from 'react-router';
import type { Cursor } from '../lib/db.ts';
import { abstractBookFileQuery } from '../data/abstract-book.ts';
import { abstractCallQuery } from '../data/abstract-call.ts';
import { abstractBookQuery, placedAbstractsQuery } from '../data/published-abstract-queries.ts';
import { publishedPagesQuery } from '../data/published.ts';
import { ARTICLE_LISTS, latestArticlesQuery, publicationsQuery } from '../data/publications.ts';
import { publishedPartnersQuery } from '../data/partners.ts';
import { siteSettingsQuery } from '../data/site-settings.ts';
import { speakersQuery } from '../data/speakers.ts';
import { eventsQuery } from '../features/events/api.ts';
import { sessionsQuery } from '../data/sessions.ts';
import { freeSeatsQuery } from '../features/registrations/api.ts';

type Prefetch = (client: QueryClient) => Promise<void>;

function read<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): Prefetch {
  return (client) => client.prefetchQuery({ ...options, retry: false });
}

/** A paged list's first page (its cursor is plain data, so the next page loads from the page). */
function firstPage<T, K extends QueryKey>(options: FetchInfiniteQueryOptions<T, Error, T, K, Cursor | null>): Prefetch {
  return (client) => client.prefetchInfiniteQuery({ ...options, retry: false });
}

const EVERY_PAGE = [read(siteSettingsQuery)];

export const PAGE_DATA: Record<string, Prefetch[]> = {
  [href('/')]: [read(speakersQuery), read(latestArticlesQuery), read(publishedPartnersQuery)],
  [href('/about')]: [read(speakersQuery), read(publishedPartnersQuery)],
  [href('/program')]: [read(sessionsQuery), read(speakersQuery), read(placedAbstractsQuery)],
  [href('/register')]: [read(freeSeatsQuery())],
  [href('/abstracts')]: [read(abstractCallQuery)],
  [href('/abstract-book')]: [read(abstractBookQuery), read(abstractCallQuery), read(abstractBookFileQuery)],
  [href('/events')]: [firstPage(eventsQuery('upcoming')), firstPage(eventsQuery('past'))],
  [href('/careers')]: [firstPage(publishedPagesQuery('jobs'))],
  [href('/tenders')]: [firstPage(publishedPagesQuery('tenders'))],
  [href('/resources')]: [firstPage(publishedPagesQuery('resources'))],
  [href('/blogs')]: [firstPage(publicationsQuery(ARTICLE_LISTS.blogs.categories))],
  [href('/research')]: [firstPage(publicationsQuery(ARTICLE_LISTS.research.categories))],
  [href('/awareness')]: [firstPage(publicationsQuery(ARTICLE_LISTS.awareness.categories))],
};

/**
 * Fills the prerender's cache for one page. A read that fails (no database at build time) leaves
 * the page as it renders without data: its loading line, replaced in the browser.
 */
export async function prefetchPageData(client: QueryClient, pathname: string): Promise<void> {
  const path = pathname.replace(/\/+$/, '') || '/'; // the prerender asks for "/program/"
  await Promise.all([...EVERY_PAGE, ...(PAGE_DATA[path] ?? [])].map((prefetch) => prefetch(client)));
}
