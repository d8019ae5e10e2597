// Component tests of the public abstract pages (/program, /abstracts/:id, /abstract-book): published
// abstracts, their texts and programme sessions in the fake db (tests/fake-db.ts), shaped as
// data/published-abstracts.ts stores them.
import type { FakeDb } from './fake-db.ts';

/** The call's tracks as these tests set them (settings/abstracts). */
export const TRACKS = { treatment: 'Treatment and care', prevention: 'Prevention and early detection' };

export function storeTracks(state: FakeDb, tracks: Record<string, string> = TRACKS) {
  state.docs.set('settings/abstracts', { tracks });
}

/** A published abstract `id` (its listing and its text), `fields` over its listing. */
export function storePublished(state: FakeDb, id: string, fields: Record<string, unknown> = {}) {
  state.docs.set(`publishedAbstracts/${id}`, {
    id,
    title: `Title ${id}`,
    authors: ['Achieng Otieno', 'Kiprop Kemboi', 'Wanjiru Mwangi'],
    affiliations: ['Kenyatta National Hospital', 'Moi University', 'Kenyatta National Hospital'],
    presenting: 1,
    track: 'prevention',
    presentation: 'oral',
    keywords: 'screening, cervical cancer',
    sessionId: '',
    sessionOrder: 0,
    publishedAt: new Date('2027-03-01T09:00:00Z'),
    ...fields,
  });
  state.docs.set(`publishedAbstractTexts/${id}`, {
    id,
    background: `Background of ${id}.`,
    methods: 'Methods text.',
    results: 'Results text.',
    conclusions: 'Conclusions text.',
  });
}

/** A published programme session `id` on the summit's first day, 09:00–10:30 Nairobi time. */
export function storeSession(state: FakeDb, id: string, fields: Record<string, unknown> = {}) {
  state.docs.set(`sessions/${id}`, {
    id,
    title: `Session ${id}`,
    description: 'About the session.',
    day: 1,
    startsAt: new Date('2027-05-12T06:00:00Z'),
    endsAt: new Date('2027-05-12T07:30:00Z'),
    track: 'Research',
    room: 'Tsavo Hall',
    speakerIds: [],
    published: true,
    ...fields,
  });
}
