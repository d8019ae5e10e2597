// Finding one attendee on the issuing screen, to issue, revoke or correct their certificate by hand
// when there are hundreds: the registrations' searchTokens (data/search-tokens.ts), among the
// checked-in only, one array-contains query per token (served by the status + searchTokens +
// timestamp index the Registrations screen's search uses), merged, narrowed to the records that
// match every typed word, in name order.
import type { Db, ListOptions } from '../../../lib/db.ts';
import { searchTerms } from '../../../data/search-tokens.ts';
import { checkedIn, type AttendeeRecord } from './eligibility-preview.ts';

/** The most matches a search shows; more says "narrow the search". */
export const SEARCH_LIMIT = 50;

export const searchQueries = (tokens: readonly string[], limit = SEARCH_LIMIT): ListOptions[] =>
  tokens.map((token) => ({ where: [...checkedIn().where, ['searchTokens', 'array-contains', token]], orderBy: ['timestamp', 'desc'], limit }));

export interface AttendeeSearch {
  items: AttendeeRecord[];
  /** A query returned its limit: there may be more matches than shown. */
  capped: boolean;
}

export async function searchCheckedIn(db: Pick<Db, 'fetchDocuments'>, text: string, limit = SEARCH_LIMIT): Promise<AttendeeSearch> {
  const terms = searchTerms(text);
  if (!terms) return { items: [], capped: false };
  const lists = await Promise.all(
    searchQueries(terms.queries, limit).map((o) => db.fetchDocuments<AttendeeRecord & { searchTokens?: unknown }>('registrations', o)),
  );
  const byId = new Map(lists.flat().map((r) => [r.id, r]));
  const items = [...byId.values()]
    .filter((r) => terms.matches(Array.isArray(r.searchTokens) ? (r.searchTokens as string[]) : []))
    .sort((a, b) => String(a.fullName).localeCompare(String(b.fullName), 'en') || a.id.localeCompare(b.id))
    .slice(0, limit);
  return { items, capped: lists.some((l) => l.length === limit) };
}
