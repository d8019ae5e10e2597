// The call for abstracts in integration tests: a call open now (settings/abstracts, past the
// rules, put back afterwards) and an author's abstract as the site commits it.
import { saveAbstractWrite, type AbstractCall, type AbstractContent } from '../../../src/data/abstracts.ts';
import { newId } from '../../../src/lib/db.ts';
import { throttleFor, type Draft, type Submitter } from './forms.ts';
import { ownerDelete, ownerGet } from './owner.ts';
import { attendee, ownerWrite } from './seats.ts';
import { serverNow } from './clock.ts';

const HOUR = 3_600_000;

export const TEST_CALL: Omit<AbstractCall, 'opensAt' | 'closesAt'> = {
  tracks: { prevention: 'Prevention and early detection', treatment: 'Treatment and care' },
  wordLimits: { background: 20, methods: 20, results: 30, conclusions: 15, total: 60 },
  guidelines: 'Structured abstracts only.',
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
