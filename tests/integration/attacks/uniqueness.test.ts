// Attacker's suite, class 2: uniqueness. What must exist once exists once: a transaction code
// across the summit (however it is typed), a reference across registrations and applications, one
// document of each kind and one email per visitor commit; one valid CPD certificate per
// registration, one evaluation per registration and day, one check-in per day.
import { doc, updateDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, writePath, type BatchWrite } from '../../../src/lib/db.ts';
import { decideReject, verdictPaths, type AdminPayment } from '../../../src/features/payments/admin/payment-actions.ts';
import { ACCOUNTS, signInActors, verdict, type Actors } from '../support/actors.ts';
import { closeClients } from '../support/clients.ts';
import { commit, FORMS, searchable, transactionCodeFor, type Doc } from '../support/forms.ts';
import { ownerGet, uniqueId } from '../support/owner.ts';
import { evaluationId } from '../../../src/data/certificates.ts';
import {
  ANSWERS,
  attendedRegistration,
  certifiedRegistration,
  checkInWrites,
  DAY1,
  DAY2,
  DAY3,
  evaluate,
  evaluationDoc,
  issueCommit,
  useCpdSettings,
  without,
} from '../support/certificates.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const verdictOf = async (form = FORMS.registrationPayment, change: Record<string, unknown> = {}) => {
  const draft = await form.draft(change);
  return { draft, result: await verdict(commit(draft.by.db, draft.writes())) };
};

describe('one transaction code, one payment', () => {
  it.each([
    ['as typed', (code: string) => code],
    ['in lower case', (code: string) => code.toLowerCase()],
    ['with spaces', (code: string) => code.replace(/(...)/g, '$1 ').trim()],
    ['with dashes and a slash', (code: string) => `${code.slice(0, 3)}-${code.slice(3, 6)}/${code.slice(6)}`],
    // Only the claimed form is stored (a variant is refused by its grammar too): each is refused.
  ])('refuses a code already submitted for another registration, %s', async (_, typed) => {
    const code = transactionCodeFor(uniqueId('sg'));
    const first = await verdictOf(FORMS.registrationPayment, { reference: code });
    expect(first.result).toBe('allowed');
    // A fresh draft would free a leftover claim of the same code: build this one by hand instead.
    const second = await FORMS.boothPayment.draft();
    const writes = second
      .writes({ ...second.doc, reference: typed(code) })
      .map((w): BatchWrite => (writePath(w).startsWith('paymentReferences/') ? { set: `paymentReferences/${code}`, data: { paymentId: second.id } } : w));
    expect(await verdict(commit(second.by.db, writes))).toBe('denied');
    expect(await ownerGet(`payments/${second.id}`)).toBeNull();
  });

  it('refuses a payment that claims no code (so it could repeat one)', async () => {
    const draft = await FORMS.registrationPayment.draft();
    expect(
      await verdict(
        commit(
          draft.by.db,
          draft.writes().filter((w) => !writePath(w).startsWith('paymentReferences/')),
        ),
      ),
    ).toBe('denied');
  });

  it('frees the code when finance rejects the payment, so the payer may submit it again', async () => {
    const code = transactionCodeFor(uniqueId('rj'));
    // A booth's payment: the code is what is tested (a registration's rejection also moves its seat and checkout: rules-mail.test.ts).
    const first = await verdictOf(FORMS.boothPayment, { reference: code });
    expect(first.result).toBe('allowed');
    const payment = { ...(first.draft.doc as Doc), id: first.draft.id } as unknown as AdminPayment;
    await createDb(() => as.db.finance).transact(verdictPaths({ payment }), (docs) =>
      decideReject(docs, { payment, note: 'Not on our statement', staffEmail: ACCOUNTS.finance.email, mailId: uniqueId('mail') }),
    );
    expect(await ownerGet(`paymentReferences/${code}`)).toBeNull();
    const again = await FORMS.boothPayment.draft();
    const writes = again.writes({ ...again.doc, reference: code });
    expect(await verdict(commit(again.by.db, writes))).toBe('allowed');
  });
});

describe('one reference, one record', () => {
  it('refuses a registration under the id of an existing application, and the reverse', async () => {
    const application = await FORMS.partner.draft();
    await commit(application.by.db, application.writes());
    const registration = await FORMS.registration.draft();
    const shadow = registration.writes().map((w): BatchWrite => {
      const path = writePath(w);
      if (path === `registrations/${registration.id}`)
        return { set: `registrations/${application.id}`, data: searchable({ ...registration.doc, id: application.id }) };
      return w;
    });
    expect(await verdict(commit(registration.by.db, shadow))).toBe('denied');

    const existing = await FORMS.registration.draft();
    await commit(existing.by.db, existing.writes());
    const booth = await FORMS.booth.draft();
    const reverse = booth
      .writes()
      .map((w): BatchWrite =>
        writePath(w) === `partners/${booth.id}` ? { set: `partners/${existing.id}`, data: searchable({ ...booth.doc, id: existing.id }) } : w,
      );
    expect(await verdict(commit(booth.by.db, reverse))).toBe('denied');
  });

  it('refuses a registration and an application created under one id in the same commit', async () => {
    const id = uniqueId('twin');
    const registration = await FORMS.registration.draft();
    const regWrites = registration
      .writes({ ...registration.doc, id })
      .map((w): BatchWrite =>
        writePath(w) === `registrations/${registration.id}` ? { set: `registrations/${id}`, data: searchable({ ...registration.doc, id }) } : w,
      );
    const booth = await FORMS.booth.draft({}, registration.by);
    const boothWrite: BatchWrite = { set: `partners/${id}`, data: searchable({ ...booth.doc, id }) };
    expect(await verdict(commit(registration.by.db, [...regWrites, boothWrite]))).toBe('denied');
  });
});

describe('one document, one email per visitor commit', () => {
  it('refuses two messages in one commit (one throttle entry names one document)', async () => {
    const a = await FORMS.message.draft();
    const b = await FORMS.message.draft({}, a.by);
    const bMessage = b.writes().filter((w) => writePath(w).startsWith('messages/'));
    expect(await verdict(commit(a.by.db, [...a.writes(), ...bMessage]))).toBe('denied');
  });

  it('refuses a second email about the same registration', async () => {
    const draft = await FORMS.registration.draft();
    const mail = draft.writes().find((w) => writePath(w) === `mail/${draft.id}`) as { data: Doc };
    expect(await verdict(commit(draft.by.db, [...draft.writes(), { set: `mail/${uniqueId('copy')}`, data: mail.data }]))).toBe('denied');
  });
});

// ---------- CPD certificates (issue 21) ----------

describe('CPD certificates and evaluations', () => {
  let restoreCpd: () => Promise<void>;
  const admin = () => as.db.admin;
  const denied = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('denied');
  const allowed = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('allowed');
  beforeAll(async () => {
    restoreCpd = await useCpdSettings();
  });
  afterAll(() => restoreCpd());
  const certified = (days?: string[]) => certifiedRegistration(admin(), days);

  describe('uniqueness', () => {
    it('one valid certificate per registration: a second, two in one commit, or a correction replaced twice are refused', async () => {
      const { a, certId } = await certified();
      await denied(commit(admin(), issueCommit(a).writes));
      const fix = issueCommit(a, [DAY1, DAY2], {}, certId);
      await allowed(commit(admin(), fix.writes));
      // The first certificate, already replaced, replaced again.
      await denied(commit(admin(), issueCommit(a, [DAY1, DAY2], {}, certId).writes));
      // A new one beside the correction without revoking it.
      await denied(commit(admin(), issueCommit(a).writes));
      const b = await attendedRegistration();
      const [one, two] = [issueCommit(b), issueCommit(b)];
      await denied(commit(admin(), [...one.writes, ...without(two.writes, 'registrations/')]));
    });

    it('one evaluation per registration and day: a resubmission or a rewrite by the owner is refused', async () => {
      const a = await attendedRegistration();
      await allowed(evaluate(a.who, evaluationDoc(a.id, DAY1, a.who.email)));
      await denied(
        evaluate(
          a.who,
          evaluationDoc(
            a.id,
            DAY1,
            a.who.email,
            ANSWERS.map((x) => (x.id === 'overall' ? { ...x, value: 1 } : x)),
          ),
        ),
      );
      await denied(updateDoc(doc(a.who.db, 'evaluations', evaluationId(a.id, DAY1)), { answers: [] }));
      // Another day attended is another evaluation.
      await allowed(evaluate(a.who, evaluationDoc(a.id, DAY2, a.who.email)));
    });

    it('one day counted once: a certificate listing a day twice is refused, whatever the other days', async () => {
      const a = await attendedRegistration([DAY1, DAY2, DAY3]);
      await denied(commit(admin(), issueCommit(a, [DAY1, DAY2, DAY3, DAY3]).writes));
      await denied(commit(admin(), issueCommit(a, [DAY3, DAY1, DAY3]).writes));
    });

    it('one check-in per day: the same day again is refused, even by an administrator', async () => {
      const a = await attendedRegistration([DAY1]);
      await denied(commit(admin(), await checkInWrites(a.id, DAY1)));
    });
  });
});
