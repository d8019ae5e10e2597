// The author's copy of the committee's decision (abstractOutcomes/{abstractId}) against the real
// rules (issue 39): written only in the decision's own commit, equal to the decision and the
// abstract's address; read by its author (signed in with that address, by get or by a query on
// it) and by administrators; never changed. Hostile cases: another author reading it, look-alike
// addresses, an administrator writing it alone or saying something else than the decision, the
// author writing it, an update, a delete.
import { collection, deleteDoc, doc, getDoc, getDocs, query, updateDoc, where, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideWrites, outcomePath, type Outcome } from '../../src/data/abstract-decision.ts';
import { assignmentId } from '../../src/data/abstract-review.ts';
import type { Abstract } from '../../src/data/abstracts.ts';
import { serverValues } from '../../src/lib/db-shapes.ts';
import { fetchMyOutcomes } from '../../src/features/abstracts/my-abstracts.ts';
import { createDb } from '../../src/lib/db.ts';
import { ACCOUNTS, signInActors, verdict, type Actors } from './support/actors.ts';
import { closeClients } from './support/clients.ts';
import { commit } from './support/forms.ts';
import { asForged, forgedToken, verifiedClaims } from './support/forged.ts';
import { ownerDelete, ownerGet, uniqueId } from './support/owner.ts';
import { REVIEW, storedAbstract, useClosedCall } from './support/abstracts.ts';
import { attendee, ownerWrite } from './support/seats.ts';

type Writes = Array<{ set: string; data: Record<string, unknown> }>;

let as: Actors;
let restoreCall: () => Promise<void>;
const created: string[] = [];
const admin = ACCOUNTS.admin.email;

beforeAll(async () => {
  as = await signInActors();
  restoreCall = await useClosedCall();
});
afterAll(async () => {
  await ownerDelete(...created);
  await restoreCall();
  await closeClients();
});

/** A submitted abstract of `email` (a fresh author's unless given) with one review to quote, stored past the rules. */
async function reviewed(email = `${uniqueId('author')}@example.org`) {
  const abstract = await storedAbstract({ email });
  const reviewer = `${uniqueId('outcome-reviewer')}@example.org`;
  const id = assignmentId(abstract.id, reviewer);
  const at = new Date();
  const review = { ...REVIEW, toAuthors: 'Clear; say how the clinics were chosen.', id, abstractId: abstract.id, reviewer, createdAt: at, updatedAt: at };
  await ownerWrite([`reviews/${id}`, review]);
  created.push(
    `abstracts/${abstract.id}`,
    `reviews/${id}`,
    `abstractDecisions/${abstract.id}`,
    `mail/abstract-decision-${abstract.id}`,
    outcomePath(abstract.id),
  );
  return { abstract, reviews: [review] };
}

/** An abstract decided through the rules, as the committee's screen commits it. */
async function decided(outcome: Outcome = 'oral', email?: string): Promise<Abstract> {
  const { abstract, reviews } = await reviewed(email);
  expect(await verdict(commit(as.db.admin, decideWrites(abstract, outcome, reviews, admin)))).toBe('allowed');
  return abstract;
}

const getAs = (db: Firestore, id: string) => verdict(getDoc(doc(db, 'abstractOutcomes', id)));
const listAs = (db: Firestore, email: string) => verdict(getDocs(query(collection(db, 'abstractOutcomes'), where('email', '==', email))));

describe('the decision’s commit', () => {
  it('writes the author’s copy: the outcome and the quoted comments, never a reviewer’s name or review', async () => {
    const abstract = await decided('poster');
    const stored = (await ownerGet(outcomePath(abstract.id)))!;
    const decision = (await ownerGet(`abstractDecisions/${abstract.id}`))!;
    expect(stored).toEqual({
      id: abstract.id,
      email: abstract.email,
      outcome: 'poster',
      comments: ['Clear; say how the clinics were chosen.'],
      decidedAt: decision.decidedAt,
    });
    expect(JSON.stringify(stored)).not.toContain('outcome-reviewer');
  });

  it.each<[string, (w: Writes) => Writes]>([
    ['without the author’s copy', (w) => w.filter((x) => !x.set.startsWith('abstractOutcomes/'))],
    ['the copy without the decision (the email alone with it)', (w) => w.filter((x) => !x.set.startsWith('abstractDecisions/'))],
    ['the copy saying another outcome', (w) => withOutcome(w, { outcome: 'oral' })],
    ['the copy with other comments', (w) => withOutcome(w, { comments: ['Kinder words.'] })],
    ['the copy with no comments', (w) => withOutcome(w, { comments: [] })],
    ['the copy under another address', (w) => withOutcome(w, { email: 'someone-else@example.org' })],
    ['the copy under the address in capitals', (w) => withOutcome(w, { email: String(outcomeOf(w).email).toUpperCase() })],
    ['the copy naming the reviews', (w) => withOutcome(w, { reviewIds: ['x'] })],
    ['the copy with a forged time', (w) => withOutcome(w, { decidedAt: new Date() })],
  ])('refuses a decision with %s', async (_, forge) => {
    const { abstract, reviews } = await reviewed();
    expect(await verdict(commit(as.db.admin, forge(decideWrites(abstract, 'poster', reviews, admin) as Writes)))).toBe('denied');
    expect(await ownerGet(outcomePath(abstract.id))).toBeNull();
  });

  it('refuses the copy alone from an administrator, with or without an earlier decision', async () => {
    const { abstract, reviews } = await reviewed();
    const copy = (decideWrites(abstract, 'oral', reviews, admin) as Writes).filter((x) => x.set.startsWith('abstractOutcomes/'));
    expect(await verdict(commit(as.db.admin, copy))).toBe('denied');
    // A decision stored earlier (its commit made no copy): a copy afterwards is refused too.
    await ownerWrite([
      `abstractDecisions/${abstract.id}`,
      { id: abstract.id, outcome: 'oral', reviewIds: [], comments: [], decidedBy: admin, decidedAt: new Date() },
    ]);
    expect(
      await verdict(commit(as.db.admin, [{ set: outcomePath(abstract.id), data: { ...copy[0].data, comments: [], decidedAt: serverValues.now() } }])),
    ).toBe('denied');
  });

  it('refuses the author, and every other role, writing it', async () => {
    const { abstract, reviews } = await reviewed();
    const author = await attendee(abstract.email);
    const writes = decideWrites(abstract, 'oral', reviews, abstract.email) as Writes;
    expect(await verdict(commit(author.db, writes))).toBe('denied');
    expect(
      await verdict(
        commit(
          author.db,
          writes.filter((x) => x.set.startsWith('abstractOutcomes/')),
        ),
      ),
    ).toBe('denied');
    for (const actor of ['editor', 'finance', 'reviewer', 'signedIn'] as const)
      expect(await verdict(commit(as.db[actor], decideWrites(abstract, 'oral', reviews, ACCOUNTS[actor].email))), actor).toBe('denied');
  });

  it('is never changed or deleted, by the author or an administrator', async () => {
    const abstract = await decided('reject');
    const author = await attendee(abstract.email);
    for (const db of [author.db, as.db.admin]) {
      expect(await verdict(updateDoc(doc(db, 'abstractOutcomes', abstract.id), { outcome: 'oral' }))).toBe('denied');
      expect(await verdict(deleteDoc(doc(db, 'abstractOutcomes', abstract.id)))).toBe('denied');
    }
    expect(await ownerGet(outcomePath(abstract.id))).toMatchObject({ outcome: 'reject' });
  });
});

describe('who reads it', () => {
  it('its author, by get and by the "my abstracts" query; administrators', async () => {
    const abstract = await decided('oral');
    const author = await attendee(abstract.email);
    expect(await getAs(author.db, abstract.id)).toBe('allowed');
    expect(await listAs(author.db, abstract.email)).toBe('allowed');
    expect(Object.keys(await fetchMyOutcomesAs(author.db, abstract.email))).toEqual([abstract.id]);
    expect(await getAs(as.db.admin, abstract.id)).toBe('allowed');
  });

  it('not another author, not a query for every decision or for another’s address, not reviewers, editors or finance', async () => {
    const abstract = await decided('oral');
    const other = await attendee();
    expect(await getAs(other.db, abstract.id)).toBe('denied');
    expect(await listAs(other.db, abstract.email)).toBe('denied');
    expect(await verdict(getDocs(collection(other.db, 'abstractOutcomes')))).toBe('denied');
    // Their own query returns their own decisions only: none.
    expect(await fetchMyOutcomesAs(other.db, other.email)).toEqual({});
    for (const actor of ['reviewer', 'editor', 'finance', 'signedIn', 'anonymous'] as const)
      expect(await getAs(as.db[actor], abstract.id), actor).toBe('denied');
  });

  it('by the proven address only: capitals are the same author; a KELVIN SIGN look-alike or an unverified address is nobody', async () => {
    const kofi = `kofi.${uniqueId('author')}@example.org`;
    const abstract = await decided('poster', kofi);
    const read = (email: string, verified = true) =>
      asForged(forgedToken({ ...verifiedClaims(email, 'emailLink'), email_verified: verified }), `/abstractOutcomes/${abstract.id}`).then((r) => r.status);
    expect(await read(kofi)).toBe(200);
    expect(await read(kofi.toUpperCase())).toBe(200);
    expect(`\u212A${kofi.slice(1)}`.toLowerCase()).toBe(kofi);
    expect(await read(`\u212A${kofi.slice(1)}`)).toBe(403);
    expect(await read(kofi, false)).toBe(403);
  });
});

/** The "my abstracts" read, as the page makes it, on `db`. */
const fetchMyOutcomesAs = (db: Firestore, email: string) =>
  fetchMyOutcomes(
    email,
    createDb(() => db),
  );

function outcomeOf(w: Writes) {
  return w.find((x) => x.set.startsWith('abstractOutcomes/'))!.data;
}

function withOutcome(w: Writes, change: Record<string, unknown>): Writes {
  return w.map((x) => (x.set.startsWith('abstractOutcomes/') ? { ...x, data: { ...x.data, ...change } } : x));
}
