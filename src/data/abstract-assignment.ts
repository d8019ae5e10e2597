// The automatic assignment of reviewers to submitted abstracts (issue 39): pure, so the committee's
// screen runs it in the browser and shows the result before anything is written. Balanced: each
// abstract gets the call's number of reviewers from its own track, the most constrained abstracts
// first, each time the least-loaded eligible reviewers; never a reviewer from an author's
// institution, nor the author themselves. What it cannot staff it says, with why.
import { assignWrite } from './abstract-review.ts';
import type { Abstract } from './abstracts.ts';
import type { BatchWrite } from '../lib/db-shapes.ts';

/** A reviewer as their staff entry describes them (firestore.rules reviewerProfile). */
export interface ReviewerProfile {
  email: string;
  institution: string;
  /** Keys of the call's tracks they review. */
  tracks: string[];
}

export type AssignableAbstract = Pick<Abstract, 'id' | 'email' | 'track' | 'affiliations' | 'status'>;

export interface Assignment {
  abstractId: string;
  reviewer: string;
}

export interface Shortfall {
  abstractId: string;
  /** Reviewers it has (already and newly) against the number wanted. */
  assigned: number;
  wanted: number;
  /** Why: no reviewer for its track at all, or too few who are free of conflicts. */
  reason: 'no reviewer for its track' | 'too few reviewers without a conflict';
}

export interface AssignmentResult {
  /** The new assignments (existing ones are not repeated). */
  assignments: Assignment[];
  shortfalls: Shortfall[];
  /** Every reviewer's load afterwards, existing assignments included. */
  loads: Record<string, number>;
}

/**
 * An institution's name as compared: accents folded, lower case, punctuation as spaces, spaces
 * collapsed, and "the" and "&"/"and" dropped ("The Aga Khan University-Hospital, Nairobi" →
 * "aga khan university hospital nairobi").
 */
export function normaliseInstitution(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w !== '' && w !== 'the' && w !== 'and')
    .join(' ');
}

/**
 * Whether a reviewer's institution matches an author's affiliation: one, normalised, appears in the
 * other as whole words. An affiliation usually says more than the institution ("Department of
 * Oncology, Kenyatta National Hospital, Nairobi" against "Kenyatta National Hospital"), so equality
 * would miss the conflict; erring this way may keep a reviewer from an abstract they could have
 * judged, never the other way round. An institution that normalises to nothing matches nothing.
 */
export function sameInstitution(institution: string, affiliation: string): boolean {
  return normalisedMatch(normaliseInstitution(institution), normaliseInstitution(affiliation));
}

function normalisedMatch(a: string, b: string): boolean {
  if (a === '' || b === '') return false;
  return ` ${b} `.includes(` ${a} `) || ` ${a} `.includes(` ${b} `);
}

/** Whether the reviewer may not review this abstract: they wrote it, or work where one of its authors does. */
export function conflicted(reviewer: ReviewerProfile, abstract: Pick<AssignableAbstract, 'email' | 'affiliations'>): boolean {
  return reviewer.email.toLowerCase() === abstract.email.toLowerCase() || abstract.affiliations.some((a) => sameInstitution(reviewer.institution, a));
}

/**
 * Gives every submitted abstract `perAbstract` reviewers of its track, on top of `existing`
 * assignments (a second run tops up, after reviewers were added). Deterministic: the same input
 * gives the same result. Drafts and withdrawn abstracts are left out; a reviewer listed twice counts
 * once; addresses are compared in lower case.
 */
export function assignReviewers(
  abstracts: readonly AssignableAbstract[],
  reviewers: readonly ReviewerProfile[],
  perAbstract: number,
  existing: readonly Assignment[] = [],
): AssignmentResult {
  const pool = [...new Map(reviewers.map((r) => [r.email.toLowerCase(), { ...r, email: r.email.toLowerCase() }])).values()].sort((a, b) =>
    a.email < b.email ? -1 : a.email > b.email ? 1 : 0,
  );
  const loads = new Map(pool.map((r) => [r.email, 0]));
  const has = new Map<string, Set<string>>();
  for (const e of existing) {
    const reviewer = e.reviewer.toLowerCase();
    const set = has.get(e.abstractId) ?? new Set<string>();
    if (set.has(reviewer)) continue;
    set.add(reviewer);
    has.set(e.abstractId, set);
    loads.set(reviewer, (loads.get(reviewer) ?? 0) + 1);
  }

  const byTrack = new Map<string, typeof pool>();
  for (const r of pool) for (const t of new Set(r.tracks)) byTrack.set(t, [...(byTrack.get(t) ?? []), r]);

  const submitted = abstracts.filter((a) => a.status === 'submitted');
  // conflicted(), with every name normalised once rather than once per pair.
  const institutionOf = new Map(pool.map((r) => [r.email, normaliseInstitution(r.institution)]));
  const eligible = (r: ReviewerProfile, a: AssignableAbstract, affiliations: string[]) =>
    r.email !== a.email.toLowerCase() && !affiliations.some((f) => normalisedMatch(institutionOf.get(r.email)!, f));
  const candidates = new Map(
    submitted.map((a) => {
      const affiliations = a.affiliations.map(normaliseInstitution);
      return [a.id, (byTrack.get(a.track) ?? []).filter((r) => eligible(r, a, affiliations))];
    }),
  );
  // The most constrained first (fewest eligible reviewers), so the plentiful ones are not used up
  // on abstracts that had other choices; ties by id, for a result that does not depend on input order.
  const order = [...submitted].sort((a, b) => candidates.get(a.id)!.length - candidates.get(b.id)!.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const assignments: Assignment[] = [];
  const shortfalls: Shortfall[] = [];
  for (const a of order) {
    const already = has.get(a.id) ?? new Set<string>();
    const need = perAbstract - already.size;
    const free = candidates
      .get(a.id)!
      .filter((r) => !already.has(r.email))
      .sort((x, y) => loads.get(x.email)! - loads.get(y.email)!);
    // (sort is stable: among equal loads, the address order of `pool`.)
    const chosen = free.slice(0, Math.max(need, 0));
    for (const r of chosen) {
      assignments.push({ abstractId: a.id, reviewer: r.email });
      loads.set(r.email, loads.get(r.email)! + 1);
    }
    const total = already.size + chosen.length;
    if (total < perAbstract)
      shortfalls.push({
        abstractId: a.id,
        assigned: total,
        wanted: perAbstract,
        reason: (byTrack.get(a.track) ?? []).length === 0 ? 'no reviewer for its track' : 'too few reviewers without a conflict',
      });
  }
  return { assignments, shortfalls, loads: Object.fromEntries(loads) };
}

/**
 * How many abstracts one commit assigns: the rules read each abstract once (blindCopy) besides the
 * administrator's staff entry and the call, and a commit may read 16 documents; 12 leaves room for
 * the activity log line the screen adds (which reads nothing more).
 */
export const ABSTRACTS_PER_COMMIT = 12;

/** The commits that store `assignments`: each the blind copies of at most ABSTRACTS_PER_COMMIT abstracts. */
export function assignmentCommits(assignments: readonly Assignment[], abstracts: ReadonlyMap<string, Parameters<typeof assignWrite>[0]>): BatchWrite[][] {
  const byAbstract = new Map<string, string[]>();
  for (const a of assignments) byAbstract.set(a.abstractId, [...(byAbstract.get(a.abstractId) ?? []), a.reviewer]);
  const commits: BatchWrite[][] = [];
  let current: BatchWrite[] = [];
  let count = 0;
  for (const [abstractId, reviewers] of byAbstract) {
    const abstract = abstracts.get(abstractId);
    if (!abstract) throw new Error(`No abstract ${abstractId} to assign.`);
    if (count === ABSTRACTS_PER_COMMIT) {
      commits.push(current);
      current = [];
      count = 0;
    }
    current.push(...reviewers.map((r) => assignWrite(abstract, r)));
    count++;
  }
  if (current.length) commits.push(current);
  return commits;
}
