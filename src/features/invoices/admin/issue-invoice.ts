// Issuing an invoice takes the next number: decided inside a transaction (db.transact via
// useStaffTransaction) on fresh reads of counters/invoices and settings/site, so two staff issuing
// at once never get the same number, and the rules check the series has no gap. A correction voids
// the invoice it replaces in the same transaction, so there is never a void invoice without its
// replacement, nor two valid invoices for one bill.
import type { DocumentData } from 'firebase/firestore/lite';
import { serverValues, type BatchWrite, type WithId } from '../../../lib/db.ts';
import { formatMinorShort } from '../../../components/format.ts';
import { formatInvoiceNumber, nextInvoiceSequence } from './invoice-number.ts';
import type { InvoiceDraft, InvoiceIssuer } from './schema.ts';

export interface Correction {
  number: string;
  reason: string;
}

export interface IssueRequest {
  draft: InvoiceDraft;
  issuedBy: string;
  correction?: Correction;
  /** The moment of issue the PDF shows (see StoredInvoice.issuedAt). */
  issuedAt: Date;
}

/** The documents the transaction reads, in this order. */
export function issuePaths({ correction }: Pick<IssueRequest, 'correction'>): string[] {
  return ['counters/invoices', 'settings/site', ...(correction ? [`invoices/${correction.number}`] : [])];
}

function issuerFrom(settings: DocumentData): InvoiceIssuer {
  const emails = Array.isArray(settings.contactEmails) ? settings.contactEmails.map(String) : [];
  const payment = settings.payment && typeof settings.payment === 'object' ? settings.payment : {};
  return {
    name: String(settings.instituteName ?? ''),
    address: String(settings.instituteAddress ?? ''),
    phone: String(settings.contactPhone ?? ''),
    emails,
    payment: Object.fromEntries(Object.entries(payment).map(([k, v]) => [k, String(v)])),
    // The rules hold it to settings/site's as read in this transaction.
    kraPin: typeof settings.instituteKraPin === 'string' ? settings.instituteKraPin : '',
  };
}

export function decideIssue(
  [counter, settings, replaced]: Array<WithId<DocumentData> | null>,
  { draft, issuedBy, correction, issuedAt }: IssueRequest,
): { writes: BatchWrite[]; log: string; result: string } {
  if (!settings) throw new Error('The site settings are missing: an administrator must save them in Settings before invoices can be issued.');
  const { invoicePrefix: prefix, invoiceStartNumber: start } = settings;
  if (typeof prefix !== 'string' || !Number.isInteger(start)) {
    throw new Error('Invoice numbering is not set: an administrator must set the invoice prefix and start number in Settings.');
  }
  if (correction && replaced?.status !== 'issued') {
    throw new Error(`Invoice ${correction.number} is ${replaced ? `already ${String(replaced.status)}` : 'not found'}, so it cannot be corrected.`);
  }
  const sequence = nextInvoiceSequence(counter?.last as number | undefined, start as number);
  const number = formatInvoiceNumber(prefix, sequence);
  const now = serverValues.now();
  const writes: BatchWrite[] = [
    {
      set: `invoices/${number}`,
      data: {
        ...draft,
        ...(correction ? { replaces: correction.number } : {}),
        issuer: issuerFrom(settings),
        issuedBy,
        issuedAt,
        id: number,
        number,
        sequence,
        status: 'issued',
        timestamp: now,
      },
    },
    { set: 'counters/invoices', data: { last: sequence } },
  ];
  if (correction) {
    writes.push({ update: `invoices/${correction.number}`, data: { status: 'void', voidedAt: now, voidReason: correction.reason, replacedBy: number } });
  }
  const amount = formatMinorShort(draft.totalMinor, draft.currency);
  const log = correction
    ? `Issued invoice ${number} (${amount}) correcting ${correction.number}, voided: ${correction.reason}`
    : `Issued invoice ${number} (${amount})`;
  return { writes, log, result: number };
}
