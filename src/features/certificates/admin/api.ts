// Reads and actions of the Certificates screen. Every read is bounded (a page of registrations,
// the certificates they name one by one; the export a thousand at a
// time); every action is a transaction on fresh data with its activity-log entry in the same
// commit (useStaffTransaction).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { db } from '../../../lib/data.ts';
import type { Cursor } from '../../../lib/db.ts';
import { useCursorPages } from '../../../admin/ui/use-cursor-pages.ts';
import { useStaffTask, useStaffTransaction } from '../../../admin/use-staff-action.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { CPD_SETTINGS_PATH, cpdSettingsFrom, type Certificate, type CertificateCsvColumn } from '../../../data/certificates.ts';
import { issuePaths, type IssueRequest } from './issue-certificate.ts';
import { cachedLogos, decideIssueWithMail, issueRequest, type LogoSource } from './issue-with-mail.ts';
import { searchCheckedIn } from './attendee-search.ts';
import { decideRevoke, revokePaths, type RevokeRequest } from './revoke-certificate.ts';
import { certificateCsv, type StoredCertificate } from './certificate-csv.ts';
import { attendeeItem, checkedIn, type AttendeePage, type AttendeeRecord, type CertificateSummary } from './eligibility-preview.ts';

export const PAGE_SIZE = 25;
/** Registrations judged at a time by "Issue all eligible". */
export const BULK_CHUNK = 100;

export const certificateKeys = {
  all: adminKey('certificates'),
  settings: [...adminKey('certificates'), 'settings'] as const,
  preview: [...adminKey('certificates'), 'preview'] as const,
  checkedIn: [...adminKey('certificates'), 'checked-in'] as const,
};

export const fetchCpdSettings = async () => cpdSettingsFrom(await db.fetchDocument('settings', CPD_SETTINGS_PATH.split('/')[1]));

export function useCpdSettings() {
  return useQuery({ queryKey: certificateKeys.settings, queryFn: fetchCpdSettings });
}

async function fetchCertificateSummary(id: string): Promise<CertificateSummary | null> {
  const c = await db.fetchDocument<Certificate>('certificates', id);
  return c && { id: c.id, status: c.status, points: c.points, days: c.days ?? [], fullName: c.fullName };
}

/** Registrations with what eligibility needs: the certificate each names (their days evaluated they carry). */
async function withEligibilityData(items: AttendeeRecord[]): Promise<AttendeePage['items']> {
  const certificates = await Promise.all(items.map((r) => (r.certificateId ? fetchCertificateSummary(r.certificateId) : null)));
  return items.map((r, i) => attendeeItem(r, certificates[i]));
}

/** A page of checked-in registrations, each with its evaluated days and the certificate it names. */
export async function fetchAttendeePage(after: Cursor | null, limit = PAGE_SIZE): Promise<AttendeePage> {
  const page = await db.fetchPage<AttendeeRecord>('registrations', { ...checkedIn(), limit, after });
  return { items: await withEligibilityData(page.items), next: page.next };
}

/** The checked-in attendees a search finds, with what their eligibility needs. */
export async function fetchAttendeeSearch(text: string) {
  const found = await searchCheckedIn(db, text);
  return { items: await withEligibilityData(found.items), capped: found.capped };
}

export function useAttendeeSearch(text: string) {
  return useQuery({ queryKey: [...certificateKeys.all, 'search', text], queryFn: () => fetchAttendeeSearch(text), enabled: text !== '' });
}

export function useAttendeePages() {
  return useCursorPages(certificateKeys.preview, (after) => fetchAttendeePage(after));
}

export const countCheckedIn = () => db.fetchCount('registrations', checkedIn().where);

export function useCheckedInCount() {
  return useQuery({ queryKey: certificateKeys.checkedIn, queryFn: countCheckedIn });
}

/** What the screen asks: the registration, and for a correction the certificate it replaces and why. */
export type IssueVars = Pick<IssueRequest, 'registrationId' | 'correction'>;

const invalidate = [certificateKeys.all, adminKey('registrations')];

/**
 * Issue one certificate (or correct one): issue-with-mail.ts's decision and email in a staff
 * transaction (with its activity-log entry). The logo is fetched once per address (before the
 * transaction when the screen knows it), not on every retry or every certificate.
 */
export function useIssueCertificate(issuedBy: string, knownLogoUrl = '', { refresh = true } = {}) {
  const logos = useRef<LogoSource | null>(null);
  const logo: LogoSource = (url) => (logos.current ??= cachedLogos())(url);
  return useStaffTransaction<IssueVars & Partial<IssueRequest>, { id: string; fullName: string }>({
    paths: issuePaths,
    prepare: async (vars) => {
      if (knownLogoUrl) await logo(knownLogoUrl);
      return issueRequest(vars, issuedBy, db.newId);
    },
    decide: (docs, vars, read) => decideIssueWithMail(docs, vars as IssueRequest, read, logo),
    // A bulk run reads the lists again once at its end (useRefreshCertificates), not after each of hundreds.
    invalidate: refresh ? invalidate : [],
  });
}

/** Reads again everything the certificates change (after a bulk run). */
export function useRefreshCertificates() {
  const client = useQueryClient();
  return () => Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function useRevokeCertificate() {
  return useStaffTransaction<RevokeRequest>({ paths: revokePaths, decide: decideRevoke, invalidate });
}

/** Every certificate issued (revoked ones too, with their status), oldest first, a thousand at a time. */
export const fetchAllCertificates = (onProgress?: (read: number) => void) =>
  db.fetchEvery<StoredCertificate>('certificates', { orderBy: ['issuedAt', 'asc'] }, onProgress);

/** Exporting personal data is itself an action worth a log line. */
export function useExportCertificates() {
  return useStaffTask({
    run: async ({ columns, siteUrl, onProgress }: { columns: CertificateCsvColumn[]; siteUrl: string; onProgress: (n: number) => void }) => {
      const certificates = await fetchAllCertificates(onProgress);
      return { csv: certificateCsv(certificates, columns, siteUrl), rows: certificates.length };
    },
    log: (_vars, { rows }) => `Exported ${rows} CPD certificates to CSV`,
  });
}
