import { describe, expect, it } from 'vitest';
import { assignmentId, assignWrite, BLIND_FIELDS, reviewProblems, saveReviewWrite, summariseReviews, unassignWrite } from './abstract-review.ts';
import { ServerValue } from '../lib/db-shapes.ts';

/** The problems' messages (where each one shows is the review screen's test). */
const messages = (...args: Parameters<typeof reviewProblems>) => reviewProblems(...args).map((p) => p.message);

const CRITERIA = { originality: 'Originality', methods: 'Methods' };
const ABSTRACT = {
  id: 'a1',
  email: 'author@example.org',
  authors: ['Achieng Otieno'],
  affiliations: ['Moi University'],
  presenting: 0,
  conflicts: 'AO holds a grant.',
  title: 'T',
  track: 'prevention',
  presentation: 'poster' as const,
  background: 'b',
  methods: 'm',
  results: 'r',
  conclusions: 'c',
  keywords: 'k',
};

describe('the blind copy', () => {
  it('copies what the reviewer judges, and nothing that names the authors', () => {
    const w = assignWrite(ABSTRACT, 'Reviewer@Example.org') as { set: string; data: Record<string, unknown> };
    expect(w.set).toBe('blindAbstracts/a1__reviewer@example.org');
    expect(Object.keys(w.data).sort()).toEqual([...BLIND_FIELDS, 'id', 'abstractId', 'reviewer', 'assignedAt'].sort());
    expect(w.data).toMatchObject({ id: 'a1__reviewer@example.org', abstractId: 'a1', reviewer: 'reviewer@example.org', title: 'T', presentation: 'poster' });
    expect(w.data.assignedAt).toBeInstanceOf(ServerValue);
    for (const hidden of ['email', 'authors', 'affiliations', 'presenting', 'conflicts']) expect(w.data).not.toHaveProperty(hidden);
  });

  it('is one id per reviewer per abstract, whatever the case of the address', () => {
    expect(assignmentId('a1', 'R@X.test')).toBe(assignmentId('a1', 'r@x.test'));
    expect(unassignWrite('a1', 'R@X.test')).toEqual({ delete: 'blindAbstracts/a1__r@x.test' });
  });
});

describe('a review', () => {
  const input = { conflict: false, scores: { originality: 4, methods: 2 }, toAuthors: 'Clear.', toCommittee: '' };

  it('scores exactly the call’s criteria, each a whole number 1 to 5', () => {
    expect(messages(input, CRITERIA)).toEqual([]);
    expect(messages({ ...input, scores: { originality: 4 } }, CRITERIA)).toEqual(['Score “Methods”.']);
    expect(messages({ ...input, scores: { originality: 0, methods: 2.5 } }, CRITERIA)).toEqual([
      '“Originality”: a whole number from 1 to 5.',
      '“Methods”: a whole number from 1 to 5.',
    ]);
    expect(messages({ ...input, scores: { ...input.scores, novelty: 3 } }, CRITERIA)).toEqual(['“novelty” is not one of the call’s criteria.']);
  });

  it('declares a conflict instead: no scores, nothing to the authors', () => {
    expect(messages({ conflict: true, scores: {}, toAuthors: '', toCommittee: 'I supervised the first author.' }, CRITERIA)).toEqual([]);
    expect(messages({ ...input, conflict: true }, CRITERIA)).toEqual([
      'A declared conflict takes no scores.',
      'A declared conflict sends nothing to the authors.',
    ]);
  });

  it('bounds the comments and refuses characters an email cannot carry', () => {
    expect(messages({ ...input, toAuthors: 'x'.repeat(3000) }, CRITERIA)).toEqual([]);
    expect(messages({ ...input, toAuthors: 'x'.repeat(3001) }, CRITERIA)).toEqual(['The comment to the authors: 3001 characters, at most 3000.']);
    expect(messages({ ...input, toCommittee: 'fine\n\tlines\r\n' }, CRITERIA)).toEqual([]);
    expect(messages({ ...input, toCommittee: 'evil\u202Etxt.exe' }, CRITERIA)).toHaveLength(1);
    expect(messages({ ...input, toAuthors: 'bell\u0007' }, CRITERIA)).toHaveLength(1);
  });

  it('is written under its assignment’s id; a revision keeps when it was first written', () => {
    const assignment = { id: 'a1__r@x.test', abstractId: 'a1', reviewer: 'r@x.test' };
    const first = saveReviewWrite(assignment, input, null) as { set: string; data: Record<string, unknown> };
    expect(first.set).toBe('reviews/a1__r@x.test');
    expect(first.data).toMatchObject({ ...input, id: 'a1__r@x.test', abstractId: 'a1', reviewer: 'r@x.test' });
    expect(first.data.createdAt).toBeInstanceOf(ServerValue);
    const again = saveReviewWrite(assignment, { ...input, conflict: true }, { id: assignment.id }) as { update: string; data: Record<string, unknown> };
    expect(again.update).toBe('reviews/a1__r@x.test');
    expect(again.data).not.toHaveProperty('createdAt');
    // A conflict drops whatever scores and comment to the authors the form still held.
    expect(again.data).toMatchObject({ conflict: true, scores: {}, toAuthors: '' });
  });
});

describe('the committee’s figures', () => {
  it('gives each criterion’s mean, the overall mean, the spread of the reviews, and the conflicts', () => {
    const s = summariseReviews(
      [
        { conflict: false, scores: { originality: 5, methods: 3 } },
        { conflict: false, scores: { originality: 3, methods: 1 } },
        { conflict: true, scores: {} },
      ],
      CRITERIA,
    );
    expect(s).toEqual({ scored: 2, conflicts: 1, mean: { originality: 4, methods: 2 }, overall: 3, spread: 2 });
  });

  it('has no figures without scores', () => {
    expect(summariseReviews([{ conflict: true, scores: {} }], CRITERIA)).toEqual({
      scored: 0,
      conflicts: 1,
      mean: { originality: null, methods: null },
      overall: null,
      spread: null,
    });
  });
});
