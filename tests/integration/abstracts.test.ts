// The call for abstracts against the real rules: an author writes and reads only their own
// abstracts, only while the call is open by the server's clock; submitting asks for a complete
// abstract within the call's word limits, counted as the site counts them; a draft may be
// unfinished but never bigger than the bounds; only administrators set the call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, doc, getDoc, getDocs, query, where, type Firestore } from 'firebase/firestore/lite';
import { countWords, saveAbstractWrite, withdrawAbstractWrite, type AbstractCall, type AbstractContent } from '../../src/data/abstracts.ts';
import { callDocument, callForm, callFormSchema, saveCallWrite } from '../../src/features/abstracts/admin/call-settings.ts';
import { contentVersionWrites } from '../../src/admin/content-version.ts';
import { activityWrite, writePath } from '../../src/lib/db.ts';
import { ACCOUNTS, verdict } from './support/actors.ts';
import { client, closeClients, visitor } from './support/clients.ts';
import { commit } from './support/forms.ts';
import { ownerGet } from './support/owner.ts';
import { attendee, ownerWrite } from './support/seats.ts';
import { serverNow } from './support/clock.ts';
import { abstractDraft, COMPLETE, TEST_CALL, useOpenCall } from './support/abstracts.ts';

const HOUR = 3_600_000;
let closeCall: () => Promise<void>;
let admin: Firestore;
let editor: Firestore;
let finance: Firestore;

beforeAll(async () => {
  closeCall = await useOpenCall();
  [admin, editor, finance] = await Promise.all([client(ACCOUNTS.admin), client(ACCOUNTS.editor), client(ACCOUNTS.finance)]);
});
afterAll(async () => {
  await closeCall();
  await closeClients();
});

/** Commits an author's new abstract with `change`; resolves to the verdict and the draft. */
async function attempt(
  change: Partial<AbstractContent> & { status?: 'draft' | 'submitted' } = {},
  doc?: (d: Record<string, unknown>) => Record<string, unknown>,
) {
  const draft = await abstractDraft(change);
  return { draft, verdict: await verdict(commit(draft.by.db, draft.writes(doc ? doc(draft.doc) : undefined))) };
}

/** The call as stored, with `change`, past the rules. */
const callWith = async (change: Record<string, unknown>) => ownerWrite(['settings/abstracts', { ...(await ownerGet('settings/abstracts'))!, ...change }]);

describe('an author, while the call is open', () => {
  it('saves a draft, submits it, edits it (keeping when it was first submitted) and withdraws it', async () => {
    const { draft, verdict: created } = await attempt({ status: 'draft', title: '', authors: [], affiliations: [], presenting: -1 });
    expect(created).toBe('allowed');
    const path = `abstracts/${draft.id}`;
    expect(await ownerGet(path)).toMatchObject({ status: 'draft', submittedAt: null, email: draft.by.email });
    const email = draft.by.email!;
    const save = (content: AbstractContent, status: 'draft' | 'submitted', before: 'draft' | 'submitted') =>
      commit(draft.by.db, [saveAbstractWrite(draft.id, email, content, status, { status: before })]);
    expect(await verdict(save(COMPLETE, 'submitted', 'draft'))).toBe('allowed');
    const submittedAt = (await ownerGet(path))!.submittedAt as Date;
    expect(submittedAt).toBeInstanceOf(Date);
    expect(await verdict(save({ ...COMPLETE, title: 'A better title' }, 'submitted', 'submitted'))).toBe('allowed');
    expect(await ownerGet(path)).toMatchObject({ title: 'A better title', submittedAt });
    // Its submission time is the server's first one: a new one is refused.
    expect(await verdict(commit(draft.by.db, [{ update: path, data: { ...COMPLETE, updatedAt: new Date(), submittedAt: new Date() } }]))).toBe('denied');
    expect(await verdict(commit(draft.by.db, [withdrawAbstractWrite(draft.id)]))).toBe('allowed');
    // Withdrawn is final.
    expect(await verdict(save(COMPLETE, 'submitted', 'submitted'))).toBe('denied');
    expect(await verdict(save(COMPLETE, 'draft', 'submitted'))).toBe('denied');
  });

  it('reads and lists only their own; administrators read all; other staff and authors none', async () => {
    const { draft } = await attempt();
    const path = ['abstracts', draft.id] as const;
    expect(await verdict(getDoc(doc(draft.by.db, ...path)))).toBe('allowed');
    expect(await verdict(getDocs(query(collection(draft.by.db, 'abstracts'), where('email', '==', draft.by.email))))).toBe('allowed');
    const other = await attendee();
    expect(await verdict(getDoc(doc(other.db, ...path)))).toBe('denied');
    expect(await verdict(getDocs(query(collection(other.db, 'abstracts'), where('email', '==', draft.by.email))))).toBe('denied');
    expect(await verdict(getDocs(collection(other.db, 'abstracts')))).toBe('denied');
    expect(await verdict(getDoc(doc(admin, ...path)))).toBe('allowed');
    for (const db of [editor, finance]) expect(await verdict(getDoc(doc(db, ...path)))).toBe('denied');
    // Nor may another author edit or withdraw it, or take its id for an abstract of their own.
    expect(await verdict(commit(other.db, [withdrawAbstractWrite(draft.id)]))).toBe('denied');
    expect(await verdict(commit(other.db, [saveAbstractWrite(draft.id, other.email, COMPLETE, 'submitted', { status: 'submitted' })]))).toBe('denied');
    expect(await verdict(commit(other.db, [saveAbstractWrite(draft.id, other.email, COMPLETE, 'draft', null)]))).toBe('denied');
    expect(await ownerGet(`abstracts/${draft.id}`)).toMatchObject({ email: draft.by.email, title: COMPLETE.title });
  });

  it('cannot submit an unfinished abstract: each missing or oversized part is refused', async () => {
    const over = (limit: number) => Array.from({ length: limit + 1 }, (_, i) => `w${i}`).join(' ');
    const cases: Array<[string, Partial<AbstractContent>]> = [
      ['no title', { title: '   ' }],
      ['no authors', { authors: [], affiliations: [], presenting: -1 }],
      ['no presenting author', { presenting: -1 }],
      ['a track the call does not have', { track: 'surgery' }],
      ['an empty part', { methods: ' \n ' }],
      ['a part over its limit', { results: over(TEST_CALL.wordLimits.results) }],
      ['the whole over the total', { background: over(19), methods: over(19), results: over(19) }],
      ['no keyword', { keywords: '   ' }],
      ['no consent to publish', { consent: false }],
    ];
    for (const [what, change] of cases) expect([what, (await attempt(change)).verdict]).toEqual([what, 'denied']);
    // Each is fine in a draft.
    for (const [what, change] of cases) expect([what, (await attempt({ ...change, status: 'draft' })).verdict]).toEqual([what, 'allowed']);
  });

  it('counts words as the site does: spaces, tabs and line breaks of any length between them, at the limit exactly', async () => {
    const limit = TEST_CALL.wordLimits.background;
    const atLimit = ['  lead', ...Array.from({ length: limit - 1 }, (_, i) => `w${i}`)].join(' \t\n  ') + '\n';
    expect(countWords(atLimit)).toBe(limit);
    expect((await attempt({ background: atLimit })).verdict).toBe('allowed');
    expect(countWords(`${atLimit} one-more`)).toBe(limit + 1);
    expect((await attempt({ background: `${atLimit} one-more` })).verdict).toBe('denied');
  });
});

describe('hostile abstracts', () => {
  it('never bigger than the bounds, draft or not: a 1 MB part, too many authors, lists out of step, hidden characters', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `Author ${i}`);
    const cases: Array<[string, Partial<AbstractContent>]> = [
      ['a 1 MB part', { background: 'a '.repeat(500_000) }],
      ['a part of 6,001 characters', { conclusions: 'x'.repeat(6001) }],
      ['21 authors', { authors: many, affiliations: many, presenting: 0 }],
      ['an affiliation missing', { affiliations: ['Kenyatta National Hospital'] }],
      ['an author with a line break (two names in one)', { authors: ['Achieng\nOtieno', 'Kiprop Kemboi'] }],
      ['an empty author name', { authors: ['', 'Kiprop Kemboi'] }],
      ['a bidirectional override in the title', { title: 'Screening \u202Eevil' }],
      ['a title of 301 characters', { title: 't'.repeat(301) }],
      ['keywords of 301 characters', { keywords: 'k'.repeat(301) }],
      ['a line break in the keywords', { keywords: 'screening\nHPV' }],
      ['a presenting author past the list', { presenting: 2 }],
      ['another presentation type', { presentation: 'workshop' as never }],
    ];
    for (const [what, change] of cases) expect([what, (await attempt({ ...change, status: 'draft' })).verdict]).toEqual([what, 'denied']);
  });

  it('under nobody else’s address, with no forged status, time or field', async () => {
    const cases: Array<[string, (d: Record<string, unknown>) => Record<string, unknown>]> = [
      ['someone else’s address', (d) => ({ ...d, email: 'someone.else@example.org' })],
      ['accepted by the author', (d) => ({ ...d, status: 'accepted' })],
      ['withdrawn at once', (d) => ({ ...d, status: 'withdrawn' })],
      ['a client’s time for updatedAt', (d) => ({ ...d, updatedAt: new Date() })],
      ['a client’s time for createdAt', (d) => ({ ...d, createdAt: new Date() })],
      ['a submission time on a draft', (d) => ({ ...d, status: 'draft', submittedAt: new Date() })],
      ['an extra field', (d) => ({ ...d, score: 5 })],
      ['another id', (d) => ({ ...d, id: 'other' })],
    ];
    for (const [what, change] of cases) expect([what, (await attempt({}, change)).verdict]).toEqual([what, 'denied']);
  });

  it('not by an unverified address or an anonymous visitor', async () => {
    const unverified = await attendee(undefined, false);
    expect(await verdict(commit(unverified.db, (await abstractDraft({}, unverified)).writes()))).toBe('denied');
    const anonymous = await visitor();
    expect(await verdict(commit(anonymous.db, (await abstractDraft({}, { ...anonymous, email: 'anon@example.org' })).writes()))).toBe('denied');
  });
});

describe('outside the call’s dates (the server’s clock; a forged client time changes nothing)', () => {
  it('nothing is written before it opens or once it has closed, not even a withdrawal', async () => {
    const { draft } = await attempt();
    const now = (await serverNow()).getTime();
    try {
      await callWith({ opensAt: new Date(now - 2 * HOUR), closesAt: new Date(now - HOUR) });
      const late = await abstractDraft({});
      expect(await verdict(commit(late.by.db, late.writes()))).toBe('denied');
      expect(await verdict(commit(draft.by.db, [withdrawAbstractWrite(draft.id)]))).toBe('denied');
      expect(await verdict(commit(draft.by.db, [saveAbstractWrite(draft.id, draft.by.email!, COMPLETE, 'submitted', { status: 'submitted' })]))).toBe('denied');
      await callWith({ opensAt: new Date(now + HOUR), closesAt: new Date(now + 2 * HOUR) });
      const early = await abstractDraft({});
      expect(await verdict(commit(early.by.db, early.writes()))).toBe('denied');
      await callWith({ opensAt: null, closesAt: null });
      expect(await verdict(commit(early.by.db, early.writes()))).toBe('denied');
    } finally {
      await callWith({ opensAt: new Date(now - HOUR), closesAt: new Date(now + 24 * HOUR) });
    }
  });
});

/** The call as stored, as the screens read it (dates as Dates). */
async function fetchStoredCall(): Promise<AbstractCall> {
  const stored = (await ownerGet('settings/abstracts'))!;
  const { id: _id, ...call } = stored as Record<string, unknown>;
  return call as unknown as AbstractCall;
}

describe('the call itself', () => {
  const save = (db: Firestore, change: Record<string, unknown> = {}) =>
    ownerGet('settings/abstracts').then((stored) => commit(db, [{ set: 'settings/abstracts', data: { ...stored!, ...change } }]));

  it('is read by anyone and set by administrators only', async () => {
    const anonymous = await visitor();
    expect(await verdict(getDoc(doc(anonymous.db, 'settings', 'abstracts')))).toBe('allowed');
    expect(await verdict(save(admin))).toBe('allowed');
    for (const db of [editor, finance, anonymous.db]) expect(await verdict(save(db))).toBe('denied');
  });

  it('saves as the Call for abstracts screen saves it: with the content version’s move and a log line', async () => {
    const before = await fetchStoredCall();
    const form = callForm(before);
    const after = callDocument(
      callFormSchema.parse({ ...form, tracks: [...form.tracks, { key: '', label: 'Palliative care' }], guidelines: 'In English.\r\n\r\nBlind.' }),
    );
    const writes = [saveCallWrite(after)];
    expect(
      await verdict(
        commit(admin, [
          ...writes,
          ...contentVersionWrites(writes.map(writePath)),
          activityWrite('Updated the call for abstracts: tracks', ACCOUNTS.admin.email),
        ]),
      ),
    ).toBe('allowed');
    expect(await ownerGet('settings/abstracts')).toMatchObject({
      tracks: { ...TEST_CALL.tracks, 'palliative-care': 'Palliative care' },
      guidelines: 'In English.\n\nBlind.',
    });
    await save(admin, { ...TEST_CALL, opensAt: before.opensAt, closesAt: before.closesAt });
  });

  it('holds its shape: dates in order, tracks keyed and labelled, word limits 1 to 2,000', async () => {
    const now = await serverNow();
    const cases: Array<[string, Record<string, unknown>]> = [
      ['closing before opening', { opensAt: now, closesAt: new Date(now.getTime() - HOUR) }],
      ['one date only', { opensAt: now, closesAt: null }],
      ['a track key in capitals', { tracks: { Prevention: 'Prevention' } }],
      ['an empty track label', { tracks: { prevention: '' } }],
      ['21 tracks', { tracks: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`t${i}`, `Track ${i}`])) }],
      ['a word limit of 0', { wordLimits: { ...TEST_CALL.wordLimits, methods: 0 } }],
      ['a word limit of 2,001', { wordLimits: { ...TEST_CALL.wordLimits, total: 2001 } }],
      ['a word limit of 2.5', { wordLimits: { ...TEST_CALL.wordLimits, results: 2.5 } }],
      ['an extra field', { reviewers: ['x'] }],
    ];
    for (const [what, change] of cases) expect([what, await verdict(save(admin, change))]).toEqual([what, 'denied']);
  });
});
