// Component tests of the back office's abstract screens: a call and submitted abstracts in the fake
// db (tests/fake-db.ts), shaped as the site stores them.
import { DEFAULT_WORD_LIMITS } from '../src/data/abstracts.ts';
import type { createFakeState } from './fake-db.ts';

type State = ReturnType<typeof createFakeState>;
const HOUR = 3_600_000;

/** The call, closed an hour ago unless `open`: two tracks, two criteria, two reviewers an abstract. */
export function storeCall(state: State, { open = false }: { open?: boolean } = {}) {
  const now = Date.now();
  state.docs.set('settings/abstracts', {
    opensAt: new Date(now - 48 * HOUR),
    closesAt: new Date(open ? now + 24 * HOUR : now - HOUR),
    tracks: { prevention: 'Prevention', treatment: 'Treatment' },
    wordLimits: DEFAULT_WORD_LIMITS,
    guidelines: '',
    criteria: { originality: 'Originality', methods: 'Methods' },
    reviewersPerAbstract: 2,
  });
}

/** A submitted abstract `id` (by `id`@example.org, from KNH and Moi University), `fields` over it. */
export function storeAbstract(state: State, id: string, fields: Record<string, unknown> = {}) {
  const now = Date.now();
  state.docs.set(`abstracts/${id}`, {
    id,
    email: `${id.toLowerCase()}@example.org`,
    status: 'submitted',
    title: `Title ${id}`,
    authors: ['Achieng Otieno', 'Kiprop Kemboi'],
    affiliations: ['KNH', 'Moi University'],
    presenting: 1,
    track: 'prevention',
    presentation: 'oral',
    background: 'Background text.',
    methods: 'Methods text.',
    results: 'Results text.',
    conclusions: 'Conclusions text.',
    keywords: 'a, b',
    conflicts: 'None.',
    consent: true,
    createdAt: new Date(now - 5 * HOUR),
    updatedAt: new Date(now - 4 * HOUR),
    submittedAt: new Date(now - 4 * HOUR),
    ...fields,
  });
}

/** A reviewer's staff entry. */
export function storeReviewer(state: State, email: string, institution: string, tracks = ['prevention']) {
  state.docs.set(`staff/${email}`, { email, role: 'reviewer', institution, tracks });
}
