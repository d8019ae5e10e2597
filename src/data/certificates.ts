// CPD certificates of attendance: the one definition of what the summit certifies and to whom.
// Pure (no SDK): the check-in desk, the attendee's evaluation, the issuing screen, the PDF, the
// public verification page and the rules tests all read these shapes and rules from here.
//
// Documents (firestore.rules holds the same shapes):
// - settings/cpd               CpdSettings; administrators write it, anyone reads it (nothing private).
// - registrations/{id}         gains `attendance` ({ 'YYYY-MM-DD': time admitted that day }),
//                              `evaluatedDays` ({ 'YYYY-MM-DD': time evaluated }, written by the
//                              evaluation's own commit: evaluationWrites) and `certificateId` (the
//                              registration's current certificate).
// - settings/site              `summitDays`: summitDays(startDate, endDate) as the settings form saves
//                              it, what the rules test a check-in's and a certificate's days against.
// - evaluations/{regId}_{day}  Evaluation: the attendee's answers for one day they attended.
// - certificates/{id}          Certificate: issued once, never edited but to revoke it.
// - certificateChecks/{id}     CertificateCheck: the public projection, all /certificates/{id} reads.
import { href } from 'react-router';
import { toNairobiDate } from '../lib/nairobi-time.ts';
import { serverValues, type BatchWrite } from '../lib/db.ts';

export const CPD_SETTINGS_PATH = 'settings/cpd';

/** An evaluation question: a 1–5 rating or a short free answer. */
export const QUESTION_KINDS = ['rating', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export interface EvaluationQuestion {
  /** Stable, so answers survive a reworded or reordered question: [a-z0-9-]{1,40}. */
  id: string;
  label: string;
  kind: QuestionKind;
}

/** The rules check each answer against its question in turn, and they have no loop: so a cap. */
export const MAX_QUESTIONS = 8;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const TEXT_ANSWER_MAX = 1000;

/** The columns an accrediting body's CSV can hold; settings choose which, in their order. */
export const CERTIFICATE_CSV_COLUMNS = {
  certificateId: 'Certificate number',
  fullName: 'Full name',
  email: 'Email',
  activityName: 'Activity',
  accreditingBody: 'Accrediting body',
  providerNumber: 'Provider number',
  days: 'Dates attended',
  dayCount: 'Days attended',
  points: 'CPD points',
  issuedOn: 'Date issued',
  status: 'Status',
  revokedOn: 'Date revoked',
  verifyUrl: 'Verification address',
} as const;
export type CertificateCsvColumn = keyof typeof CERTIFICATE_CSV_COLUMNS;

export interface CpdSettings {
  accreditingBody: string;
  providerNumber: string;
  activityName: string;
  /** Points for each day attended: a multiple of 0.5, so sums are exact in the rules' arithmetic too. */
  pointsPerDay: number;
  signatoryName: string;
  signatoryTitle: string;
  /** The eligibility rule: checked in on at least this many days… */
  minDays: number;
  /** …each of them with its evaluation submitted, when true. */
  requireEvaluation: boolean;
  /** The institute's logo on the PDF (PNG or JPEG; a site path or an https address), or ''. */
  logoUrl: string;
  questions: EvaluationQuestion[];
  /** The CSV's columns, in the accrediting body's order. */
  exportColumns: CertificateCsvColumn[];
}

export const DEFAULT_CPD_SETTINGS: CpdSettings = {
  accreditingBody: '',
  providerNumber: '',
  activityName: '',
  pointsPerDay: 0,
  signatoryName: '',
  signatoryTitle: '',
  minDays: 1,
  requireEvaluation: false,
  logoUrl: '',
  questions: [],
  exportColumns: ['certificateId', 'fullName', 'email', 'activityName', 'days', 'points', 'issuedOn', 'status'],
};

/** Settings a certificate cannot be issued without. */
export function cpdSettingsGaps(s: CpdSettings): string[] {
  const gaps: string[] = [];
  if (!s.accreditingBody.trim()) gaps.push('the accrediting body');
  if (!s.providerNumber.trim()) gaps.push('the provider number');
  if (!s.activityName.trim()) gaps.push("the activity's name");
  if (!(s.pointsPerDay > 0)) gaps.push('the CPD points per day');
  if (!s.signatoryName.trim()) gaps.push("the signatory's name");
  if (s.requireEvaluation && s.questions.length === 0) gaps.push('the evaluation questions (an evaluation is required)');
  return gaps;
}

/** The most days a summit has: firestore.rules checks settings/site's summitDays without a loop, up to this many. */
export const MAX_SUMMIT_DAYS = 31;

/**
 * The summit's days, as Nairobi dates ('YYYY-MM-DD'), first to last (at most MAX_SUMMIT_DAYS); []
 * without both dates. Saved with the dates as settings/site's summitDays, which the rules read.
 */
export function summitDays(start: Date | null, end: Date | null): string[] {
  if (!start || !end) return [];
  const first = toNairobiDate(start);
  const last = toNairobiDate(end);
  const days: string[] = [];
  for (let d = first; d <= last && days.length < MAX_SUMMIT_DAYS; d = nextDay(d)) days.push(d);
  return days;
}

function nextDay(isoDate: string): string {
  return new Date(Date.parse(`${isoDate}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** "Tue 10 March 2027": how a summit day reads on screens, the PDF and the CSV. */
export function dayLabel(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00.000Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "Wed, 10 March 2027; Thu, 11 March 2027 and Fri, 12 March 2027" (semicolons: a day's label may hold a comma). */
export function daysSentence(days: readonly string[]): string {
  const labels = days.map(dayLabel);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join('; ')} and ${labels[labels.length - 1]}`;
}

/** "2 CPD points", "1 CPD point", "2.5 CPD points": on the PDF, the attendee's page and the public check. */
export const pointsLabel = (points: number) => `${points} CPD ${points === 1 ? 'point' : 'points'}`;

/**
 * Points for a number of days. Exact: points per day are multiples of 0.5, which binary floating
 * point holds exactly, so the rules' `days.size() * pointsPerDay` gives the very same number.
 */
export function certificatePoints(dayCount: number, pointsPerDay: number): number {
  return dayCount * pointsPerDay;
}

/** Points per day the settings accept: above 0, at most 100, in half points. */
export const validPointsPerDay = (n: number) => n > 0 && n <= 100 && Number.isInteger(n * 2);

export const evaluationId = (registrationId: string, day: string) => `${registrationId}_${day}`;

/**
 * An evaluation's commit: the registration's `evaluatedDays` gains the day (one key, a field-path
 * update, at the server's time) and evaluations/{registrationId}_{day} is created, together (the
 * rules refuse either alone). Certificates count the days evaluated from the registration, so
 * issuing reads no evaluation.
 */
export function evaluationWrites(e: Pick<Evaluation, 'registrationId' | 'day' | 'email' | 'answers'>): BatchWrite[] {
  const now = serverValues.now();
  return [
    { update: `registrations/${e.registrationId}`, data: { [`evaluatedDays.${e.day}`]: now } },
    { set: `evaluations/${evaluationId(e.registrationId, e.day)}`, data: { ...e, submittedAt: now } },
  ];
}

/** The days a registration's evaluations were submitted for ('YYYY-MM-DD' keys of its `evaluatedDays`). */
export function evaluatedDays(record: object | null | undefined): Set<string> {
  const days = (record as { evaluatedDays?: unknown } | null | undefined)?.evaluatedDays;
  return new Set(Object.keys(days && typeof days === 'object' ? days : {}));
}

export interface EvaluationAnswer {
  id: string;
  /** A rating (an integer RATING_MIN…RATING_MAX) or a text answer ('' when skipped). */
  value: number | string;
}

export interface Evaluation {
  registrationId: string;
  day: string;
  /** The attendee's address (lower case), so they can list their own. */
  email: string;
  /** One per question, in the settings' order at the time. */
  answers: EvaluationAnswer[];
  submittedAt: Date;
}

/**
 * The days a registration was admitted on ('YYYY-MM-DD' keys of its `attendance`), sorted; [] before
 * any check-in or when the map is not one. Only well-formed date keys: the check-in desk, the
 * attendee's page and eligibility all count the same days.
 */
export function attendedDays(record: object | null | undefined): string[] {
  const attendance = (record as { attendance?: unknown } | null | undefined)?.attendance;
  return Object.keys(attendance && typeof attendance === 'object' ? attendance : {})
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))
    .sort();
}

/** What eligibility needs of a registration. */
export interface AttendanceRecord {
  status: string;
  attendance?: Record<string, Date | unknown> | null;
}

export interface Eligibility {
  eligible: boolean;
  /** The summit's days they were admitted on, sorted (counted or not). */
  attended: string[];
  /** The days the certificate counts, sorted. */
  days: string[];
  points: number;
  /** Days attended that do not count because their evaluation is missing (evaluation required). */
  unevaluated: string[];
  /** Why not, in words staff can act on ([] when eligible). */
  reasons: string[];
}

/**
 * Who earns a certificate: checked in on at least `minDays` of the summit's days, and when the
 * settings require it, only a day whose evaluation was submitted counts. Only the summit's days
 * count (a check-in recorded on another day by mistake does not); a cancelled registration earns
 * nothing.
 */
export function eligibility(record: AttendanceRecord, evaluatedDays: ReadonlySet<string>, settings: CpdSettings, days: readonly string[]): Eligibility {
  const attended = attendedDays(record).filter((d) => days.includes(d));
  const unevaluated = settings.requireEvaluation ? attended.filter((d) => !evaluatedDays.has(d)) : [];
  const counted = attended.filter((d) => !unevaluated.includes(d));
  const eligible = record.status !== 'cancelled' && counted.length >= settings.minDays;
  const reasons: string[] = [];
  if (!eligible) {
    if (record.status === 'cancelled') reasons.push('The registration is cancelled.');
    if (attended.length === 0) reasons.push('Never checked in.');
    else if (attended.length < settings.minDays) reasons.push(`Checked in on ${attended.length} of the ${settings.minDays} days needed.`);
    for (const d of unevaluated) reasons.push(`No evaluation for ${dayLabel(d)}.`);
  }
  return { eligible, attended, days: counted, points: eligible ? certificatePoints(counted.length, settings.pointsPerDay) : 0, unevaluated, reasons };
}

export const CERTIFICATE_STATUSES = ['valid', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export interface Certificate {
  id: string;
  registrationId: string;
  /** As registered. */
  fullName: string;
  email: string;
  days: string[];
  points: number;
  pointsPerDay: number;
  activityName: string;
  accreditingBody: string;
  providerNumber: string;
  signatoryName: string;
  signatoryTitle: string;
  /** From settings/site when issued. */
  instituteName: string;
  issuedAt: Date;
  issuedBy: string;
  status: CertificateStatus;
  /** The certificate this one corrects ('' for a first issue). */
  replaces: string;
  revokedAt?: Date;
  revokeReason?: string;
  /** The correction that replaced it, when revoked to reissue. */
  replacedBy?: string;
}

/** What anyone holding the address reads: whether it is valid, for whom, what and how many points. */
export interface CertificateCheck {
  id: string;
  status: CertificateStatus;
  fullName: string;
  activityName: string;
  accreditingBody: string;
  providerNumber: string;
  points: number;
  issuedAt: Date;
  revokedAt: Date | null;
  replacedBy: string;
}

/** What a certificate copies from settings/cpd when issued (the rules compare each with it). */
export function certifiedActivity(s: CpdSettings) {
  return {
    pointsPerDay: s.pointsPerDay,
    activityName: s.activityName,
    accreditingBody: s.accreditingBody,
    providerNumber: s.providerNumber,
    signatoryName: s.signatoryName,
    signatoryTitle: s.signatoryTitle,
  };
}

/**
 * A newly issued certificate's public projection (firestore.rules checkOf): its issue time is
 * whatever the certificate holds (the server's marker when written in the same commit).
 */
export function newCertificateCheck<T>(
  c: Pick<Certificate, 'id' | 'fullName' | 'activityName' | 'accreditingBody' | 'providerNumber' | 'points'> & { issuedAt: T },
) {
  return {
    id: c.id,
    status: 'valid' as const,
    fullName: c.fullName,
    activityName: c.activityName,
    accreditingBody: c.accreditingBody,
    providerNumber: c.providerNumber,
    points: c.points,
    issuedAt: c.issuedAt,
    revokedAt: null,
    replacedBy: '',
  };
}

export const REVOKE_REASON_MAX = 500;

/** The verification address a certificate's QR code holds. */
export const verifyPath = (id: string) => href('/certificates/:id', { id });

/**
 * The full verification address (the QR code, the PDF, the CSV): the site's address as Settings
 * give it, trimmed and without its trailing slashes, then verifyPath.
 */
export const certificateVerifyUrl = (siteUrl: string, id: string) => `${siteUrl.trim().replace(/\/+$/, '')}${verifyPath(id)}`;

/**
 * settings/cpd as stored, read as CpdSettings: missing or mistyped fields fall back to the defaults
 * (a document saved before a field existed, or none at all), so every screen decides on one shape.
 */
export function cpdSettingsFrom(stored: unknown): CpdSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const d = DEFAULT_CPD_SETTINGS;
  const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  const questions = Array.isArray(s.questions)
    ? s.questions.filter(
        (q): q is EvaluationQuestion =>
          !!q && typeof q === 'object' && typeof q.id === 'string' && typeof q.label === 'string' && (QUESTION_KINDS as readonly unknown[]).includes(q.kind),
      )
    : d.questions;
  const columns = Array.isArray(s.exportColumns)
    ? s.exportColumns.filter((c): c is CertificateCsvColumn => typeof c === 'string' && Object.hasOwn(CERTIFICATE_CSV_COLUMNS, c))
    : [];
  return {
    accreditingBody: text(s.accreditingBody, d.accreditingBody),
    providerNumber: text(s.providerNumber, d.providerNumber),
    activityName: text(s.activityName, d.activityName),
    pointsPerDay: num(s.pointsPerDay, d.pointsPerDay),
    signatoryName: text(s.signatoryName, d.signatoryName),
    signatoryTitle: text(s.signatoryTitle, d.signatoryTitle),
    minDays: num(s.minDays, d.minDays),
    requireEvaluation: typeof s.requireEvaluation === 'boolean' ? s.requireEvaluation : d.requireEvaluation,
    logoUrl: text(s.logoUrl, d.logoUrl),
    questions: questions.map(({ id, label, kind }) => ({ id, label, kind })),
    exportColumns: columns.length ? [...new Set(columns)] : d.exportColumns,
  };
}

/**
 * Whether a valid certificate prints another name than the registration now has: only an
 * administrator issues one (firestore.rules issuesCertificate takes the registration's name), so the
 * attendee who corrected their name is told a corrected one will follow, and the issuing screen shows
 * staff the difference (its "Correct" reissues from the registration as it is now).
 */
export const certificateNameDiffers = (certificate: { status?: unknown; fullName?: unknown } | null | undefined, registration: Record<string, unknown>) =>
  !!certificate && certificate.status === 'valid' && certificate.fullName !== registration.fullName;
