// Data read during the build's prerender travels to the browser with the page, so the browser
// hydrates with exactly what the HTML shows (no mismatch, no second wait) and then reads it again
// in the background, as it was read at build time. The state is a JSON data block, not a
// script; Dates (the data module's timestamps) survive the trip.
import { createContext } from 'react';
import { QueryClient, dehydrate, hydrate, type DehydratedState } from '@tanstack/react-query';
import { jsonDataBlock, readJsonDataBlock } from './json-data-block.ts';

export const PRERENDERED_QUERIES_ID = 'prerendered-queries';

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } } });
}

/** The prerender's query client, given by entry.server so it can read what the page fetched. */
export const PrerenderQueryClient = createContext<QueryClient | null>(null);

const DATE = '$date';

function serializeQueries(client: QueryClient): string {
  const state = dehydrate(client);
  return JSON.stringify(state, function (this: Record<string, unknown>, key, value) {
    const raw = this[key];
    return raw instanceof Date ? { [DATE]: raw.toISOString() } : value;
  });
}

export function parseQueries(text: string): DehydratedState {
  return JSON.parse(text, (_, value) =>
    value && typeof value === 'object' && typeof value[DATE] === 'string' && Object.keys(value).length === 1 ? new Date(value[DATE]) : value,
  );
}

export function prerenderedQueriesTag(client: QueryClient): string {
  return jsonDataBlock(PRERENDERED_QUERIES_ID, serializeQueries(client));
}

/**
 * The browser's query client, holding what the prerender read for this page (if anything), marked
 * out of date: the page hydrates with it and every query that shows it reads again on mount, so a
 * change made since the build appears at once, however recent the build.
 */
export function browserQueryClient(doc: Document | undefined = globalThis.document): QueryClient {
  const client = createQueryClient();
  const text = readJsonDataBlock(PRERENDERED_QUERIES_ID, doc);
  if (text) {
    hydrate(client, parseQueries(text));
    void client.invalidateQueries({ refetchType: 'none' });
  }
  return client;
}
