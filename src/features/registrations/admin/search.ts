// Searching the Registrations screen by the records' searchTokens (src/data/search-tokens.ts):
// one array-contains query per token under the screen's filters, newest first (composite indexes
// in firestore.indexes.json), merged and narrowed to the records that match every typed word.
import type { Db, ListOptions } from '../../../lib/db.ts';
import { searchTerms, type SearchTerms } from '../../../data/search-tokens.ts';
import { COLLECTION, displayName, listOptions, mergeResults, type ListFilters, type StaffRecord, type Tab } from './records.ts';

/** What the search box matches, said next to it. */
export const SEARCH_HINT = 'Any word of the name or organisation, or its beginning (“odhi” finds Brian Odhiambo); a full email address; a reference.';

/** The queries for a search: the screen's equality filters plus one token, newest first. */
export function searchOptions(tab: Tab, terms: SearchTerms, filters: ListFilters, limit: number): ListOptions[] {
  const { where = [] } = listOptions(tab, filters);
  return terms.queries.map((token) => ({ where: [...where, ['searchTokens', 'array-contains', token]], orderBy: ['timestamp', 'desc'], limit }));
}

export interface SearchResult {
  items: StaffRecord[];
  /** A query returned its limit: there may be more matches than shown. */
  capped: boolean;
}

/** Runs a search against Firestore; the records in name order, each once. */
export async function searchRecords(db: Pick<Db, 'fetchDocuments'>, tab: Tab, text: string, filters: ListFilters, limit: number): Promise<SearchResult> {
  const terms = searchTerms(text);
  if (!terms) return { items: [], capped: false };
  const lists = await Promise.all(searchOptions(tab, terms, filters, limit).map((o) => db.fetchDocuments<StaffRecord>(COLLECTION[tab], o)));
  const tokensOf = (r: StaffRecord) => (Array.isArray(r.searchTokens) ? (r.searchTokens as string[]) : []);
  return {
    items: mergeResults(lists, (r) => displayName(tab, r)).filter((r) => terms.matches(tokensOf(r))),
    capped: lists.some((l) => l.length === limit),
  };
}
