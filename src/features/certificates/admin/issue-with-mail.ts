// What issuing one certificate decides and writes, email included, as a plain function of the
// transaction's reads: decideIssue's writes, then the certificate-issued mail carrying the PDF the
// attendee's download builds. The screen's hook (api.ts useIssueCertificate) runs it inside its
// staff transaction; `npm run bench -- --only certificates` runs the very same code from Node.
import type { DocumentData } from 'firebase/firestore/lite';
import type { BatchWrite, ReadInTransaction, WithId } from '../../../lib/db.ts';
import { bytesToBase64 } from '../../../lib/base64.ts';
import { certificateMail } from '../../../data/mail.ts';
import { decideIssue, type IssueRequest } from './issue-certificate.ts';

/** The institute's logo by address (null: the PDF goes without). */
export type LogoSource = (url: string) => Promise<Uint8Array | null>;

/**
 * loadLogo, fetched once per address (not on every transaction retry, nor for each of hundreds of
 * certificates). pdf-lib is loaded on demand, as the invoice's is.
 */
export function cachedLogos(): LogoSource {
  const logos = new Map<string, Promise<Uint8Array | null>>();
  return async (url) => {
    const { loadLogo } = await import('../../../data/certificate-pdf.ts');
    if (!logos.has(url)) logos.set(url, loadLogo(url));
    return logos.get(url)!;
  };
}

/**
 * The issue's ids, chosen before the transaction, so a retried transaction writes the same
 * certificate and mail.
 */
export const issueRequest = (
  vars: Omit<IssueRequest, 'issuedBy' | 'certificateId' | 'mailId'> & Partial<IssueRequest>,
  issuedBy: string,
  newId: (collection: string) => string,
): IssueRequest => ({
  ...vars,
  issuedBy,
  certificateId: vars.certificateId ?? newId('certificates'),
  mailId: vars.mailId ?? newId('mail'),
});

/** decideIssue plus the email with its PDF; throws IssueRefusal as decideIssue does. The caller adds the activity-log entry. */
export async function decideIssueWithMail(
  docs: Array<WithId<DocumentData> | null>,
  request: IssueRequest,
  read: ReadInTransaction,
  logo: LogoSource,
): Promise<{ writes: BatchWrite[]; log: string; result: { id: string; fullName: string } }> {
  const decided = await decideIssue(docs, request, read);
  const { certificate, siteUrl, logoUrl } = decided.result;
  const { certificatePdf } = await import('../../../data/certificate-pdf.ts');
  // The stored issuedAt is the server's time; the mailed copy shows this moment (the same day).
  const bytes = await certificatePdf({ ...certificate, issuedAt: new Date() }, { siteUrl, logo: await logo(logoUrl) });
  const pdf = { filename: `certificate-${certificate.id}.pdf`, content: bytesToBase64(bytes), encoding: 'base64', contentType: 'application/pdf' };
  return {
    writes: [...decided.writes, certificateMail(request.mailId, certificate, pdf)],
    log: decided.log,
    result: { id: certificate.id, fullName: certificate.fullName },
  };
}
