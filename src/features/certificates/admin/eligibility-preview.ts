// Who earns a certificate, person by person, as the issuing screen shows it: read in bounded
// chunks (a page of checked-in registrations, the certificates they name one by one), then judged by
// eligibility() in data/certificates.ts, the same function the issuing transaction runs again on
// fresh data. The days evaluated are the registration's own `evaluatedDays`, as the issuing
// transaction and the rules count them (an evaluation's commit writes the day there): the
// evaluations themselves are not read, so the screen never calls eligible whom the rules refuse.
import type { Cursor, Filter, Page } from '../../../lib/db.ts';
import { eligibility, evaluatedDays, type CpdSettings, type Eligibility } from '../../../data/certificates.ts';

/** What the screen reads of a registration. */
export interface AttendeeRecord {
  id: string;
  fullName: string;
  email: string;
  status: string;
  attendance?: Record<string, unknown> | null;
  /** Day → when its evaluation was submitted (data/certificates.ts evaluationWrites). */
  evaluatedDays?: Record<string, unknown> | null;
  certificateId?: string;
}

/** What the screen reads of the certificate a registration names. */
export interface CertificateSummary {
  id: string;
  status: string;
  points: number;
  days: string[];
  fullName: string;
}

/** One page of attendees with what their eligibility needs. */
export interface AttendeePage {
  items: Array<Omit<AttendeeRecord, 'evaluatedDays'> & { evaluatedDays: string[]; certificate: CertificateSummary | null }>;
  next: Cursor | null;
}

export type PreviewRow = AttendeePage['items'][number] & {
  /** The days attended and what they earn (verdict.attended: the summit's days they were admitted on). */
  verdict: Eligibility;
  /** What "Issue" would do: issue, nothing (a valid certificate exists), or nothing (not eligible). */
  action: 'issue' | 'issued' | 'ineligible';
};

/** The registrations the preview lists: checked in, by name (served by the status + fullName index). */
export const checkedIn = (): { where: Filter[]; orderBy: [string, 'asc'] } => ({ where: [['status', '==', 'checked-in']], orderBy: ['fullName', 'asc'] });

/** A registration as the preview lists it: its days evaluated (its own `evaluatedDays`, sorted) and the certificate it names. */
export function attendeeItem(r: AttendeeRecord, certificate: CertificateSummary | null): AttendeePage['items'][number] {
  const { evaluatedDays: _stored, ...rest } = r;
  return { ...rest, evaluatedDays: [...evaluatedDays(r)].sort(), certificate };
}

/** A registration's certificate counts as issued only if it exists and is valid (a revoked one may be issued again). */
export const hasValidCertificate = (row: { certificate: CertificateSummary | null }) => row.certificate?.status === 'valid';

export function previewRow(item: AttendeePage['items'][number], settings: CpdSettings, days: readonly string[]): PreviewRow {
  const verdict = eligibility(item, new Set(item.evaluatedDays), settings, days);
  const action = hasValidCertificate(item) ? 'issued' : verdict.eligible ? 'issue' : 'ineligible';
  return { ...item, verdict, action };
}

export const previewPage = (page: AttendeePage, settings: CpdSettings, days: readonly string[]): Page<PreviewRow> => ({
  items: page.items.map((item) => previewRow(item, settings, days)),
  next: page.next,
});
