// Staff search without a search service. Firestore matches whole values, never a word inside a
// field, so every registration and application carries `searchTokens`: its e-mail, reference and
// payment code (lower case, whole) and the words of its names and organisation (lower case, accents folded),
// each word also by its beginnings, so "odhi" finds "Brian Odhiambo". A search asks for one token
// with `array-contains` and keeps the records that have the other typed words too.
//
// firestore.rules (searchTokens()) bounds the list for visitors' writes with the same limits and
// requires the e-mail, reference and payment code among the tokens. A payment code is found however
// it is typed ("NCS-7K2QX", "ncs7k2qx", "7K2QX"): the search reads it to its canonical token.
import { readPaymentCode } from './payment-codes.ts';

/** At most this many tokens per record: the whole e-mail, reference and payment code always, then words, then their beginnings. */
export const MAX_SEARCH_TOKENS = 150;
/** The longest token (an e-mail address may have 254 characters). */
export const MAX_TOKEN_LENGTH = 254;
/** Words are indexed by their first 20 characters at most; a longer typed word is cut to match. */
export const MAX_WORD_LENGTH = 20;

/** The collections whose records carry searchTokens (Registrations screen: attendees; partner applications and booth bookings). */
export const SEARCHABLE_COLLECTIONS: readonly string[] = ['registrations', 'partners'];

/** The fields whose words are searchable (attendees' names; applications' contact and organisation). */
export const SEARCHED_FIELDS = ['fullName', 'contactName', 'organisation'] as const;

/** Lower case without accents: "Ngũgĩ Wa Thiong'o" → "ngugi wa thiong'o". */
export const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The searchable words of a text: runs of letters and digits, folded, cut to MAX_WORD_LENGTH. */
export const searchWords = (text: string): string[] =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => [...w].slice(0, MAX_WORD_LENGTH).join(''));

/** An e-mail address or reference as a token: the rules compare it with `value.lower()`. */
const exactToken = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : '');

export interface Searchable {
  id: string;
  email?: unknown;
  fullName?: unknown;
  contactName?: unknown;
  organisation?: unknown;
  paymentCode?: unknown;
}

/** The tokens a record is found by, for its `searchTokens` field. */
export function recordSearchTokens(record: Searchable): string[] {
  const words = SEARCHED_FIELDS.flatMap((field) => {
    const value = record[field];
    return typeof value === 'string' ? searchWords(value) : [];
  });
  const beginnings = words.flatMap((w) => {
    const letters = [...w];
    return letters.slice(0, -1).map((_, i) => letters.slice(0, i + 1).join(''));
  });
  const tokens = new Set([exactToken(record.email), exactToken(record.id), exactToken(record.paymentCode), ...words, ...beginnings]);
  return [...tokens].filter((t) => t.length > 0 && t.length <= MAX_TOKEN_LENGTH).slice(0, MAX_SEARCH_TOKENS);
}

/** A record's data with its tokens added (what a create or an edit of a searched field writes). */
export const withSearchTokens = <T extends Searchable>(record: T): T & { searchTokens: string[] } => ({ ...record, searchTokens: recordSearchTokens(record) });

export interface SearchTerms {
  /** The tokens to ask Firestore for (array-contains, one query each): the whole text as typed, and its longest word. */
  queries: string[];
  /** Whether a record found by one of them matches the whole search. */
  matches(tokens: readonly string[]): boolean;
}

/**
 * What staff typed, as queries: an e-mail or reference is matched whole ("brian@knh.or.ke",
 * "Demo-Registration-4"), words each by their beginning in any order ("odhiambo b"), and text that
 * reads as a payment code also by the code ("ncs 7k2qx" and "7K2QX" are "ncs-7k2qx"; a name that
 * happens to read as one still finds the name). Null for a search with nothing searchable in it
 * (only spaces or punctuation).
 */
export function searchTerms(text: string): SearchTerms | null {
  const whole = exactToken(text.trim());
  const words = [...new Set(searchWords(text))];
  if (!whole || (words.length === 0 && /\s/.test(whole))) return null;
  const longest = words.reduce((a, b) => ([...b].length > [...a].length ? b : a), '');
  const byWhole = !/\s/.test(whole) && whole.length <= MAX_TOKEN_LENGTH && whole !== longest;
  const code = exactToken(readPaymentCode(text));
  const byCode = code !== '' && code !== whole && code !== longest;
  const queries = [...(longest ? [longest] : []), ...(byWhole ? [whole] : []), ...(byCode ? [code] : [])];
  return {
    queries,
    matches: (tokens) =>
      (byWhole && tokens.includes(whole)) || (code !== '' && tokens.includes(code)) || (words.length > 0 && words.every((w) => tokens.includes(w))),
  };
}
