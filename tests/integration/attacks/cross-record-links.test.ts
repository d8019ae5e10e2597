// Attacker's suite, class 1: cross-record links. Every document that names another (a payment and
// the record it flips, a throttle entry and the document it counts, a code claim and its payment,
// an archived copy and its restore; a certificate, its projection, its registration, its
// replacement and its email; an evaluation and its registration) is checked both ways: naming the
// wrong one is refused.
import { doc, setDoc, writeBatch } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, newId, writePath, type BatchWrite } from '../../../src/lib/db.ts';
import { throttleWrite } from '../../../src/data/visitor-throttle.ts';
import { signInActors, verdict, type Actors } from '../support/actors.ts';
import { closeClients, visitor } from '../support/clients.ts';
import { boothDoc, commit, fieldsOf, FORMS, messageDoc, paymentCommit, registrationDoc, type Doc, type Draft } from '../support/forms.ts';
import { fixture, ownerGet, uniqueId } from '../support/owner.ts';
import { attendee } from '../support/seats.ts';
import { evaluationId } from '../../../src/data/certificates.ts';
import {
  attendedRegistration,
  certifiedRegistration,
  DAY1,
  DAY2,
  evaluate,
  evaluationOnly,
  evaluationDoc,
  issueCommit,
  replaceData,
  useCpdSettings,
  type Attended,
} from '../support/certificates.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const denied = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('denied');
const allowed = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('allowed');
const swap = (writes: BatchWrite[], path: string, by: BatchWrite) => writes.map((w) => (writePath(w) === path ? by : w));

describe('a payment and the record it flips', () => {
  it('refuses one payment flipping a second registration (payment for A, B set to submitted naming it)', async () => {
    const draft = await FORMS.registrationPayment.draft();
    const other = await fixture(`registrations/${uniqueId('reg-b')}`, fieldsOf(registrationDoc('')));
    const writes = [...draft.writes(), { update: `registrations/${other}`, data: { paymentStatus: 'submitted', lastPaymentId: draft.id } }];
    await denied(commit(draft.by.db, writes));
    expect((await ownerGet(`registrations/${other}`))?.paymentStatus).toBe('unpaid');
  });

  it('refuses a payment for A that flips only B', async () => {
    const draft = await FORMS.registrationPayment.draft();
    const other = await fixture(`registrations/${uniqueId('reg-b')}`, fieldsOf(registrationDoc('')));
    const flipA = `registrations/${draft.target!.id}`;
    await denied(
      commit(draft.by.db, swap(draft.writes(), flipA, { update: `registrations/${other}`, data: { paymentStatus: 'submitted', lastPaymentId: draft.id } })),
    );
  });

  it('refuses a payment naming a registration under the applications collection', async () => {
    const draft = await FORMS.registrationPayment.draft();
    await denied(commit(draft.by.db, draft.writes({ ...draft.doc, targetCollection: 'partners' })));
  });
});

describe('paying for an application before it is approved', () => {
  it('refuses a payment for a partner application or booth booking still under review, and accepts it once approved', async () => {
    for (const status of ['pending', 'cancelled']) {
      const draft = await FORMS.boothPayment.draft();
      await fixture(`partners/${draft.target!.id}`, { ...fieldsOf(boothDoc('')), status });
      await denied(commit(draft.by.db, draft.writes()));
      expect((await ownerGet(`partners/${draft.target!.id}`))?.paymentStatus).toBe('unpaid');
    }
    const approved = await FORMS.boothPayment.draft();
    await allowed(commit(approved.by.db, approved.writes()));
  });
});

describe('a throttle entry and the document it counts', () => {
  const message = async () => FORMS.message.draft();
  const throttlePath = (d: Draft) => `throttles/${d.by.uid}`;

  it.each([
    ['a document of another collection', (d: Draft) => swap(d.writes(), throttlePath(d), throttleWrite(d.by.uid, 'registrations', d.id, null))],
    ['a document that already existed', (d: Draft) => swap(d.writes(), throttlePath(d), throttleWrite(d.by.uid, 'messages', 'demo-registration-1', null))],
    [
      'another document than the one created',
      (d: Draft) => swap(d.writes(), throttlePath(d), throttleWrite(d.by.uid, 'messages', uniqueId('elsewhere'), null)),
    ],
  ])('refuses a message whose throttle entry names %s', async (_, tamper) => {
    const d = await message();
    await denied(commit(d.by.db, tamper(d)));
  });

  it('refuses moving someone else’s throttle (the entry must be the writer’s own)', async () => {
    const d = await message();
    const someoneElse = await visitor();
    await denied(commit(d.by.db, swap(d.writes(), throttlePath(d), throttleWrite(someoneElse.uid, 'messages', d.id, null))));
  });
});

describe('a transaction code claim and its payment', () => {
  it('refuses a claim naming another payment, or no payment created now', async () => {
    const draft = await FORMS.registrationPayment.draft();
    const claim = draft.writes().find((w) => writePath(w).startsWith('paymentReferences/'))!;
    await denied(commit(draft.by.db, swap(draft.writes(), writePath(claim), { set: writePath(claim), data: { paymentId: 'another-payment' } })));
    await denied(setDoc(doc(draft.by.db, 'paymentReferences', 'FREECODE123'), { paymentId: 'demo-payment-submitted-1' }));
  });

  it('refuses a claim under another code than the payment’s', async () => {
    const draft = await FORMS.registrationPayment.draft();
    const claim = draft.writes().find((w) => writePath(w).startsWith('paymentReferences/'))!;
    await denied(commit(draft.by.db, swap(draft.writes(), writePath(claim), { set: 'paymentReferences/SOMEONEELSESCODE', data: { paymentId: draft.id } })));
  });

  it('refuses finance freeing the claim of a payment that is not rejected', async () => {
    const draft = await FORMS.registrationPayment.draft();
    await commit(draft.by.db, draft.writes());
    const claim = draft.writes().find((w) => writePath(w).startsWith('paymentReferences/'))!;
    await denied(createDb(() => as.db.finance).commit([{ delete: writePath(claim) }]));
  });
});

describe('an archived copy and its restore', () => {
  const archived = async (collection: string, data: object) => {
    const id = uniqueId(`archived-${collection}`);
    await fixture(`archive/${collection}/items/${id}`, data);
    return id;
  };

  it.each([
    ['an event, by an editor', 'events', () => ({ title: 'Screening day', published: true }), () => as.db.editor],
    ['a registration, by an admin', 'registrations', () => fieldsOf(registrationDoc('')), () => as.db.admin],
    ['a contact message, by an admin', 'messages', () => ({ ...fieldsOf(messageDoc('')), status: 'read' }), () => as.db.admin],
  ])('refuses restoring a stand-in over %s (then deleting it would leave no trace)', async (_, collection, data, db) => {
    const id = await archived(collection, data());
    const batch = writeBatch(db());
    batch.set(doc(db(), collection, id), { ...data(), title: 'A stand-in', fullName: 'A stand-in', name: 'A stand-in' });
    batch.delete(doc(db(), 'archive', collection, 'items', id));
    await denied(batch.commit());
    expect(await ownerGet(`archive/${collection}/items/${id}`)).not.toBeNull();
  });

  it('allows the real restore: exactly the archived copy', async () => {
    const id = await archived('events', { title: 'Screening day', published: true });
    await allowed(createDb(() => as.db.editor).restoreFromArchive('events', id));
    expect(await ownerGet(`events/${id}`)).toMatchObject({ title: 'Screening day' });
  });
});

describe('a payment acknowledgement and its payment', () => {
  it('refuses a visitor writing the acknowledgement of a payment about another record', async () => {
    const draft = await FORMS.registrationPayment.draft();
    const otherId = await fixture(
      `registrations/${uniqueId('reg-c')}`,
      fieldsOf(registrationDoc('', { fullName: 'Someone Else', email: 'someone@example.org' })),
    );
    const forged = paymentCommit(draft.id, draft.doc, {
      collection: 'registrations',
      id: otherId,
      record: fieldsOf(registrationDoc('', { fullName: 'Someone Else', email: 'someone@example.org' })),
    }).find((w) => writePath(w) === `mail/${draft.id}`)!;
    await denied(commit(draft.by.db, swap(draft.writes(), `mail/${draft.id}`, forged)));
  });

  it('the control: the same payment with its own acknowledgement is allowed', async () => {
    const draft = await FORMS.registrationPayment.draft();
    await allowed(commit(draft.by.db, draft.writes()));
    expect(await ownerGet(`mail/${draft.id}`)).toMatchObject({ recordId: draft.target!.id, paymentId: draft.id });
  });
});

// ---------- CPD certificates (issue 21) ----------

describe('CPD certificates and evaluations', () => {
  let restoreCpd: () => Promise<void>;
  const admin = () => as.db.admin;
  beforeAll(async () => {
    restoreCpd = await useCpdSettings();
  });
  afterAll(() => restoreCpd());
  const certified = (days?: string[]) => certifiedRegistration(admin(), days);
  /** Moves the registration write of a commit from `from` to `to` (the certificate still names `from`). */
  const moveRegistrationWrite = (from: Attended, to: Attended) => (w: BatchWrite) =>
    writePath(w) === `registrations/${from.id}` ? { ...w, update: `registrations/${to.id}` } : w;

  describe('cross-record links', () => {
    it("refuses a certificate naming another registration (the other's name, days and address), the issuer's one naming it", async () => {
      const [a, b] = [await attendedRegistration(), await attendedRegistration()];
      const forB = issueCommit(b);
      // The certificate is B's in every figure, but the commit names it from A.
      await denied(commit(admin(), replaceData(forB.writes, 'registrations/', () => ({ certificateId: forB.certId })).map(moveRegistrationWrite(b, a))));
      // A's certificate, naming B as its registration.
      await denied(commit(admin(), issueCommit(a, [DAY1, DAY2], { registrationId: b.id }).writes));
      // A's certificate with B's name and address.
      await denied(commit(admin(), issueCommit(a, [DAY1, DAY2], { fullName: b.stored.fullName, email: b.stored.email }).writes));
      expect((await ownerGet(`registrations/${a.id}`))?.certificateId).toBeUndefined();
      expect((await ownerGet(`registrations/${b.id}`))?.certificateId).toBeUndefined();
    });

    it('refuses a certificate for one registration that also sets another registration’s certificateId', async () => {
      const [a, b] = [await attendedRegistration(), await attendedRegistration()];
      const issue = issueCommit(a);
      await denied(commit(admin(), [...issue.writes, { update: `registrations/${b.id}`, data: { certificateId: issue.certId } }]));
    });

    it('refuses a projection under another certificate’s id, and one certificate’s figures in another’s projection', async () => {
      const { cert, certId } = await certified();
      const a = await attendedRegistration([DAY1, DAY2], { fullName: 'Wanjiru Kamau' });
      const issue = issueCommit(a);
      expect(cert.fullName).not.toBe('Wanjiru Kamau');
      // The new certificate's projection written over the existing one's.
      await denied(
        commit(
          admin(),
          issue.writes.map((w) =>
            writePath(w) === `certificateChecks/${issue.certId}` ? { set: `certificateChecks/${certId}`, data: (w as { data: Doc }).data } : w,
          ),
        ),
      );
      // The existing certificate's holder and points shown in the new one's projection.
      await denied(
        commit(
          admin(),
          replaceData(issue.writes, 'certificateChecks/', (d) => ({ ...d, fullName: cert.fullName })),
        ),
      );
    });

    it("refuses correcting another registration's certificate (replaces and replacedBy naming a stranger's)", async () => {
      const { certId: strangers } = await certified();
      const a = await attendedRegistration();
      await denied(commit(admin(), issueCommit(a, [DAY1, DAY2], {}, strangers).writes));
      expect(await ownerGet(`certificates/${strangers}`)).toMatchObject({ status: 'valid' });
    });

    it('refuses the email of one certificate sent in the commit issuing another', async () => {
      const { cert: old } = await certified();
      const a = await attendedRegistration();
      const issue = issueCommit(a);
      await denied(
        commit(
          admin(),
          replaceData(issue.writes, 'mail/', (m) => ({
            ...m,
            to: old.email,
            recordId: old.id,
            template: { name: 'certificate-issued', data: { name: old.fullName, certificateId: old.id, activity: old.activityName, points: old.points } },
          })),
        ),
      );
    });

    it("refuses an evaluation for someone else's registration, whichever id or address it gives", async () => {
      const owner = await attendedRegistration();
      const intruder = await attendedRegistration();
      // Their registration, the intruder's address.
      await denied(evaluate(intruder.who, evaluationDoc(owner.id, DAY1, intruder.who.email)));
      // Their registration and address, sent by the intruder.
      await denied(evaluate(intruder.who, evaluationDoc(owner.id, DAY1, owner.who.email)));
      // The intruder's own registration under the owner's evaluation id (taking the owner's place).
      await denied(evaluate(intruder.who, evaluationDoc(intruder.id, DAY1, intruder.who.email), evaluationId(owner.id, DAY1)));
      // The owner's own, still possible afterwards.
      await allowed(evaluate(owner.who, evaluationDoc(owner.id, DAY1, owner.who.email)));
    });

    it('refuses an evaluation for a registration id that names no registration, or holds a slash', async () => {
      const who = await attendee();
      await denied(evaluationOnly(who, evaluationDoc(`reg-${newId()}`, DAY1, who.email)));
      await denied(setDoc(doc(who.db, 'evaluations', `x_${DAY1}`), evaluationDoc('registrations/x', DAY1, who.email)));
    });
  });
});
