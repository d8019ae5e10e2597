// What the build reads for each prerendered page, so its HTML carries the content and not a
// loading line: the settings every page shows (dates, venue, contacts), and the bounded lists of
// /about and /program. The browser starts from the same data (lib/prerendered-queries.ts) and reads
// it again at once. Paged lists (events, jobs, tenders, resources, articles) are not here: their
// cursors are Firestore snapshots, which cannot travel in a page, so they load in the browser.
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { publishedPartnersQuery } from '../data/partners.ts';
import { siteSettingsQuery } from '../data/site-settings.ts';
import { speakersQuery } from '../data/speakers.ts';
import { sessionsQuery } from '../features/program/api.ts';

type Prefetch = (client: QueryClient) => Promise<void>;

function read<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): Prefetch {
  return (client) => client.prefetchQuery({ ...options, retry: false });
}

const EVERY_PAGE = [read(siteSettingsQuery)];

export const PAGE_DATA: Record<string, Prefetch[]> = {
  '/about': [read(speakersQuery), read(publishedPartnersQuery)],
  '/program': [read(sessionsQuery), read(speakersQuery)],
};

/**
 * Fills the prerender's cache for one page. A read that fails (no database at build time) leaves
 * the page as it renders without data: its loading line, replaced in the browser.
 */
export async function prefetchPageData(client: QueryClient, pathname: string): Promise<void> {
  const path = pathname.replace(/\/+$/, '') || '/'; // the prerender asks for "/program/"
  await Promise.all([...EVERY_PAGE, ...(PAGE_DATA[path] ?? [])].map((prefetch) => prefetch(client)));
}
