// What the committee's screens read besides the submitted abstracts: the reviewers (staff entries
// with the role 'reviewer'), every assignment, every review and every decision. Administrators only
// (firestore.rules: a reviewer lists their own assignments and reviews; decisions are
// administrators'). Each is read whole: a call of 1,000 abstracts with two reviewers each is 2,000
// assignments, which fetchEvery reads a thousand at a time.
import { useQuery } from '@tanstack/react-query';
import type { ReviewerProfile } from '../../../data/abstract-assignment.ts';
import type { BlindAbstract, Review } from '../../../data/abstract-review.ts';
import type { AbstractDecision } from '../../../data/abstract-decision.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { REVIEWER } from '../../../admin/permissions.ts';
import { db } from '../../../lib/data.ts';

export const reviewersKey = [...adminKey('staff'), 'reviewers'];
export const assignmentsKey = adminKey('blindAbstracts');
export const reviewsKey = adminKey('reviews');
export const decisionsKey = adminKey('abstractDecisions');

/** A reviewer's staff entry as stored (the rules require institution and tracks for the role). */
interface ReviewerEntry {
  id: string;
  email?: string;
  institution?: string;
  tracks?: string[];
}

/** The reviewers, by address (a composite index on role, email: firestore.indexes.json). */
export async function fetchReviewers(): Promise<ReviewerProfile[]> {
  const entries = await db.fetchEvery<ReviewerEntry>('staff', { where: [['role', '==', REVIEWER]], orderBy: ['email', 'asc'] });
  return entries.map((e) => ({ email: (e.email ?? e.id).toLowerCase(), institution: e.institution ?? '', tracks: e.tracks ?? [] }));
}

/** Only what the screens use of an assignment: the blind copy's text is the abstract's own. */
export type AssignmentRow = Pick<BlindAbstract, 'id' | 'abstractId' | 'reviewer'>;

export async function fetchAssignments(): Promise<AssignmentRow[]> {
  const copies = await db.fetchEvery<BlindAbstract>('blindAbstracts', { orderBy: ['assignedAt', 'asc'] });
  return copies.map(({ id, abstractId, reviewer }) => ({ id, abstractId, reviewer }));
}

export const fetchReviews = () => db.fetchEvery<Review>('reviews', { orderBy: ['createdAt', 'asc'] });

export const fetchDecisions = () => db.fetchEvery<AbstractDecision>('abstractDecisions', { orderBy: ['decidedAt', 'asc'] });

export const useReviewers = () => useQuery({ queryKey: reviewersKey, queryFn: fetchReviewers, staleTime: 0 });
export const useAssignments = () => useQuery({ queryKey: assignmentsKey, queryFn: fetchAssignments, staleTime: 0 });
export const useReviews = () => useQuery({ queryKey: reviewsKey, queryFn: fetchReviews, staleTime: 0 });
export const useDecisions = () => useQuery({ queryKey: decisionsKey, queryFn: fetchDecisions, staleTime: 0 });
