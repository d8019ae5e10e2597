// The call for abstracts in integration tests: a call open now (settings/abstracts, past the
// rules, put back afterwards) and an author's abstract as the site commits it.
import { saveAbstractWrite, type Abstract, type AbstractCall, type AbstractContent } from '../../../src/data/abstracts.ts';
import { assignmentId, BLIND_FIELDS, type ReviewInput } from '../../../src/data/abstract-review.ts';
import { newId } from '../../../src/lib/db.ts';
import { throttleFor, type Draft, type Submitter } from './forms.ts';
import { ownerDelete, ownerGet, uniqueId } from './owner.ts';
import { attendee, ownerWrite } from './seats.ts';
import { serverNow } from './clock.ts';

const HOUR = 3_600_000;

export const TEST_CALL: Omit<AbstractCall, 'opensAt' | 'closesAt' | 'reviewsDueAt'> = {
  tracks: { prevention: 'Prevention and early detection', treatment: 'Treatment and care' },
  wordLimits: { background: 20, methods: 20, results: 30, conclusions: 15, total: 60 },
  guidelines: 'Structured abstracts only.',
  criteria: { originality: 'Originality', methods: 'Soundness of the methods', relevance: 'Relevance' },
  reviewersPerAbstract: 2,
};

/** A complete abstract within TEST_CALL's limits (submittable). */
export const COMPLETE: AbstractContent = {
  title: 'Cervical screening uptake in Kisumu County',
  authors: ['Achieng Otieno', 'Kiprop Kemboi'],
  affiliations: ['Kenyatta National Hospital', 'Moi University'],
  presenting: 0,
  track: 'prevention',
  presentation: 'poster',
  background: 'Screening uptake remains low in western Kenya.',
  methods: 'We surveyed 400 women attending county clinics in 2025.',
  results: 'Uptake rose from 18% to 41% after community outreach.',
  conclusions: 'Outreach doubles uptake.',
  keywords: 'cervical cancer, screening',
  conflicts: 'None.',
  consent: true,
};

/**
 * Makes the call run from an hour before the database's now until `hoursLeft` after (past the
 * rules); resolves to a function that puts back what was there.
 */
export async function useOpenCall(hoursLeft = 24 * 7): Promise<() => Promise<void>> {
  const saved = await ownerGet('settings/abstracts');
  const now = (await serverNow()).getTime();
  await ownerWrite(['settings/abstracts', { ...TEST_CALL, opensAt: new Date(now - HOUR), closesAt: new Date(now + hoursLeft * HOUR) }]);
  return async () => {
    if (saved) await ownerWrite(['settings/abstracts', saved]);
    else await ownerDelete('settings/abstracts');
  };
}

/** Makes the call one that closed an hour before the database's now (past the rules); resolves to a function that puts back what was there. */
export async function useClosedCall(): Promise<() => Promise<void>> {
  const saved = await ownerGet('settings/abstracts');
  const now = (await serverNow()).getTime();
  await ownerWrite(['settings/abstracts', { ...TEST_CALL, opensAt: new Date(now - 48 * HOUR), closesAt: new Date(now - HOUR) }]);
  return async () => {
    if (saved) await ownerWrite(['settings/abstracts', saved]);
    else await ownerDelete('settings/abstracts');
  };
}

/** Runs `run` with the call closed, and puts the call back afterwards whatever happens. */
export async function withClosedCall<T>(run: () => Promise<T>): Promise<T> {
  const restore = await useClosedCall();
  try {
    return await run();
  } finally {
    await restore();
  }
}

/** Someone's submitted abstract, stored past the rules (`change` over COMPLETE). */
export async function storedAbstract(change: Partial<Abstract> = {}): Promise<Abstract> {
  const id = uniqueId('abs');
  const at = new Date();
  const stored: Abstract = {
    ...COMPLETE,
    id,
    email: `${uniqueId('author')}@example.org`,
    status: 'submitted',
    createdAt: at,
    updatedAt: at,
    submittedAt: at,
    ...change,
  };
  await ownerWrite([`abstracts/${id}`, { ...stored }]);
  return stored;
}

/** `reviewer` assigned to a (new, unless given) submitted abstract, past the rules: the assignment's id and its abstract. */
export async function storedAssignment(reviewer: string, abstract?: Abstract): Promise<{ id: string; abstract: Abstract }> {
  const a = abstract ?? (await storedAbstract());
  const id = assignmentId(a.id, reviewer);
  const copy = Object.fromEntries(BLIND_FIELDS.map((f) => [f, a[f]]));
  await ownerWrite([`blindAbstracts/${id}`, { ...copy, id, abstractId: a.id, reviewer: reviewer.toLowerCase(), assignedAt: new Date() }]);
  return { id, abstract: a };
}

/** An author's abstract (a fresh verified attendee's unless `by` is given), as the site commits it with its throttle. */
export async function abstractDraft(change: Partial<AbstractContent> & { status?: 'draft' | 'submitted' } = {}, by?: Submitter): Promise<Draft> {
  const author = by?.email ? (by as Required<Submitter>) : await attendee();
  const id = newId();
  const { status = 'submitted', ...content } = change;
  const write = saveAbstractWrite(id, author.email, { ...COMPLETE, ...content }, status, null) as { set: string; data: Record<string, unknown> };
  // As the site does, refused before sending once the identity is at its limit (ThrottledError).
  const throttle = await throttleFor(author, 'abstracts', id);
  return { id, doc: write.data, by: author, writes: (doc = write.data) => [{ set: write.set, data: doc }, throttle] };
}

/** The author's form for the volume test (one identity's limit). */
export const abstractForm = { name: 'abstract', draft: (change: Record<string, unknown> = {}, by?: Submitter) => abstractDraft(change, by) };

/** A review scoring TEST_CALL's criteria. */
export const REVIEW: ReviewInput = {
  conflict: false,
  scores: { originality: 4, methods: 3, relevance: 5 },
  toAuthors: 'Clear and useful; say how the clinics were chosen.',
  toCommittee: 'Sound, if small.',
};

/** `reviewer`'s review of a new assignment, stored past the rules: its id (the assignment's). */
export async function storedReview(reviewer: string, input: ReviewInput = REVIEW): Promise<string> {
  const { id, abstract } = await storedAssignment(reviewer);
  const at = new Date();
  await ownerWrite([`reviews/${id}`, { ...input, id, abstractId: abstract.id, reviewer: reviewer.toLowerCase(), createdAt: at, updatedAt: at }]);
  return id;
}
