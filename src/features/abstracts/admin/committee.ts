// The committee's table (issue 39): each submitted abstract with its reviews summed up side by
// side (summariseReviews: mean per criterion, overall mean, spread, scored, conflicts) and its
// decision, if taken. Pure, so the table's rows for 1,000 abstracts are built once per read.
import { summariseReviews, type Review, type ScoreSummary } from '../../../data/abstract-review.ts';
import { MAX_DECISION_COMMENTS, type AbstractDecision } from '../../../data/abstract-decision.ts';
import type { Abstract, AbstractCall } from '../../../data/abstracts.ts';

export interface CommitteeRow {
  id: string;
  abstract: Abstract;
  /** Its reviews, in the order written. */
  reviews: Review[];
  summary: ScoreSummary;
  decision: AbstractDecision | null;
}

export function committeeRows(
  submitted: readonly Abstract[],
  reviews: readonly Review[],
  decisions: readonly AbstractDecision[],
  criteria: AbstractCall['criteria'],
): CommitteeRow[] {
  const byAbstract = new Map<string, Review[]>();
  for (const r of reviews) byAbstract.set(r.abstractId, [...(byAbstract.get(r.abstractId) ?? []), r]);
  const decided = new Map(decisions.map((d) => [d.id, d]));
  return submitted.map((abstract) => {
    const own = byAbstract.get(abstract.id) ?? [];
    return { id: abstract.id, abstract, reviews: own, summary: summariseReviews(own, criteria), decision: decided.get(abstract.id) ?? null };
  });
}

export const SORTS = {
  submitted: 'In the order submitted',
  'overall-desc': 'Overall mean, highest first',
  'overall-asc': 'Overall mean, lowest first',
} as const;
export type Sort = keyof typeof SORTS;

/** Rows in `sort` order; an abstract with no score yet comes last either way (it has no mean to rank). */
export function sortRows(rows: readonly CommitteeRow[], sort: Sort): CommitteeRow[] {
  if (sort === 'submitted') return [...rows];
  const sign = sort === 'overall-desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a.summary.overall;
    const y = b.summary.overall;
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (x - y);
  });
}

/** The reviews whose comments may go to the authors: scored (a conflict has none) and with a comment. */
export const quotable = (reviews: readonly Review[]) => reviews.filter((r) => !r.conflict && r.toAuthors.trim() !== '');

/** What the decision form proposes to quote: the first quotable reviews, as many as an email carries. */
export const defaultQuoted = (reviews: readonly Review[]) =>
  quotable(reviews)
    .slice(0, MAX_DECISION_COMMENTS)
    .map((r) => r.id);

/** A mean as the table shows it: one decimal, or a dash with nothing to average. */
export const formatMean = (n: number | null) => (n === null ? '—' : n.toFixed(1));
