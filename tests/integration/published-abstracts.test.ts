// An accepted abstract's public copy against the real rules (issue 39, src/data/published-abstracts.ts):
// administrators publish an accepted abstract (its listing and its text in one commit, each equal to
// the abstract and its decision), place it in a programme session at a place in the running order,
// take it out, and unpublish it; everyone reads it. Hostile cases: publishing what the committee has
// not accepted (undecided, rejected), a withdrawn or draft abstract, one without consent, a copy
// differing by one character or with the author's address or conflicts added, a presentation other
// than the decision's, the listing or the text alone, other roles publishing or placing, a session
// that does not exist, a title changed while placing, odd places in the running order, 1 MB fields.
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, setDoc, updateDoc, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Abstract } from '../../src/data/abstracts.ts';
import {
  placeWrite,
  publishedAbstractPath,
  publishedTextPath,
  publishWrites,
  unpublishWrites,
  PUBLISH_PER_COMMIT,
} from '../../src/data/published-abstracts.ts';
import { contentVersionWrites } from '../../src/admin/content-version.ts';
import { activityWrite, writePath, type BatchWrite } from '../../src/lib/db-shapes.ts';
import type { AbstractDecision } from '../../src/data/abstract-decision.ts';
import type { PublishedAbstract } from '../../src/data/published-abstracts.ts';
import { acceptedRows, publishRun, toPublish } from '../../src/features/abstracts/admin/programme.ts';
import { ACCOUNTS, ACTORS, signInActors, verdict, type Actor, type Actors } from './support/actors.ts';
import { closeClients } from './support/clients.ts';
import { commit } from './support/forms.ts';
import { ownerDelete, ownerGet } from './support/owner.ts';
import { ownerWrite } from './support/seats.ts';
import { decidedAbstract, publishedAbstract, storedPaths, storedSession } from './support/published.ts';
import { storedAbstract } from './support/abstracts.ts';

let as: Actors;
let admin: Firestore;
const created: string[] = [];

beforeAll(async () => {
  as = await signInActors();
  admin = as.db.admin;
});
afterAll(async () => {
  await ownerDelete(...storedPaths, ...created);
  await closeClients();
});

type Write = { set: string; data: Record<string, unknown> };
/** The publishing commit for `abstract`, its listing and text changed by `listing` and `text`. */
function publishing(abstract: Abstract, presentation: 'oral' | 'poster' = 'poster', listing: Record<string, unknown> = {}, text: Record<string, unknown> = {}) {
  const [l, t] = publishWrites(abstract, presentation) as Write[];
  created.push(l.set, t.set);
  return [
    { set: l.set, data: { ...l.data, ...listing } },
    { set: t.set, data: { ...t.data, ...text } },
  ];
}
const publish = (db: Firestore, writes: BatchWrite[]) => verdict(commit(db, writes));
const OTHERS: Actor[] = ACTORS.filter((a) => a !== 'admin');

describe('administrators publish an accepted abstract', () => {
  it('publishes the listing and the text in one commit, with the content version and the log line, equal to the abstract; everyone reads them', async () => {
    const abstract = await decidedAbstract('oral');
    const writes = publishing(abstract, 'oral');
    const log = activityWrite(`Published abstract ${abstract.id}`, ACCOUNTS.admin.email) as Write;
    created.push(log.set);
    expect(await publish(admin, [...writes, ...contentVersionWrites(writes.map((w) => w.set)), log])).toBe('allowed');
    const listing = (await ownerGet(publishedAbstractPath(abstract.id)))!;
    expect(listing).toMatchObject({
      id: abstract.id,
      title: abstract.title,
      authors: abstract.authors,
      affiliations: abstract.affiliations,
      presenting: abstract.presenting,
      track: abstract.track,
      presentation: 'oral',
      keywords: abstract.keywords,
      sessionId: '',
      sessionOrder: 0,
    });
    for (const hidden of ['email', 'conflicts', 'consent', 'status']) expect(listing).not.toHaveProperty(hidden);
    expect(await ownerGet(publishedTextPath(abstract.id))).toEqual({
      id: abstract.id,
      background: abstract.background,
      methods: abstract.methods,
      results: abstract.results,
      conclusions: abstract.conclusions,
    });
    for (const actor of ACTORS) {
      expect(await verdict(getDoc(doc(as.db[actor], publishedAbstractPath(abstract.id)))), actor).toBe('allowed');
      expect(await verdict(getDoc(doc(as.db[actor], publishedTextPath(abstract.id)))), actor).toBe('allowed');
      expect(await verdict(getDocs(query(collection(as.db[actor], 'publishedAbstracts'), limit(3)))), actor).toBe('allowed');
    }
  });

  it('publishes as the Programme screen does (publishRun: commits of PUBLISH_PER_COMMIT, each with the content version and its log line); a second run publishes only the rest', async () => {
    const abstracts = await Promise.all(Array.from({ length: PUBLISH_PER_COMMIT + 1 }, () => decidedAbstract('poster')));
    const items = abstracts.map((abstract) => ({ abstract, presentation: 'poster' as const }));
    const version = async () => Number((await ownerGet('counters/content'))?.version ?? 0);
    const before = await version();
    const [first, second] = publishRun(items, ACCOUNTS.admin.email);
    expect([first.stores, second.stores]).toEqual([PUBLISH_PER_COMMIT, 1]);
    created.push(...[...first.writes, ...second.writes].filter((w) => !writePath(w).startsWith('counters/')).map(writePath));
    expect(await publish(admin, first.writes)).toBe('allowed');
    expect(await version()).toBe(before + 1);
    // Publishing one again is refused (the listing keeps its time): why a run is planned from what is stored.
    expect(await publish(admin, publishWrites(abstracts[0], 'poster'))).toBe('denied');
    const rest = toPublish(
      acceptedRows(
        abstracts,
        abstracts.map((a) => ({ id: a.id, outcome: 'poster' }) as AbstractDecision),
        [
          (await ownerGet(publishedAbstractPath(abstracts[0].id))) as unknown as PublishedAbstract,
          (await ownerGet(publishedAbstractPath(abstracts[1].id))) as unknown as PublishedAbstract,
          (await ownerGet(publishedAbstractPath(abstracts[2].id))) as unknown as PublishedAbstract,
        ],
      ),
    );
    expect(rest.map((r) => r.abstract.id)).toEqual([abstracts[3].id]);
    expect(await publish(admin, publishRun(rest, ACCOUNTS.admin.email)[0].writes)).toBe('allowed');
    expect(await ownerGet(publishedTextPath(abstracts[3].id))).toMatchObject({ results: abstracts[3].results });
  });

  it('places and unpublishes as the screen does (useStaffWrites: the write, the content version, the log line)', async () => {
    const [{ id }, session] = await Promise.all([publishedAbstract(), storedSession()]);
    const staffCommit = (writes: BatchWrite[]) => {
      const log = activityWrite('A change to a published abstract', ACCOUNTS.admin.email);
      created.push(writePath(log));
      return commit(admin, [...writes, ...contentVersionWrites(writes.map(writePath)), log]);
    };
    expect(await verdict(staffCommit([placeWrite(id, session, 4)]))).toBe('allowed');
    expect(await verdict(staffCommit([placeWrite(id, '', 0)]))).toBe('allowed');
    expect(await verdict(staffCommit(unpublishWrites(id)))).toBe('allowed');
  });

  it.each(OTHERS)('refuses %s publishing an accepted abstract', async (actor) => {
    const abstract = await decidedAbstract('poster');
    expect(await publish(as.db[actor], publishing(abstract))).toBe('denied');
  });
});

describe('only what the committee accepted, as the author submitted and agreed to publish it', () => {
  it('refuses an abstract without a decision, and a rejected one', async () => {
    expect(await publish(admin, publishing(await storedAbstract(), 'poster'))).toBe('denied');
    const rejected = await decidedAbstract('reject');
    expect(await publish(admin, publishing(rejected, 'poster'))).toBe('denied');
    expect(await publish(admin, publishing(rejected, 'oral'))).toBe('denied');
    expect(await publish(admin, publishing(rejected, 'reject' as 'oral'))).toBe('denied');
  });

  it('refuses a withdrawn abstract, a draft, and one whose author did not consent to publication', async () => {
    for (const change of [{ status: 'withdrawn' as const }, { status: 'draft' as const, submittedAt: null }, { consent: false }]) {
      const abstract = await decidedAbstract('poster', change as Partial<Abstract>);
      expect(await publish(admin, publishing(abstract)), JSON.stringify(change)).toBe('denied');
    }
  });

  it('refuses a presentation other than the decision’s (the author’s preference is not the committee’s choice)', async () => {
    const abstract = await decidedAbstract('oral', { presentation: 'poster' });
    expect(await publish(admin, publishing(abstract, 'poster'))).toBe('denied');
    expect(await publish(admin, publishing(abstract, 'oral'))).toBe('allowed');
  });

  it('refuses a copy differing from the abstract by one character, in any copied field', async () => {
    const abstract = await decidedAbstract('poster');
    const listing: Array<Record<string, unknown>> = [
      { title: abstract.title + '.' },
      { title: abstract.title.replace('C', 'С') }, // Cyrillic Es for Latin C: a look-alike
      { authors: [abstract.authors[0] + 'x', abstract.authors[1]] },
      { authors: [...abstract.authors].reverse() },
      { affiliations: [abstract.affiliations[0], abstract.affiliations[1] + ' '] },
      { presenting: 1 },
      { track: 'treatment' },
      { keywords: abstract.keywords + ';' },
    ];
    for (const change of listing) expect(await publish(admin, publishing(abstract, 'poster', change)), JSON.stringify(change)).toBe('denied');
    const text: Array<Record<string, unknown>> = [
      { background: abstract.background + ' ' },
      { methods: abstract.methods.slice(1) },
      { results: abstract.results.replace('41', '42') },
      { conclusions: abstract.conclusions.toUpperCase() },
    ];
    for (const change of text) expect(await publish(admin, publishing(abstract, 'poster', {}, change)), JSON.stringify(change)).toBe('denied');
    // The same abstract, copied exactly, is accepted: the refusals above were the one character.
    expect(await publish(admin, publishing(abstract))).toBe('allowed');
  });

  it('refuses extra fields (the author’s address, the conflicts statement, a placement at creation) and missing ones', async () => {
    const abstract = await decidedAbstract('poster');
    for (const change of [{ email: abstract.email }, { conflicts: abstract.conflicts }, { consent: true }, { published: true }])
      expect(await publish(admin, publishing(abstract, 'poster', change)), JSON.stringify(change)).toBe('denied');
    for (const change of [{ email: abstract.email }, { conflicts: abstract.conflicts }, { title: abstract.title }])
      expect(await publish(admin, publishing(abstract, 'poster', {}, change)), `text ${JSON.stringify(change)}`).toBe('denied');
    const session = await storedSession();
    expect(await publish(admin, publishing(abstract, 'poster', { sessionId: session, sessionOrder: 1 }))).toBe('denied');
    expect(await publish(admin, publishing(abstract, 'poster', { sessionOrder: 1 }))).toBe('denied');
    expect(await publish(admin, publishing(abstract, 'poster', { publishedAt: new Date('2020-01-01') }))).toBe('denied');
    const [l, t] = publishing(abstract);
    const { keywords: _dropped, ...without } = l.data;
    expect(await publish(admin, [{ set: l.set, data: without }, t])).toBe('denied');
  });

  it('refuses an id other than the document’s, and another abstract’s copy under this id', async () => {
    const abstract = await decidedAbstract('poster');
    const other = await decidedAbstract('poster', { title: 'Another accepted abstract' });
    expect(await publish(admin, publishing(abstract, 'poster', { id: other.id }))).toBe('denied');
    expect(await publish(admin, publishing(abstract, 'poster', {}, { id: other.id }))).toBe('denied');
    const [otherListing] = publishing(other);
    const [, text] = publishing(abstract);
    expect(await publish(admin, [{ set: publishedAbstractPath(abstract.id), data: otherListing.data }, text])).toBe('denied');
  });

  it('refuses the listing without its text and the text without its listing', async () => {
    const abstract = await decidedAbstract('poster');
    const [listing, text] = publishing(abstract);
    expect(await publish(admin, [listing])).toBe('denied');
    expect(await publish(admin, [text])).toBe('denied');
  });

  it('refuses 1 MB fields', async () => {
    const abstract = await decidedAbstract('poster');
    const mb = 'a'.repeat(1_000_000);
    expect(await publish(admin, publishing(abstract, 'poster', { title: mb }))).toBe('denied');
    expect(await publish(admin, publishing(abstract, 'poster', {}, { results: mb }))).toBe('denied');
  });
});

describe('placing in the programme', () => {
  it('places a published abstract in a session at a place in the running order, moves it, and takes it out', async () => {
    const { id } = await publishedAbstract();
    const [first, second] = await Promise.all([storedSession(), storedSession()]);
    expect(await verdict(commit(admin, [placeWrite(id, first, 0)]))).toBe('allowed');
    expect(await ownerGet(publishedAbstractPath(id))).toMatchObject({ sessionId: first, sessionOrder: 0 });
    expect(await verdict(commit(admin, [placeWrite(id, second, 999)]))).toBe('allowed');
    expect(await ownerGet(publishedAbstractPath(id))).toMatchObject({ sessionId: second, sessionOrder: 999 });
    // Out of a session: back to the first place (placeWrite writes 0 whatever it is given).
    expect(await verdict(commit(admin, [placeWrite(id, '', 5)]))).toBe('allowed');
    expect(await ownerGet(publishedAbstractPath(id))).toMatchObject({ sessionId: '', sessionOrder: 0 });
  });

  it.each(OTHERS)('refuses %s placing one', async (actor) => {
    const [{ id }, session] = await Promise.all([publishedAbstract(), storedSession()]);
    expect(await verdict(commit(as.db[actor], [placeWrite(id, session, 1)]))).toBe('denied');
  });

  it('refuses a session that does not exist, an odd session id, and out of a session at a place', async () => {
    const { id } = await publishedAbstract();
    const ref = doc(admin, publishedAbstractPath(id));
    expect(await verdict(updateDoc(ref, { sessionId: 'no-such-session', sessionOrder: 1 }))).toBe('denied');
    expect(await verdict(updateDoc(ref, { sessionId: 'x'.repeat(1_000), sessionOrder: 1 }))).toBe('denied');
    expect(await verdict(updateDoc(ref, { sessionId: 7, sessionOrder: 1 }))).toBe('denied');
    expect(await verdict(updateDoc(ref, { sessionId: '', sessionOrder: 3 }))).toBe('denied');
  });

  it('refuses places outside 0..999 and places that are not whole numbers', async () => {
    const [{ id }, session] = await Promise.all([publishedAbstract(), storedSession()]);
    const ref = doc(admin, publishedAbstractPath(id));
    for (const sessionOrder of [-1, 1000, 1.5, '1', null])
      expect(await verdict(updateDoc(ref, { sessionId: session, sessionOrder })), String(sessionOrder)).toBe('denied');
  });

  it('refuses changing anything else while placing: the title, the presentation, the time it was published', async () => {
    const [{ id }, session] = await Promise.all([publishedAbstract(), storedSession()]);
    const ref = doc(admin, publishedAbstractPath(id));
    for (const change of [{ title: 'A better title' }, { presentation: 'oral' }, { publishedAt: new Date() }, { email: 'author@example.org' }])
      expect(await verdict(updateDoc(ref, { sessionId: session, sessionOrder: 1, ...change })), JSON.stringify(change)).toBe('denied');
  });

  it('refuses rewriting the text, even with the abstract’s own', async () => {
    const abstract = await publishedAbstract();
    const ref = doc(admin, publishedTextPath(abstract.id));
    expect(await verdict(updateDoc(ref, { results: 'Uptake tripled.' }))).toBe('denied');
    expect(
      await verdict(
        setDoc(ref, {
          id: abstract.id,
          background: abstract.background,
          methods: abstract.methods,
          results: abstract.results,
          conclusions: abstract.conclusions,
        }),
      ),
    ).toBe('denied');
  });
});

describe('unpublishing', () => {
  it('administrators take the listing and the text off in one commit', async () => {
    const { id } = await publishedAbstract();
    expect(await verdict(commit(admin, unpublishWrites(id)))).toBe('allowed');
    expect(await ownerGet(publishedAbstractPath(id))).toBeNull();
    expect(await ownerGet(publishedTextPath(id))).toBeNull();
  });

  it('refuses taking off the listing without its text, or the text without its listing', async () => {
    const { id } = await publishedAbstract();
    const [listing, text] = unpublishWrites(id);
    expect(await verdict(commit(admin, [listing]))).toBe('denied');
    expect(await verdict(commit(admin, [text]))).toBe('denied');
    expect(await ownerGet(publishedAbstractPath(id))).not.toBeNull();
  });

  it.each(OTHERS)('refuses %s unpublishing', async (actor) => {
    const { id } = await publishedAbstract();
    expect(await verdict(commit(as.db[actor], unpublishWrites(id)))).toBe('denied');
    expect(await verdict(deleteDoc(doc(as.db[actor], publishedAbstractPath(id))))).toBe('denied');
    expect(await verdict(deleteDoc(doc(as.db[actor], publishedTextPath(id))))).toBe('denied');
  });

  it('a copy taken off can be published again, as it was accepted', async () => {
    const abstract = await publishedAbstract('oral');
    expect(await verdict(commit(admin, unpublishWrites(abstract.id)))).toBe('allowed');
    expect(await publish(admin, publishWrites(abstract, 'oral'))).toBe('allowed');
  });
});

describe('the decision the rules read', () => {
  it('publishes under the stored decision’s outcome, whatever the decision said before', async () => {
    const abstract = await decidedAbstract('oral');
    expect(await ownerGet(`abstractDecisions/${abstract.id}`)).toMatchObject({ outcome: 'oral' });
    await ownerWrite([
      `abstractDecisions/${abstract.id}`,
      { id: abstract.id, outcome: 'poster', reviewIds: [], comments: [], decidedBy: 'x@example.org', decidedAt: new Date() },
    ]);
    expect(await publish(admin, publishing(abstract, 'oral'))).toBe('denied');
    expect(await publish(admin, publishing(abstract, 'poster'))).toBe('allowed');
  });
});
