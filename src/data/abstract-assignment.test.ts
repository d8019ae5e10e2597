import { describe, expect, it } from 'vitest';
import {
  ABSTRACTS_PER_COMMIT,
  assignmentCommits,
  assignReviewers,
  conflicted,
  normaliseInstitution,
  sameInstitution,
  type AssignableAbstract,
  type ReviewerProfile,
} from './abstract-assignment.ts';

const COPY = {
  title: 'T',
  track: 'prevention',
  presentation: 'oral' as const,
  background: 'b',
  methods: 'm',
  results: 'r',
  conclusions: 'c',
  keywords: 'k',
};

const abstract = (id: string, change: Partial<AssignableAbstract> = {}): AssignableAbstract => ({
  id,
  email: `${id}@authors.test`,
  track: 'prevention',
  affiliations: ['Moi University'],
  status: 'submitted',
  ...change,
});
const reviewer = (email: string, institution: string, tracks = ['prevention']): ReviewerProfile => ({ email, institution, tracks });

describe('institutions', () => {
  it('compares names folded: case, accents, punctuation, spaces, "the" and "and"', () => {
    expect(normaliseInstitution('  The Aga Khan University-Hospital,  NAIROBI ')).toBe('aga khan university hospital nairobi');
    expect(normaliseInstitution('Université de Genève')).toBe('universite de geneve');
    expect(normaliseInstitution('Research & Training Inst.')).toBe('research training inst');
    expect(normaliseInstitution('...')).toBe('');
  });

  it('matches an institution named whole within an affiliation, either way round', () => {
    expect(sameInstitution('Kenyatta National Hospital', 'Department of Oncology, Kenyatta National Hospital, Nairobi')).toBe(true);
    expect(sameInstitution('kenyatta national hospital (KNH), Nairobi', 'Kenyatta  National Hospital')).toBe(true);
    expect(sameInstitution('MOI UNIVERSITY', 'moi university.')).toBe(true);
  });

  it('does not match part of a word, another institution, or an empty name', () => {
    expect(sameInstitution('Moi University', 'Moi Universityville College')).toBe(false);
    expect(sameInstitution('Kenyatta University', 'Kenyatta National Hospital')).toBe(false);
    expect(sameInstitution('', 'Moi University')).toBe(false);
    expect(sameInstitution('---', '***')).toBe(false);
  });

  it('holds the author themselves as a conflict, whatever the case of the address', () => {
    expect(conflicted(reviewer('A1@Authors.test', 'Elsewhere'), abstract('a1'))).toBe(true);
    expect(conflicted(reviewer('r@x.test', 'Elsewhere'), abstract('a1'))).toBe(false);
  });
});

describe('assigning reviewers', () => {
  it('gives each abstract N reviewers of its track, loads as even as they can be', () => {
    const abstracts = Array.from({ length: 10 }, (_, i) => abstract(`a${i}`));
    const reviewers = ['r1', 'r2', 'r3', 'r4'].map((r) => reviewer(`${r}@x.test`, `Institute ${r}`));
    const { assignments, shortfalls, loads } = assignReviewers(abstracts, reviewers, 2);
    expect(shortfalls).toEqual([]);
    expect(assignments).toHaveLength(20);
    for (const a of abstracts) expect(new Set(assignments.filter((x) => x.abstractId === a.id).map((x) => x.reviewer)).size).toBe(2);
    expect(Object.values(loads).sort()).toEqual([5, 5, 5, 5]);
  });

  it('never gives an abstract to a reviewer from an author’s institution, nor outside its track', () => {
    const abstracts = [abstract('a1', { affiliations: ['Kenyatta National Hospital, Nairobi', 'Moi University'] }), abstract('a2', { track: 'treatment' })];
    const reviewers = [
      reviewer('knh@x.test', 'Kenyatta National Hospital'),
      reviewer('moi@x.test', 'MOI University'),
      reviewer('ok@x.test', 'Aga Khan University'),
      reviewer('care@x.test', 'Aga Khan University', ['treatment']),
    ];
    const { assignments, shortfalls } = assignReviewers(abstracts, reviewers, 2);
    expect(assignments).toEqual([
      { abstractId: 'a1', reviewer: 'ok@x.test' },
      { abstractId: 'a2', reviewer: 'care@x.test' },
    ]);
    expect(shortfalls).toEqual([
      { abstractId: 'a1', assigned: 1, wanted: 2, reason: 'too few reviewers without a conflict' },
      { abstractId: 'a2', assigned: 1, wanted: 2, reason: 'too few reviewers without a conflict' },
    ]);
  });

  it('never gives authors their own abstract, whatever the case of the address', () => {
    const { assignments } = assignReviewers([abstract('a1')], [reviewer('A1@Authors.TEST', 'Elsewhere'), reviewer('r@x.test', 'Elsewhere')], 2);
    expect(assignments).toEqual([{ abstractId: 'a1', reviewer: 'r@x.test' }]);
  });

  it('reports a track nobody reviews, and assigns nothing there', () => {
    const { assignments, shortfalls } = assignReviewers([abstract('a1', { track: 'palliative' })], [reviewer('r@x.test', 'X')], 1);
    expect(assignments).toEqual([]);
    expect(shortfalls).toEqual([{ abstractId: 'a1', assigned: 0, wanted: 1, reason: 'no reviewer for its track' }]);
  });

  it('serves the most constrained abstract first, so it is not left without', () => {
    // a0 can only go to r1 (r2 shares its institution); a1 could go to either: one each.
    const abstracts = [abstract('a1', { affiliations: ['Nowhere'] }), abstract('a0', { affiliations: ['Institute R2'] })];
    const { assignments, shortfalls } = assignReviewers(abstracts, [reviewer('r1@x.test', 'Institute R1'), reviewer('r2@x.test', 'Institute R2')], 1);
    expect(shortfalls).toEqual([]);
    expect(assignments).toEqual(
      expect.arrayContaining([
        { abstractId: 'a0', reviewer: 'r1@x.test' },
        { abstractId: 'a1', reviewer: 'r2@x.test' },
      ]),
    );
  });

  it('tops up existing assignments without repeating them, counting them in the loads', () => {
    const abstracts = [abstract('a1'), abstract('a2')];
    const reviewers = ['r1', 'r2', 'r3'].map((r) => reviewer(`${r}@x.test`, r));
    const { assignments, loads } = assignReviewers(abstracts, reviewers, 2, [
      { abstractId: 'a1', reviewer: 'R1@x.test' },
      { abstractId: 'a1', reviewer: 'r1@x.test' },
      { abstractId: 'a1', reviewer: 'r2@x.test' },
    ]);
    expect(assignments.filter((a) => a.abstractId === 'a1')).toEqual([]);
    expect(assignments.filter((a) => a.abstractId === 'a2').map((a) => a.reviewer)).toEqual(['r3@x.test', 'r1@x.test']);
    expect(loads).toEqual({ 'r1@x.test': 2, 'r2@x.test': 1, 'r3@x.test': 1 });
  });

  it('leaves drafts and withdrawn abstracts out, and counts a reviewer listed twice once', () => {
    const { assignments, loads } = assignReviewers(
      [abstract('d', { status: 'draft' }), abstract('w', { status: 'withdrawn' }), abstract('s')],
      [reviewer('R@x.test', 'X'), reviewer('r@x.test', 'X')],
      2,
    );
    expect(assignments).toEqual([{ abstractId: 's', reviewer: 'r@x.test' }]);
    expect(loads).toEqual({ 'r@x.test': 1 });
  });

  it('does not depend on the order of its input', () => {
    const abstracts = Array.from({ length: 30 }, (_, i) => abstract(`a${i}`, { affiliations: [`Inst ${i % 4}`] }));
    const reviewers = Array.from({ length: 7 }, (_, i) => reviewer(`r${i}@x.test`, `Inst ${i % 5}`));
    const sorted = (x: { abstractId: string; reviewer: string }[]) =>
      [...x].sort((a, b) => (a.abstractId + a.reviewer).localeCompare(b.abstractId + b.reviewer));
    expect(sorted(assignReviewers([...abstracts].reverse(), [...reviewers].reverse(), 3).assignments)).toEqual(
      sorted(assignReviewers(abstracts, reviewers, 3).assignments),
    );
  });

  it('assigns nothing with no abstracts, no reviewers, or none wanted', () => {
    expect(assignReviewers([], [reviewer('r@x.test', 'X')], 2)).toEqual({ assignments: [], shortfalls: [], loads: { 'r@x.test': 0 } });
    expect(assignReviewers([abstract('a')], [], 2).assignments).toEqual([]);
    expect(assignReviewers([abstract('a')], [reviewer('r@x.test', 'X')], 0)).toEqual({ assignments: [], shortfalls: [], loads: { 'r@x.test': 0 } });
  });
});

describe('the commits that store an assignment', () => {
  it('holds each abstract’s copies in one commit, at most ABSTRACTS_PER_COMMIT abstracts a commit', () => {
    const ids = Array.from({ length: ABSTRACTS_PER_COMMIT * 2 + 1 }, (_, i) => `a${i}`);
    const byId = new Map(ids.map((id) => [id, { ...COPY, id }]));
    const assignments = ids.flatMap((id) => [
      { abstractId: id, reviewer: 'r1@x.test' },
      { abstractId: id, reviewer: 'r2@x.test' },
    ]);
    const commits = assignmentCommits(assignments, byId);
    expect(commits.map((c) => c.length)).toEqual([ABSTRACTS_PER_COMMIT * 2, ABSTRACTS_PER_COMMIT * 2, 2]);
    expect(commits[2]).toEqual([
      expect.objectContaining({ set: `blindAbstracts/a${ids.length - 1}__r1@x.test` }),
      expect.objectContaining({ set: `blindAbstracts/a${ids.length - 1}__r2@x.test` }),
    ]);
    expect(assignmentCommits([], byId)).toEqual([]);
  });

  it('refuses an assignment to an abstract it was not given', () => {
    expect(() => assignmentCommits([{ abstractId: 'gone', reviewer: 'r@x.test' }], new Map())).toThrow('No abstract gone');
  });
});
