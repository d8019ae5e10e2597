// How the public pages arrange published abstracts (data/published-abstracts.ts): each session's
// running order on /program, the abstract book's tracks, and an abstract's numbered affiliations.
// Pure functions, so the pages, the book's PDF and their tests share one definition of each order.
import type { AbstractCall, Presentation } from './abstracts.ts';
import type { PublishedAbstract } from './published-abstracts.ts';

type Placed = Pick<PublishedAbstract, 'sessionId' | 'sessionOrder' | 'title'>;

/**
 * Titles in order without case or accents, compared by code point, then by id so equal titles keep
 * one order. Not localeCompare: each browser's collation orders punctuation and digits its own way,
 * and the book's PDF (made in a browser) must list the same abstracts in the order the pages do.
 */
const titleKey = (title: string) => title.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
export const byTitle = (a: { title: string; id?: string }, b: { title: string; id?: string }) => {
  const [x, y] = [titleKey(a.title), titleKey(b.title)];
  const [i, j] = [a.id ?? '', b.id ?? ''];
  return x < y ? -1 : x > y ? 1 : i < j ? -1 : i > j ? 1 : 0;
};

/** A session's running order: its place (sessionOrder), then the title when two share a place. */
export const runningOrder = (a: Placed, b: Placed) => a.sessionOrder - b.sessionOrder || byTitle(a, b);

/** The placed abstracts of each session (by session id), each in its running order. Unplaced ones are left out. */
export function abstractsBySession<T extends Placed>(abstracts: readonly T[]): Map<string, T[]> {
  const sessions = new Map<string, T[]>();
  for (const a of abstracts) {
    if (!a.sessionId) continue;
    sessions.set(a.sessionId, [...(sessions.get(a.sessionId) ?? []), a]);
  }
  for (const list of sessions.values()) list.sort(runningOrder);
  return sessions;
}

/**
 * The call's tracks in the order the call lists them (/abstracts: by label). Firestore keeps a map's
 * keys in key order, not as an administrator typed them, so the label is the one order people see.
 */
export const trackOrder = (tracks: AbstractCall['tracks']): Array<[key: string, label: string]> =>
  Object.entries(tracks).sort(([ka, a], [kb, b]) => a.localeCompare(b, 'en') || ka.localeCompare(kb));

/** A track's label in the call, or its key for a track the call no longer has (an own key only: "toString" is no track). */
export const trackLabel = (tracks: AbstractCall['tracks'], key: string) => (Object.hasOwn(tracks, key) ? tracks[key] : key);

export interface TrackGroup<T> {
  key: string;
  /** The call's label, or the key itself for a track the call no longer has. */
  label: string;
  /** Whether the call still has this track. */
  known: boolean;
  abstracts: T[];
}

/**
 * The abstract book's sections: the call's tracks that have abstracts, in the call's order, then
 * tracks the call no longer has (an abstract keeps the key it was accepted under), by key. Each
 * track's abstracts by title.
 */
export function abstractsByTrack<T extends Pick<PublishedAbstract, 'track' | 'title'>>(
  abstracts: readonly T[],
  tracks: AbstractCall['tracks'],
): Array<TrackGroup<T>> {
  const byKey = new Map<string, T[]>();
  for (const a of abstracts) byKey.set(a.track, [...(byKey.get(a.track) ?? []), a]);
  const known = trackOrder(tracks)
    .filter(([key]) => byKey.has(key))
    .map(([key, label]) => ({ key, label, known: true }));
  const unknown = [...byKey.keys()]
    .filter((key) => !Object.hasOwn(tracks, key))
    .sort()
    .map((key) => ({ key, label: key, known: false }));
  return [...known, ...unknown].map((t) => ({ ...t, abstracts: [...byKey.get(t.key)!].sort(byTitle) }));
}

/**
 * An abstract's affiliations as a paper prints them: a numbered list with each affiliation once
 * (identical ones, spaces aside, share a number, in order of first appearance), and each author's
 * number (null for an author without one).
 */
export function numberedAffiliations(affiliations: readonly string[]): { list: string[]; numbers: Array<number | null> } {
  const list: string[] = [];
  const numbers = affiliations.map((raw) => {
    const affiliation = raw.trim().replace(/\s+/g, ' ');
    if (!affiliation) return null;
    const at = list.indexOf(affiliation);
    if (at >= 0) return at + 1;
    list.push(affiliation);
    return list.length;
  });
  return { list, numbers };
}

/**
 * Whether an address's id can be a published abstract's (its abstract's id, as lib/db newId makes
 * them, or a seed's readable one): anything else is not found without a read.
 */
export const isPublishedAbstractId = (id: string) => /^[A-Za-z0-9_-]{1,128}$/.test(id);

/** How a list names an accepted abstract's presentation, in a word ("Oral", "Poster"). */
export const PRESENTATION_SHORT: Record<Presentation, string> = { oral: 'Oral', poster: 'Poster' };
