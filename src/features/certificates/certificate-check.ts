// The public verification's one read: certificateChecks/{id}, the projection the rules let anyone
// get (never list), over REST like every public read. Nothing else of the attendee's is read.
import { useQuery } from '@tanstack/react-query';
import { CERTIFICATE_STATUSES, type CertificateCheck, type CertificateStatus } from '../../data/certificates.ts';
import { publicReads } from '../../lib/data.ts';

/**
 * A certificate number as issued (db.newId: 20 letters and digits). Anything else is answered "not
 * found" without a read: a mistyped address costs nothing, and nothing odd (a slash, a dot) ever
 * reaches a document path.
 */
export const isCertificateId = (id: string | undefined): id is string => typeof id === 'string' && /^[A-Za-z0-9]{20}$/.test(id);

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const date = (v: unknown) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v : null);

/** The stored projection as the page shows it; null when missing. A status it cannot tell valid is an error, never "valid". */
export async function fetchCertificateCheck(id: string): Promise<CertificateCheck | null> {
  const doc = await publicReads.fetchDocument<Record<string, unknown>>('certificateChecks', id);
  if (!doc) return null;
  const issuedAt = date(doc.issuedAt);
  if (!CERTIFICATE_STATUSES.includes(doc.status as CertificateStatus) || !issuedAt) throw new Error(`certificateChecks/${id} is not a certificate check`);
  return {
    id,
    status: doc.status as CertificateStatus,
    fullName: text(doc.fullName),
    activityName: text(doc.activityName),
    accreditingBody: text(doc.accreditingBody),
    providerNumber: text(doc.providerNumber),
    points: typeof doc.points === 'number' ? doc.points : 0,
    issuedAt,
    revokedAt: date(doc.revokedAt),
    replacedBy: isCertificateId(text(doc.replacedBy)) ? text(doc.replacedBy) : '',
  };
}

/** Read when the page opens and whenever it is opened again (a revocation shows at once: nothing cached). */
export function useCertificateCheck(id: string | undefined) {
  return useQuery({
    queryKey: ['certificate-check', id],
    queryFn: () => fetchCertificateCheck(id!),
    enabled: isCertificateId(id),
    staleTime: 0,
    retry: 1,
  });
}
