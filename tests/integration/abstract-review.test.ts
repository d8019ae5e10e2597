// Blind review against the real rules (issue 39): administrators assign reviewers once the call has
// closed, each assignment a copy of the abstract without its authors (blindAbstracts/{id}); a
// reviewer reads only their own assignments and writes only their own review of one, scoring
// exactly the call's criteria or declaring a conflict; nobody but administrators reads another's
// review, authors none. Hostile cases: reading the authors, unassigned abstracts, scoring what is
// not assigned or under another's name, odd scores, huge or hidden-character comments, look-alike
// addresses, staff of other roles posing as reviewers, a reviewer writing assignments.
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentId, assignWrite, saveReviewWrite, type ReviewInput } from '../../src/data/abstract-review.ts';
import { decideWrites, decisionMailId } from '../../src/data/abstract-decision.ts';
import type { Abstract } from '../../src/data/abstracts.ts';
import { ACCOUNTS, signInActors, verdict, type Actors } from './support/actors.ts';
import { closeClients, connect } from './support/clients.ts';
import { commit } from './support/forms.ts';
import { asForged, forgedToken, verifiedClaims } from './support/forged.ts';
import { fixture, ownerDelete, ownerGet, uniqueId } from './support/owner.ts';
import { encodeFields } from '../../src/lib/firestore-rest.ts';
import { stack } from './support/clients.ts';
import { REVIEW, storedAbstract, storedAssignment, storedReview, useClosedCall, useOpenCall } from './support/abstracts.ts';
import { attendee, ownerWrite } from './support/seats.ts';

let as: Actors;
let reviewer: Firestore;
/** A second reviewer, whose assignments and reviews the first must not reach. */
const OTHER = { email: 'other-reviewer@example.org', password: 'other-reviewer-1' };
let other: Firestore;
let restoreCall: () => Promise<void>;

const me = ACCOUNTS.reviewer.email;

beforeAll(async () => {
  as = await signInActors();
  reviewer = as.db.reviewer;
  await fixture(`staff/${OTHER.email}`, { email: OTHER.email, role: 'reviewer', institution: 'Moi University', tracks: ['prevention'] });
  other = (await connect(OTHER)).db;
  restoreCall = await useClosedCall();
});
afterAll(async () => {
  await restoreCall();
  await ownerDelete(`staff/${OTHER.email}`);
  await closeClients();
});

/** The reviewer's review of assignment `id` with `change`, committed by `db`. */
const review = (db: Firestore, id: string, abstractId: string, change: Partial<ReviewInput> = {}, by = me, before: { id: string } | null = null) =>
  commit(db, [saveReviewWrite({ id, abstractId, reviewer: by }, { ...REVIEW, ...change }, before)]);

describe('administrators assign, once the call has closed', () => {
  it('assigns a reviewer: a copy equal to the abstract, without its authors, affiliations, address or conflicts', async () => {
    const abstract = await storedAbstract();
    expect(await verdict(commit(as.db.admin, [assignWrite(abstract, me), assignWrite(abstract, OTHER.email)]))).toBe('allowed');
    const copy = (await ownerGet(`blindAbstracts/${assignmentId(abstract.id, me)}`))!;
    expect(copy).toMatchObject({ abstractId: abstract.id, reviewer: me, title: abstract.title, results: abstract.results, keywords: abstract.keywords });
    for (const hidden of ['email', 'authors', 'affiliations', 'presenting', 'conflicts']) expect(copy).not.toHaveProperty(hidden);
    // Unassigning is deleting it.
    expect(await verdict(deleteDoc(doc(as.db.admin, 'blindAbstracts', assignmentId(abstract.id, OTHER.email))))).toBe('allowed');
  });

  it('refuses while the call is open: the author could still change the abstract under the copy', async () => {
    const abstract = await storedAbstract();
    const reopen = await useOpenCall();
    try {
      expect(await verdict(commit(as.db.admin, [assignWrite(abstract, me)]))).toBe('denied');
    } finally {
      await reopen();
    }
  });

  it.each([
    ['a draft', { status: 'draft' as const }],
    ['a withdrawn abstract', { status: 'withdrawn' as const }],
  ])('refuses to assign %s', async (_, change) => {
    const abstract = await storedAbstract(change);
    expect(await verdict(commit(as.db.admin, [assignWrite(abstract, me)]))).toBe('denied');
  });

  it.each<[string, (data: Record<string, unknown>, abstractId: string) => [string, Record<string, unknown>]]>([
    ['a title other than the abstract’s', (d) => [String(d.id), { ...d, title: 'A kinder title' }]],
    ['the authors slipped in', (d) => [String(d.id), { ...d, authors: ['Achieng Otieno'] }]],
    ['the conflicts statement slipped in', (d) => [String(d.id), { ...d, conflicts: 'None.' }]],
    ['an id that is not abstract__reviewer', (d) => [uniqueId('x'), { ...d, id: 'x' }]],
    ['another reviewer’s id for this reviewer', (d, a) => [assignmentId(a, OTHER.email), { ...d, id: assignmentId(a, OTHER.email) }]],
    ['the address in capitals', (d, a) => [`${a}__${me.toUpperCase()}`, { ...d, id: `${a}__${me.toUpperCase()}`, reviewer: me.toUpperCase() }]],
    ['a time of the sender’s choosing', (d) => [String(d.id), { ...d, assignedAt: new Date('2020-01-01T00:00:00Z') }]],
    ['an abstract that does not exist', (d) => [`missing__${me}`, { ...d, id: `missing__${me}`, abstractId: 'missing' }]],
  ])('refuses a copy with %s', async (_, forge) => {
    const abstract = await storedAbstract();
    const w = assignWrite(abstract, me) as { set: string; data: Record<string, unknown> };
    const [id, data] = forge(w.data, abstract.id);
    expect(await verdict(commit(as.db.admin, [{ set: `blindAbstracts/${id}`, data }]))).toBe('denied');
  });

  it('refuses editors, finance and reviewers: nobody else assigns, a reviewer neither themselves nor into another’s copy', async () => {
    const abstract = await storedAbstract();
    for (const actor of ['editor', 'finance', 'reviewer'] as const)
      expect(await verdict(commit(as.db[actor], [assignWrite(abstract, ACCOUNTS[actor].email)])), actor).toBe('denied');
    const { id } = await storedAssignment(OTHER.email, abstract);
    expect(await verdict(updateDoc(doc(reviewer, 'blindAbstracts', id), { reviewer: me }))).toBe('denied');
    expect(await verdict(deleteDoc(doc(other, 'blindAbstracts', id)))).toBe('denied');
  });
});

describe('a reviewer reads', () => {
  it('their own assignments, by a query on their address, and nothing of the others’', async () => {
    const mine = await storedAssignment(me);
    const theirs = await storedAssignment(OTHER.email, mine.abstract);
    expect(await verdict(getDoc(doc(reviewer, 'blindAbstracts', mine.id)))).toBe('allowed');
    const listed = await getDocs(query(collection(reviewer, 'blindAbstracts'), where('reviewer', '==', me)));
    expect(listed.docs.map((d) => d.id)).toContain(mine.id);
    expect(listed.docs.every((d) => d.data().reviewer === me)).toBe(true);
    // Another's assignment of the same abstract, another's list, the whole collection.
    expect(await verdict(getDoc(doc(reviewer, 'blindAbstracts', theirs.id)))).toBe('denied');
    expect(await verdict(getDocs(query(collection(reviewer, 'blindAbstracts'), where('reviewer', '==', OTHER.email))))).toBe('denied');
    expect(await verdict(getDocs(collection(reviewer, 'blindAbstracts')))).toBe('denied');
    expect(await verdict(getDocs(query(collection(reviewer, 'blindAbstracts'), where('abstractId', '==', mine.abstract.id))))).toBe('denied');
  });

  it('never the abstract itself (its authors), assigned or not', async () => {
    const { abstract } = await storedAssignment(me);
    expect(await verdict(getDoc(doc(reviewer, 'abstracts', abstract.id)))).toBe('denied');
    expect(await verdict(getDocs(query(collection(reviewer, 'abstracts'), where('email', '==', abstract.email))))).toBe('denied');
    expect(await verdict(getDocs(collection(reviewer, 'abstracts')))).toBe('denied');
  });

  it('nothing of staff’s records: registrations, payments, messages, the log, mail, the staff list', async () => {
    for (const name of ['registrations', 'payments', 'messages', 'logs', 'mail', 'staff', 'reviews'])
      expect(await verdict(getDocs(collection(reviewer, name))), name).toBe('denied');
  });

  it('by their own address only: capitals are the same reviewer; a KELVIN SIGN look-alike or an email-link sign-in is nobody', async () => {
    const { id } = await storedAssignment(me);
    const read = (email: string, provider = 'password') =>
      asForged(forgedToken(verifiedClaims(email, provider)), `/blindAbstracts/${id}`).then((r) => r.status);
    expect(await read(me)).toBe(200);
    expect(await read(me.toUpperCase())).toBe(200);
    expect(await read(me, 'emailLink')).toBe(403);
    const kelvin = 'kofi.reviewer@example.org';
    await fixture(`staff/${kelvin}`, { email: kelvin, role: 'reviewer', institution: 'KEMRI', tracks: ['prevention'] });
    try {
      const assigned = await storedAssignment(kelvin);
      const readKofi = (email: string) => asForged(forgedToken(verifiedClaims(email, 'password')), `/blindAbstracts/${assigned.id}`).then((r) => r.status);
      expect(await readKofi(kelvin)).toBe(200);
      expect(await readKofi(`\u212A${kelvin.slice(1)}`)).toBe(403);
    } finally {
      await ownerDelete(`staff/${kelvin}`);
    }
  });

  it('editors and finance, even where a copy names them, read none', async () => {
    for (const actor of ['editor', 'finance'] as const) {
      const { id } = await storedAssignment(ACCOUNTS[actor].email);
      expect(await verdict(getDoc(doc(as.db[actor], 'blindAbstracts', id))), actor).toBe('denied');
      expect(await verdict(getDocs(query(collection(as.db[actor], 'blindAbstracts'), where('reviewer', '==', ACCOUNTS[actor].email)))), actor).toBe('denied');
    }
  });
});

describe('a reviewer scores', () => {
  it('an abstract assigned to them, once, and revises it (keeping when it was first written)', async () => {
    const { id, abstract } = await storedAssignment(me);
    expect(await verdict(review(reviewer, id, abstract.id))).toBe('allowed');
    const first = (await ownerGet(`reviews/${id}`))!;
    expect(first).toMatchObject({ reviewer: me, abstractId: abstract.id, scores: REVIEW.scores, conflict: false });
    expect(await verdict(review(reviewer, id, abstract.id, { scores: { originality: 1, methods: 1, relevance: 1 } }, me, { id }))).toBe('allowed');
    expect(await ownerGet(`reviews/${id}`)).toMatchObject({ createdAt: first.createdAt, scores: { originality: 1, methods: 1, relevance: 1 } });
    // Scoring it again as a new review lands on the same id, where a new creation time is refused: still one review.
    expect(await verdict(review(reviewer, id, abstract.id))).toBe('denied');
    const all = await getDocs(query(collection(as.db.admin, 'reviews'), where('abstractId', '==', abstract.id)));
    expect(all.size).toBe(1);
  });

  it('declares a conflict instead: no scores, nothing to the authors, a note to the committee', async () => {
    const { id, abstract } = await storedAssignment(me);
    expect(await verdict(review(reviewer, id, abstract.id, { conflict: true, scores: {}, toAuthors: '', toCommittee: 'I supervised the first author.' }))).toBe(
      'allowed',
    );
  });

  it('accepts the document the refusals below are forged from (the control)', async () => {
    const { id, abstract } = await storedAssignment(me);
    expect(await verdict(commit(reviewer, [{ set: `reviews/${id}`, data: reviewDoc(id, abstract.id) }]))).toBe('allowed');
  });

  it.each<[string, Record<string, unknown>]>([
    ['a conflict with scores', { conflict: true, toAuthors: '' }],
    ['a conflict with a comment to the authors', { conflict: true, scores: {} }],
  ])('refuses %s', async (_, change) => {
    const { id, abstract } = await storedAssignment(me);
    expect(await verdict(commit(reviewer, [{ set: `reviews/${id}`, data: { ...reviewDoc(id, abstract.id), ...change } }]))).toBe('denied');
  });

  it.each<[string, Record<string, unknown>]>([
    ['a criterion missing', { originality: 4, methods: 3 }],
    ['a criterion the call does not have', { ...REVIEW.scores, novelty: 5 }],
    ['a 0', { ...REVIEW.scores, methods: 0 }],
    ['a 6', { ...REVIEW.scores, methods: 6 }],
    ['a 2.5', { ...REVIEW.scores, methods: 2.5 }],
    ['a "3"', { ...REVIEW.scores, methods: '3' }],
    ['a -1', { ...REVIEW.scores, methods: -1 }],
    ['no scores at all', {}],
  ])('refuses scores with %s', async (_, scores) => {
    const { id, abstract } = await storedAssignment(me);
    expect(await verdict(commit(reviewer, [{ set: `reviews/${id}`, data: { ...reviewDoc(id, abstract.id), scores } }]))).toBe('denied');
  });

  it('refuses 3.0 sent as a double, which equals 3 to hasOnly: each score is an int (by REST, as the SDK sends whole numbers as ints)', async () => {
    const { id, abstract } = await storedAssignment(me);
    const { projectId } = stack();
    const send = (scores: Record<string, unknown>) => {
      const fields = encodeFields({ ...REVIEW, id, abstractId: abstract.id, reviewer: me });
      fields.scores = { mapValue: { fields: scores as never } };
      const name = `projects/${projectId}/databases/(default)/documents/reviews/${id}`;
      const writes = [
        {
          update: { name, fields },
          updateTransforms: ['createdAt', 'updatedAt'].map((fieldPath) => ({ fieldPath, setToServerValue: 'REQUEST_TIME' })),
        },
      ];
      return asForged(forgedToken(verifiedClaims(me, 'password')), ':commit', { body: { writes } }).then((r) => r.status);
    };
    const ints = { originality: { integerValue: '3' }, methods: { integerValue: '3' }, relevance: { integerValue: '3' } };
    expect(await send({ ...ints, methods: { doubleValue: 3 } })).toBe(403);
    expect(await send(ints)).toBe(200);
  });

  it('bounds the comments: 3,000 characters each, no 1 MB, no hidden direction or control characters', async () => {
    const { id, abstract } = await storedAssignment(me);
    expect(await verdict(review(reviewer, id, abstract.id, { toAuthors: 'x'.repeat(3000), toCommittee: 'y'.repeat(3000) }))).toBe('allowed');
    for (const change of [
      { toAuthors: 'x'.repeat(3001) },
      { toCommittee: 'x'.repeat(1_000_000) },
      { toAuthors: 'Accept\u202Etpecca' },
      { toCommittee: 'bell\u0007' },
    ])
      expect(await verdict(review(reviewer, id, abstract.id, change, me, { id })), Object.keys(change)[0]).toBe('denied');
  });

  it('refuses an abstract not assigned to them, and another reviewer’s assignment, under either name', async () => {
    const abstract = await storedAbstract();
    // Unassigned: no copy under their id.
    expect(await verdict(review(reviewer, assignmentId(abstract.id, me), abstract.id))).toBe('denied');
    const theirs = await storedAssignment(OTHER.email, abstract);
    expect(await verdict(review(reviewer, theirs.id, abstract.id))).toBe('denied');
    expect(await verdict(review(reviewer, theirs.id, abstract.id, {}, OTHER.email))).toBe('denied');
    // Their own assignment, but saying it is the other reviewer's review, or another abstract's.
    const mine = await storedAssignment(me, abstract);
    expect(await verdict(review(reviewer, mine.id, abstract.id, {}, OTHER.email))).toBe('denied');
    expect(await verdict(review(reviewer, mine.id, (await storedAbstract()).id))).toBe('denied');
    // A review under an id of their own making.
    expect(await verdict(commit(reviewer, [{ set: `reviews/${uniqueId('mine')}`, data: reviewDoc(uniqueId('mine'), abstract.id) }]))).toBe('denied');
  });

  it('refuses a revision once unassigned, and a forged time', async () => {
    const { id, abstract } = await storedAssignment(me);
    expect(await verdict(commit(reviewer, [{ set: `reviews/${id}`, data: { ...reviewDoc(id, abstract.id), updatedAt: new Date() } }]))).toBe('denied');
    expect(await verdict(review(reviewer, id, abstract.id))).toBe('allowed');
    await ownerDelete(`blindAbstracts/${id}`);
    expect(await verdict(review(reviewer, id, abstract.id, { toCommittee: 'Changed my mind.' }, me, { id }))).toBe('denied');
  });

  it('refuses editors and finance posing as reviewers, even with a copy naming them', async () => {
    for (const actor of ['editor', 'finance'] as const) {
      const { id, abstract } = await storedAssignment(ACCOUNTS[actor].email);
      expect(await verdict(review(as.db[actor], id, abstract.id, {}, ACCOUNTS[actor].email)), actor).toBe('denied');
    }
  });
});

describe('who reads reviews', () => {
  it('administrators every one; a reviewer their own only; an author none of their abstract’s', async () => {
    const mine = await storedReview(me);
    const theirs = await storedReview(OTHER.email);
    expect(await verdict(getDoc(doc(as.db.admin, 'reviews', theirs)))).toBe('allowed');
    expect(await verdict(getDoc(doc(reviewer, 'reviews', mine)))).toBe('allowed');
    expect(await verdict(getDocs(query(collection(reviewer, 'reviews'), where('reviewer', '==', me))))).toBe('allowed');
    expect(await verdict(getDoc(doc(reviewer, 'reviews', theirs)))).toBe('denied');
    expect(await verdict(getDocs(query(collection(reviewer, 'reviews'), where('reviewer', '==', OTHER.email))))).toBe('denied');
    // The author, signed in with the abstract's address.
    const { abstractId } = (await ownerGet(`reviews/${mine}`)) as { abstractId: string };
    const { email } = (await ownerGet(`abstracts/${abstractId}`)) as { email: string };
    const author = await attendee(email);
    expect(await verdict(getDoc(doc(author.db, 'reviews', mine)))).toBe('denied');
    expect(await verdict(getDocs(query(collection(author.db, 'reviews'), where('abstractId', '==', abstractId))))).toBe('denied');
    for (const actor of ['editor', 'finance'] as const) expect(await verdict(getDoc(doc(as.db[actor], 'reviews', mine))), actor).toBe('denied');
  });
});

describe('the call’s review settings', () => {
  const saveCall = async (change: Record<string, unknown>) =>
    verdict(setDoc(doc(as.db.admin, 'settings', 'abstracts'), { ...(await ownerGet('settings/abstracts'))!, ...change }));
  const criteria = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`c-${i}`, `Criterion ${i}`]));

  it('takes one to ten criteria and one to five reviewers an abstract', async () => {
    const before = (await ownerGet('settings/abstracts'))!;
    try {
      expect(await saveCall({ criteria: criteria(1), reviewersPerAbstract: 1 })).toBe('allowed');
      expect(await saveCall({ criteria: criteria(10), reviewersPerAbstract: 5 })).toBe('allowed');
    } finally {
      await ownerWrite(['settings/abstracts', before]);
    }
  });

  it.each<[string, Record<string, unknown>]>([
    ['no criteria', { criteria: {} }],
    ['eleven criteria', { criteria: criteria(11) }],
    ['a key with capitals', { criteria: { Originality: 'Originality' } }],
    ['a key of 41 characters', { criteria: { ['k'.repeat(41)]: 'Long' } }],
    ['a key holding a line break', { criteria: { 'a\nb': 'Split' } }],
    ['an empty label', { criteria: { originality: '' } }],
    ['a label of 121 characters', { criteria: { originality: 'x'.repeat(121) } }],
    ['a label on two lines', { criteria: { originality: 'Origin\nality' } }],
    ['a label that is not text', { criteria: { originality: 5 } }],
    ['no criteria field', { criteria: undefined }],
    ['0 reviewers an abstract', { reviewersPerAbstract: 0 }],
    ['6 reviewers an abstract', { reviewersPerAbstract: 6 }],
    ['2.5 reviewers an abstract', { reviewersPerAbstract: 2.5 }],
    ['"2" reviewers an abstract', { reviewersPerAbstract: '2' }],
  ])('refuses %s', async (_, change) => {
    const clean = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
    const call = (await ownerGet('settings/abstracts'))!;
    const missing = Object.keys(change).filter((k) => change[k] === undefined);
    const rest = Object.fromEntries(Object.entries(call).filter(([k]) => !missing.includes(k)));
    expect(await verdict(setDoc(doc(as.db.admin, 'settings', 'abstracts'), { ...rest, ...clean }))).toBe('denied');
  });

  it('is set by administrators only', async () => {
    for (const actor of ['reviewer', 'editor', 'finance'] as const) {
      const call = (await ownerGet('settings/abstracts'))!;
      expect(await verdict(setDoc(doc(as.db[actor], 'settings', 'abstracts'), call)), actor).toBe('denied');
    }
  });
});

describe('reviewers’ entries', () => {
  const entry = (change: Record<string, unknown> = {}) => {
    const email = `${uniqueId('rev')}@example.org`;
    return [email, { email, role: 'reviewer', institution: 'Aga Khan University', tracks: ['prevention'], ...change }] as const;
  };

  it('an administrator adds a reviewer with their institution and tracks', async () => {
    const [email, data] = entry();
    expect(await verdict(setDoc(doc(as.db.admin, 'staff', email), data))).toBe('allowed');
    await ownerDelete(`staff/${email}`);
  });

  it.each<[string, Record<string, unknown>]>([
    ['no institution', { institution: undefined }],
    ['no tracks', { tracks: undefined }],
    ['no track in the list', { tracks: [] }],
    ['a track key with capitals', { tracks: ['Prevention'] }],
    ['a track key holding a line break', { tracks: ['prevention\ntreatment'] }],
    ['an institution on two lines', { institution: 'Aga Khan\nUniversity' }],
    ['an institution of 201 characters', { institution: 'x'.repeat(201) }],
  ])('refuses a reviewer with %s', async (_, change) => {
    const [email, data] = entry(change);
    const clean = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
    expect(await verdict(setDoc(doc(as.db.admin, 'staff', email), clean))).toBe('denied');
  });

  it('nobody but an administrator makes one, and a reviewer cannot make themselves anything else', async () => {
    const [email, data] = entry();
    for (const actor of ['editor', 'finance', 'reviewer'] as const)
      expect(await verdict(setDoc(doc(as.db[actor], 'staff', email), data)), actor).toBe('denied');
    expect(await verdict(updateDoc(doc(reviewer, 'staff', me), { role: 'admin' }))).toBe('denied');
  });
});

/** A review document as saveReviewWrite would store it now (server times as sentinels), to forge from. */
function reviewDoc(id: string, abstractId: string) {
  const w = saveReviewWrite({ id, abstractId, reviewer: me }, REVIEW, null) as { data: Record<string, unknown> };
  return w.data;
}

describe('the committee decides', () => {
  /** An abstract reviewed by both reviewers (their comments to the authors stored past the rules): the abstract and the reviews. */
  async function reviewed() {
    const abstract = await storedAbstract();
    const reviews = [];
    for (const [who, toAuthors] of [
      [me, 'Clear; say how the clinics were chosen.'],
      [OTHER.email, 'The results would read better as a table.'],
    ]) {
      const { id } = await storedAssignment(who, abstract);
      const at = new Date();
      const stored = { ...REVIEW, toAuthors, id, abstractId: abstract.id, reviewer: who, createdAt: at, updatedAt: at };
      await ownerWrite([`reviews/${id}`, stored]);
      reviews.push(stored);
    }
    return { abstract, reviews };
  }
  type Writes = Array<{ set: string; data: Record<string, unknown> }>;
  const decide = (db: Firestore, writes: Writes) => commit(db, writes);

  it('decides once, with the email to the author carrying the reviewers’ comments and never their names; reviews are then closed', async () => {
    const { abstract, reviews } = await reviewed();
    expect(await verdict(decide(as.db.admin, decideWrites(abstract, 'poster', reviews, ACCOUNTS.admin.email) as Writes))).toBe('allowed');
    const mail = (await ownerGet(`mail/${decisionMailId(abstract.id)}`))!;
    expect(mail).toMatchObject({
      to: abstract.email,
      template: { name: 'abstract-decision', data: { outcome: 'accepted as a poster', accepted: true, comments: reviews.map((r) => r.toAuthors) } },
    });
    expect(JSON.stringify(mail)).not.toContain(me);
    expect(JSON.stringify(mail)).not.toContain(OTHER.email);
    // Decided once; and no reviewer revises or adds a review now.
    expect(await verdict(decide(as.db.admin, decideWrites(abstract, 'oral', reviews, ACCOUNTS.admin.email) as Writes))).toBe('denied');
    const mine = reviews.find((r) => r.reviewer === me)!;
    expect(await verdict(review(reviewer, mine.id, abstract.id, { toAuthors: 'Changed after the decision.' }, me, { id: mine.id }))).toBe('denied');
  });

  it('reads for administrators only: not the reviewers, not the author', async () => {
    const { abstract, reviews } = await reviewed();
    await decide(as.db.admin, decideWrites(abstract, 'reject', reviews, ACCOUNTS.admin.email) as Writes);
    expect(await verdict(getDoc(doc(as.db.admin, 'abstractDecisions', abstract.id)))).toBe('allowed');
    expect(await verdict(getDoc(doc(reviewer, 'abstractDecisions', abstract.id)))).toBe('denied');
    const author = await attendee(abstract.email);
    expect(await verdict(getDoc(doc(author.db, 'abstractDecisions', abstract.id)))).toBe('denied');
    expect(await verdict(getDoc(doc(author.db, 'mail', decisionMailId(abstract.id))))).toBe('denied');
  });

  it.each<[string, (w: Writes, ctx: { abstract: Abstract; reviews: Record<string, unknown>[] }) => Promise<Writes> | Writes]>([
    ['without its email', (w) => [w[0]]],
    ['its email alone', (w) => [w[1]]],
    ['a comment other than the review’s', (w) => [{ ...w[0], data: { ...w[0].data, comments: ['Kinder words.', (w[0].data.comments as string[])[1]] } }, w[1]]],
    ['the email’s comments other than the decision’s', (w) => [w[0], withMailData(w[1], { comments: ['Kinder words.'] })]],
    ['the email naming the reviewers', (w) => [w[0], withMailData(w[1], { reviewers: [me, OTHER.email] })]],
    ['the email to another address', (w) => [w[0], { ...w[1], data: { ...w[1].data, to: 'someone-else@example.org' } }]],
    ['the email saying another outcome', (w) => [w[0], withMailData(w[1], { outcome: 'accepted as an oral presentation' })]],
    [
      'one review quoted twice',
      (w) => [
        {
          ...w[0],
          data: {
            ...w[0].data,
            reviewIds: [(w[0].data.reviewIds as string[])[0], (w[0].data.reviewIds as string[])[0]],
            comments: [(w[0].data.comments as string[])[0], (w[0].data.comments as string[])[0]],
          },
        },
        w[1],
      ],
    ],
    ['an outcome the committee does not have', (w) => [{ ...w[0], data: { ...w[0].data, outcome: 'maybe' } }, w[1]]],
    ['another administrator’s name', (w) => [{ ...w[0], data: { ...w[0].data, decidedBy: 'someone@example.org' } }, w[1]]],
    [
      'a review of another abstract',
      async (_w, { abstract }) => {
        const elsewhere = await storedReview(me);
        const comment = ((await ownerGet(`reviews/${elsewhere}`)) as { toAuthors: string }).toAuthors;
        return decideWrites(
          abstract,
          'oral',
          [{ id: elsewhere, abstractId: abstract.id, conflict: false, toAuthors: comment }],
          ACCOUNTS.admin.email,
        ) as Writes;
      },
    ],
  ])('refuses a decision with %s', async (_, forge) => {
    const ctx = await reviewed();
    // Each case forges the decision and its email; the author's copy of the outcome follows the
    // forged decision (abstract-outcomes.test.ts forges the copy), so each is refused for its own cause.
    const [decision, mail, copy] = decideWrites(ctx.abstract, 'poster', ctx.reviews, ACCOUNTS.admin.email) as Writes;
    const forged = await forge([decision, mail], ctx);
    const writes = forged.some((w) => w.set.startsWith('abstractOutcomes/')) ? forged : [...forged, copyOf(forged, copy)];
    expect(await verdict(decide(as.db.admin, writes))).toBe('denied');
  });

  it('accepts the decision the refusals above are forged from (the control)', async () => {
    const ctx = await reviewed();
    const [decision, mail, copy] = decideWrites(ctx.abstract, 'poster', ctx.reviews, ACCOUNTS.admin.email) as Writes;
    expect(await verdict(decide(as.db.admin, [decision, mail, copyOf([decision, mail], copy)]))).toBe('allowed');
  });

  it('refuses a declared conflict’s note, and an abstract no longer submitted', async () => {
    const { abstract, reviews } = await reviewed();
    await ownerWrite([`reviews/${reviews[0].id}`, { ...reviews[0], conflict: true, scores: {}, toAuthors: '' }]);
    const forged = decideWrites(abstract, 'oral', [reviews[1]], ACCOUNTS.admin.email) as Writes;
    forged[0].data = { ...forged[0].data, reviewIds: [reviews[0].id, reviews[1].id], comments: ['', reviews[1].toAuthors] };
    forged[2].data = { ...forged[2].data, comments: ['', reviews[1].toAuthors] };
    expect(await verdict(decide(as.db.admin, forged))).toBe('denied');
    const withdrawn = await storedAbstract({ status: 'withdrawn' });
    expect(await verdict(decide(as.db.admin, decideWrites(withdrawn, 'reject', [], ACCOUNTS.admin.email) as Writes))).toBe('denied');
  });

  it('is the administrators’: editors, finance and reviewers cannot decide', async () => {
    const { abstract, reviews } = await reviewed();
    for (const actor of ['editor', 'finance', 'reviewer'] as const)
      expect(await verdict(decide(as.db[actor], decideWrites(abstract, 'oral', reviews, ACCOUNTS[actor].email) as Writes)), actor).toBe('denied');
  });
});

/** The author's copy of the outcome as the (perhaps forged) decision among `writes` says it. */
function copyOf(writes: Array<{ set: string; data: Record<string, unknown> }>, copy: { set: string; data: Record<string, unknown> }) {
  const decision = writes.find((w) => w.set.startsWith('abstractDecisions/'));
  return decision ? { ...copy, data: { ...copy.data, outcome: decision.data.outcome, comments: decision.data.comments } } : copy;
}

/** A mail write with its template data changed. */
function withMailData(w: { set: string; data: Record<string, unknown> }, change: Record<string, unknown>) {
  const template = w.data.template as { name: string; data: Record<string, unknown> };
  return { ...w, data: { ...w.data, template: { ...template, data: { ...template.data, ...change } } } };
}
