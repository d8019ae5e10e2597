// The CSV the accrediting body receives: the certificates issued, one a line, with the columns the
// settings choose in the order the body asks for (settings/cpd exportColumns). lib/csv.ts quotes
// and defuses formulas, so a name typed as "=HYPERLINK(…)" at registration opens as text.
import { toCsv } from '../../../lib/csv.ts';
import { toNairobiDate } from '../../../lib/nairobi-time.ts';
import { CERTIFICATE_CSV_COLUMNS, certificateVerifyUrl, dayLabel, type Certificate, type CertificateCsvColumn } from '../../../data/certificates.ts';

/** A certificate as read back: times are Dates (a revoked one has its revokedAt). */
export type StoredCertificate = Certificate;

const date = (v: unknown) => (v instanceof Date ? toNairobiDate(v) : '');

/** Each column's value. Dates are Nairobi calendar dates ('YYYY-MM-DD'), which spreadsheets read as dates. */
function columnValue(column: CertificateCsvColumn, c: StoredCertificate, siteUrl: string): unknown {
  switch (column) {
    case 'certificateId':
      return c.id;
    case 'fullName':
      return c.fullName;
    case 'email':
      return c.email;
    case 'activityName':
      return c.activityName;
    case 'accreditingBody':
      return c.accreditingBody;
    case 'providerNumber':
      return c.providerNumber;
    case 'days':
      return c.days.map(dayLabel).join('; ');
    case 'dayCount':
      return c.days.length;
    case 'points':
      return c.points;
    case 'issuedOn':
      return date(c.issuedAt);
    case 'status':
      return c.status;
    case 'revokedOn':
      return date(c.revokedAt);
    case 'verifyUrl':
      return certificateVerifyUrl(siteUrl, c.id);
  }
}

export function certificateCsv(certificates: Iterable<StoredCertificate>, columns: readonly CertificateCsvColumn[], siteUrl: string): string {
  return toCsv(
    certificates,
    columns.map((column) => ({ header: CERTIFICATE_CSV_COLUMNS[column], value: (c: StoredCertificate) => columnValue(column, c, siteUrl) })),
  );
}
