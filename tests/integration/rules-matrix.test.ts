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
import { createDb } from '../../src/lib/db.ts';
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
} from './support/forms.ts';
import { issueInvoice, nextSequence } from './support/invoices.ts';
import { fixture, ownerGet, uniqueId } from './support/owner.ts';

const OPS = ['get', 'list', 'create', 'update', 'delete'] as const;
type Op = (typeof OPS)[number];
type Attempt = (db: Firestore, actor: Actor) => Promise<unknown>;
interface Subject {
  ops: Partial<Record<Op, Attempt>>;
  /** What an operation means where it is not the obvious one, shown in the test name. */
  notes?: Partial<Record<Op, string>>;
}

const CONTENT = ['publications', 'events', 'jobs', 'tenders', 'resources', 'speakers', 'sessions'];

const ui = (db: Firestore) => createDb(() => db);

/** A visitor form submitted under the actor's own identity (the throttle entry is theirs), as the site does. */
const submitAs =
  (form: PublicForm): Attempt =>
  async (db, actor) =>
    commit(db, (await form.draft({}, { db, uid: as.user[actor]?.uid ?? 'not-signed-in' })).writes());

/** A template as the back office saves it (rewritten with itself: the permission is what is tested). */
const TEMPLATE = { subject: 'About your application {{reference}}', html: '<p>Dear {{name}},</p>', text: 'Dear {{name}},' };

/** A registrant's message as stored (the fixture adds id and timestamp), about registration `id`. */
const storedMail = (id: string) => ({
  to: 'achieng@example.org',
  template: { name: 'registration-pending', data: { name: 'Achieng Otieno', reference: id, category: 'Delegate', amount: 'KES 15,000' } },
  recordCollection: 'registrations',
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

/** Archive folders: create is archiving (the move the data module makes), delete is restoring. */
function archive(source: string, original: () => Doc): Subject {
  const path = `archive/${source}/items`;
  const archived = async () => fixture(`${path}/${uniqueId('archived')}`, original());
  return {
    ops: {
      get: async (db) => getDoc(doc(db, path, await archived())),
      list: (db) => getDocs(query(collection(db, path), limit(5))),
      create: async (db) => ui(db).moveToArchive(source, await fixture(`${source}/${uniqueId('to-archive')}`, original())),
      update: async (db) => updateDoc(doc(db, path, await archived()), { note: 'changed' }),
      delete: async (db) => ui(db).restoreFromArchive(source, await archived()),
    },
    notes: { create: `by archiving from ${source}`, delete: `by restoring to ${source}` },
  };
}

const HOW: Record<string, Subject> = {
  ...Object.fromEntries(
    CONTENT.map((name) => [
      name,
      documents(
        name,
        () => ({ title: 'Published item', published: true }),
        (db) => ui(db).createDocument(name, { title: 'New draft', published: false }),
        { title: 'Edited' },
      ),
    ]),
  ),
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
  registrations: documents('registrations', () => fieldsOf(registrationDoc('')), submitAs(FORMS.registration), { paymentStatus: 'paid', status: 'confirmed' }),
  'counters/registrations': counter(
    'registrations',
    (db) => setDoc(doc(db, 'counters', 'registrations'), { count: increment(1), lastId: uniqueId('no-registration') }, { merge: true }),
    'taking a seat without a registration',
  ),

  'counters/seats': counter(
    'seats',
    (db) => setDoc(doc(db, 'counters', 'seats'), { count: increment(1) }, { merge: true }),
    'moving the public count without a registration',
  ),

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
        return setDoc(doc(db, 'mail', id), registrationMailData(id, registration));
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
          { 'delivery.state': 'RETRY' },
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
  partners: documents('partners', () => fieldsOf(partnerDoc('')), submitAs(FORMS.booth), { paymentStatus: 'paid', status: 'confirmed' }),
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
    notes: { create: 'as a visitor’s payment submission' },
  },
  'payments (manual record)': {
    ops: {
      create: (db) =>
        ui(db).createDocument('payments', {
          payerName: 'County Treasury',
          method: 'bank-transfer',
          reference: 'MANUAL-7',
          amount: 30000,
          currency: 'KES',
          status: 'verified',
          targetCollection: 'registrations',
          targetId: 'demo-registration-4',
        }),
    },
  },
  invoices: documents(
    'invoices',
    (number) => ({ number, sequence: 0, status: 'issued', billTo: 'Someone', total: 100, currency: 'KES' }),
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

  procurement: documents(
    'procurement',
    () => ({ title: 'Stage hire', stage: 'planned', amount: 1000 }),
    (db) => ui(db).createDocument('procurement', { title: 'Catering', stage: 'planned', amount: 5000 }),
    { stage: 'requested' },
  ),
  'archive/events/items': archive('events', () => ({ title: 'Past event', published: true })),
  'archive/registrations/items': archive('registrations', () => fieldsOf(registrationDoc(''))),
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

// prettier-ignore
/** Who may do what. `—` (undefined): not an operation on this subject. */
const POLICY: Record<string, Partial<Record<Op, readonly Actor[]>>> = {
  //                               get       list      create    update    delete
  ...Object.fromEntries(CONTENT.map((name) => [name,
                                 { get: EVERYONE, list: STAFF, create: EDITORS, update: EDITORS, delete: EDITORS }])),
  // Only settings/site is public. Nobody deletes settings (the site would lose its configuration).
  'settings':                    { get: EVERYONE, list: STAFF, create: ADMIN, update: ADMIN, delete: NOBODY },
  'staff':                       { get: STAFF,    list: STAFF, create: ADMIN, update: ADMIN, delete: ADMIN },
  // Staff append in their own name; nobody rewrites or removes history.
  'logs':                        { get: STAFF,    list: STAFF, create: STAFF, update: NOBODY, delete: NOBODY },
  // Anyone holding a reference reads that one registration (checkout); nobody else lists them.
  'registrations':               { get: EVERYONE, list: STAFF, create: SIGNED_IN, update: FINANCE, delete: ADMIN },
  // The counter names the latest registration (lastId), so only staff read it. A seat without a
  // registration is only the admin's to take; deleting the counter would reset capacity, so nobody may.
  'counters/registrations':      { get: STAFF,    list: NOBODY, update: ADMIN, delete: NOBODY },
  // The public seat count (the register page shows seats left), moved only with the counter.
  'counters/seats':              { get: EVERYONE, list: NOBODY, update: ADMIN, delete: NOBODY },
  // Every page may learn whether it is out of date; any staff change to public content moves it.
  'counters/content':            { get: EVERYONE, list: NOBODY, update: STAFF, delete: NOBODY },
  // The Trigger Email queue: written only in the commit of the action it reports (rules-forms,
  // rules-mail), never on its own; read by whoever may read its record; nobody rewrites or deletes it.
  'mail':                        { get: STAFF,    list: ADMIN, create: NOBODY, update: NOBODY, delete: NOBODY },
  'mail (resend)':               {                             update: STAFF },
  // The wording of the emails: administrators edit it, every staff member may read it.
  'templates':                   { get: STAFF,    list: STAFF, create: ADMIN, update: ADMIN, delete: NOBODY },
  'partners':                    { get: EVERYONE, list: STAFF, create: SIGNED_IN, update: FINANCE, delete: ADMIN },
  'messages':                    { get: STAFF,    list: STAFF, create: SIGNED_IN, update: STAFF, delete: ADMIN },
  'donations':                   { get: FINANCE,  list: FINANCE, create: SIGNED_IN, update: FINANCE, delete: ADMIN },
  'payments':                    { get: FINANCE,  list: FINANCE, create: SIGNED_IN, update: FINANCE, delete: ADMIN },
  'payments (manual record)':    {                             create: FINANCE },
  // Issued invoices are never deleted: the series must stay unbroken.
  'invoices':                    { get: FINANCE,  list: FINANCE, create: FINANCE, update: FINANCE, delete: NOBODY },
  // The counter moves only with the invoice it numbers (see invoices create).
  'counters/invoices':           { get: FINANCE,  list: NOBODY, update: NOBODY, delete: NOBODY },
  // Not in the issue's policy: the rules' choice (staff read, finance write, admin delete).
  'procurement':                 { get: STAFF,    list: STAFF, create: FINANCE, update: FINANCE, delete: ADMIN },
  // Staff move what they may delete; an archived copy is read by those who could read the original.
  'archive/events/items':        { get: STAFF,    list: STAFF, create: EDITORS, update: NOBODY, delete: EDITORS },
  'archive/registrations/items': { get: STAFF,    list: STAFF, create: ADMIN, update: NOBODY, delete: ADMIN },
  'archive/payments/items':      { get: FINANCE,  list: FINANCE, create: ADMIN, update: NOBODY, delete: ADMIN },
};

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const cells = Object.entries(POLICY).flatMap(([subject, row]) =>
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
