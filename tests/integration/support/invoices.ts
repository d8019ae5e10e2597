// Issuing an invoice as the invoice generator must: the next number from counters/invoices and
// the invoice under that number (doc id = invoice number), in one commit.
import type { Firestore } from 'firebase/firestore/lite';
import { serverValues } from '../../../src/lib/db.ts';
import type { InvoiceDraft } from '../../../src/features/invoices/admin/schema.ts';
import { commit, SITE } from './forms.ts';
import { ownerGet } from './owner.ts';

/** The invoice number for a sequence: the settings prefix and four digits (the generator does not exist yet). */
export const invoiceNumber = (sequence: number) => `${SITE.invoicePrefix}${String(sequence).padStart(4, '0')}`;

/** The sequence the next invoice takes: one past counters/invoices, or the start number for the first. */
export async function nextSequence(): Promise<number> {
  const counter = await ownerGet('counters/invoices');
  return counter ? (counter.last as number) + 1 : SITE.invoiceStartNumber;
}

/** What an invoice is billed to and issued by, as far as the rules read them: the KRA PINs. */
export interface InvoiceParties {
  billTo: Record<string, unknown>;
  issuer: Record<string, unknown>;
}

/** The parties of a valid invoice: a buyer with a KRA PIN, and the institute's PIN as settings/site has it. */
export const invoiceParties = (): InvoiceParties => ({
  billTo: { name: 'Kisumu County Hospital', organisation: '', address: '', email: '', kraPin: 'P052987654K' },
  issuer: { name: 'National Cancer Institute', kraPin: SITE.instituteKraPin },
});

/**
 * Issues the next invoice as `db`; `change` forges its number or sequence, or its parties. Returns
 * the number.
 */
export async function issueInvoice(db: Firestore, change: { number?: string; sequence?: number } & Partial<InvoiceParties> = {}): Promise<string> {
  const sequence = change.sequence ?? (await nextSequence());
  const number = change.number ?? invoiceNumber(sequence);
  const { billTo, issuer } = { ...invoiceParties(), ...change };
  await commit(db, [
    {
      set: `invoices/${number}`,
      data: { number, sequence, status: 'issued', billTo, issuer, total: 15000, currency: SITE.currency, timestamp: serverValues.now() },
    },
    { set: 'counters/invoices', data: { last: sequence } },
  ]);
  return number;
}

/** An invoice generator's draft for one booth (KES 50,000), billed to Juma Ali with `billTo` changed. */
export const invoiceDraft = (billTo: Partial<InvoiceDraft['billTo']> = {}): InvoiceDraft => ({
  reference: '',
  billTo: { name: 'Juma Ali', organisation: 'East Africa Health Foundation', address: 'Nairobi', email: 'juma@example.org', kraPin: 'P052987654K', ...billTo },
  items: [{ description: 'Standard booth', quantity: 1, unitPrice: 50000, amountMinor: 5000000 }],
  currency: 'KES',
  taxRate: 0,
  subtotalMinor: 5000000,
  taxMinor: 0,
  totalMinor: 5000000,
  dueDate: '2027-02-28',
  notes: '',
});

/** The invoice PDF an issue attaches to its email (a few bytes stand for it). */
export const INVOICE_PDF = { filename: 'invoice.pdf', content: 'JVBERi0xLjcK', encoding: 'base64', contentType: 'application/pdf' };
