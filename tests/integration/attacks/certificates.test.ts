// Attacker's suite on CPD certificates (issue 21), by class: cross-record links (a certificate, its
// projection, its registration, its replacement, its email and an evaluation each name another
// record, and naming the wrong one is refused), uniqueness (one valid certificate per registration,
// one evaluation per registration and day), the grammar of every free-text field (settings' wording,
// question labels, text answers, a revocation's reason) and volume (a megabyte answer or reason,
// more questions or answers than the rules check one by one, a month of days).
import { doc, setDoc, updateDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, writePath, type BatchWrite } from '../../../src/lib/db.ts';
import { evaluationId, MAX_QUESTIONS } from '../../../src/data/certificates.ts';
import { signInActors, verdict, type Actors } from '../support/actors.ts';
import { closeClients } from '../support/clients.ts';
import { commit, type Doc } from '../support/forms.ts';
import { ownerGet } from '../support/owner.ts';
import { attendee, ownerWrite, type Attendee } from '../support/seats.ts';
import {
  ANSWERS,
  attendedRegistration,
  checkInWrites,
  CPD,
  DAY1,
  DAY2,
  DAY3,
  evaluationDoc,
  issueCommit,
  replaceData,
  revokeWrites,
  useCpdSettings,
  without,
  type Attended,
} from '../support/certificates.ts';

let as: Actors;
let restoreCpd: () => Promise<void>;
beforeAll(async () => {
  as = await signInActors();
  restoreCpd = await useCpdSettings();
});
afterAll(async () => {
  await restoreCpd();
  await closeClients();
});

const denied = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('denied');
const allowed = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('allowed');
const evaluate = (who: Attendee, data: Doc, id = evaluationId(String(data.registrationId), String(data.day))) => setDoc(doc(who.db, 'evaluations', id), data);

/** A registration with a valid certificate, issued through the rules. */
async function certified(days = [DAY1, DAY2]) {
  const a = await attendedRegistration(days);
  const issue = issueCommit(a, days);
  await allowed(commit(as.db.admin, issue.writes));
  return { a, ...issue };
}

/** Moves the registration write of a commit from `from` to `to` (the certificate still names `from`). */
const moveRegistrationWrite = (from: Attended, to: Attended) => (w: BatchWrite) =>
  writePath(w) === `registrations/${from.id}` ? { ...w, update: `registrations/${to.id}` } : w;

describe('cross-record links', () => {
  it("refuses a certificate naming another registration (the other's name, days and address), the issuer's one naming it", async () => {
    const [a, b] = [await attendedRegistration(), await attendedRegistration()];
    const forB = issueCommit(b);
    // The certificate is B's in every figure, but the commit names it from A.
    await denied(commit(as.db.admin, replaceData(forB.writes, 'registrations/', () => ({ certificateId: forB.certId })).map(moveRegistrationWrite(b, a))));
    // A's certificate, naming B as its registration.
    await denied(commit(as.db.admin, issueCommit(a, [DAY1, DAY2], { registrationId: b.id }).writes));
    // A's certificate with B's name and address.
    await denied(commit(as.db.admin, issueCommit(a, [DAY1, DAY2], { fullName: b.stored.fullName, email: b.stored.email }).writes));
    expect((await ownerGet(`registrations/${a.id}`))?.certificateId).toBeUndefined();
    expect((await ownerGet(`registrations/${b.id}`))?.certificateId).toBeUndefined();
  });

  it('refuses a certificate for one registration that also sets another registration’s certificateId', async () => {
    const [a, b] = [await attendedRegistration(), await attendedRegistration()];
    const issue = issueCommit(a);
    await denied(commit(as.db.admin, [...issue.writes, { update: `registrations/${b.id}`, data: { certificateId: issue.certId } }]));
  });

  it('refuses a projection under another certificate’s id, and one certificate’s figures in another’s projection', async () => {
    const { cert, certId } = await certified();
    const a = await attendedRegistration([DAY1, DAY2], { fullName: 'Wanjiru Kamau' });
    const issue = issueCommit(a);
    expect(cert.fullName).not.toBe('Wanjiru Kamau');
    // The new certificate's projection written over the existing one's.
    await denied(
      commit(
        as.db.admin,
        issue.writes.map((w) =>
          writePath(w) === `certificateChecks/${issue.certId}` ? { set: `certificateChecks/${certId}`, data: (w as { data: Doc }).data } : w,
        ),
      ),
    );
    // The existing certificate's holder and points shown in the new one's projection.
    await denied(
      commit(
        as.db.admin,
        replaceData(issue.writes, 'certificateChecks/', (d) => ({ ...d, fullName: cert.fullName })),
      ),
    );
  });

  it("refuses correcting another registration's certificate (replaces and replacedBy naming a stranger's)", async () => {
    const { certId: strangers } = await certified();
    const a = await attendedRegistration();
    await denied(commit(as.db.admin, issueCommit(a, [DAY1, DAY2], {}, strangers).writes));
    expect(await ownerGet(`certificates/${strangers}`)).toMatchObject({ status: 'valid' });
  });

  it('refuses the email of one certificate sent in the commit issuing another', async () => {
    const { cert: old } = await certified();
    const a = await attendedRegistration();
    const issue = issueCommit(a);
    await denied(
      commit(
        as.db.admin,
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
    await denied(evaluate(who, evaluationDoc(`reg-${newId()}`, DAY1, who.email)));
    await denied(setDoc(doc(who.db, 'evaluations', `x_${DAY1}`), evaluationDoc('registrations/x', DAY1, who.email)));
  });
});

describe('uniqueness', () => {
  it('one valid certificate per registration: a second, two in one commit, or a correction replaced twice are refused', async () => {
    const { a, certId } = await certified();
    await denied(commit(as.db.admin, issueCommit(a).writes));
    const fix = issueCommit(a, [DAY1, DAY2], {}, certId);
    await allowed(commit(as.db.admin, fix.writes));
    // The first certificate, already replaced, replaced again.
    await denied(commit(as.db.admin, issueCommit(a, [DAY1, DAY2], {}, certId).writes));
    // A new one beside the correction without revoking it.
    await denied(commit(as.db.admin, issueCommit(a).writes));
    const b = await attendedRegistration();
    const [one, two] = [issueCommit(b), issueCommit(b)];
    await denied(commit(as.db.admin, [...one.writes, ...without(two.writes, 'registrations/')]));
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
    await denied(commit(as.db.admin, issueCommit(a, [DAY1, DAY2, DAY3, DAY3]).writes));
    await denied(commit(as.db.admin, issueCommit(a, [DAY3, DAY1, DAY3]).writes));
  });

  it('one check-in per day: the same day again is refused, even by an administrator', async () => {
    const a = await attendedRegistration([DAY1]);
    await denied(commit(as.db.admin, await checkInWrites(a.id, DAY1)));
  });
});

// What an attacker types, and how each grammar answers: a single line (settings' wording, question
// labels) refuses every control character and bidirectional override; a paragraph (a text answer,
// a revocation's reason) keeps line breaks and tabs; markup and formulas are stored as text (the
// pages render text, and the CSV export neutralises formulas).
const ODD: Array<[what: string, value: string, line: boolean, paragraph: boolean]> = [
  ['a CRLF header injection', 'Summit\r\nBcc: x@example.org', false, true],
  ['a line break', 'Brian\nOdhiambo', false, true],
  ['a tab', 'Brian\tOdhiambo', false, true],
  ['a NUL', 'Brian\u0000Odhiambo', false, false],
  ['an escape sequence', '\u001B[2J\u001B[31mBrian', false, false],
  ['a vertical tab', 'Brian\u000BOdhiambo', false, false],
  ['a DEL', 'Brian\u007F', false, false],
  ['a right-to-left override', 'Summit \u202E7202', false, false],
  ['a first-strong isolate', 'Brian \u2068Odhiambo', false, false],
  ['markup', '<img src=x onerror=alert(1)>', true, true],
  ['a spreadsheet formula', '=HYPERLINK("https://evil.example","Valid")', true, true],
  ['Handlebars', '{{> siteUrl}}{{#each x}}', true, true],
];

describe('odd strings', () => {
  it.each(ODD.map(([what, value, line]) => [what, value, line] as const))('settings wording and labels with %s', async (_, value, line) => {
    const expected = line ? 'allowed' : 'denied';
    for (const change of [
      { accreditingBody: value },
      { activityName: value },
      { signatoryName: value },
      { signatoryTitle: value },
      { providerNumber: value.slice(0, 40) },
      { questions: [{ ...CPD.questions[0], label: value }] },
    ]) {
      expect([change, await verdict(setDoc(doc(as.db.admin, 'settings', 'cpd'), { ...CPD, ...change }))]).toEqual([change, expected]);
    }
    await ownerWrite(['settings/cpd', { ...CPD }]);
  });

  it.each(ODD.map(([what, value, , paragraph]) => [what, value, paragraph] as const))('a text answer with %s', async (_, value, paragraph) => {
    const a = await attendedRegistration();
    const answers = ANSWERS.map((x) => (x.id === 'comments' ? { ...x, value } : x));
    expect(await verdict(evaluate(a.who, evaluationDoc(a.id, DAY1, a.who.email, answers)))).toBe(paragraph ? 'allowed' : 'denied');
  });

  it.each(ODD.map(([what, value, , paragraph]) => [what, value, paragraph] as const))('a revocation reason with %s', async (_, value, paragraph) => {
    const { certId } = await certified();
    expect(await verdict(commit(as.db.admin, revokeWrites(certId, value)))).toBe(paragraph ? 'allowed' : 'denied');
  });

  it.each([
    ['a question id with a slash', 'q/1'],
    ['a question id with a dot (a field path)', 'q.1'],
    ['a question id of 41 characters', 'q'.repeat(41)],
    ['an empty question id', ''],
    ['a question id with a space', 'q 1'],
  ])('settings with %s', async (_, id) => {
    await denied(setDoc(doc(as.db.admin, 'settings', 'cpd'), { ...CPD, questions: [{ ...CPD.questions[0], id }] }));
  });
});

describe('volume', () => {
  it('refuses a one-megabyte text answer', async () => {
    const a = await attendedRegistration();
    const answers = ANSWERS.map((x) => (x.id === 'comments' ? { ...x, value: 'x'.repeat(1_000_000) } : x));
    await denied(evaluate(a.who, evaluationDoc(a.id, DAY1, a.who.email, answers)));
  });

  it('refuses a one-megabyte revocation reason', async () => {
    const { certId } = await certified();
    await denied(commit(as.db.admin, revokeWrites(certId, 'r'.repeat(1_000_000))));
  });

  it(`holds at ${MAX_QUESTIONS} questions (each checked in turn), refuses ${MAX_QUESTIONS + 1}, and answers to match`, async () => {
    const questions = Array.from({ length: MAX_QUESTIONS }, (_, i) => ({ id: `q-${i}`, label: `Question ${i + 1}`, kind: i % 2 ? 'text' : 'rating' }));
    const answer = (i: number) => ({ id: `q-${i}`, value: i % 2 ? 'x'.repeat(1000) : 5 });
    await denied(setDoc(doc(as.db.admin, 'settings', 'cpd'), { ...CPD, questions: [...questions, { id: 'q-8', label: 'Ninth', kind: 'rating' }] }));
    await allowed(setDoc(doc(as.db.admin, 'settings', 'cpd'), { ...CPD, questions }));
    try {
      const a = await attendedRegistration();
      const eight = questions.map((_, i) => answer(i));
      await denied(evaluate(a.who, evaluationDoc(a.id, DAY1, a.who.email, [...eight, answer(8)])));
      // The last question is checked too: a wrong answer there is refused.
      await denied(evaluate(a.who, evaluationDoc(a.id, DAY1, a.who.email, [...eight.slice(0, 7), { id: 'q-7', value: 'x'.repeat(1001) }])));
      await allowed(evaluate(a.who, evaluationDoc(a.id, DAY1, a.who.email, eight)));
    } finally {
      await ownerWrite(['settings/cpd', { ...CPD }]);
    }
  });

  it('refuses settings stored with nine questions past the rules: no evaluation can then be checked', async () => {
    const nine = Array.from({ length: MAX_QUESTIONS + 1 }, (_, i) => ({ id: `q-${i}`, label: `Q${i}`, kind: 'rating' }));
    await ownerWrite(['settings/cpd', { ...CPD, questions: nine }]);
    try {
      const a = await attendedRegistration();
      await denied(
        evaluate(
          a.who,
          evaluationDoc(
            a.id,
            DAY1,
            a.who.email,
            nine.map((q) => ({ id: q.id, value: 3 })),
          ),
        ),
      );
    } finally {
      await ownerWrite(['settings/cpd', { ...CPD }]);
    }
  });

  it('counts a month of days (31), and refuses a 32nd', async () => {
    const month = Array.from({ length: 32 }, (_, i) => new Date(Date.UTC(2027, 2, 1 + i)).toISOString().slice(0, 10));
    const a = await attendedRegistration(month);
    await denied(commit(as.db.admin, issueCommit(a, month).writes));
    await allowed(commit(as.db.admin, issueCommit(a, month.slice(0, 31)).writes));
    expect((await ownerGet(`registrations/${a.id}`))?.certificateId).toBeTruthy();
  });
});
