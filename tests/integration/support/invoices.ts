// Issuing an invoice as the invoice generator must: the next number from counters/invoices and
// the invoice under that number (doc id = invoice number), in one commit.
import type { Firestore } from 'firebase/firestore/lite';
import { serverValues } from '../../../src/lib/db.ts';
import { commit, SITE } from './forms.ts';
import { ownerGet } from './owner.ts';

/** The invoice number for a sequence: the settings prefix and four digits (the generator does not exist yet). */
export const invoiceNumber = (sequence: number) => `${SITE.invoicePrefix}${String(sequence).padStart(4, '0')}`;

/** The sequence the next invoice takes: one past counters/invoices, or the start number for the first. */
export async function nextSequence(): Promise<number> {
  const counter = await ownerGet('counters/invoices');
  return counter ? (counter.last as number) + 1 : SITE.invoiceStartNumber;
}

/** Issues the next invoice as `db`; `change` forges its number or sequence. Returns the number. */
export async function issueInvoice(db: Firestore, change: { number?: string; sequence?: number } = {}): Promise<string> {
  const sequence = change.sequence ?? (await nextSequence());
  const number = change.number ?? invoiceNumber(sequence);
  await commit(db, [
    {
      set: `invoices/${number}`,
      data: { number, sequence, status: 'issued', billTo: 'Kisumu County Hospital', total: 15000, currency: SITE.currency, timestamp: serverValues.now() },
    },
    { set: 'counters/invoices', data: { last: sequence } },
  ]);
  return number;
}
