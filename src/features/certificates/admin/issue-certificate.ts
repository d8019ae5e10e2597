// Issuing a CPD certificate, decided inside a transaction (db.transact via useStaffTransaction) on
// fresh reads of the registration (its attendance and the days evaluated, as the rules count them),
// settings/cpd, settings/site and the certificate the registration already names: so a certificate is issued
// on what is true when it lands, not on the preview the screen showed (a check-in undone, settings
// changed, another administrator issuing the same one a moment earlier). A correction revokes the
// certificate it replaces in the same transaction, so there is never a revoked certificate without
// its replacement, nor two valid certificates for one registration.
//
// What one issue writes (firestore.rules checks the same set):
//   certificates/{id}          set: every Certificate field (issuedAt = server time, status 'valid')
//   certificateChecks/{id}     set: its public projection (revokedAt null, replacedBy '')
//   registrations/{regId}      update: { certificateId: id } only
//   mail/{mailId}              set: certificate-issued with the PDF (added by issue-with-mail.ts)
//   logs/{id}                  set: the activity-log entry (added by useStaffTransaction)
// and, correcting, the replaced certificate revoked in step:
//   certificates/{old}         update: { status: 'revoked', revokedAt, revokeReason, replacedBy: id }
//   certificateChecks/{old}    update: { status: 'revoked', revokedAt, replacedBy: id }
import type { DocumentData } from 'firebase/firestore/lite';
import { serverValues, type BatchWrite, type ReadInTransaction, type WithId } from '../../../lib/db.ts';
import {
  CPD_SETTINGS_PATH,
  cpdSettingsFrom,
  certifiedActivity,
  cpdSettingsGaps,
  eligibility,
  newCertificateCheck,
  evaluatedDays,
  pointsLabel,
  summitDays,
  type Certificate,
} from '../../../data/certificates.ts';
import { checkedReason, revokeWrites } from './revoke-certificate.ts';

/** Why an issue was refused: `issued` (a valid certificate exists) is a skip, not a failure, in a bulk run. */
export type RefusalKind = 'issued' | 'ineligible' | 'settings' | 'missing' | 'correction';

export class IssueRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
  }
}

export interface IssueRequest {
  registrationId: string;
  /** The administrator's (token) email. */
  issuedBy: string;
  /** Chosen before the transaction, so a retried transaction issues the same certificate and mail. */
  certificateId: string;
  mailId: string;
  /** Correcting: the registration's current certificate, revoked in the same transaction, and why. */
  correction?: { certificateId: string; reason: string };
}

/** A certificate as the transaction writes it: its issue time is the server's. */
export type IssuedCertificate = Omit<Certificate, 'issuedAt'> & { issuedAt: ReturnType<typeof serverValues.now> };

export interface IssueDecision {
  writes: BatchWrite[];
  log: string;
  result: { certificate: IssuedCertificate; siteUrl: string; logoUrl: string };
}

/** The documents the transaction reads first, in this order (the others are read as decided). */
export const issuePaths = ({ registrationId }: Pick<IssueRequest, 'registrationId'>) => [`registrations/${registrationId}`, CPD_SETTINGS_PATH, 'settings/site'];

const asDate = (v: unknown) => (v instanceof Date ? v : null);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

export async function decideIssue(
  [registration, cpd, site]: Array<WithId<DocumentData> | null>,
  request: IssueRequest,
  read: ReadInTransaction,
): Promise<IssueDecision> {
  const { registrationId, certificateId: id, correction } = request;
  if (!registration) throw new IssueRefusal('missing', `Registration ${registrationId} was not found (archived or deleted).`);
  const name = text(registration.fullName);
  const settings = cpdSettingsFrom(cpd);
  const gaps = cpdSettingsGaps(settings);
  if (!cpd || gaps.length) throw new IssueRefusal('settings', `The CPD settings are incomplete: set ${gaps.join(', ') || 'them'} first.`);
  const days = summitDays(asDate(site?.startDate), asDate(site?.endDate));
  if (!days.length) throw new IssueRefusal('settings', "The summit's dates are not set in Settings, so no day can count.");

  // The registration's current certificate, as stored now.
  const currentId = text(registration.certificateId);
  const current = currentId ? await read(`certificates/${currentId}`) : null;
  if (correction) {
    if (correction.certificateId !== currentId || !current)
      throw new IssueRefusal('correction', `Certificate ${correction.certificateId} is not ${name}'s current certificate, so it cannot be corrected.`);
    if (current.status !== 'valid') throw new IssueRefusal('correction', `Certificate ${correction.certificateId} is already revoked.`);
  } else if (current?.status === 'valid') {
    throw new IssueRefusal('issued', `${name} already has a valid certificate (${currentId}).`);
  }

  // The days evaluated are the registration's own record of them (each written by its evaluation's
  // commit), which the rules count too: no read per day.
  const evaluated = evaluatedDays(registration);
  const verdict = eligibility({ status: text(registration.status), attendance: registration.attendance as Record<string, unknown> }, evaluated, settings, days);
  if (!verdict.eligible) throw new IssueRefusal('ineligible', `${name} is not eligible: ${verdict.reasons.join(' ')}`);

  const now = serverValues.now();
  const certificate: IssuedCertificate = {
    id,
    registrationId,
    fullName: name,
    // Lower case, as the attendee's signed-in address reads it (they list their own certificates by it).
    email: text(registration.email).toLowerCase(),
    days: verdict.days,
    points: verdict.points,
    ...certifiedActivity(settings),
    instituteName: text(site?.instituteName),
    issuedAt: now,
    issuedBy: request.issuedBy,
    status: 'valid',
    replaces: correction?.certificateId ?? '',
  };
  const writes: BatchWrite[] = [
    { set: `certificates/${id}`, data: certificate },
    { set: `certificateChecks/${id}`, data: newCertificateCheck(certificate) },
    { update: `registrations/${registrationId}`, data: { certificateId: id } },
  ];
  const figures = `${name} (${pointsLabel(certificate.points)}, ${certificate.days.length} ${certificate.days.length === 1 ? 'day' : 'days'})`;
  let log = `Issued CPD certificate ${id} to ${figures}`;
  if (correction) {
    const reason = checkedReason(correction.reason);
    writes.push(...revokeWrites(correction.certificateId, reason, id));
    log = `${log}, correcting ${correction.certificateId}, revoked: ${reason}`;
  }
  return { writes, log, result: { certificate, siteUrl: text(site?.siteUrl), logoUrl: settings.logoUrl } };
}
