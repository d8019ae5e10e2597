// CPD certificates (issue 21) against firestore.rules, by role and by commit: settings/cpd, the
// check-in's attendance (one new day per commit, at the server's time), evaluations (the attendee,
// for a day attended, answering the settings' questions), certificates (only administrators issue,
// with figures matching the registration and the settings; one valid per registration; never
// edited but to revoke once; never deleted), their public projection certificateChecks, and the
// `certificate-issued` email. Commits are built to the shapes of src/data/certificates.ts as the
// issuing screen writes them (support/certificates.ts).
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, serverValues, writePath } from '../../src/lib/db.ts';
import { evaluationId } from '../../src/data/certificates.ts';
import { nairobiDayStart, toNairobiDate } from '../../src/lib/nairobi-time.ts';
import { checkoutOf, registrationChange, registrationHolder } from '../../src/data/registration-record.ts';
import { claimSeatWrite, freeSeatWrite, seatMoveWrite } from '../../src/data/seats.ts';
import { ACCOUNTS, signInActors, verdict, type Actor, type Actors } from './support/actors.ts';
import { closeClients, connect } from './support/clients.ts';
import { commit, type Doc } from './support/forms.ts';
import { ownerGet } from './support/owner.ts';
import { attendee, ownerWrite, type Attendee } from './support/seats.ts';
import {
  ANSWERS,
  attendedRegistration,
  certificateMailDoc,
  checkDoc,
  checkInWrites,
  CPD,
  current,
  DAY1,
  DAY2,
  DAY3,
  daysFrom,
  microsecondTime,
  evaluate,
  evaluationDoc,
  evaluationOnly,
  serverToday,
  useSummit,
  INSTITUTE,
  issueCommit,
  PDF,
  replaceData,
  revokeWrites,
  useCpdSettings,
  without,
  type Attended,
} from './support/certificates.ts';

let as: Actors;
let restoreCpd: () => Promise<void>;

beforeAll(async () => {
  as = await signInActors();
  restoreCpd = await useCpdSettings();
  expect((await ownerGet('settings/site'))?.instituteName).toBe(INSTITUTE);
});
afterAll(async () => {
  await restoreCpd();
  await closeClients();
});

const expectAllowed = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('allowed');
const expectDenied = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('denied');

/** "My registration"'s evaluation commit (the evaluation and the registration's evaluatedDays). */
const submitEvaluation = (who: Attendee, registrationId: string, day: string, data: Doc = evaluationDoc(registrationId, day, who.email)) =>
  evaluate(who, data, evaluationId(registrationId, day));

/** A registration with a valid certificate issued through the rules. */
async function certified(days = [DAY1, DAY2]) {
  const a = await attendedRegistration(days);
  const issue = issueCommit(a, days);
  await expectAllowed(commit(as.db.admin, issue.writes));
  return { a, ...issue };
}

// =====================================================================================

describe('settings/cpd', () => {
  it('anyone gets it; only an administrator writes it', async () => {
    for (const actor of ['anonymous', 'signedIn', 'editor', 'finance'] as Actor[]) {
      await expectAllowed(getDoc(doc(as.db[actor], 'settings', 'cpd')));
      await expectDenied(setDoc(doc(as.db[actor], 'settings', 'cpd'), CPD));
    }
    await expectDenied(setDoc(doc(as.db.unverified, 'settings', 'cpd'), CPD));
    await expectAllowed(setDoc(doc(as.db.admin, 'settings', 'cpd'), CPD));
    // Listing settings stays staff's (settings/site holds the bank details too).
    await expectDenied(getDocs(collection(as.db.anonymous, 'settings')));
  });

  it('accepts the bounds: no questions, eight, empty wording, 0 and 100 points, 31 days, every column', async () => {
    const eight = Array.from({ length: 8 }, (_, i) => ({ id: `q-${i}`, label: `Question ${i}`, kind: i % 2 ? 'text' : 'rating' }));
    const columns = [
      'certificateId',
      'fullName',
      'email',
      'activityName',
      'accreditingBody',
      'providerNumber',
      'days',
      'dayCount',
      'points',
      'issuedOn',
      'status',
      'revokedOn',
      'verifyUrl',
    ];
    for (const change of [
      { questions: [], requireEvaluation: false },
      { questions: eight },
      { accreditingBody: '', providerNumber: '', activityName: '', signatoryName: '', signatoryTitle: '', logoUrl: '' },
      { pointsPerDay: 0 },
      { pointsPerDay: 100, minDays: 31 },
      { pointsPerDay: 0.5 },
      { exportColumns: columns },
      { logoUrl: 'https://www.nci.go.ke/logo.png' },
      { logoUrl: 'https://firebasestorage.googleapis.com/v0/b/nci-summit.appspot.com/o/settings%2Fcpd%2Fabcdefghij0123456789-orig.png?alt=media' },
      { logoUrl: 'http://127.0.0.1:9199/v0/b/demo-nci-summit.appspot.com/o/settings%2Fcpd%2Fabcdefghij0123456789-orig.png?alt=media' },
    ]) {
      expect([change, await verdict(setDoc(doc(as.db.admin, 'settings', 'cpd'), { ...CPD, ...change }))]).toEqual([change, 'allowed']);
    }
    await setDoc(doc(as.db.admin, 'settings', 'cpd'), CPD);
  });

  it.each([
    ['an extra field', { id: 'cpd' }],
    ['a missing field', { requireEvaluation: undefined }],
    ['points per day not a multiple of a half', { pointsPerDay: 1.25 }],
    ['negative points', { pointsPerDay: -1 }],
    ['points past 100', { pointsPerDay: 100.5 }],
    ['points as text', { pointsPerDay: '2' }],
    ['no days', { minDays: 0 }],
    ['32 days', { minDays: 32 }],
    ['a fraction of a day', { minDays: 1.5 }],
    ['nine questions', { questions: Array.from({ length: 9 }, (_, i) => ({ id: `q-${i}`, label: `Q${i}`, kind: 'rating' })) }],
    ['two questions with one id', { questions: [CPD.questions[0], { ...CPD.questions[1], id: 'overall' }] }],
    ['a question id in capitals', { questions: [{ ...CPD.questions[0], id: 'Overall' }] }],
    ['a question of another kind', { questions: [{ ...CPD.questions[0], kind: 'choice' }] }],
    ['a question without a label', { questions: [{ ...CPD.questions[0], label: '' }] }],
    ['a question with an extra field', { questions: [{ ...CPD.questions[0], options: ['a'] }] }],
    ['a label with a line break', { questions: [{ ...CPD.questions[0], label: 'How\nuseful?' }] }],
    ['an evaluation required without questions', { questions: [], requireEvaluation: true }],
    ['no export column', { exportColumns: [] }],
    ['an unknown export column', { exportColumns: ['fullName', 'phone'] }],
    ['an export column twice', { exportColumns: ['fullName', 'fullName'] }],
    ['a logo on plain http', { logoUrl: 'http://evil.example/logo.png' }],
    ['a logo on plain http from a real bucket', { logoUrl: 'http://127.0.0.1:9199/v0/b/nci-summit.appspot.com/o/settings%2Fcpd%2Fa-orig.png?alt=media' }],
    [
      'a logo on plain http outside the logo folder',
      { logoUrl: 'http://127.0.0.1:9199/v0/b/demo-nci-summit.appspot.com/o/content%2Fspeakers%2Fx.png?alt=media' },
    ],
    ['a logo on another host by //', { logoUrl: '//evil.example/logo.png' }],
    ['a javascript: logo', { logoUrl: 'javascript:alert(1)' }],
    ['an activity name with a right-to-left override', { activityName: 'Summit \u202E7202' }],
    ['a provider number of 41 characters', { providerNumber: 'P'.repeat(41) }],
  ])('refuses settings with %s', async (_, change) => {
    const data: Doc = { ...CPD, ...change };
    for (const [k, v] of Object.entries(data)) if (v === undefined) delete data[k];
    await expectDenied(setDoc(doc(as.db.admin, 'settings', 'cpd'), data));
  });
});

describe("the check-in's attendance", () => {
  // A check-in records today in Nairobi by the database's clock, a day of the summit: here the
  // summit runs from yesterday (D1, attendance already recorded) to tomorrow (D3), and D2 is today.
  let [D1, D2, D3] = ['', '', ''];
  let restoreSummit: () => Promise<void>;
  beforeAll(async () => {
    const today = await serverToday();
    [D1, D2, D3] = daysFrom(toNairobiDate(new Date(nairobiDayStart(today).getTime() - 86_400_000)), 3);
    restoreSummit = await useSummit([D1, D2, D3]);
  });
  afterAll(() => restoreSummit());

  it('finance admits a registration on a new day: that one key at the server time; earlier days keep their times', async () => {
    const a = await attendedRegistration([D1]);
    const before = (await ownerGet(`registrations/${a.id}`))!.attendance as Record<string, Date>;
    await expectAllowed(commit(as.db.finance, await checkInWrites(a.id, D2)));
    const after = (await ownerGet(`registrations/${a.id}`))!;
    expect(Object.keys(after.attendance as object).sort()).toEqual([D1, D2]);
    expect((after.attendance as Record<string, Date>)[D1]).toEqual(before[D1]);
    expect((after.attendance as Record<string, Date>)[D2]).toEqual(after.checkedInAt);
    // An administrator checks in the same way; a registration without attendance gets its first day.
    const fresh = await attendedRegistration([], { attendance: undefined, status: 'confirmed' });
    await expectAllowed(commit(as.db.admin, await checkInWrites(fresh.id, D2)));
  });

  it('refuses the same day twice', async () => {
    const a = await attendedRegistration([D1]);
    await expectDenied(commit(as.db.finance, await checkInWrites(a.id, D1)));
  });

  it('refuses two days at once', async () => {
    const a = await attendedRegistration([D1]);
    await expectDenied(
      commit(as.db.finance, await checkInWrites(a.id, D2, { [`attendance.${D2}`]: serverValues.now(), [`attendance.${D3}`]: serverValues.now() })),
    );
  });

  it.each([
    ['a key that is not a date', 'tomorrow'],
    ['the thirteenth month', '2027-13-01'],
    ['a date with a time', '2027-03-10T08'],
    ['a two-digit year', '27-03-10'],
  ])('refuses %s', async (_, key) => {
    const a = await attendedRegistration([D1]);
    await expectDenied(commit(as.db.finance, await checkInWrites(a.id, key)));
  });

  it("refuses the browser's own time, and a day added without checking in", async () => {
    const a = await attendedRegistration([D1]);
    await expectDenied(commit(as.db.finance, await checkInWrites(a.id, D2, { [`attendance.${D2}`]: new Date() })));
    await expectDenied(commit(as.db.admin, await checkInWrites(a.id, D2, { [`attendance.${D2}`]: new Date() })));
    const { r, seat } = await current(a.id);
    await expectDenied(commit(as.db.finance, registrationChange(r, { [`attendance.${D2}`]: serverValues.now() }, seat)));
  });

  it('refuses the editor, the attendee themselves and another attendee', async () => {
    const a = await attendedRegistration([D1]);
    const writes = await checkInWrites(a.id, D2);
    await expectDenied(commit(as.db.editor, writes));
    await expectDenied(commit(a.who.db, writes));
    await expectDenied(commit((await attendee()).db, writes));
  });

  it('undoing a check-in removes one day, unless a valid certificate may count it', async () => {
    const a = await attendedRegistration([D1, D2, D3]);
    const undo = (db = as.db.finance, id = a.id, day = D3) => {
      const b = writeBatch(db);
      b.update(doc(db, 'registrations', id), { [`attendance.${day}`]: deleteField() });
      return b.commit();
    };
    await expectDenied(undo(as.db.editor));
    await expectAllowed(undo());
    expect(Object.keys((await ownerGet(`registrations/${a.id}`))!.attendance as object).sort()).toEqual([D1, D2]);
    const both = writeBatch(as.db.finance);
    both.update(doc(as.db.finance, 'registrations', a.id), { [`attendance.${D1}`]: deleteField(), [`attendance.${D2}`]: deleteField() });
    await expectDenied(both.commit());
    const { a: holder, certId } = await certified([D1, D2]);
    await expectDenied(undo(as.db.finance, holder.id, D2));
    await expectDenied(undo(as.db.admin, holder.id, D2));
    // Once that certificate is revoked, the day may go.
    await expectAllowed(commit(as.db.admin, revokeWrites(certId, 'Checked in by mistake on the second day.')));
    await expectAllowed(undo(as.db.finance, holder.id, D2));
  });

  it('nobody but the issuing commit sets certificateId', async () => {
    const a = await attendedRegistration();
    await expectDenied(updateDoc(doc(as.db.admin, 'registrations', a.id), { certificateId: newId() }));
    await expectDenied(updateDoc(doc(as.db.finance, 'registrations', a.id), { certificateId: newId() }));
  });

  it('an administrator recreating a registration brings no attendance and no certificate with it', async () => {
    const a = await attendedRegistration();
    const { r } = await current(a.id);
    const n = String((r as Doc).seat);
    // Deleted with its slot given back (as archiving does), and recreated claiming it again.
    await expectAllowed(
      commit(as.db.admin, [
        { delete: `registrations/${a.id}` },
        { delete: `checkouts/${a.id}` },
        freeSeatWrite(n),
        seatMoveWrite(n, registrationHolder(a.id), null),
      ]),
    );
    const { attendance, ...plain } = r as Doc;
    const recreate = (data: Doc) =>
      commit(as.db.admin, [
        { set: `registrations/${a.id}`, data },
        { set: `checkouts/${a.id}`, data: checkoutOf({ ...data, id: a.id }) },
        claimSeatWrite(n, String((r as Doc).seatClaim), true),
        seatMoveWrite(n, null, registrationHolder(a.id)),
      ]);
    // Days the desk never recorded, or a certificate no commit issued, typed in by recreating it.
    await expectDenied(recreate({ ...plain, attendance }));
    await expectDenied(recreate({ ...plain, attendance: { [DAY3]: new Date() } }));
    // Nor days evaluated (only an evaluation's own commit adds one).
    await expectDenied(recreate({ ...plain, evaluatedDays: { [DAY1]: new Date() } }));
    await expectDenied(recreate({ ...plain, certificateId: newId() }));
    await expectAllowed(recreate(plain));
  });

  it('refuses rewriting the whole map (earlier days re-sent as the browser read them: milliseconds, stored in microseconds)', async () => {
    // Yesterday's admission stored with microseconds, as the server stamped it.
    const a = await attendedRegistration([D1], { attendance: { [D1]: microsecondTime(new Date(nairobiDayStart(D1).getTime() + 9 * 3_600_000)) } });
    const read = (await getDoc(doc(as.db.finance, 'registrations', a.id))).data()!;
    const attendance = Object.fromEntries(Object.entries(read.attendance as Record<string, { toDate(): Date }>).map(([k, t]) => [k, t.toDate()]));
    await expectDenied(commit(as.db.finance, await checkInWrites(a.id, D2, { attendance: { ...attendance, [D2]: serverValues.now() } })));
    // The same day's key on its own is what the desk sends.
    await expectAllowed(commit(as.db.finance, await checkInWrites(a.id, D2)));
  });
});

describe('evaluations', () => {
  it("is created in one commit with its day in the registration's evaluatedDays: neither alone, nor another day", async () => {
    const a = await attendedRegistration();
    // The evaluation alone (how it was written before the rules counted evaluated days).
    await expectDenied(evaluationOnly(a.who, evaluationDoc(a.id, DAY1, a.who.email)));
    // The registration marking another day than the one evaluated, or the day at the browser's time.
    const evaluation = { set: `evaluations/${evaluationId(a.id, DAY1)}`, data: evaluationDoc(a.id, DAY1, a.who.email) };
    await expectDenied(commit(a.who.db, [{ update: `registrations/${a.id}`, data: { [`evaluatedDays.${DAY2}`]: serverValues.now() } }, evaluation]));
    await expectDenied(commit(a.who.db, [{ update: `registrations/${a.id}`, data: { [`evaluatedDays.${DAY1}`]: new Date() } }, evaluation]));
    // Marking a second day with the first day's evaluation.
    await expectDenied(
      commit(a.who.db, [
        { update: `registrations/${a.id}`, data: { [`evaluatedDays.${DAY1}`]: serverValues.now(), [`evaluatedDays.${DAY2}`]: serverValues.now() } },
        evaluation,
      ]),
    );
    await expectAllowed(submitEvaluation(a.who, a.id, DAY1));
    const stored = (await ownerGet(`registrations/${a.id}`))!;
    expect(Object.keys(stored.evaluatedDays as object)).toEqual([DAY1]);
    expect((stored.evaluatedDays as Record<string, Date>)[DAY1]).toEqual((await ownerGet(`evaluations/${evaluationId(a.id, DAY1)}`))!.submittedAt);
  });

  it('the attendee submits one for a day attended and reads their own; administrators read all; nobody else', async () => {
    const a = await attendedRegistration();
    const id = evaluationId(a.id, DAY1);
    await expectAllowed(submitEvaluation(a.who, a.id, DAY1));
    expect((await ownerGet(`evaluations/${id}`))?.answers).toEqual(ANSWERS);
    await expectAllowed(getDoc(doc(a.who.db, 'evaluations', id)));
    const mine = await getDocs(query(collection(a.who.db, 'evaluations'), where('email', '==', a.who.email)));
    expect(mine.docs.map((d) => d.id)).toEqual([id]);
    await expectDenied(getDocs(collection(a.who.db, 'evaluations')));

    const stranger = await attendee();
    await expectDenied(getDoc(doc(stranger.db, 'evaluations', id)));
    await expectDenied(getDocs(query(collection(stranger.db, 'evaluations'), where('email', '==', a.who.email))));
    expect((await getDocs(query(collection(stranger.db, 'evaluations'), where('email', '==', stranger.email)))).size).toBe(0);
    for (const actor of ['anonymous', 'signedIn', 'unverified', 'editor', 'finance'] as Actor[]) {
      await expectDenied(getDoc(doc(as.db[actor], 'evaluations', id)));
      await expectDenied(getDocs(query(collection(as.db[actor], 'evaluations'), limit(5))));
    }
    await expectAllowed(getDoc(doc(as.db.admin, 'evaluations', id)));
    await expectAllowed(getDocs(query(collection(as.db.admin, 'evaluations'), where('day', '==', DAY1), limit(5))));
  });

  it('is never rewritten or deleted, by its owner or an administrator; a second submission is refused', async () => {
    const a = await attendedRegistration();
    await expectAllowed(submitEvaluation(a.who, a.id, DAY2));
    const id = evaluationId(a.id, DAY2);
    await expectDenied(submitEvaluation(a.who, a.id, DAY2));
    await expectDenied(updateDoc(doc(a.who.db, 'evaluations', id), { answers: ANSWERS.slice().reverse() }));
    await expectDenied(updateDoc(doc(as.db.admin, 'evaluations', id), { answers: [] }));
    await expectDenied(deleteDoc(doc(a.who.db, 'evaluations', id)));
    await expectDenied(deleteDoc(doc(as.db.admin, 'evaluations', id)));
  });

  it("refuses a day not attended, someone else's registration, and a signed-in address that is not verified", async () => {
    const a = await attendedRegistration([DAY1]);
    await expectDenied(submitEvaluation(a.who, a.id, DAY2));
    const stranger = await attendee();
    await expectDenied(submitEvaluation(stranger, a.id, DAY1));
    await expectDenied(submitEvaluation(stranger, a.id, DAY1, evaluationDoc(a.id, DAY1, a.who.email)));
    const unverified = await connect({ email: a.who.email, password: 'attendee-password-1', emailVerified: false });
    await expectDenied(setDoc(doc(unverified.db, 'evaluations', evaluationId(a.id, DAY1)), evaluationDoc(a.id, DAY1, a.who.email)));
    await expectDenied(setDoc(doc(as.db.admin, 'evaluations', evaluationId(a.id, DAY1)), evaluationDoc(a.id, DAY1, ACCOUNTS.admin.email)));
    await expectDenied(setDoc(doc(as.db.anonymous, 'evaluations', evaluationId(a.id, DAY1)), evaluationDoc(a.id, DAY1, a.who.email)));
  });

  it('accepts a skipped text answer and the ratings 1 and 5', async () => {
    const a = await attendedRegistration();
    const answers = [
      { id: 'overall', value: 1 },
      { id: 'comments', value: '' },
      { id: 'relevance', value: 5 },
    ];
    await expectAllowed(submitEvaluation(a.who, a.id, DAY1, evaluationDoc(a.id, DAY1, a.who.email, answers)));
  });

  const withAnswer = (i: number, value: unknown) => ANSWERS.map((x, j) => (j === i ? { ...x, value } : x));
  it.each([
    ['in another order', [ANSWERS[1], ANSWERS[0], ANSWERS[2]]],
    ['one answer short', ANSWERS.slice(0, 2)],
    ['one answer too many', [...ANSWERS, { id: 'extra', value: 3 }]],
    ['no answers', []],
    ['answers as a map', { overall: 5, comments: '', relevance: 4 }],
    ['a rating of 0', withAnswer(0, 0)],
    ['a rating of 6', withAnswer(0, 6)],
    ['a rating of 3.5', withAnswer(0, 3.5)],
    ['a rating as text', withAnswer(0, '5')],
    ['a text answer as a number', withAnswer(1, 3)],
    ['a text answer of 1,001 characters', withAnswer(1, 'x'.repeat(1001))],
    ['a text answer with a NUL', withAnswer(1, 'Good\u0000day')],
    ['a text answer with a right-to-left override', withAnswer(1, 'Good \u202Eyad')],
    ['an answer under another id', ANSWERS.map((x, j) => (j === 2 ? { ...x, id: 'overall' } : x))],
    ['an answer with an extra field', ANSWERS.map((x, j) => (j === 0 ? { ...x, label: 'forged' } : x))],
  ])('refuses answers %s', async (_, answers) => {
    const a = await attendedRegistration();
    await expectDenied(submitEvaluation(a.who, a.id, DAY1, evaluationDoc(a.id, DAY1, a.who.email, answers)));
  });

  it.each([
    ["the browser's own time", (d: Doc) => ({ ...d, submittedAt: new Date() })],
    ['the address in capitals', (d: Doc) => ({ ...d, email: String(d.email).toUpperCase() })],
    ['another day than its id says', (d: Doc) => ({ ...d, day: DAY2 })],
    ['an extra field', (d: Doc) => ({ ...d, points: 3 })],
    ['no day', (d: Doc) => ({ ...d, day: undefined })],
  ])('refuses an evaluation with %s', async (_, change: (d: Doc) => Doc) => {
    const a = await attendedRegistration();
    const data = change(evaluationDoc(a.id, DAY1, a.who.email));
    for (const [k, v] of Object.entries(data)) if (v === undefined) delete data[k];
    await expectDenied(submitEvaluation(a.who, a.id, DAY1, data));
  });

  it('refuses an evaluation whose id is not {registrationId}_{day}', async () => {
    const a = await attendedRegistration();
    await expectDenied(setDoc(doc(a.who.db, 'evaluations', `${a.id}-${DAY1}`), evaluationDoc(a.id, DAY1, a.who.email)));
    await expectDenied(setDoc(doc(a.who.db, 'evaluations', newId()), evaluationDoc(a.id, DAY1, a.who.email)));
  });
});

describe('certificates: issuing', () => {
  it('an administrator issues one in one commit; its owner and administrators read it, the public reads only its check', async () => {
    const { a, certId } = await certified();
    expect(await ownerGet(`certificates/${certId}`)).toMatchObject({ status: 'valid', points: 3, days: [DAY1, DAY2], registrationId: a.id });
    expect((await ownerGet(`registrations/${a.id}`))?.certificateId).toBe(certId);
    expect(await ownerGet(`certificateChecks/${certId}`)).toMatchObject({ status: 'valid', points: 3, revokedAt: null, replacedBy: '' });

    await expectAllowed(getDoc(doc(a.who.db, 'certificates', certId)));
    const mine = await getDocs(query(collection(a.who.db, 'certificates'), where('email', '==', a.who.email)));
    expect(mine.docs.map((d) => d.id)).toEqual([certId]);
    await expectAllowed(getDoc(doc(as.db.admin, 'certificates', certId)));
    await expectAllowed(getDocs(query(collection(as.db.admin, 'certificates'), limit(5))));
    await expectAllowed(getDocs(query(collection(as.db.admin, 'certificateChecks'), limit(5))));

    const stranger = await attendee();
    for (const db of [stranger.db, as.db.anonymous, as.db.signedIn, as.db.unverified, as.db.editor, as.db.finance]) {
      await expectDenied(getDoc(doc(db, 'certificates', certId)));
      await expectDenied(getDocs(query(collection(db, 'certificates'), limit(5))));
      await expectDenied(getDocs(query(collection(db, 'certificateChecks'), limit(5))));
      const check = await getDoc(doc(db, 'certificateChecks', certId));
      expect(check.data()).toMatchObject({ status: 'valid', fullName: a.stored.fullName, points: 3 });
    }
    // The projection holds nothing of the attendee but their name.
    expect(Object.keys((await getDoc(doc(as.db.anonymous, 'certificateChecks', certId))).data()!).sort()).toEqual([
      'accreditingBody',
      'activityName',
      'fullName',
      'id',
      'issuedAt',
      'points',
      'providerNumber',
      'replacedBy',
      'revokedAt',
      'status',
    ]);
  });

  it('counts three days at 1.5 a day as 4.5 points', async () => {
    await certified([DAY1, DAY2, DAY3]);
  });

  it.each(['editor', 'finance', 'signedIn', 'unverified', 'anonymous'] as Actor[])('refuses %s issuing one', async (actor) => {
    const a = await attendedRegistration();
    const issuer = actor === 'anonymous' ? 'nobody@example.org' : ACCOUNTS[actor].email;
    const { writes } = issueCommit(a, [DAY1, DAY2], { issuedBy: issuer });
    await expectDenied(
      commit(
        as.db[actor],
        replaceData(writes, 'logs/', (d) => ({ ...d, userEmail: issuer })),
      ),
    );
  });

  it('refuses the attendee issuing their own', async () => {
    const a = await attendedRegistration();
    await expectDenied(commit(a.who.db, without(issueCommit(a).writes, 'logs/')));
  });

  it.each([
    ['wrong points', (a: Attended) => issueCommit(a, [DAY1, DAY2], { points: 4 })],
    ['points as if 2 a day', (a: Attended) => issueCommit(a, [DAY1, DAY2], { points: 4, pointsPerDay: 2 })],
    ['a day not attended', (a: Attended) => issueCommit(a, [DAY1, DAY3])],
    ['too few days', (a: Attended) => issueCommit(a, [DAY1])],
    ['a day counted twice', (a: Attended) => issueCommit(a, [DAY1, DAY1])],
    ['no days', (a: Attended) => issueCommit(a, [], { points: 0 })],
    ["another person's name", (a: Attended) => issueCommit(a, [DAY1, DAY2], { fullName: 'Someone Else' })],
    ['another address', (a: Attended) => issueCommit(a, [DAY1, DAY2], { email: 'someone.else@example.org' })],
    ['another activity', (a: Attended) => issueCommit(a, [DAY1, DAY2], { activityName: 'A summit that never was' })],
    ['another accrediting body', (a: Attended) => issueCommit(a, [DAY1, DAY2], { accreditingBody: 'Pharmacy and Poisons Board' })],
    ['another provider number', (a: Attended) => issueCommit(a, [DAY1, DAY2], { providerNumber: 'PPB/0001' })],
    ['another signatory', (a: Attended) => issueCommit(a, [DAY1, DAY2], { signatoryName: 'Dr Mallory' })],
    ['another institute', (a: Attended) => issueCommit(a, [DAY1, DAY2], { instituteName: 'Institute of Forgery' })],
    ['a time of its own', (a: Attended) => issueCommit(a, [DAY1, DAY2], { issuedAt: new Date() })],
    ['another issuer', (a: Attended) => issueCommit(a, [DAY1, DAY2], { issuedBy: ACCOUNTS.editor.email })],
    ['issued revoked', (a: Attended) => issueCommit(a, [DAY1, DAY2], { status: 'revoked' })],
    ['an extra field', (a: Attended) => issueCommit(a, [DAY1, DAY2], { note: 'hand-made' })],
    ['its revocation already filled in', (a: Attended) => issueCommit(a, [DAY1, DAY2], { revokeReason: '' })],
    ['a replaces naming nothing', (a: Attended) => issueCommit(a, [DAY1, DAY2], { replaces: newId() })],
    ['an id field other than its own', (a: Attended) => issueCommit(a, [DAY1, DAY2], { id: newId() })],
  ])('refuses a certificate with %s', async (_, build) => {
    const a = await attendedRegistration([DAY1, DAY2]);
    await expectDenied(commit(as.db.admin, build(a).writes));
  });

  it.each([
    ['a guessable one', 'certificate-00000001'],
    ['19 characters', newId().slice(1)],
    ['21 characters', `${newId()}x`],
  ])('refuses a certificate under an id that is not 20 random letters and digits: %s', async (_, id) => {
    const a = await attendedRegistration();
    await expectDenied(commit(as.db.admin, issueCommit(a, [DAY1, DAY2], {}, '', id).writes));
  });

  it('refuses a certificate for a cancelled registration', async () => {
    const a = await attendedRegistration([DAY1, DAY2], { status: 'cancelled' });
    await expectDenied(commit(as.db.admin, issueCommit(a).writes));
  });

  it('refuses a commit without its projection, with a projection out of step, or without the registration naming it', async () => {
    const a = await attendedRegistration();
    await expectDenied(commit(as.db.admin, without(issueCommit(a).writes, 'certificateChecks/')));
    await expectDenied(
      commit(
        as.db.admin,
        replaceData(issueCommit(a).writes, 'certificateChecks/', (d) => ({ ...d, points: 30 })),
      ),
    );
    await expectDenied(
      commit(
        as.db.admin,
        replaceData(issueCommit(a).writes, 'certificateChecks/', (d) => ({ ...d, fullName: 'Someone Else' })),
      ),
    );
    await expectDenied(
      commit(
        as.db.admin,
        replaceData(issueCommit(a).writes, 'certificateChecks/', (d) => ({ ...d, email: a.who.email })),
      ),
    );
    await expectDenied(commit(as.db.admin, without(issueCommit(a).writes, 'registrations/')));
    // The log and the email are the screen's duty, not the rules' (both are optional to them).
    await expectAllowed(commit(as.db.admin, without(without(issueCommit(a).writes, 'mail/'), 'logs/')));
  });

  it('refuses a second valid certificate for the same registration, even naming the new one', async () => {
    const { a } = await certified();
    await expectDenied(commit(as.db.admin, issueCommit(a).writes));
    // Two at once in one commit: the registration names only one of them.
    const b = await attendedRegistration();
    const [first, second] = [issueCommit(b), issueCommit(b)];
    await expectDenied(commit(as.db.admin, [...first.writes, ...second.writes.filter((w) => !writePath(w).startsWith('registrations/'))]));
  });

  it('is never edited after issue, nor deleted, by anyone', async () => {
    const { a, certId } = await certified();
    for (const db of [as.db.admin, as.db.finance, a.who.db]) {
      await expectDenied(updateDoc(doc(db, 'certificates', certId), { points: 30 }));
      await expectDenied(updateDoc(doc(db, 'certificates', certId), { fullName: 'Someone Else' }));
      await expectDenied(deleteDoc(doc(db, 'certificates', certId)));
      await expectDenied(updateDoc(doc(db, 'certificateChecks', certId), { points: 30 }));
      await expectDenied(updateDoc(doc(db, 'certificateChecks', certId), { status: 'revoked' }));
      await expectDenied(deleteDoc(doc(db, 'certificateChecks', certId)));
    }
    // Nor revoked in words only: a projection left valid is refused with it.
    await expectDenied(commit(as.db.admin, revokeWrites(certId, 'Issued in error.').slice(0, 1)));
    await expectDenied(commit(as.db.admin, [{ update: `certificates/${certId}`, data: { status: 'valid', points: 30 } }, revokeWrites(certId, 'x')[1]]));
  });

  it('refuses a projection written on its own', async () => {
    const { cert, certId } = await certified();
    await expectDenied(setDoc(doc(as.db.admin, 'certificateChecks', newId()), { ...checkDoc({ ...cert, id: 'x' }), issuedAt: new Date() }));
    await expectDenied(setDoc(doc(as.db.anonymous, 'certificateChecks', certId), { status: 'valid' }));
  });
});

describe('certificates: revoking and correcting', () => {
  it('an administrator revokes one with a reason, once; its check says so to anyone', async () => {
    const { certId } = await certified();
    await expectDenied(commit(as.db.finance, revokeWrites(certId, 'Issued in error.')));
    await expectAllowed(commit(as.db.admin, revokeWrites(certId, 'Issued in error.')));
    const check = (await getDoc(doc(as.db.anonymous, 'certificateChecks', certId))).data()!;
    expect(check.status).toBe('revoked');
    expect(check.revokedAt).not.toBeNull();
    expect(await ownerGet(`certificates/${certId}`)).toMatchObject({ status: 'revoked', revokeReason: 'Issued in error.' });
    await expectDenied(commit(as.db.admin, revokeWrites(certId, 'Again.')));
    await expectDenied(updateDoc(doc(as.db.admin, 'certificates', certId), { revokeReason: 'A better reason.' }));
    await expectDenied(
      commit(as.db.admin, [
        { update: `certificates/${certId}`, data: { status: 'valid' } },
        { update: `certificateChecks/${certId}`, data: { status: 'valid' } },
      ]),
    );
  });

  it.each([
    ['no reason', ''],
    ['a reason of spaces', '   '],
    ['a reason of 501 characters', 'r'.repeat(501)],
    ['a reason with a NUL', 'Issued\u0000in error'],
    ['a reason with a right-to-left override', 'Issued \u202Erorre ni'],
    ['a reason that is not text', 42],
  ])('refuses revoking with %s', async (_, reason) => {
    const { certId } = await certified();
    await expectDenied(commit(as.db.admin, revokeWrites(certId, reason as string)));
  });

  it('accepts a reason of 500 characters over two lines', async () => {
    const { certId } = await certified();
    await expectAllowed(commit(as.db.admin, revokeWrites(certId, `${'r'.repeat(249)}\n${'s'.repeat(250)}`)));
  });

  it("refuses a revocation with the browser's time, or another change", async () => {
    const { certId } = await certified();
    const [cert, check] = revokeWrites(certId, 'Issued in error.');
    const at = new Date();
    await expectDenied(
      commit(as.db.admin, [
        { update: `certificates/${certId}`, data: { ...(cert as { data: Doc }).data, revokedAt: at } },
        { update: `certificateChecks/${certId}`, data: { ...(check as { data: Doc }).data, revokedAt: at } },
      ]),
    );
    await expectDenied(
      commit(as.db.admin, [
        { update: `certificates/${certId}`, data: { ...(cert as { data: Doc }).data, points: 30 } },
        { update: `certificateChecks/${certId}`, data: { ...(check as { data: Doc }).data, points: 30 } },
      ]),
    );
  });

  it('a correction revokes the old one and issues its replacement in one commit, linked both ways', async () => {
    const { a, certId: old } = await certified([DAY1, DAY2]);
    await ownerWrite([
      `registrations/${a.id}`,
      { ...((await ownerGet(`registrations/${a.id}`)) as Doc), attendance: { [DAY1]: new Date(), [DAY2]: new Date(), [DAY3]: new Date() } },
    ]);
    // Without revoking the old one, or revoking it without naming the new one: refused.
    await expectDenied(commit(as.db.admin, issueCommit(a, [DAY1, DAY2, DAY3], {}, '').writes));
    const unlinked = issueCommit(a, [DAY1, DAY2, DAY3], {}, old);
    await expectDenied(
      commit(as.db.admin, [
        ...without(unlinked.writes, `certificates/${old}`).filter((w) => writePath(w) !== `certificateChecks/${old}`),
        ...revokeWrites(old, 'Corrected.'),
      ]),
    );
    const fix = issueCommit(a, [DAY1, DAY2, DAY3], {}, old);
    await expectAllowed(commit(as.db.admin, fix.writes));
    expect(await ownerGet(`certificates/${old}`)).toMatchObject({ status: 'revoked', replacedBy: fix.certId });
    expect(await ownerGet(`certificateChecks/${old}`)).toMatchObject({ status: 'revoked', replacedBy: fix.certId });
    expect(await ownerGet(`certificates/${fix.certId}`)).toMatchObject({ status: 'valid', replaces: old, points: 4.5 });
    expect((await ownerGet(`registrations/${a.id}`))?.certificateId).toBe(fix.certId);
  });

  it('after a revocation alone, a new certificate may be issued (replacing nothing)', async () => {
    const { a, certId } = await certified();
    await expectAllowed(commit(as.db.admin, revokeWrites(certId, 'Issued in error.')));
    await expectDenied(commit(as.db.admin, issueCommit(a, [DAY1, DAY2], {}, certId).writes));
    await expectAllowed(commit(as.db.admin, issueCommit(a).writes));
  });

  it('refuses naming as replacement a certificate that does not replace it', async () => {
    const { certId } = await certified();
    const { certId: other } = await certified();
    await expectDenied(commit(as.db.admin, revokeWrites(certId, 'Corrected.', other)));
    await expectDenied(commit(as.db.admin, revokeWrites(certId, 'Corrected.', newId())));
  });
});

describe('the certificate-issued email', () => {
  it('is sent only in the issuing commit, to the certificate’s address, with its own figures and the PDF', async () => {
    const a = await attendedRegistration();
    const bad: Array<[string, (m: Doc) => Doc]> = [
      ['to another address', (m) => ({ ...m, to: 'someone.else@example.org' })],
      ['with other points', (m) => ({ ...m, template: { name: 'certificate-issued', data: { ...(m.template as { data: Doc }).data, points: 30 } } })],
      ['with points as text', (m) => ({ ...m, template: { name: 'certificate-issued', data: { ...(m.template as { data: Doc }).data, points: '3' } } })],
      ['with another name', (m) => ({ ...m, template: { name: 'certificate-issued', data: { ...(m.template as { data: Doc }).data, name: 'Someone Else' } } })],
      [
        'with an extra field in its data',
        (m) => ({ ...m, template: { name: 'certificate-issued', data: { ...(m.template as { data: Doc }).data, link: 'https://evil.example' } } }),
      ],
      ['without the PDF', (m) => ({ ...Object.fromEntries(Object.entries(m).filter(([k]) => k !== 'message')) })],
      ['about another record', (m) => ({ ...m, recordCollection: 'registrations', recordId: a.id })],
      ['with four attachments', (m) => ({ ...m, message: { attachments: [PDF, PDF, PDF, PDF] } })],
    ];
    for (const [what, change] of bad) {
      expect([what, await verdict(commit(as.db.admin, replaceData(issueCommit(a).writes, 'mail/', change)))]).toEqual([what, 'denied']);
    }
    const issue = issueCommit(a);
    await expectAllowed(commit(as.db.admin, issue.writes));
    // Afterwards, on its own: refused (no second copy of the certificate by email).
    await expectDenied(commit(as.db.admin, [{ set: `mail/${newId()}`, data: certificateMailDoc(issue.cert) }]));
    // Staff other than administrators do not read it.
    const mailId = writePath(issue.writes.find((w) => writePath(w).startsWith('mail/'))!).split('/')[1];
    await expectAllowed(getDoc(doc(as.db.admin, 'mail', mailId)));
    await expectDenied(getDoc(doc(as.db.finance, 'mail', mailId)));
    await expectDenied(getDoc(doc(as.db.editor, 'mail', mailId)));
  });

  it('its template is one an administrator edits and test-sends', async () => {
    await expectAllowed(setDoc(doc(as.db.admin, 'templates', 'certificate-issued'), { subject: 'Your CPD certificate', text: 'Attached.' }));
    await expectDenied(setDoc(doc(as.db.editor, 'templates', 'certificate-issued'), { subject: 'Your CPD certificate' }));
    const test = {
      to: ACCOUNTS.admin.email,
      template: { name: 'certificate-issued', data: { name: 'Wanjiru Kamau', certificateId: 'Xb3kP9qLm2Rt7VwZ4yNc', activity: 'Summit', points: 3 } },
      recordCollection: 'templates',
      recordId: 'certificate-issued',
      timestamp: serverTimestamp(),
    };
    await expectAllowed(setDoc(doc(as.db.admin, 'mail', newId()), test));
  });
});
