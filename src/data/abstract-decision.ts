// The committee's decision on an abstract (issue 39): accepted as an oral presentation, accepted
// as a poster, or not accepted; one per abstract (abstractDecisions/{abstractId}), made by an
// administrator with its email in the same commit. The email carries the reviewers' comments to the
// authors, copied from their reviews (firestore.rules decisionOf checks each against the review it
// names), never who wrote them. Once decided, the abstract's reviews can no longer be revised.
import type { Abstract } from './abstracts.ts';
import type { Review } from './abstract-review.ts';
import { mailWrite } from './mail.ts';
import { serverValues, type BatchWrite } from '../lib/db-shapes.ts';

export const OUTCOMES = ['oral', 'poster', 'reject'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** How the committee's screen and the email word each outcome (the rules hold the email's words too). */
export const OUTCOME_WORDS: Record<Outcome, string> = {
  oral: 'accepted as an oral presentation',
  poster: 'accepted as a poster',
  reject: 'not accepted',
};

/** At most as many comments as an abstract may have reviewers (the rules read each review they copy). */
export const MAX_DECISION_COMMENTS = 5;

/** abstractDecisions/{abstractId}: administrators' only (reviewIds name the reviewers). */
export interface AbstractDecision {
  id: string;
  outcome: Outcome;
  /** The reviews whose comments to the authors the email carries, in order. */
  reviewIds: string[];
  comments: string[];
  decidedBy: string;
  decidedAt: Date;
}

/** "Accepted as a poster": an outcome as the author's "my abstracts" heads it. */
export const outcomeHeading = (outcome: Outcome) => OUTCOME_WORDS[outcome][0].toUpperCase() + OUTCOME_WORDS[outcome].slice(1);

/**
 * abstractOutcomes/{abstractId}: what the author may know of the decision, written in its commit
 * (firestore.rules outcomeOf: each field equal to the decision's and the abstract's address). The
 * decision itself names the reviews it quotes, so it stays administrators'; this names nobody.
 */
export interface AbstractOutcome {
  id: string;
  /** The abstract's address (lower case, as proven when it was written): whose "my abstracts" shows it. */
  email: string;
  outcome: Outcome;
  /** The reviewers' comments to the authors the email quoted, unsigned. */
  comments: string[];
  decidedAt: Date;
}

export const decisionPath = (abstractId: string) => `abstractDecisions/${abstractId}`;
export const outcomePath = (abstractId: string) => `abstractOutcomes/${abstractId}`;
export const decisionMailId = (abstractId: string) => `abstract-decision-${abstractId}`;

/**
 * The decision, its email and the author's copy of its outcome, one commit: the comments of the
 * abstract's reviews that have one for the authors (a declared conflict has none), in the order given.
 */
export function decideWrites(
  abstract: Pick<Abstract, 'id' | 'email' | 'title'>,
  outcome: Outcome,
  reviews: readonly Pick<Review, 'id' | 'abstractId' | 'conflict' | 'toAuthors'>[],
  adminEmail: string,
): BatchWrite[] {
  const carried = reviews.filter((r) => r.abstractId === abstract.id && !r.conflict && r.toAuthors !== '');
  if (carried.length > MAX_DECISION_COMMENTS) throw new Error(`At most ${MAX_DECISION_COMMENTS} reviews’ comments go to the authors.`);
  const comments = carried.map((r) => r.toAuthors);
  return [
    {
      set: decisionPath(abstract.id),
      data: {
        id: abstract.id,
        outcome,
        reviewIds: carried.map((r) => r.id),
        comments,
        decidedBy: adminEmail.toLowerCase(),
        decidedAt: serverValues.now(),
      },
    },
    mailWrite(
      decisionMailId(abstract.id),
      'abstract-decision',
      abstract.email,
      { title: abstract.title, outcome: OUTCOME_WORDS[outcome], accepted: outcome !== 'reject', comments, reference: abstract.id },
      { collection: 'abstracts', id: abstract.id },
    ),
    { set: outcomePath(abstract.id), data: { id: abstract.id, email: abstract.email, outcome, comments, decidedAt: serverValues.now() } },
  ];
}
