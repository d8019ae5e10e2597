// Revoking a CPD certificate: the one change an issued certificate ever takes. Decided in a
// transaction on the certificate as stored (two administrators revoking at once revoke it once),
// with its public projection updated in step so /certificates/{id} says "revoked" from that commit.
//
// What a revoke writes (firestore.rules checks the same set):
//   certificates/{id}        update: { status: 'revoked', revokedAt: server time, revokeReason }
//   certificateChecks/{id}   update: { status: 'revoked', revokedAt: server time }
//   logs/{id}                set: the activity-log entry (added by useStaffTransaction)
// The registration keeps naming it (certificateId), so its attendee sees it revoked, and a new
// certificate can be issued for it afterwards.
import type { DocumentData } from 'firebase/firestore/lite';
import { serverValues, type BatchWrite, type WithId } from '../../../lib/db.ts';
import { REVOKE_REASON_MAX } from '../../../data/certificates.ts';

export interface RevokeRequest {
  certificateId: string;
  reason: string;
}

/** A revoke reason as stored: trimmed, 1–REVOKE_REASON_MAX characters (the rules check the same). */
export function checkedReason(reason: string): string {
  const value = reason.trim();
  if (!value) throw new Error('Give the reason for revoking the certificate.');
  if (value.length > REVOKE_REASON_MAX) throw new Error(`Keep the reason to ${REVOKE_REASON_MAX} characters.`);
  return value;
}

/** The certificate and its projection revoked; `replacedBy` names the correction issued with it. */
export function revokeWrites(id: string, reason: string, replacedBy?: string): BatchWrite[] {
  const now = serverValues.now();
  const replaced = replacedBy ? { replacedBy } : {};
  return [
    { update: `certificates/${id}`, data: { status: 'revoked', revokedAt: now, revokeReason: reason, ...replaced } },
    { update: `certificateChecks/${id}`, data: { status: 'revoked', revokedAt: now, ...replaced } },
  ];
}

export const revokePaths = ({ certificateId }: Pick<RevokeRequest, 'certificateId'>) => [`certificates/${certificateId}`];

export function decideRevoke(
  [certificate]: Array<WithId<DocumentData> | null>,
  { certificateId, reason }: RevokeRequest,
): { writes: BatchWrite[]; log: string } {
  const why = checkedReason(reason);
  if (!certificate) throw new Error(`Certificate ${certificateId} was not found.`);
  if (certificate.status !== 'valid') throw new Error(`Certificate ${certificateId} is already revoked.`);
  return {
    writes: revokeWrites(certificateId, why),
    log: `Revoked CPD certificate ${certificateId} of ${String(certificate.fullName ?? '')}: ${why}`,
  };
}
