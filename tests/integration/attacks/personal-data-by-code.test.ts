// Attacker's suite: personal data behind a guessable code (issue 32, item 6). A payment code is
// "NCS-" and four symbols of 32 (a million codes, a few thousand taken) and is quoted on M-Pesa and
// bank statements; one client reads hundreds of documents a second. So a code must lead to nothing
// personal on its own: what it names (the record's id, its 16-character reference) is staff's, and
// an application, like a registration, opens by its reference only as a narrow projection
// (firestore.rules: paymentCodes get, partners get, applicationCheckouts). Each attack has its
// control: what the same person may still do.
import { collection, doc, getDoc, getDocs, query, where, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationCheckoutOf, applicationCheckoutPath } from '../../../src/data/application-record.ts';
import { claimPaymentCode, paymentCodePath } from '../../../src/data/payment-codes.ts';
import { createDb, type WithId } from '../../../src/lib/db.ts';
import { signInActors, verdict, type Actors } from '../support/actors.ts';
import { closeClients } from '../support/clients.ts';
import { boothDoc, commit, fieldsOf, FORMS, partnerDoc, type Draft } from '../support/forms.ts';
import { fixture, ownerDelete, ownerGet, unclaimedCode, uniqueId } from '../support/owner.ts';
import { attendee } from '../support/seats.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const allowed = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('allowed');
const denied = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('denied');

const created: string[] = [];
afterAll(() => ownerDelete(...created));

async function stored(form: typeof FORMS.registration): Promise<Draft> {
  const d = await form.draft();
  await allowed(commit(d.by.db, d.writes()));
  const code = String(d.doc.paymentCode);
  created.push(`${form.collection}/${d.id}`, paymentCodePath(code));
  created.push(form.collection === 'partners' ? applicationCheckoutPath(d.id) : `checkouts/${d.id}`);
  return d;
}

/** Everyone who is not staff: a stranger with a free identity, someone signed in, an unverified staff address. */
const STRANGERS = ['anonymous', 'signedIn', 'unverified'] as const;

describe.each([
  ['registration', FORMS.registration],
  ['booth booking', FORMS.booth],
  ['partner application', FORMS.partner],
] as const)('a %s’s payment code', (_, form) => {
  it('does not name its record to a stranger who guesses it (control: staff read what it names)', async () => {
    const d = await stored(form);
    const code = String(d.doc.paymentCode);
    for (const actor of STRANGERS) await denied(getDoc(doc(as.db[actor], 'paymentCodes', code)));
    // Not even the record's own submitter: the code is on statements, the reference in their email.
    await denied(getDoc(doc(d.by.db, 'paymentCodes', code)));
    for (const actor of ['editor', 'finance', 'admin'] as const)
      expect((await getDoc(doc(as.db[actor], 'paymentCodes', code))).data()).toEqual({ collection: form.collection, recordId: d.id });
  });

  it('tells a stranger only that a code nobody holds is free, so a new record can draw one', async () => {
    const free = await unclaimedCode();
    for (const actor of STRANGERS) expect((await getDoc(doc(as.db[actor], 'paymentCodes', free))).exists()).toBe(false);
  });
});

describe('an application', () => {
  it.each([
    ['booth booking', boothDoc],
    ['partner application', partnerDoc],
  ] as const)('a %s is not readable by its reference: only staff read it (control: staff do)', async (_, build) => {
    // Stored past the rules: the attack is the read, whatever wrote the application.
    const id = uniqueId('application');
    await fixture(`partners/${id}`, fieldsOf(build(id)));
    created.push(`partners/${id}`);
    for (const actor of STRANGERS) await denied(getDoc(doc(as.db[actor], 'partners', id)));
    for (const actor of ['editor', 'finance', 'admin'] as const) await allowed(getDoc(doc(as.db[actor], 'partners', id)));
  });

  it('opens by its reference as its checkout projection: no phone, website, message or requirements', async () => {
    for (const form of [FORMS.booth, FORMS.partner]) {
      const d = await stored(form);
      const read = (await getDoc(doc(as.db.anonymous, 'applicationCheckouts', d.id))).data()!;
      expect(read).toEqual(applicationCheckoutOf({ ...(await ownerGet(`partners/${d.id}`))!, id: d.id }));
      for (const field of ['phone', 'website', 'message', 'requirements', 'staffCount', 'searchTokens']) expect(read).not.toHaveProperty(field);
    }
  });

  it('projections are not listed by strangers (control: staff list them)', async () => {
    for (const actor of STRANGERS) await denied(getDocs(query(collection(as.db[actor], 'applicationCheckouts'))));
    await allowed(getDocs(query(collection(as.db.finance, 'applicationCheckouts'))));
  });

  it('a projection cannot be written apart from its application, nor left behind by a deletion', async () => {
    const d = await stored(FORMS.booth);
    const path = applicationCheckoutPath(d.id);
    const projection = (await ownerGet(path))!;
    for (const who of [as.db.anonymous, d.by.db, as.db.finance, as.db.admin] as Firestore[]) {
      await denied(commit(who, [{ set: path, data: { ...projection, email: 'attacker@example.org' } }]));
      await denied(commit(who, [{ update: `partners/${d.id}`, data: { status: 'confirmed' } }]));
    }
    await denied(commit(as.db.admin, [{ delete: `partners/${d.id}` }]));
    await allowed(commit(as.db.admin, [{ delete: `partners/${d.id}` }, { delete: path }]));
    expect(await ownerGet(path)).toBeNull();
  });
});

describe('a registration by its code', () => {
  it('opens for its attendee, signed in with its address, and for nobody else signed in', async () => {
    const d = await stored(FORMS.registration);
    const code = String(d.doc.paymentCode);
    const byCode = (db: Firestore, email: string) =>
      getDocs(query(collection(db, 'registrations'), where('email', '==', email), where('paymentCode', '==', code)));
    expect((await byCode(d.by.db, String(d.doc.email))).docs.map((s) => s.id)).toEqual([d.id]);
    const other = await attendee();
    await denied(byCode(other.db, String(d.doc.email)));
    expect((await byCode(other.db, other.email!)).docs).toEqual([]);
    await denied(getDocs(query(collection(as.db.anonymous, 'registrations'), where('paymentCode', '==', code))));
  });
});

describe('drawing a code as a visitor', () => {
  it('a held code reads as refused, so the draw moves on to a free one', async () => {
    const d = await stored(FORMS.booth);
    const held = String(d.doc.paymentCode);
    const free = await unclaimedCode();
    const codes = [held, free];
    const visitorDb = createDb(() => as.db.anonymous);
    const drawn = await visitorDb.transact([], async (_docs: Array<WithId<Record<string, unknown>> | null>, read) => {
      const claim = await claimPaymentCode({ collection: 'partners', recordId: 'unused' }, read, () => codes.shift()!);
      return { writes: [], result: claim.code };
    });
    expect(drawn).toBe(free);
  });
});
