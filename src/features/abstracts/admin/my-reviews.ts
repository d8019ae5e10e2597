// What a reviewer reads and writes (firestore.rules blindAbstracts, reviews): the blind copies
// assigned to them and their own reviews, each by a query pinning reviewer == their address (the
// only query the rules can prove theirs), and the save of one review.
import { useQuery } from '@tanstack/react-query';
import { db } from '../../../lib/data.ts';
import { saveReviewWrite, type BlindAbstract, type Review, type ReviewInput } from '../../../data/abstract-review.ts';

export const myReviewsKey = (email: string) => ['my-reviews', email] as const;

export interface Assignment {
  abstract: BlindAbstract;
  /** The reviewer's review of it, if written. */
  review: Review | null;
}

export type AssignmentState = 'not-reviewed' | 'reviewed' | 'conflict';

export const STATE_LABELS: Record<AssignmentState, string> = { 'not-reviewed': 'Not reviewed', reviewed: 'Reviewed', conflict: 'Conflict declared' };

export const stateOf = ({ review }: Pick<Assignment, 'review'>): AssignmentState => (!review ? 'not-reviewed' : review.conflict ? 'conflict' : 'reviewed');

const time = (v: unknown) => (v instanceof Date ? v.getTime() : 0);

/** The reviewer's assignments, the earliest assigned first, each with their review (a review whose assignment was taken away is not shown). */
export async function fetchMyAssignments(email: string): Promise<Assignment[]> {
  const [abstracts, reviews] = await Promise.all([
    db.fetchDocuments<BlindAbstract>('blindAbstracts', { where: [['reviewer', '==', email]], orderBy: null }),
    db.fetchDocuments<Review>('reviews', { where: [['reviewer', '==', email]], orderBy: null }),
  ]);
  const byId = new Map(reviews.map((r) => [r.id, r]));
  return abstracts.sort((a, b) => time(a.assignedAt) - time(b.assignedAt)).map((abstract) => ({ abstract, review: byId.get(abstract.id) ?? null }));
}

export function useMyAssignments(email: string) {
  return useQuery({ queryKey: myReviewsKey(email), queryFn: () => fetchMyAssignments(email), staleTime: 0 });
}

/** Saves or revises the review (one per assignment: its id is the assignment's). */
export const saveReview = ({ abstract, review }: Assignment, input: ReviewInput) => db.commit([saveReviewWrite(abstract, input, review)]);
