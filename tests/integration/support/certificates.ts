// CPD certificates as the site writes them (src/data/certificates.ts shapes), for the rules tests:
// settings/cpd to issue against, registrations admitted on some days (stored past the rules, as
// check-ins left them), the check-in desk's update, an evaluation, and the issuing and revoking
// commits. The mail document is built here by hand to the shape data/mail.ts's mailWrite gives
// every message (this branch's data/mail.ts has no certificate builder yet).
import { doc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore/lite';
import { activityWrite, newId, serverValues, writePath, type BatchWrite } from '../../../src/lib/db.ts';
import {
  certificatePoints,
  certifiedActivity,
  evaluationId,
  evaluationWrites,
  newCertificateCheck,
  summitDays,
  type CpdSettings,
} from '../../../src/data/certificates.ts';
import { nairobiDayStart, toNairobiDate } from '../../../src/lib/nairobi-time.ts';
import { ExactDate } from '../../../src/lib/firestore-rest.ts';
import { patchDocument } from '../../../emulator/seed/rest.ts';
import { stack } from './clients.ts';
import { serverNow } from './clock.ts';
import { SAMPLE_CPD_SETTINGS } from '../../../emulator/seed/sample-forms.ts';
import { registrationChange } from '../../../src/data/registration-record.ts';
import { ACCOUNTS, verdict } from './actors.ts';
import { commit, fieldsOf, registrationDoc, type Doc } from './forms.ts';
import { ownerDelete, ownerGet, uniqueId } from './owner.ts';
import { attendee, ownerWrite, seatedFixture, type Attendee } from './seats.ts';

/**
 * Writes CPD as settings/cpd and makes the summit run over TEST_SUMMIT (March 2027, which holds
 * DAY1..DAY3: certificates count only the summit's days), past the rules; resolves to a function
 * that puts back what was there.
 */
export async function useCpdSettings(settings: Doc = { ...CPD }): Promise<() => Promise<void>> {
  const saved = await ownerGet('settings/cpd');
  await ownerWrite(['settings/cpd', settings]);
  const restoreSummit = await useSummit(TEST_SUMMIT);
  return async () => {
    await restoreSummit();
    if (saved) await ownerWrite(['settings/cpd', saved]);
    else await ownerDelete('settings/cpd');
  };
}

/** What the tests issue against: 1.5 points a day (a float, so the rules' arithmetic is tried on halves), at least two days. */
export const CPD: CpdSettings = {
  ...SAMPLE_CPD_SETTINGS,
  pointsPerDay: 1.5,
  // Days count without their evaluations unless a case requires them (its fixtures then carry the
  // days evaluated, or the attendee evaluates through the rules).
  requireEvaluation: false,
  // A text question between two ratings, so an answer's kind is checked by its position.
  questions: [
    { id: 'overall', label: 'How useful was the day overall?', kind: 'rating' },
    { id: 'comments', label: 'What should we change?', kind: 'text' },
    { id: 'relevance', label: 'How relevant was it to your practice?', kind: 'rating' },
  ],
  exportColumns: ['certificateId', 'fullName', 'email', 'days', 'points'],
};

export const INSTITUTE = 'National Cancer Institute';
export const [DAY1, DAY2, DAY3] = ['2027-03-10', '2027-03-11', '2027-03-12'];

/** The summit the certificate tests issue against: March 2027, a month of days (the most a summit has). */
export const TEST_SUMMIT = Array.from({ length: 31 }, (_, i) => `2027-03-${String(i + 1).padStart(2, '0')}`);

/**
 * Makes the summit run over `days` (consecutive Nairobi dates, first to last) in settings/site, past
 * the rules: its dates (09:00 on the first day to 17:00 on the last, Nairobi time) and summitDays as
 * the settings form derives them. Resolves to a function that puts back what was there.
 */
export async function useSummit(days: readonly string[]): Promise<() => Promise<void>> {
  const startDate = new Date(nairobiDayStart(days[0]).getTime() + 9 * 3_600_000);
  const endDate = new Date(nairobiDayStart(days[days.length - 1]).getTime() + 17 * 3_600_000);
  const derived = summitDays(startDate, endDate);
  if (derived.join() !== days.join()) throw new Error(`${days.join(', ')} are not consecutive days: the summit would run over ${derived.join(', ')}.`);
  const site = (await ownerGet('settings/site'))!;
  const before = { startDate: site.startDate ?? null, endDate: site.endDate ?? null, summitDays: site.summitDays ?? [] };
  await patchDocument(stack(), 'settings/site', { startDate, endDate, summitDays: derived });
  return () => patchDocument(stack(), 'settings/site', before);
}

/** `count` consecutive Nairobi dates from `first` ('YYYY-MM-DD'). */
export const daysFrom = (first: string, count: number) =>
  Array.from({ length: count }, (_, i) => toNairobiDate(new Date(nairobiDayStart(first).getTime() + i * 86_400_000)));

/**
 * A time with microseconds, as the server stamps attendance (fixtures otherwise store milliseconds):
 * what a browser reads back of it (milliseconds) is then not what is stored.
 */
export function microsecondTime(at: Date): Date {
  const seconds = Math.floor(at.getTime() / 1000);
  return new ExactDate({ seconds, nanoseconds: (at.getTime() - seconds * 1000) * 1e6 + 456_000 });
}

/** Today in Nairobi by the database's clock (the day a check-in records). */
export const serverToday = async () => toNairobiDate(await serverNow());

// ---------- scene ----------

export interface Attended {
  who: Attendee;
  id: string;
  stored: Doc & { id: string };
  seat: string;
}

/** A paid registration of a fresh attendee, admitted on `days` (stored past the rules, as check-ins left it). */
export async function attendedRegistration(days: string[] = [DAY1, DAY2], change: Doc = {}): Promise<Attended> {
  const who = await attendee();
  const id = uniqueId('reg');
  const record: Doc = {
    ...fieldsOf(registrationDoc('', { email: who.email })),
    status: 'checked-in',
    paymentStatus: 'paid',
    checkedInAt: new Date(),
    attendance: Object.fromEntries(days.map((d) => [d, new Date(`${d}T06:30:00.000Z`)])),
    ...change,
  };
  for (const [k, v] of Object.entries(record)) if (v === undefined) delete record[k];
  const { stored, seat } = await seatedFixture(id, record);
  return { who, id, stored, seat };
}

/** The registration as stored now, and its slot (what a staff transaction reads). */
export async function current(id: string) {
  const r = (await ownerGet(`registrations/${id}`))!;
  const seat = typeof r.seat === 'string' ? { id: r.seat, ...(await ownerGet(`seats/${r.seat}`))! } : null;
  return { r: { ...r, id }, seat };
}

/** The check-in desk admitting a registration on `day`: that one key, the status and its time, with the checkout in step. */
export async function checkInWrites(id: string, day: string, attendance: Doc = { [`attendance.${day}`]: serverValues.now() }, extra: Doc = {}) {
  const { r, seat } = await current(id);
  return registrationChange(r, { ...attendance, status: 'checked-in', checkedInAt: serverValues.now(), ...extra }, seat);
}

// ---------- evaluations ----------

export const ANSWERS = [
  { id: 'overall', value: 5 },
  { id: 'comments', value: 'More time for questions, please.\nAnd water on the tables.' },
  { id: 'relevance', value: 4 },
];

export const evaluationDoc = (registrationId: string, day: string, email: string, answers: unknown = ANSWERS): Doc => ({
  registrationId,
  day,
  email,
  answers,
  submittedAt: serverTimestamp(),
});

// ---------- certificates ----------

export interface Issue {
  certId: string;
  cert: Doc;
  check: Doc;
  writes: BatchWrite[];
}

/** The certificate a registration earns on `days`, as the issuing screen builds it. */
export function certificateDoc(certId: string, a: Attended, days: string[], issuer = ACCOUNTS.admin.email, replaces = ''): Doc {
  return {
    id: certId,
    registrationId: a.id,
    fullName: a.stored.fullName,
    email: a.stored.email,
    days,
    points: certificatePoints(days.length, CPD.pointsPerDay),
    ...certifiedActivity(CPD),
    instituteName: INSTITUTE,
    issuedAt: serverValues.now(),
    issuedBy: issuer,
    status: 'valid',
    replaces,
  };
}

/** certificateChecks/{id}: the public projection (firestore.rules checkOf), as the issuing screen writes it. */
export const checkDoc = (c: Doc): Doc => newCertificateCheck(c as Parameters<typeof newCertificateCheck>[0]);

export const PDF = {
  filename: 'certificate.pdf',
  content: Buffer.from('%PDF-1.7 demo').toString('base64'),
  encoding: 'base64',
  contentType: 'application/pdf',
};

/** The `certificate-issued` message (built by hand to mailWrite's shape: data/mail.ts has no builder for it on this branch). */
export const certificateMailDoc = (c: Doc): Doc => ({
  to: c.email,
  template: { name: 'certificate-issued', data: { name: c.fullName, certificateId: c.id, activity: c.activityName, points: c.points } },
  recordCollection: 'certificates',
  recordId: c.id,
  timestamp: serverValues.now(),
  message: { attachments: [PDF] },
});

/** Revoking: the certificate and its projection, partial updates at the server's time. */
export function revokeWrites(certId: string, reason: string, replacedBy?: string): BatchWrite[] {
  const by = replacedBy ? { replacedBy } : {};
  return [
    { update: `certificates/${certId}`, data: { status: 'revoked', revokedAt: serverValues.now(), revokeReason: reason, ...by } },
    { update: `certificateChecks/${certId}`, data: { status: 'revoked', revokedAt: serverValues.now(), ...by } },
  ];
}

/**
 * The issuing transaction: the certificate, its projection, the registration naming it, the log and
 * the email (and, correcting `replaces`, the old one revoked as replaced by this one). `change`
 * tampers with the certificate (its projection and email follow, so a case is about one thing).
 */
export function issueCommit(a: Attended, days: string[] = [DAY1, DAY2], change: Doc = {}, replaces = '', certId = newId()): Issue {
  const cert = { ...certificateDoc(certId, a, days, ACCOUNTS.admin.email, replaces), ...change };
  const check = checkDoc(cert);
  const writes: BatchWrite[] = [
    { set: `certificates/${certId}`, data: cert },
    { set: `certificateChecks/${certId}`, data: check },
    { update: `registrations/${a.id}`, data: { certificateId: certId } },
    activityWrite(`Issued CPD certificate ${certId} to ${String(a.stored.fullName)}`, ACCOUNTS.admin.email),
    { set: `mail/${newId()}`, data: certificateMailDoc(cert) },
    ...(replaces ? revokeWrites(replaces, 'Corrected: a day was missing.', certId) : []),
  ];
  return { certId, cert, check, writes };
}

export const without = (writes: BatchWrite[], prefix: string) => writes.filter((w) => !writePath(w).startsWith(prefix));
export const replaceData = (writes: BatchWrite[], prefix: string, change: (d: Doc) => Doc) =>
  writes.map((w) => (writePath(w).startsWith(prefix) && 'data' in w ? { ...w, data: change(w.data) } : w));

/**
 * The attendee submitting an evaluation as "my registration" does (evaluationWrites: the evaluation
 * and the registration's evaluatedDays in one commit), under its own id unless a case names another.
 */
export const evaluate = (who: Attendee, data: Doc, id = evaluationId(String(data.registrationId), String(data.day))) =>
  commit(who.db, [evaluationWrites(data as Parameters<typeof evaluationWrites>[0])[0], { set: `evaluations/${id}`, data }]);

/** The evaluation alone, without the registration's evaluatedDays (the commit before the rules asked for both). */
export const evaluationOnly = (who: Attendee, data: Doc, id = evaluationId(String(data.registrationId), String(data.day))) =>
  setDoc(doc(who.db, 'evaluations', id), data);

/** A registration admitted on `days` with a valid certificate, issued by `admin` through the rules. */
export async function certifiedRegistration(admin: Firestore, days = [DAY1, DAY2], change: Doc = {}) {
  const a = await attendedRegistration(days, change);
  const issue = issueCommit(a, days);
  const result = await verdict(commit(admin, issue.writes));
  if (result !== 'allowed') throw new Error(`Issuing a certificate for ${a.id} was ${result}`);
  return { a, ...issue };
}
