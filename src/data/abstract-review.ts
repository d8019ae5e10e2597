// Blind review of abstracts (issue 39): one definition of an assignment (blindAbstracts/{id}: what
// one reviewer sees of one abstract) and of a review (reviews/{id}, under its assignment's id), and
// of the writes that make them. firestore.rules (blindCopy, reviewOf) checks the same shapes: a copy
// equal to its abstract, written once the call has closed; a review by its assignment's reviewer,
// scoring exactly the call's criteria.
import { ABSTRACT_PARTS, type Abstract, type AbstractCall } from './abstracts.ts';
import { serverValues, type BatchWrite } from '../lib/db-shapes.ts';
import { isParagraph } from '../lib/validation.ts';

/**
 * What a reviewer sees of an abstract. Left out: the author's address, the authors, their
 * affiliations, who presents, and the conflicts statement (it names people and employers:
 * "AO holds a grant from …"), which the committee reads with the reviews instead.
 */
export const BLIND_FIELDS = ['title', 'track', 'presentation', ...ABSTRACT_PARTS, 'keywords'] as const satisfies readonly (keyof Abstract)[];
type BlindField = (typeof BLIND_FIELDS)[number];

/** blindAbstracts/{abstractId}__{reviewer}: one reviewer's assignment to one abstract. */
export interface BlindAbstract extends Pick<Abstract, BlindField> {
  /** The assignment's id, which its review shares. */
  id: string;
  abstractId: string;
  /** The reviewer's address, lower case (as staff/{email} is keyed). */
  reviewer: string;
  assignedAt: Date;
}

/**
 * One id per reviewer per abstract, for the assignment and its review alike: scoring twice lands on
 * the same review, and the rules decide "assigned?" with one read. (Abstract ids hold no "__".)
 */
export const assignmentId = (abstractId: string, reviewer: string) => `${abstractId}__${reviewer.toLowerCase()}`;
export const blindAbstractPath = (id: string) => `blindAbstracts/${id}`;
export const reviewPath = (id: string) => `reviews/${id}`;

/** Assigns `reviewer` to a submitted abstract: the blind copy (only once the call has closed, as the rules ask). */
export function assignWrite(abstract: Pick<Abstract, 'id' | BlindField>, reviewer: string): BatchWrite {
  const email = reviewer.toLowerCase();
  const id = assignmentId(abstract.id, email);
  const copy = Object.fromEntries(BLIND_FIELDS.map((f) => [f, abstract[f]]));
  return { set: blindAbstractPath(id), data: { ...copy, id, abstractId: abstract.id, reviewer: email, assignedAt: serverValues.now() } };
}

/** Takes the abstract from the reviewer (a review they wrote stays, for the committee). */
export const unassignWrite = (abstractId: string, reviewer: string): BatchWrite => ({ delete: blindAbstractPath(assignmentId(abstractId, reviewer)) });

export const SCORES = [1, 2, 3, 4, 5] as const;
/** Each comment's bound (the rules hold it): the one to the authors goes into the decision email. */
export const REVIEW_COMMENT_MAX = 3000;

/** What the reviewer fills in. */
export interface ReviewInput {
  /** Declared instead of scoring: no scores, nothing to the authors (a note to the committee may say why). */
  conflict: boolean;
  /** Criterion key → 1..5, exactly the call's criteria. */
  scores: Record<string, number>;
  toAuthors: string;
  toCommittee: string;
}

/** reviews/{assignment id}. */
export interface Review extends ReviewInput {
  id: string;
  abstractId: string;
  reviewer: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Where a problem shows on the review form: a criterion's scores (`scores.originality`), a comment, or the conflict box. */
export type ReviewField = `scores.${string}` | 'toAuthors' | 'toCommittee' | 'conflict';

/** Why a review cannot be saved, in the reviewer's words, each beside its field; [] when it can (the rules' reviewOf). */
export function reviewProblems(input: ReviewInput, criteria: AbstractCall['criteria']): Array<{ field: ReviewField; message: string }> {
  const problems: Array<{ field: ReviewField; message: string }> = [];
  const keys = Object.keys(criteria);
  if (input.conflict) {
    if (Object.keys(input.scores).length > 0) problems.push({ field: 'conflict', message: 'A declared conflict takes no scores.' });
    if (input.toAuthors !== '') problems.push({ field: 'toAuthors', message: 'A declared conflict sends nothing to the authors.' });
  } else {
    for (const key of keys) {
      const score = input.scores[key];
      if (score === undefined) problems.push({ field: `scores.${key}`, message: `Score “${criteria[key]}”.` });
      else if (!(SCORES as readonly number[]).includes(score))
        problems.push({ field: `scores.${key}`, message: `“${criteria[key]}”: a whole number from 1 to 5.` });
    }
    for (const key of Object.keys(input.scores))
      if (!(key in criteria)) problems.push({ field: `scores.${key}`, message: `“${key}” is not one of the call’s criteria.` });
  }
  for (const [text, to, field] of [
    [input.toAuthors, 'to the authors', 'toAuthors'],
    [input.toCommittee, 'to the committee', 'toCommittee'],
  ] as const) {
    if (text.length > REVIEW_COMMENT_MAX) problems.push({ field, message: `The comment ${to}: ${text.length} characters, at most ${REVIEW_COMMENT_MAX}.` });
    if (!isParagraph(text)) problems.push({ field, message: `The comment ${to} holds a character that cannot be sent (a control or direction character).` });
  }
  return problems;
}

/** The reviewer saves (or revises) their review of the assignment `id`; `before` is the stored review, if any. */
export function saveReviewWrite(
  assignment: Pick<BlindAbstract, 'id' | 'abstractId' | 'reviewer'>,
  input: ReviewInput,
  before: Pick<Review, 'id'> | null,
): BatchWrite {
  const now = serverValues.now();
  const data = {
    id: assignment.id,
    abstractId: assignment.abstractId,
    reviewer: assignment.reviewer,
    conflict: input.conflict,
    scores: input.conflict ? {} : input.scores,
    toAuthors: input.conflict ? '' : input.toAuthors,
    toCommittee: input.toCommittee,
    updatedAt: now,
  };
  // A revision keeps when the review was first written (the stored time, left alone).
  return before ? { update: reviewPath(assignment.id), data } : { set: reviewPath(assignment.id), data: { ...data, createdAt: now } };
}

/** One criterion's or the whole's figures across an abstract's reviews: the committee's side-by-side view. */
export interface ScoreSummary {
  /** Reviews that scored (a conflict scores nothing). */
  scored: number;
  conflicts: number;
  /** Mean per criterion and of the criteria means (null with no scores), and the spread (max − min) of each review's mean. */
  mean: Record<string, number | null>;
  overall: number | null;
  spread: number | null;
}

/** Mean and spread of an abstract's reviews on the call's criteria. */
export function summariseReviews(reviews: Pick<Review, 'conflict' | 'scores'>[], criteria: AbstractCall['criteria']): ScoreSummary {
  const scored = reviews.filter((r) => !r.conflict);
  const keys = Object.keys(criteria);
  const average = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  const mean = Object.fromEntries(keys.map((k) => [k, average(scored.map((r) => r.scores[k]).filter((s): s is number => typeof s === 'number'))]));
  const perReview = scored
    .map((r) => average(keys.map((k) => r.scores[k]).filter((s): s is number => typeof s === 'number')))
    .filter((m): m is number => m !== null);
  return {
    scored: scored.length,
    conflicts: reviews.length - scored.length,
    mean,
    overall: average(perReview),
    spread: perReview.length ? Math.max(...perReview) - Math.min(...perReview) : null,
  };
}
