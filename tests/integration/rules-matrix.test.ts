// firestore.rules as a matrix: for each collection, each actor and each operation, the expected
// allow or deny, attempted against the local stack with the real SDK. POLICY below is the policy;
// a cell that disagrees with the rules fails under its own name ("finance may not delete registrations").
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  limit,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abstractDraft, COMPLETE, REVIEW, storedAbstract, storedAssignment, storedReview, useOpenCall, withClosedCall } from './support/abstracts.ts';
import { assignWrite, saveReviewWrite } from '../../src/data/abstract-review.ts';
import { decideWrites } from '../../src/data/abstract-decision.ts';
import { placeWrite, publishedAbstractPath, publishedTextPath, publishWrites, unpublishWrites } from '../../src/data/published-abstracts.ts';
import { decidedAbstract, publishedAbstract, storedPaths, storedSession } from './support/published.ts';
import { createDb, serverValues, writePath, type BatchWrite } from '../../src/lib/db.ts';
import { referenceClaim } from '../../src/data/transaction-codes.ts';
import { sdkData } from '../../src/lib/sdk-db.ts';
import {
  ACCOUNTS,
  ACTORS,
  ADMIN,
  allowedFor,
  caseName,
  named,
  EDITORS,
  emailOf,
  EVERYONE,
  FINANCE,
  NOBODY,
  REVIEWER_ENTRY,
  REVIEWERS,
  SIGNED_IN,
  signInActors,
  STAFF,
  verdict,
  type Actor,
  type Actors,
} from './support/actors.ts';
import { closeClients } from './support/clients.ts';
import {
  commit,
  registrationMailData,
  fieldsOf,
  donationDoc,
  FORMS,
  messageDoc,
  partnerDoc,
  registrationDoc,
  SITE,
  type Doc,
  type PublicForm,
  REGISTRATION,
} from './support/forms.ts';
import { invoiceParties, issueInvoice, nextSequence } from './support/invoices.ts';
import { fixture, ownerDelete, ownerGet, uniqueId } from './support/owner.ts';
import { freeSlot, ownerWrite, seatedFixture } from './support/seats.ts';
import { checkoutWrite, registrationChange, registrationHolder } from '../../src/data/registration-record.ts';
import { applicationChange, applicationCheckoutPath, applicationCheckoutWrite } from '../../src/data/application-record.ts';
import { EPOCH, freeSeatWrite, newSeatClaim, seatMoveWrite, seatPath } from '../../src/data/seats.ts';
import { joinWaitlistWrites } from '../../src/data/waitlist.ts';
import { approveErasureWrites, askErasureWrites, erasureRequestId, requestMailId } from '../../src/data/data-requests.ts';
import { responseDays } from '../../src/content/response-days.ts';
import { throttleWrite } from '../../src/data/visitor-throttle.ts';
import { DEFAULT_CPD_SETTINGS } from '../../src/data/certificates.ts';
import { decideKeep, decideRefund } from '../../src/features/payments/admin/refunds.ts';
import { ACCESS, CONTENT_COLLECTIONS, type Subject as AccessSubject, type Who } from '../../src/admin/permissions.ts';

const OPS = ['get', 'list', 'create', 'update', 'delete'] as const;
type Op = (typeof OPS)[number];
type Attempt = (db: Firestore, actor: Actor) => Promise<unknown>;
interface Subject {
  ops: Partial<Record<Op, Attempt>>;
  /** What an operation means where it is not the obvious one, shown in the test name. */
  notes?: Partial<Record<Op, string>>;
}

const CONTENT = CONTENT_COLLECTIONS;

const ui = (db: Firestore) => createDb(() => db);

/** A visitor form submitted under the actor's own identity (the throttle entry is theirs), as the site does. */
const submitAs =
  (form: PublicForm): Attempt =>
  async (db, actor) =>
    commit(db, (await form.draft({}, { db, uid: as.user[actor]?.uid ?? 'not-signed-in', email: emailOf(actor) ?? undefined })).writes());

/** Someone's decision, stored past the rules. */
const storedDecision = async () => {
  const { id } = await storedAbstract();
  await ownerWrite([`abstractDecisions/${id}`, { id, outcome: 'reject', reviewIds: [], comments: [], decidedBy: ACCOUNTS.admin.email, decidedAt: new Date() }]);
  return id;
};

/** Someone's decision and its outcome for the author, stored past the rules. */
const storedOutcome = async () => {
  const id = await storedDecision();
  const { email } = (await ownerGet(`abstracts/${id}`)) as { email: string };
  await ownerWrite([`abstractOutcomes/${id}`, { id, email, outcome: 'reject', comments: [], decidedAt: new Date() }]);
  return id;
};

/** The address an actor would be assigned under (the anonymous visitor has none: someone else's). */
const reviewerOf = (actor: Actor) => emailOf(actor) ?? 'nobody@example.org';

/** Signed in with a verified address: who may register (under that address) and keep their own records. */
const VERIFIED: readonly Actor[] = ['signedIn', 'reviewer', 'editor', 'finance', 'admin'];

/** Someone else's registration, holding its slot, stored past the rules. */
const storedRegistration = async () => seatedFixture(uniqueId('reg'), fieldsOf(registrationDoc('', { email: `${uniqueId('someone')}@example.org` })));

/** Someone else's erasure request, received, stored past the rules. */
const storedRequest = async () => {
  const id = uniqueId('req');
  const email = `${uniqueId('someone')}@example.org`;
  await fixture(`dataRequests/${id}`, {
    kind: 'erasure',
    address: email,
    email,
    channel: 'online',
    keepCertificate: false,
    status: 'received',
    days: 14,
    createdAt: new Date(),
    enteredBy: '',
    actedBy: '',
    actedAt: null,
    reason: '',
    round: 1,
  });
  return id;
};

/** Someone else's application (a partnership), with its checkout projection, set up past the rules. */
const storedApplication = async () => {
  const id = uniqueId('app');
  const stored = { id, timestamp: new Date(), ...fieldsOf(partnerDoc('')) };
  await fixture(`partners/${id}`, stored);
  return { id, stored };
};

/** An approved partner application, paid Ksh 10,000 over its fee: a refund of 10,000 is due on it. */
const overpaidApplication = async () => {
  const { id, stored } = await storedApplication();
  const over = {
    ...stored,
    status: 'confirmed',
    paymentStatus: 'paid',
    receivedMinor: Math.round(Number((stored as Record<string, unknown>).fee) * 100) + 1_000_000,
  };
  await fixture(`partners/${id}`, over);
  return { ...over, id };
};

/** A refund on record, as the Payments screen writes one (owner write: the subject is reading it). */
const storedRefund = async () => {
  const id = uniqueId('refund');
  await fixture(`refunds/${id}`, {
    id,
    targetCollection: 'partners',
    targetId: 'x',
    amountMinor: 100,
    currency: 'KES',
    method: 'cash',
    reference: 'R1',
    note: '',
  });
  return id;
};

/** Money kept on record, as the Payments screen writes it (owner write: the subject is reading it). */
const storedKept = async () => {
  const id = uniqueId('kept');
  await fixture(`keptMoney/${id}`, {
    id,
    targetCollection: 'partners',
    targetId: 'x',
    amountMinor: 100,
    currency: 'KES',
    reason: 'Late cancellation',
    by: 'f@example.org',
  });
  return id;
};

/** A payer's reference as the payment that quoted it claimed it (paymentReferences/{normalised}), its payment still submitted. */
const storedReference = async () => {
  const paymentId = await fixture(`payments/${uniqueId('pay')}`, {
    payerName: 'A',
    method: 'mobile-money',
    reference: 'QWE123RT',
    amount: 15000,
    currency: 'KES',
    status: 'submitted',
    targetCollection: 'registrations',
    targetId: 'x',
  });
  return fixture(`paymentReferences/${uniqueId('REF')}`, { paymentId });
};

/** A registration draft as the register form stores it (expiring a week ahead by the sender's clock). */
const draftDoc = (email: string) => ({
  email,
  form: { ...REGISTRATION, fullName: 'Achieng Otieno', email },
  timestamp: serverTimestamp(),
  expiresAt: new Date(Date.now() + 7 * 86_400_000),
});

/** Someone else's draft, stored past the rules. */
const storedDraft = async () => {
  const id = uniqueId('draft');
  await ownerWrite([`registrationDrafts/${id}`, { email: `${uniqueId('someone')}@example.org`, form: {}, timestamp: new Date(), expiresAt: new Date() }]);
  return id;
};

/** Someone else's waiting-list entry, as joining stored it (or as it is once they left: a waiting one moves the count when removed, attacks/seat-fairness). */
const storedEntry = async (status = 'waiting') => {
  const email = `${uniqueId('waiting')}@example.org`;
  const [{ data }] = joinWaitlistWrites({ ...REGISTRATION, email, fullName: 'Waiting Person', category: 'delegate' }) as Array<{
    data: Record<string, unknown>;
  }>;
  const now = new Date();
  await ownerWrite([`waitlist/${email}`, { ...data, status, position: now, timestamp: now }]);
  return email;
};

/** A template as the back office saves it (rewritten with itself: the permission is what is tested). */
const TEMPLATE = { subject: 'About your application {{reference}}', html: '<p>Dear {{name}},</p>', text: 'Dear {{name}},' };

/**
 * An applicant's message as stored (the fixture adds id and timestamp), about application `id`: the
 * row's "staff" reads an application's messages; a registration's are finance's, as registrations
 * are (rules-mail.test.ts, attacks/sensitive-data.test.ts).
 */
const storedMail = (id: string) => ({
  to: 'achieng@example.org',
  template: { name: 'partner-received', data: { name: 'Achieng Otieno', reference: id } },
  recordCollection: 'partners',
  recordId: id,
});

/** A counter document: read, listed with the other counters, moved by `update`, deleted. */
const counter = (id: string, update: Attempt, note: string): Subject => ({
  ops: {
    get: (db) => getDoc(doc(db, 'counters', id)),
    list: (db) => getDocs(collection(db, 'counters')),
    update,
    delete: (db) => deleteDoc(doc(db, 'counters', id)),
  },
  notes: { list: 'counters', update: note },
});

/**
 * The usual way to attempt each operation on a collection: get, update and delete act on a fresh
 * document stored with the owner bypass; list is an unfiltered query (rules are not filters, so
 * only who may read every document may run it); create is the best-formed create for the actor.
 */
function documents(path: string, data: (id: string) => Doc, create: Attempt, update: Doc, newId = () => uniqueId(path)): Subject {
  const stored = async () => {
    const id = newId();
    return fixture(`${path}/${id}`, data(id));
  };
  return {
    ops: {
      get: async (db) => getDoc(doc(db, path, await stored())),
      list: (db) => getDocs(query(collection(db, path), limit(5))),
      create,
      update: async (db) => updateDoc(doc(db, path, await stored()), update),
      delete: async (db) => deleteDoc(doc(db, path, await stored())),
    },
  };
}

/**
 * Archive folders: create is archiving (the move the data module makes), delete is restoring.
 * `also` adds what must move with the record (a registration's checkout projection: gone while it is
 * archived, back in step when it is restored).
 */
function archive(
  source: string,
  original: () => Doc,
  also?: { archive: (id: string) => BatchWrite[]; restore: (id: string, data: Doc) => BatchWrite[] },
): Subject {
  const path = `archive/${source}/items`;
  const archived = async () => fixture(`${path}/${uniqueId('archived')}`, original());
  return {
    ops: {
      get: async (db) => getDoc(doc(db, path, await archived())),
      list: (db) => getDocs(query(collection(db, path), limit(5))),
      create: async (db) => {
        const id = await fixture(`${source}/${uniqueId('to-archive')}`, original());
        return ui(db).moveToArchive(source, id, also?.archive(id));
      },
      update: async (db) => updateDoc(doc(db, path, await archived()), { note: 'changed' }),
      delete: async (db) => {
        const id = await archived();
        return ui(db).restoreFromArchive(source, id, also?.restore(id, (await ownerGet(`${path}/${id}`))!));
      },
    },
    notes: { create: `by archiving from ${source}`, delete: `by restoring to ${source}` },
  };
}

const HOW: Record<AccessSubject, Subject> = {
  ...(Object.fromEntries(
    CONTENT.map((name) => [
      name,
      documents(
        name,
        () => ({ title: 'Published item', published: true }),
        (db) => ui(db).createDocument(name, { title: 'New draft', published: false }),
        { title: 'Edited' },
      ),
    ]),
  ) as Record<(typeof CONTENT)[number], Subject>),
  settings: {
    ops: {
      get: (db) => getDoc(doc(db, 'settings', 'site')),
      list: (db) => getDocs(collection(db, 'settings')),
      create: (db) => setDoc(doc(db, 'settings', uniqueId('settings')), { summitName: 'Another summit' }),
      // Rewrites a value with itself: the permission is what is tested, not the change.
      update: (db) => updateDoc(doc(db, 'settings', 'site'), { tagline: SITE.tagline }),
      delete: async (db) => deleteDoc(doc(db, 'settings', await fixture(`settings/${uniqueId('settings')}`, { summitName: 'Spare' }))),
    },
    notes: { get: 'site', update: 'site' },
  },
  staff: documents(
    'staff',
    (email) => ({ email, role: 'editor' }),
    (db) => {
      const email = `${uniqueId('new')}@example.org`;
      return setDoc(doc(db, 'staff', email), { email, role: 'editor' });
    },
    { role: 'finance' },
    () => `${uniqueId('member')}@example.org`,
  ),
  logs: documents(
    'logs',
    () => ({ message: 'Published an event', userEmail: ACCOUNTS.admin.email }),
    // Each actor logs in their own name, as the data module's recordActivity does.
    (db, actor) => ui(db).recordActivity('Did something', emailOf(actor) ?? 'nobody@example.org'),
    { message: 'Rewritten history' },
  ),
  registrations: {
    ops: {
      ...documents('registrations', () => fieldsOf(registrationDoc('', { email: `${uniqueId('someone')}@example.org` })), submitAs(FORMS.registration), {}).ops,
      // Staff record a payment as the back office does: the record, its checkout and its slot together.
      update: async (db) => {
        const { id, seat, stored } = await storedRegistration();
        const slot = { id: seat, ...(await ownerGet(`seats/${seat}`))! };
        return commit(db, registrationChange({ ...stored, id }, { paymentStatus: 'paid', status: 'confirmed' }, slot));
      },
      // An administrator removes a registration with its checkout projection, giving its slot back.
      delete: async (db) => {
        const { id, seat } = await storedRegistration();
        return commit(db, [
          { delete: `registrations/${id}` },
          { delete: `checkouts/${id}` },
          freeSeatWrite(seat),
          seatMoveWrite(seat, registrationHolder(id), null),
        ]);
      },
    },
    notes: { update: 'recording a payment, with its checkout and slot', delete: 'with its checkout and its slot given back' },
  },
  // Someone else's slot: anyone may read and count them; staff move them.
  seats: {
    ops: {
      get: async (db) => getDoc(doc(db, 'seats', await freeSlot())),
      list: (db) => getDocs(query(collection(db, 'seats'), where('state', '==', 'free'), limit(5))),
      // A slot the capacity allows and nobody created yet.
      create: async (db) => {
        const n = await freeSlot();
        await ownerDelete(`seats/${n}`);
        return setDoc(doc(db, 'seats', n), { state: 'free', claim: '', heldSince: EPOCH });
      },
      // A slot moves only with the record that justifies it (attacks/seat-holders.test.ts): here a
      // hold nobody acted on in time, freed in a commit whose seat move names no record.
      update: async (db) => {
        const n = await freeSlot();
        await ownerWrite([seatPath(n), { state: 'held', claim: newSeatClaim(), heldSince: new Date('2020-01-01T00:00:00Z') }]);
        return commit(db, [freeSeatWrite(n), seatMoveWrite(n, null, null)]);
      },
      delete: async (db) => deleteDoc(doc(db, 'seats', await freeSlot())),
    },
    notes: { create: 'a missing slot within capacity, free', update: 'freeing a lapsed hold, with its seat move', delete: 'a free slot' },
  },
  // What a staff commit says about the slot it moves: which record let it go, which holds it after.
  seatMoves: {
    ops: {
      get: async (db) => {
        const n = await freeSlot();
        await ownerWrite([`seatMoves/${n}`, { from: null, to: { collection: 'waitlist', id: 'someone@example.org' }, at: new Date() }]);
        return getDoc(doc(db, 'seatMoves', n));
      },
      list: (db) => getDocs(query(collection(db, 'seatMoves'), limit(5))),
      create: async (db) => commit(db, [seatMoveWrite(await freeSlot(), null, null)]),
      update: async (db) => {
        const n = await freeSlot();
        await ownerWrite([`seatMoves/${n}`, { from: null, to: null, at: new Date('2020-01-01T00:00:00Z') }]);
        return commit(db, [seatMoveWrite(n, null, null)]);
      },
      delete: async (db) => deleteDoc(doc(db, 'seatMoves', await freeSlot())),
    },
    notes: { create: 'stamped now', update: 'stamped now' },
  },
  // The part of a registration its reference opens: written only in step with the registration.
  checkouts: {
    ops: {
      get: async (db) => getDoc(doc(db, 'checkouts', (await storedRegistration()).id)),
      list: (db) => getDocs(query(collection(db, 'checkouts'), limit(5))),
      create: (db) => setDoc(doc(db, 'checkouts', uniqueId('no-registration')), { id: 'x', fullName: 'Nobody', status: 'confirmed' }),
      update: async (db) => updateDoc(doc(db, 'checkouts', (await storedRegistration()).id), { paymentStatus: 'paid', status: 'confirmed' }),
      delete: async (db) => deleteDoc(doc(db, 'checkouts', (await storedRegistration()).id)),
    },
    notes: { create: 'with no registration behind it', update: 'out of step with its registration', delete: 'while its registration exists' },
  },
  // Someone else's entry (one active registration per address).
  attendees: {
    ops: {
      get: async (db) => getDoc(doc(db, 'attendees', String((await storedRegistration()).stored.email))),
      list: (db) => getDocs(query(collection(db, 'attendees'), limit(5))),
      create: async (db, actor) =>
        setDoc(doc(db, 'attendees', emailOf(actor) ?? `${uniqueId('nobody')}@example.org`), { registrationId: (await storedRegistration()).id }),
      update: async (db) => {
        const { stored } = await storedRegistration();
        return setDoc(doc(db, 'attendees', String(stored.email)), { registrationId: (await storedRegistration()).id });
      },
      delete: async (db) => deleteDoc(doc(db, 'attendees', String((await storedRegistration()).stored.email))),
    },
    notes: { create: 'their own, naming an existing registration', update: 'someone else’s' },
  },
  // Someone else's draft; a draft is created under the throttle by whoever sends the form.
  registrationDrafts: {
    ops: {
      get: async (db) => getDoc(doc(db, 'registrationDrafts', await storedDraft())),
      list: (db) => getDocs(query(collection(db, 'registrationDrafts'), limit(5))),
      create: async (db, actor) => {
        const id = uniqueId('draft');
        const uid = as.user[actor]?.uid ?? 'not-signed-in';
        const current = (await ownerGet(`throttles/${uid}`))?.registrationDrafts;
        return commit(db, [
          { set: `registrationDrafts/${id}`, data: draftDoc(`${uniqueId('x')}@example.org`) },
          throttleWrite(uid, 'registrationDrafts', id, current as never),
        ]);
      },
      update: async (db) => updateDoc(doc(db, 'registrationDrafts', await storedDraft()), { email: 'attacker@example.org' }),
      delete: async (db) => deleteDoc(doc(db, 'registrationDrafts', await storedDraft())),
    },
    notes: { create: 'under their throttle' },
  },
  // Someone else's entry on the waiting list; staff move entries (reorder).
  waitlist: {
    ops: {
      get: async (db) => getDoc(doc(db, 'waitlist', await storedEntry())),
      list: (db) => getDocs(query(collection(db, 'waitlist'), limit(5))),
      create: (db) => setDoc(doc(db, 'waitlist', `${uniqueId('someone')}@example.org`), { email: 'x' }),
      update: async (db) => updateDoc(doc(db, 'waitlist', await storedEntry()), { position: new Date(Date.now() - 86_400_000) }),
      delete: async (db) => deleteDoc(doc(db, 'waitlist', await storedEntry('withdrawn'))),
    },
    notes: { create: 'for someone else', update: 'moving it up the list' },
  },

  // Someone else's abstract; creating is the actor's own draft, through the rules, while the call is open.
  abstracts: documents(
    'abstracts',
    () => ({
      ...COMPLETE,
      email: `${uniqueId('author')}@example.org`,
      status: 'submitted',
      createdAt: new Date(),
      updatedAt: new Date(),
      submittedAt: new Date(),
    }),
    async (db, actor) =>
      commit(db, (await abstractDraft({ status: 'draft' }, { db, uid: as.user[actor]?.uid ?? 'not-signed-in', email: emailOf(actor) ?? undefined })).writes()),
    { status: 'withdrawn' },
  ),
  // The call: rewritten with itself.
  'settings/abstracts': {
    ops: {
      get: (db) => getDoc(doc(db, 'settings', 'abstracts')),
      update: async (db) => setDoc(doc(db, 'settings', 'abstracts'), (await ownerGet('settings/abstracts'))!),
    },
    notes: { update: 'rewriting it with itself' },
  },
  // One reviewer's assignment to one abstract, the actor's own where it names a reviewer (an
  // unassigned one and the rest of the blind review: abstract-review.test.ts). Administrators
  // assign once the call has closed.
  blindAbstracts: {
    ops: {
      get: async (db, actor) => getDoc(doc(db, 'blindAbstracts', (await storedAssignment(reviewerOf(actor))).id)),
      list: async (db, actor) => {
        await storedAssignment(reviewerOf(actor));
        return getDocs(query(collection(db, 'blindAbstracts'), where('reviewer', '==', reviewerOf(actor)), limit(5)));
      },
      create: async (db) => {
        const abstract = await storedAbstract();
        return withClosedCall(() => commit(db, [assignWrite(abstract, ACCOUNTS.reviewer.email)]));
      },
      update: async (db) => {
        const { id } = await storedAssignment(ACCOUNTS.reviewer.email);
        const stored = (await ownerGet(`blindAbstracts/${id}`))!;
        return withClosedCall(() => setDoc(doc(db, 'blindAbstracts', id), stored));
      },
      delete: async (db) => deleteDoc(doc(db, 'blindAbstracts', (await storedAssignment(ACCOUNTS.reviewer.email)).id)),
    },
    notes: {
      get: 'assigned to them',
      list: 'where reviewer == their address',
      create: 'assigning the reviewer, once the call has closed',
      update: 'rewriting it with itself, once the call has closed',
      delete: 'unassigning',
    },
  },
  // The actor's own review of the abstract assigned to them.
  reviews: {
    ops: {
      get: async (db, actor) => getDoc(doc(db, 'reviews', await storedReview(reviewerOf(actor)))),
      list: async (db, actor) => {
        await storedReview(reviewerOf(actor));
        return getDocs(query(collection(db, 'reviews'), where('reviewer', '==', reviewerOf(actor)), limit(5)));
      },
      create: async (db, actor) => {
        const { id, abstract } = await storedAssignment(reviewerOf(actor));
        return commit(db, [saveReviewWrite({ id, abstractId: abstract.id, reviewer: reviewerOf(actor) }, REVIEW, null)]);
      },
      update: async (db, actor) => {
        const id = await storedReview(reviewerOf(actor));
        const { abstractId } = (await ownerGet(`reviews/${id}`)) as { abstractId: string };
        return commit(db, [saveReviewWrite({ id, abstractId, reviewer: reviewerOf(actor) }, { ...REVIEW, toCommittee: 'Revised.' }, { id })]);
      },
      delete: async (db, actor) => deleteDoc(doc(db, 'reviews', await storedReview(reviewerOf(actor)))),
    },
    notes: {
      get: 'their own',
      list: 'where reviewer == their address',
      create: 'their own, of an abstract assigned to them',
      update: 'revising their own',
      delete: 'their own',
    },
  },
  // The committee's decision on a reviewed abstract, with its email; another's decision stored past the rules.
  abstractDecisions: {
    ops: {
      get: async (db) => getDoc(doc(db, 'abstractDecisions', await storedDecision())),
      list: (db) => getDocs(query(collection(db, 'abstractDecisions'), limit(5))),
      create: async (db, actor) => {
        const id = await storedReview(ACCOUNTS.reviewer.email);
        const review = (await ownerGet(`reviews/${id}`)) as { id: string; abstractId: string; conflict: boolean; toAuthors: string };
        const abstract = (await ownerGet(`abstracts/${review.abstractId}`)) as { id: string; email: string; title: string };
        return commit(db, decideWrites(abstract, 'poster', [review], reviewerOf(actor)));
      },
      update: async (db) => updateDoc(doc(db, 'abstractDecisions', await storedDecision()), { outcome: 'oral' }),
      delete: async (db) => deleteDoc(doc(db, 'abstractDecisions', await storedDecision())),
    },
    notes: { create: 'with its email, quoting the review', update: 'changing its outcome' },
  },
  // An accepted abstract's public copy: publishing an accepted one (listing and text, one commit),
  // placing one in a session, unpublishing one (the refusals: published-abstracts.test.ts).
  publishedAbstracts: {
    ops: {
      get: async (db) => getDoc(doc(db, publishedAbstractPath((await publishedAbstract()).id))),
      list: (db) => getDocs(query(collection(db, 'publishedAbstracts'), limit(5))),
      create: async (db) => {
        const writes = publishWrites(await decidedAbstract('oral'), 'oral');
        storedPaths.push(...writes.map(writePath));
        return commit(db, writes);
      },
      update: async (db) => {
        const [{ id }, session] = await Promise.all([publishedAbstract(), storedSession()]);
        return commit(db, [placeWrite(id, session, 2)]);
      },
      delete: async (db) => commit(db, unpublishWrites((await publishedAbstract()).id)),
    },
    notes: { create: 'an accepted abstract, with its text', update: 'placing it in a session', delete: 'unpublishing it, with its text' },
  },
  publishedAbstractTexts: {
    ops: {
      get: async (db) => getDoc(doc(db, publishedTextPath((await publishedAbstract()).id))),
      list: (db) => getDocs(query(collection(db, 'publishedAbstractTexts'), limit(5))),
      // The text alone: its listing exists already (created past the rules), as its rule requires after the commit.
      create: async (db) => {
        const abstract = await publishedAbstract();
        await ownerDelete(publishedTextPath(abstract.id));
        return commit(db, publishWrites(abstract, 'poster').slice(1));
      },
      update: async (db) => updateDoc(doc(db, publishedTextPath((await publishedAbstract()).id)), { results: 'Better results.' }),
      delete: async (db) => commit(db, unpublishWrites((await publishedAbstract()).id)),
    },
    notes: { create: 'an accepted abstract’s, beside its listing', update: 'rewriting its results', delete: 'unpublishing it, with its listing' },
  },
  // The author's copy of someone else's decision (their own: abstract-outcomes.test.ts), written in the decision's commit.
  abstractOutcomes: {
    ops: {
      get: async (db) => getDoc(doc(db, 'abstractOutcomes', await storedOutcome())),
      list: (db) => getDocs(query(collection(db, 'abstractOutcomes'), limit(5))),
      create: async (db, actor) => {
        const id = await storedReview(ACCOUNTS.reviewer.email);
        const review = (await ownerGet(`reviews/${id}`)) as { id: string; abstractId: string; conflict: boolean; toAuthors: string };
        const abstract = (await ownerGet(`abstracts/${review.abstractId}`)) as { id: string; email: string; title: string };
        return commit(db, decideWrites(abstract, 'oral', [review], reviewerOf(actor)));
      },
      update: async (db) => updateDoc(doc(db, 'abstractOutcomes', await storedOutcome()), { outcome: 'oral' }),
      delete: async (db) => deleteDoc(doc(db, 'abstractOutcomes', await storedOutcome())),
    },
    notes: { create: 'in the decision’s commit, with its email', update: 'changing its outcome' },
  },
  // CPD settings: rewritten with themselves (or a valid default when the stack has none).
  'settings/cpd': {
    ops: {
      get: (db) => getDoc(doc(db, 'settings', 'cpd')),
      update: async (db) => setDoc(doc(db, 'settings', 'cpd'), (await ownerGet('settings/cpd')) ?? { ...DEFAULT_CPD_SETTINGS }),
    },
    notes: { update: 'rewriting them with themselves' },
  },
  // Someone else's evaluation (the owner's own: rules-certificates.test.ts); none of the actors attended.
  evaluations: documents(
    'evaluations',
    (id) => ({ registrationId: id, day: '2027-03-10', email: `${uniqueId('someone')}@example.org`, answers: [], submittedAt: new Date() }),
    (db, actor) =>
      setDoc(doc(db, 'evaluations', `${uniqueId('reg')}_2027-03-10`), {
        registrationId: 'x',
        day: '2027-03-10',
        email: emailOf(actor) ?? 'nobody@example.org',
        answers: [],
        submittedAt: serverTimestamp(),
      }),
    { answers: [{ id: 'overall', value: 5 }] },
  ),
  // Someone else's certificate (its owner reads it; issuing and revoking: rules-certificates.test.ts).
  certificates: {
    ...documents(
      'certificates',
      () => ({ registrationId: 'x', email: `${uniqueId('someone')}@example.org`, fullName: 'Someone', points: 3, status: 'valid' }),
      (db) => setDoc(doc(db, 'certificates', uniqueId('cert')), { registrationId: 'x', fullName: 'Forged', points: 30, status: 'valid' }),
      { points: 30 },
    ),
    notes: { create: 'on its own', update: 'changing its points' },
  },
  certificateChecks: {
    ...documents(
      'certificateChecks',
      () => ({ status: 'valid', fullName: 'Someone', points: 3 }),
      (db) => setDoc(doc(db, 'certificateChecks', uniqueId('cert')), { status: 'valid', fullName: 'Forged', points: 30 }),
      { status: 'revoked' },
    ),
    notes: { create: 'with no certificate behind it', update: 'out of step with its certificate' },
  },

  // How many people wait. An administrator's recount names no entry: here to the count it already
  // has, so that the cases around see the same count (nobodyWaiting reads it).
  'counters/waitlist': {
    ops: {
      get: (db) => getDoc(doc(db, 'counters', 'waitlist')),
      update: async (db) => setDoc(doc(db, 'counters', 'waitlist'), { waiting: Number((await ownerGet('counters/waitlist'))?.waiting ?? 0), lastAddress: '' }),
      delete: (db) => deleteDoc(doc(db, 'counters', 'waitlist')),
    },
    notes: { update: 'a recount naming no entry' },
  },
  'counters/content': counter(
    'content',
    (db) => setDoc(doc(db, 'counters', 'content'), { version: increment(1) }, { merge: true }),
    'moving the public content version by one',
  ),

  mail: {
    ...documents(
      'mail',
      (id) => ({ ...storedMail(id), delivery: { state: 'SUCCESS', attempts: 1 } }),
      // Queued on its own, after the registration it names was committed: nobody may send that.
      async (db) => {
        const registration = fieldsOf(registrationDoc(''));
        const id = await fixture(`registrations/${uniqueId('reg')}`, registration);
        return setDoc(doc(db, 'mail', id), sdkData(registrationMailData(id, registration)));
      },
      { to: 'someone-else@example.org' },
    ),
    notes: { create: 'outside a registration’s commit', update: 'changing its recipient' },
  },
  'mail (resend)': {
    ops: {
      update: async (db) =>
        updateDoc(
          doc(
            db,
            'mail',
            await fixture(`mail/${uniqueId('mail')}`, { ...storedMail('x'), delivery: { state: 'ERROR', attempts: 3, error: 'Connection refused' } }),
          ),
          { 'delivery.state': 'RETRY', resends: 1 },
        ),
    },
    notes: { update: 'a failed message set back to RETRY' },
  },
  templates: {
    ops: {
      get: (db) => getDoc(doc(db, 'templates', 'application-declined')),
      list: (db) => getDocs(query(collection(db, 'templates'), limit(5))),
      // Only the product's own template names may be written, with their three fields.
      create: (db) => setDoc(doc(db, 'templates', 'application-declined'), TEMPLATE),
      update: (db) => updateDoc(doc(db, 'templates', 'application-declined'), { subject: TEMPLATE.subject }),
      delete: (db) => deleteDoc(doc(db, 'templates', 'application-declined')),
    },
  },
  partners: {
    ops: {
      ...documents('partners', () => fieldsOf(partnerDoc('')), submitAs(FORMS.booth), {}).ops,
      // Staff record a payment as the back office does: the application and its checkout projection together.
      update: async (db) => {
        const { id, stored } = await storedApplication();
        return commit(db, applicationChange({ ...stored, id }, { paymentStatus: 'paid', status: 'confirmed' }));
      },
      // An administrator removes an application with its checkout projection.
      delete: async (db) => {
        const { id } = await storedApplication();
        return commit(db, [{ delete: `partners/${id}` }, { delete: applicationCheckoutPath(id) }]);
      },
    },
    notes: { update: 'recording a payment, with its checkout', delete: 'with its checkout' },
  },
  // The part of an application its reference opens: written only in step with the application.
  applicationCheckouts: {
    ops: {
      get: async (db) => getDoc(doc(db, 'applicationCheckouts', (await storedApplication()).id)),
      list: (db) => getDocs(query(collection(db, 'applicationCheckouts'), limit(5))),
      create: (db) => setDoc(doc(db, 'applicationCheckouts', uniqueId('no-application')), { id: 'x', organisation: 'Nobody', status: 'confirmed' }),
      update: async (db) => updateDoc(doc(db, 'applicationCheckouts', (await storedApplication()).id), { paymentStatus: 'paid', status: 'confirmed' }),
      delete: async (db) => deleteDoc(doc(db, 'applicationCheckouts', (await storedApplication()).id)),
    },
    notes: { create: 'with no application behind it', update: 'out of step with its application', delete: 'while its application exists' },
  },
  messages: documents('messages', () => fieldsOf(messageDoc('')), submitAs(FORMS.message), { status: 'read' }),
  donations: documents('donations', () => fieldsOf(donationDoc('')), submitAs(FORMS.donation), { status: 'received' }),
  payments: {
    ...documents(
      'payments',
      () => ({
        payerName: 'A',
        method: 'bank-transfer',
        reference: 'REF-1',
        amount: 15000,
        currency: 'KES',
        status: 'submitted',
        targetCollection: 'registrations',
        targetId: 'x',
      }),
      submitAs(FORMS.registrationPayment),
      { status: 'verified' },
    ),
    notes: { create: 'as a visitor’s payment submission for their own registration (signed in with its address)' },
  },
  // A refund finance made (features/payments/admin/refunds.ts), as the screen commits it with the record and the email.
  refunds: {
    ops: {
      get: async (db) => getDoc(doc(db, 'refunds', await storedRefund())),
      list: (db) => getDocs(query(collection(db, 'refunds'), limit(5))),
      create: async (db, actor) => {
        const record = await overpaidApplication();
        const made = {
          refundId: uniqueId('refund'),
          collection: 'partners' as const,
          id: record.id,
          amountMinor: 1_000_000,
          method: 'mobile-money' as const,
          reference: 'TLK4H2QX9B',
          refundedOn: new Date(Date.now() - 60_000),
          note: '',
          staffEmail: emailOf(actor) ?? 'nobody@example.org',
        };
        return ui(db).commit(decideRefund([record], made).writes);
      },
      update: async (db) => updateDoc(doc(db, 'refunds', await storedRefund()), { note: 'changed' }),
      delete: async (db) => deleteDoc(doc(db, 'refunds', await storedRefund())),
    },
    notes: { create: 'with the record counting it and the payer’s email' },
  },
  // Money finance decided not to refund (data/money-kept.ts), as the Refunds due list commits it with the record and the email.
  keptMoney: {
    ops: {
      get: async (db) => getDoc(doc(db, 'keptMoney', await storedKept())),
      list: (db) => getDocs(query(collection(db, 'keptMoney'), limit(5))),
      create: async (db, actor) => {
        const record = await overpaidApplication();
        const kept = {
          keptId: uniqueId('kept'),
          collection: 'partners' as const,
          id: record.id,
          amountMinor: 1_000_000,
          reason: 'The payer asked us to keep it as a donation',
          staffEmail: emailOf(actor) ?? 'nobody@example.org',
        };
        return ui(db).commit(decideKeep([record], kept).writes);
      },
      update: async (db) => updateDoc(doc(db, 'keptMoney', await storedKept()), { reason: 'changed' }),
      delete: async (db) => deleteDoc(doc(db, 'keptMoney', await storedKept())),
    },
    notes: { create: 'with the record counting it and the payer’s email' },
  },
  // The payers' references taken (normalised): checkout asks whether one is, finance lists them.
  paymentReferences: {
    ops: {
      get: async (db) => getDoc(doc(db, 'paymentReferences', await storedReference())),
      list: (db) => getDocs(query(collection(db, 'paymentReferences'), limit(5))),
      create: (db) => setDoc(doc(db, 'paymentReferences', uniqueId('REF')), { paymentId: 'demo-payment-submitted-1' }),
      update: async (db) => updateDoc(doc(db, 'paymentReferences', await storedReference()), { paymentId: 'demo-payment-submitted-1' }),
      delete: async (db) => deleteDoc(doc(db, 'paymentReferences', await storedReference())),
    },
    notes: {
      create: 'for a payment made before, on its own',
      update: 'naming another payment',
      delete: 'while its payment is not rejected',
    },
  },
  'payments (for a booth)': {
    ops: { create: submitAs(FORMS.boothPayment) },
    notes: { create: 'as a visitor’s payment submission for an approved booth booking (whoever holds its reference)' },
  },
  'payments (manual record)': {
    ops: {
      // As the Payments screen records one (decideManual): its receipt claimed by it, with finance's note.
      create: (db) => {
        const id = uniqueId('manual');
        const reference = `MANUAL ${id}`;
        return ui(db).commit([
          {
            set: `payments/${id}`,
            data: {
              id,
              timestamp: serverValues.now(),
              payerName: 'County Treasury',
              method: 'bank-transfer',
              reference,
              amount: 30000,
              currency: 'KES',
              status: 'verified',
              manual: true,
              note: 'Transfer seen on the bank statement',
              targetCollection: 'registrations',
              targetId: 'demo-registration-4',
            },
          },
          referenceClaim(id, reference),
        ]);
      },
    },
  },
  invoices: documents(
    'invoices',
    (number) => ({ number, sequence: 0, status: 'issued', ...invoiceParties(), total: 100, currency: 'KES' }),
    (db) => issueInvoice(db),
    { status: 'paid', paidAt: serverTimestamp() },
    () => uniqueId('INV-FIXTURE'),
  ),
  // A number taken without the invoice that should carry it: a gap in the series.
  'counters/invoices': counter(
    'invoices',
    async (db) => setDoc(doc(db, 'counters', 'invoices'), { last: await nextSequence() }),
    'taking a number without issuing the invoice',
  ),

  // A request under the Data Protection Act: each actor asks for erasure of their own address, as
  // "my registration" does (with its email); only administrators act on one (approving here).
  dataRequests: {
    ops: {
      get: async (db) => getDoc(doc(db, 'dataRequests', await storedRequest())),
      list: (db) => getDocs(query(collection(db, 'dataRequests'), limit(5))),
      create: async (db, actor) => {
        const email = emailOf(actor) ?? `${uniqueId('nobody')}@example.org`;
        const id = await erasureRequestId(email);
        await ownerDelete(`dataRequests/${id}`, `mail/${requestMailId(id, 1, 'received')}`);
        return commit(db, askErasureWrites(id, email, true, responseDays(SITE as never), null));
      },
      update: async (db, actor) => commit(db, approveErasureWrites({ id: await storedRequest() }, emailOf(actor) ?? 'nobody@example.org')),
      delete: async (db) => deleteDoc(doc(db, 'dataRequests', await storedRequest())),
    },
    notes: { create: 'an erasure of their own address, with its email', update: 'approving an erasure' },
  },
  procurement: documents(
    'procurement',
    () => ({ title: 'Stage hire', stage: 'planned', amount: 1000 }),
    (db) => ui(db).createDocument('procurement', { title: 'Catering', stage: 'planned', amount: 5000 }),
    { stage: 'requested' },
  ),
  ...(Object.fromEntries(CONTENT.map((name) => [`archive/${name}/items`, archive(name, () => ({ title: 'Past item', published: true }))])) as Record<
    `archive/${(typeof CONTENT)[number]}/items`,
    Subject
  >),
  'archive/procurement/items': archive('procurement', () => ({ title: 'Stage hire', stage: 'planned', amount: 1000 })),
  'archive/messages/items': archive('messages', () => fieldsOf(messageDoc(''))),
  'archive/donations/items': archive('donations', () => fieldsOf(donationDoc(''))),
  'archive/partners/items': archive('partners', () => fieldsOf(partnerDoc('')), {
    archive: (id) => [{ delete: applicationCheckoutPath(id) }],
    restore: (id, data) => [applicationCheckoutWrite({ ...data, id })],
  }),
  'archive/registrations/items': archive('registrations', () => fieldsOf(registrationDoc('')), {
    archive: (id) => [{ delete: `checkouts/${id}` }],
    restore: (id, data) => [checkoutWrite({ ...data, id })],
  }),
  'archive/payments/items': archive('payments', () => ({
    payerName: 'A',
    method: 'bank-transfer',
    reference: 'REF-2',
    amount: 15000,
    currency: 'KES',
    status: 'verified',
    targetCollection: 'registrations',
    targetId: 'x',
  })),
};

/** The access table's tiers as the actors who hold them. */
const HOLDERS: Record<Who, readonly Actor[]> = {
  everyone: EVERYONE,
  'signed-in': SIGNED_IN,
  verified: VERIFIED,
  staff: STAFF,
  editors: EDITORS,
  finance: FINANCE,
  admin: ADMIN,
  reviewers: REVIEWERS,
  nobody: NOBODY,
};

/** Who may do what: the access table (src/admin/permissions.ts), which the back office's screens follow too. */
const POLICY = Object.fromEntries(
  Object.entries(ACCESS).map(([subject, row]) => [subject, Object.fromEntries(Object.entries(row).map(([op, who]) => [op, HOLDERS[who]]))]),
) as Record<AccessSubject, Partial<Record<Op, readonly Actor[]>>>;

let as: Actors;
let closeCall: () => Promise<void>;
beforeAll(async () => {
  as = await signInActors();
  closeCall = await useOpenCall();
});
afterAll(async () => {
  await closeCall();
  // The accepted abstracts' copies the rows stored (public: listed by anyone, so none is left behind).
  await ownerDelete(...storedPaths);
  await closeClients();
});

const cells = (Object.entries(POLICY) as Array<[AccessSubject, Partial<Record<Op, readonly Actor[]>>]>).flatMap(([subject, row]) =>
  OPS.filter((op) => row[op]).flatMap((op) =>
    ACTORS.map((actor) => {
      const expected = allowedFor(row[op]!, actor);
      const note = HOW[subject].notes?.[op];
      return { name: caseName(actor, expected, `${op} ${subject}${note ? ` (${note})` : ''}`), subject, op, actor, expected };
    }),
  ),
);

describe('the actors are who the table assumes', () => {
  it('staff actors hold their role, with a verified email', async () => {
    for (const actor of STAFF) {
      expect((await ownerGet(`staff/${emailOf(actor)}`))?.role, actor).toBe(actor);
      expect(as.user[actor]?.emailVerified, actor).toBe(true);
    }
  });

  it('the unverified account holds an admin entry, so its denials prove verification counts', async () => {
    expect((await ownerGet(`staff/${ACCOUNTS.unverified.email}`))?.role).toBe('admin');
    expect(as.user.unverified?.emailVerified).toBe(false);
  });

  it('the reviewer holds a reviewer entry with their institution and tracks, with a verified email', async () => {
    expect(await ownerGet(`staff/${ACCOUNTS.reviewer.email}`)).toMatchObject(REVIEWER_ENTRY);
    expect(as.user.reviewer?.emailVerified).toBe(true);
  });

  it('the signed-in visitor is verified and holds no staff entry; the anonymous visitor is not signed in', async () => {
    expect(as.user.signedIn?.emailVerified).toBe(true);
    expect(await ownerGet(`staff/${ACCOUNTS.signedIn.email}`)).toBeNull();
    expect(as.user.anonymous).toBeNull();
  });
});

describe('rules matrix', () => {
  it.each(named(cells))('%s', async (_, { subject, op, actor, expected }) => {
    expect(await verdict(HOW[subject].ops[op]!(as.db[actor], actor))).toBe(expected);
  });
});

describe('published content and drafts (rules are not filters)', () => {
  const reads = CONTENT.flatMap((name) =>
    ACTORS.flatMap((actor) =>
      [
        { kind: 'published', what: `list ${name} where published == true`, expected: allowedFor(EVERYONE, actor) },
        { kind: 'drafts', what: `list ${name} where published == false`, expected: allowedFor(STAFF, actor) },
        { kind: 'draft', what: `get a draft in ${name}`, expected: allowedFor(STAFF, actor) },
      ].map((c) => ({ ...c, name: caseName(actor, c.expected, c.what), collection: name, actor })),
    ),
  );

  it.each(named(reads))('%s', async (_, { collection: name, actor, kind, expected }) => {
    const db = as.db[actor];
    if (kind === 'draft') {
      const id = await fixture(`${name}/${uniqueId('draft')}`, { title: 'Draft', published: false });
      expect(await verdict(getDoc(doc(db, name, id)))).toBe(expected);
      return;
    }
    const listing = getDocs(query(collection(db, name), where('published', '==', kind === 'published'), limit(10)));
    expect(await verdict(listing)).toBe(expected);
    if (kind === 'published') {
      // The seed publishes something in every content collection: an empty answer would prove nothing.
      const rows = (await listing).docs.map((d) => d.data());
      expect(rows.length > 0 && rows.every((r) => r.published === true)).toBe(true);
    }
  });

  // An application is read by its reference only (checkout), never listed, published or not: a
  // partner document holds the contact person's name, email and phone.
  const partnerLists = ACTORS.map((actor) => ({ actor, expected: allowedFor(STAFF, actor) }));
  it.each(named(partnerLists.map((c) => ({ ...c, name: caseName(c.actor, c.expected, 'list partners where published == true') }))))(
    '%s',
    async (_, { actor, expected }) => {
      expect(await verdict(getDocs(query(collection(as.db[actor], 'partners'), where('published', '==', true), limit(10))))).toBe(expected);
    },
  );
});

describe('own staff entry (the admin area reads it to learn the role)', () => {
  // Anyone signed in with a verified email may learn their own role (or that they have none).
  const own = ACTORS.filter((a) => a !== 'anonymous').map((actor) => ({
    actor,
    expected: actor === 'unverified' ? ('denied' as const) : ('allowed' as const),
  }));
  it.each(named(own.map((c) => ({ ...c, name: caseName(c.actor, c.expected, 'get their own staff entry') }))))('%s', async (_, { actor, expected }) => {
    expect(await verdict(getDoc(doc(as.db[actor], 'staff', emailOf(actor)!)))).toBe(expected);
  });
});
