// Reads and actions of the invoice generator. Every action is a transaction on fresh data with its
// activity-log entry in the same commit (useStaffTransaction): numbering and status changes must
// never be decided on a stale list.
import { useQuery } from '@tanstack/react-query';
import { db } from '../../../lib/data.ts';
import { serverValues, type Cursor } from '../../../lib/db.ts';
import { downloadFile } from '../../../lib/csv.ts';
import { useCursorPages } from '../../../admin/ui/use-cursor-pages.ts';
import { useStaffTransaction } from '../../../admin/use-staff-action.ts';
import { findPayableRecord } from '../../../data/payable-records.ts';
import { decideIssue, issuePaths, type IssueRequest } from './issue-invoice.ts';
import { formatMinor, formatMinorShort } from '../../../components/format.ts';
import { bytesToBase64 } from '../../../lib/base64.ts';
import { attachmentName } from '../../../lib/mail-attachments.ts';
import { invoiceMail } from '../../../data/mail.ts';
import { referenceToQuote, type StoredInvoice } from './schema.ts';
import { adminKey } from '../../../data/query-keys.ts';

export const PAGE_SIZE = 20;

export const invoiceKeys = {
  all: adminKey('invoices'),
  list: [...adminKey('invoices'), 'list'] as const,
  counter: [...adminKey('invoices'), 'counter'] as const,
};

export const fetchInvoicePage = (after: Cursor | null) => db.fetchPage<StoredInvoice>('invoices', { limit: PAGE_SIZE, after });

export function useInvoicePages() {
  return useCursorPages(invoiceKeys.list, fetchInvoicePage);
}

/** The last number taken (null before the first invoice): numbering is locked once it exists. */
export function useInvoiceCounter() {
  return useQuery({
    queryKey: invoiceKeys.counter,
    queryFn: async () => (await db.fetchDocument<{ last?: number }>('counters', 'invoices'))?.last ?? null,
  });
}

export function useIssueInvoice() {
  return useStaffTransaction<IssueRequest, string>({
    paths: issuePaths,
    decide: async (docs, request) => {
      const decided = decideIssue(docs, request);
      // The first write is the invoice as it will be stored (its PDF reads issuedAt, not the server time).
      const invoice = (decided.writes[0] as { data: unknown }).data as StoredInvoice;
      return invoice.billTo.email ? { ...decided, writes: [...decided.writes, await invoiceEmail(invoice)] } : decided;
    },
    invalidate: [invoiceKeys.all],
  });
}

/**
 * The invoice email, with the PDF built from the document being stored: the same builder and the
 * same fields (issuedAt rather than the server's time) as the back office's download, so the bytes
 * the billed organisation receives are the bytes finance downloads.
 */
async function invoiceEmail(invoice: StoredInvoice) {
  const { invoicePdf, formatDueDate } = await import('./invoice-pdf.ts');
  const pdf = {
    filename: attachmentName(`${invoice.number}.pdf`),
    content: bytesToBase64(await invoicePdf(invoice)),
    encoding: 'base64',
    contentType: 'application/pdf',
  };
  return invoiceMail(
    db.newId('mail'),
    invoice,
    formatMinor(invoice.totalMinor, invoice.currency),
    formatDueDate(invoice.dueDate),
    referenceToQuote(invoice),
    pdf,
  );
}

export type StatusChange = { invoice: StoredInvoice; to: 'paid' } | { invoice: StoredInvoice; to: 'void'; reason: string };

/** issued → paid or void, only if it is still issued when the change lands. */
export function useChangeInvoiceStatus() {
  return useStaffTransaction<StatusChange>({
    paths: (c) => [`invoices/${c.invoice.number}`],
    decide: ([current], c) => {
      if (current?.status !== 'issued') throw new Error(`Invoice ${c.invoice.number} is already ${String(current?.status ?? 'gone')}.`);
      const amount = formatMinorShort(c.invoice.totalMinor, c.invoice.currency);
      const now = serverValues.now();
      return c.to === 'paid'
        ? {
            writes: [{ update: `invoices/${c.invoice.number}`, data: { status: 'paid', paidAt: now } }],
            log: `Marked invoice ${c.invoice.number} paid (${amount})`,
          }
        : {
            writes: [{ update: `invoices/${c.invoice.number}`, data: { status: 'void', voidedAt: now, voidReason: c.reason } }],
            log: `Voided invoice ${c.invoice.number} (${amount}): ${c.reason}`,
          };
    },
    invalidate: [invoiceKeys.all],
  });
}

/** Who an invoice can be addressed to, picked by the reference of their application or registration. */
export interface BillingRecord {
  reference: string;
  name: string;
  organisation: string;
  email: string;
  /** The buyer's KRA PIN as their application gave it ('' for none, and for a registration, which does not ask). */
  kraPin: string;
  /** e.g. "Gold partnership", "Standard booth", "Delegate registration". */
  description: string;
  fee: number;
  currency: string;
}

const label = (value: unknown) => String(value ?? '').replace(/^./, (c) => c.toUpperCase());

export async function fetchBillingRecord(reference: string): Promise<BillingRecord | null> {
  const found = await findPayableRecord(reference);
  if (!found) return null;
  // The invoice quotes what the payer quotes everywhere else: the record's payment code when it has one.
  const code = found.record.paymentCode;
  const ref = typeof code === 'string' && code ? code : found.record.id;
  if (found.collection === 'partners') {
    const application = found.record;
    return {
      reference: ref,
      name: String(application.contactName ?? ''),
      organisation: String(application.organisation ?? ''),
      email: String(application.email ?? ''),
      kraPin: typeof application.kraPin === 'string' ? application.kraPin : '',
      description: application.kind === 'booth' ? `${label(application.boothType)} booth` : `${label(application.tier)} partnership`,
      fee: Number(application.fee ?? 0),
      currency: String(application.currency ?? ''),
    };
  }
  const registration = found.record;
  return {
    reference: ref,
    name: String(registration.fullName ?? ''),
    organisation: String(registration.organisation ?? ''),
    email: String(registration.email ?? ''),
    kraPin: '',
    description: `${label(registration.category)} registration`,
    fee: Number(registration.fee ?? 0),
    currency: String(registration.currency ?? ''),
  };
}

/** Rebuilds the PDF from the stored invoice (the same bytes as on the day it was issued). */
export async function downloadInvoicePdf(invoice: StoredInvoice) {
  const { invoicePdf } = await import('./invoice-pdf.ts');
  downloadFile(`${invoice.number}.pdf`, (await invoicePdf(invoice)) as BlobPart, 'application/pdf');
}

export const fetchInvoice = (number: string) => db.fetchDocument<StoredInvoice>('invoices', number);
