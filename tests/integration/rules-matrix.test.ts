// firestore.rules as a matrix: for each collection, each actor and each operation, the expected
// allow or deny, run against the local stack with the real SDK. The table is the policy; a row
// that disagrees with the rules fails with its name ("finance may not delete registrations").
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  limit,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, EMAILS, EVERYONE, fixture, signInActors, STAFF, uniqueId, type Actor } from './support/actors.ts';
import { closeClients } from './support/clients.ts';
import { boothDocument } from '../../src/features/partners/schema.ts';
import { contactMessage, donation, partnerApplication, registration } from './support/payloads.ts';

type Op = 'get' | 'list' | 'create' | 'update' | 'delete';
const OPS: Op[] = ['get', 'list', 'create', 'update', 'delete'];
const NOBODY: Actor[] = [];
const FINANCE: Actor[] = ['finance', 'admin'];
const EDITORS: Actor[] = ['editor', 'admin'];
const ADMIN: Actor[] = ['admin'];

interface Row {
  collection: string;
  /** The stored document operations act on (written with the owner bypass). */
  fixture: (id: string) => object;
  /** The best-formed create this actor could attempt. */
  create: (db: Firestore, id: string, actor: Actor) => Promise<unknown>;
  update: Record<string, unknown>;
  /** A `get` target other than the fixture (settings: only `site` is public). */
  getId?: string;
  allowed: Record<Op, Actor[]>;
}

const stamped = (id: string, data: object) => ({ ...data, id, timestamp: serverTimestamp() });

const content = (name: string): Row => ({
  collection: name,
  fixture: () => ({ title: 'Published item', published: true }),
  create: (db, id) => setDoc(doc(db, name, id), stamped(id, { title: 'New item', published: false })),
  update: { title: 'Edited' },
  allowed: { get: EVERYONE, list: STAFF, create: EDITORS, update: EDITORS, delete: EDITORS },
});

const ROWS: Row[] = [
  ...['publications', 'events', 'jobs', 'tenders', 'resources', 'speakers', 'sessions'].map(content),
  {
    collection: 'settings',
    fixture: () => ({ summitName: 'Matrix' }),
    getId: 'site',
    create: (db, id) => setDoc(doc(db, 'settings', id), { summitName: 'New' }),
    update: { summitName: 'Changed' },
    allowed: { get: EVERYONE, list: STAFF, create: ADMIN, update: ADMIN, delete: NOBODY },
  },
  {
    collection: 'staff',
    fixture: (id) => ({ email: id, role: 'editor' }),
    create: (db, id) => setDoc(doc(db, 'staff', `${id}@example.org`), { email: `${id}@example.org`, role: 'editor' }),
    update: { role: 'finance' },
    allowed: { get: STAFF, list: STAFF, create: ADMIN, update: ADMIN, delete: ADMIN },
  },
  {
    collection: 'logs',
    fixture: () => ({ message: 'Published something', userEmail: EMAILS.admin }),
    create: (db, id, actor) => setDoc(doc(db, 'logs', id), stamped(id, { message: 'Did something', userEmail: actor === 'anonymous' ? 'nobody@example.org' : EMAILS[actor] })),
    update: { message: 'Rewritten history' },
    allowed: { get: STAFF, list: STAFF, create: STAFF, update: NOBODY, delete: NOBODY },
  },
  {
    collection: 'registrations',
    fixture: () => registration(),
    create: (db, id) => {
      const batch = writeBatch(db);
      batch.set(doc(db, 'registrations', id), stamped(id, registration()));
      batch.set(doc(db, 'counters', 'registrations'), { count: increment(1), lastId: id }, { merge: true });
      return batch.commit();
    },
    update: { status: 'confirmed' },
    allowed: { get: EVERYONE, list: STAFF, create: EVERYONE, update: FINANCE, delete: ADMIN },
  },
  {
    collection: 'partners',
    fixture: () => partnerApplication(),
    create: (db, id) => setDoc(doc(db, 'partners', id), stamped(id, boothDocument({ organisation: 'Org', contactName: 'C', email: 'c@example.org', phone: '+254 700 000 000', boothType: 'standard', staffCount: 2, requirements: '' }, 150000, 'KES'))),
    update: { paymentStatus: 'paid', status: 'confirmed' },
    allowed: { get: EVERYONE, list: STAFF, create: EVERYONE, update: FINANCE, delete: ADMIN },
  },
  {
    collection: 'messages',
    fixture: () => contactMessage(),
    create: (db, id) => setDoc(doc(db, 'messages', id), stamped(id, contactMessage())),
    update: { status: 'read' },
    allowed: { get: STAFF, list: STAFF, create: EVERYONE, update: STAFF, delete: ADMIN },
  },
  {
    collection: 'donations',
    fixture: () => donation(),
    create: (db, id) => setDoc(doc(db, 'donations', id), stamped(id, donation())),
    update: { status: 'received' },
    allowed: { get: FINANCE, list: FINANCE, create: EVERYONE, update: FINANCE, delete: ADMIN },
  },
  {
    collection: 'payments',
    fixture: () => ({ payerName: 'A', method: 'bank-transfer', reference: 'REF1', amount: 100, currency: 'KES', status: 'submitted', targetCollection: 'registrations', targetId: 'x' }),
    // A manual payment recorded by staff (visitor submissions are in rules-forms.test.ts).
    create: (db, id) => setDoc(doc(db, 'payments', id), stamped(id, { payerName: 'B', method: 'bank-transfer', reference: 'MANUAL1', amount: 500, currency: 'KES', status: 'verified', targetCollection: 'registrations', targetId: 'x' })),
    update: { status: 'verified' },
    allowed: { get: FINANCE, list: FINANCE, create: FINANCE, update: FINANCE, delete: ADMIN },
  },
  {
    collection: 'invoices',
    fixture: (id) => ({ number: id, sequence: 0, status: 'issued', total: 100 }),
    create: (db) =>
      runTransaction(db, async (tx) => {
        const counter = doc(db, 'counters', 'invoices');
        const snap = await tx.get(counter);
        const next = (snap.exists() ? (snap.data().last as number) : 0) + 1;
        const number = `INV-2027-${String(next).padStart(4, '0')}`;
        tx.set(doc(db, 'invoices', number), { number, sequence: next, status: 'issued', total: 1000 });
        tx.set(counter, { last: next });
      }),
    update: { status: 'paid' },
    allowed: { get: FINANCE, list: FINANCE, create: FINANCE, update: FINANCE, delete: NOBODY },
  },
  {
    collection: 'procurement',
    fixture: () => ({ title: 'Stage hire', stage: 'planned', amount: 1000 }),
    create: (db, id) => setDoc(doc(db, 'procurement', id), stamped(id, { title: 'Catering', stage: 'planned', amount: 5000 })),
    update: { stage: 'requested' },
    allowed: { get: STAFF, list: STAFF, create: FINANCE, update: FINANCE, delete: ADMIN },
  },
  {
    collection: 'mail',
    fixture: () => ({ to: 'x@example.org', template: { name: 'registration-confirmation', data: { fullName: 'X', reference: 'y' } } }),
    // Free-standing mail, not in a registration's commit: nobody may queue it.
    create: (db, id) => setDoc(doc(db, 'mail', id), { to: 'x@example.org', template: { name: 'registration-confirmation', data: { fullName: 'X', reference: id } } }),
    update: { to: 'y@example.org' },
    allowed: { get: ADMIN, list: ADMIN, create: NOBODY, update: ADMIN, delete: ADMIN },
  },
  {
    collection: 'archive/events/items',
    fixture: () => ({ title: 'Archived event', published: true }),
    // Archiving moves an event here in one transaction: who may delete events may archive them.
    create: async (db, id) => {
      await fixture(`events/${id}`, { title: 'To archive', published: true });
      return runTransaction(db, async (tx) => {
        const source = doc(db, 'events', id);
        const snap = await tx.get(source);
        tx.set(doc(db, 'archive/events/items', id), snap.data()!);
        tx.delete(source);
      });
    },
    update: { title: 'Changed' },
    allowed: { get: STAFF, list: STAFF, create: EDITORS, update: NOBODY, delete: NOBODY },
  },
];

let clients: Record<Actor, Firestore>;
beforeAll(async () => {
  clients = await signInActors();
});
afterAll(closeClients);

async function attempt(row: Row, op: Op, actor: Actor): Promise<boolean> {
  const db = clients[actor];
  const id = uniqueId(`${op}-${actor}`);
  const fixtureId = row.collection === 'staff' ? `${id}@example.org` : id;
  if (op !== 'create' && op !== 'list') await fixture(`${row.collection}/${fixtureId}`, row.fixture(fixtureId));
  try {
    if (op === 'get') await getDoc(doc(db, row.collection, row.getId ?? fixtureId));
    if (op === 'list') await getDocs(query(collection(db, row.collection), limit(5)));
    if (op === 'create') await row.create(db, id, actor);
    if (op === 'update') await updateDoc(doc(db, row.collection, fixtureId), row.update);
    if (op === 'delete') await deleteDoc(doc(db, row.collection, fixtureId));
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'permission-denied') return false;
    throw error;
  }
}

const cases = ROWS.flatMap((row) => OPS.flatMap((op) => ACTORS.map((actor) => ({ row, op, actor, expected: row.allowed[op].includes(actor) }))));

describe('rules matrix', () => {
  it.each(cases.map((c) => [`${c.actor} ${c.expected ? 'may' : 'may not'} ${c.op} ${c.row.collection}`, c] as const))('%s', async (_name, c) => {
    expect(await attempt(c.row, c.op, c.actor)).toBe(c.expected);
  });

  it.each(ACTORS.map((a) => [a]))('%s may list published content with a query that asks only for it', async (actor) => {
    for (const name of ['publications', 'events', 'jobs', 'tenders', 'resources', 'speakers', 'sessions', 'partners']) {
      const snap = await getDocs(query(collection(clients[actor], name), where('published', '==', true), limit(3)));
      expect(snap.docs.every((d) => d.data().published === true)).toBe(true);
    }
  });

  it.each(ACTORS.filter((a) => !STAFF.includes(a)).map((a) => [a]))('%s may not read a draft', async (actor) => {
    const id = uniqueId('draft');
    await fixture(`publications/${id}`, { title: 'Draft', published: false });
    await expect(getDoc(doc(clients[actor], 'publications', id))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(getDocs(query(collection(clients[actor], 'publications'), where('published', '==', false)))).rejects.toMatchObject({ code: 'permission-denied' });
  });
});

