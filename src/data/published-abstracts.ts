// The public copy of an accepted abstract (issue 39): what the programme, the abstract book and the
// abstract's own page show. An author's abstract (abstracts/{id}) stays private to its author and
// the committee; once the committee has accepted it, an administrator publishes this copy, which
// firestore.rules checks field by field against the abstract and its decision, so the public text
// is exactly what the author submitted and agreed to publish (consent), under the presentation the
// committee chose. It leaves out the author's address and the conflicts statement (which names people).
//
// Two documents, so lists stay light: publishedAbstracts/{id} carries what a list shows (title,
// authors, track, placement; a few hundred bytes), publishedAbstractTexts/{id} the four parts (up
// to the call's word limits), read only on the abstract's own page and for the book's PDF. A
// programme of 300 accepted abstracts is then about 120 KB of listing instead of most of a megabyte
// in /program's and /abstract-book's prerendered pages.
//
// The shapes, paths and writes only (the erasure and the timed work's bundle use them); the public
// pages' reads are published-abstract-queries.ts.
import { serverValues, type BatchWrite } from '../lib/db-shapes.ts';
import { ABSTRACT_PARTS, type Abstract, type AbstractPart, type Presentation } from './abstracts.ts';

/**
 * publishedAbstracts/{abstractId}: public. The abstract's own fields (equal to its, the rules check),
 * the presentation the committee accepted, and the placement.
 */
export interface PublishedAbstract extends Pick<Abstract, 'id' | 'title' | 'authors' | 'affiliations' | 'presenting' | 'track' | 'keywords'> {
  /** As the committee accepted it (the decision's outcome), not the author's preference. */
  presentation: Presentation;
  /** The programme session (sessions/{id}) it is presented in; '' until placed. */
  sessionId: string;
  /** Its place in the session's running order, 0 first (0 while not placed). */
  sessionOrder: number;
  publishedAt: Date;
}

/** publishedAbstractTexts/{abstractId}: public, each part equal to the abstract's. */
export type PublishedAbstractText = Pick<Abstract, 'id' | AbstractPart>;

export const PUBLISHED = 'publishedAbstracts';
export const PUBLISHED_TEXTS = 'publishedAbstractTexts';
export const publishedAbstractPath = (id: string) => `${PUBLISHED}/${id}`;
export const publishedTextPath = (id: string) => `${PUBLISHED_TEXTS}/${id}`;

/** The most accepted abstracts a list reads at once: a guard, as a summit accepts hundreds at most. */
export const PUBLISHED_LIMIT = 1000;

/**
 * Publishing an accepted abstract: its listing and its text, one commit. Not placed in a session
 * yet (placeWrite does that). The rules refuse it unless the committee accepted the abstract as
 * `presentation` and the author consented.
 */
export function publishWrites(abstract: Abstract, presentation: Presentation): BatchWrite[] {
  const listing: Omit<PublishedAbstract, 'publishedAt'> & { publishedAt: unknown } = {
    id: abstract.id,
    title: abstract.title,
    authors: abstract.authors,
    affiliations: abstract.affiliations,
    presenting: abstract.presenting,
    track: abstract.track,
    presentation,
    keywords: abstract.keywords,
    sessionId: '',
    sessionOrder: 0,
    publishedAt: serverValues.now(),
  };
  const text = Object.fromEntries([['id', abstract.id], ...ABSTRACT_PARTS.map((part) => [part, abstract[part]])]);
  return [
    { set: publishedAbstractPath(abstract.id), data: listing },
    { set: publishedTextPath(abstract.id), data: text },
  ];
}

/**
 * How many abstracts one publishing commit holds. Each abstract's two rules read its abstract, its
 * decision and, after the commit, its listing and its text: four documents, besides the
 * administrator's entry; a commit may read 16 (emulator/rules-budget.ts), so three abstracts (13)
 * leave room for the content version's move and the activity-log line (which read nothing more).
 */
export const PUBLISH_PER_COMMIT = 3;

/** An accepted abstract to publish: the abstract and the presentation its decision names. */
export interface ToPublish {
  abstract: Abstract;
  presentation: Presentation;
}

/** The commits that publish `items`: each the listing and text of at most PUBLISH_PER_COMMIT abstracts. */
export function publishCommits(items: readonly ToPublish[]): BatchWrite[][] {
  const commits: BatchWrite[][] = [];
  for (let i = 0; i < items.length; i += PUBLISH_PER_COMMIT)
    commits.push(items.slice(i, i + PUBLISH_PER_COMMIT).flatMap((item) => publishWrites(item.abstract, item.presentation)));
  return commits;
}

/** The last place a session's running order takes (the rules' bound). */
export const LAST_SESSION_ORDER = 999;

/** Places a published abstract in a session at a place in its running order, or takes it out (sessionId ''). */
export function placeWrite(id: string, sessionId: string, sessionOrder: number): BatchWrite {
  return { update: publishedAbstractPath(id), data: { sessionId, sessionOrder: sessionId === '' ? 0 : sessionOrder } };
}

/** Takes an abstract off the public site: its listing and its text. */
export function unpublishWrites(id: string): BatchWrite[] {
  return [{ delete: publishedAbstractPath(id) }, { delete: publishedTextPath(id) }];
}
