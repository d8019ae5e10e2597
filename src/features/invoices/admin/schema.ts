// An invoice as staff fill it in, and as it is stored in invoices/{number}. Stored invoices are
// never edited (firestore.rules): they carry everything the PDF shows, including the institute's
// details as they were on the day of issue, so the PDF can be rebuilt identically years later.
import { z } from 'zod';
import { emailField, kraPinField } from '../../../lib/validation.ts';
import { invoiceTotals } from './invoice-math.ts';

export const INVOICE_STATUSES = ['issued', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

const hasAtMostTwoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** A number typed into an input: '' means missing (not 0), at most two decimals. */
function decimalField(what: string, min: number, max: number, minMessage: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z
      .number({ message: `Enter the ${what}.` })
      .min(min, minMessage)
      .max(max, `The ${what} must be at most ${max.toLocaleString('en-KE')}.`)
      .refine(hasAtMostTwoDecimals, `Use at most two decimals in the ${what}.`),
  );
}

const lineItemSchema = z.object({
  description: z.string().trim().min(1, 'Describe the item.').max(200, 'The description must be at most 200 characters.'),
  quantity: decimalField('quantity', 0.01, 10_000, 'The quantity must be more than zero.'),
  unitPrice: decimalField('unit price', 0, 10_000_000, 'The unit price cannot be negative.'),
});

export const invoiceFormSchema = z
  .object({
    /** The partner application, booth booking or registration billed, when picked by reference. */
    reference: z.string().trim().max(128),
    billTo: z.object({
      name: z.string().trim().min(1, 'Enter who the invoice is for.').max(120, 'The name must be at most 120 characters.'),
      organisation: z.string().trim().max(160, 'The organisation must be at most 160 characters.'),
      address: z.string().trim().max(300, 'The address must be at most 300 characters.'),
      email: z
        .string()
        .trim()
        .refine((v) => v === '' || emailField().safeParse(v).success, 'Enter a valid email address, like name@example.org.'),
      /** The buyer's KRA PIN, printed on the invoice ('' when they have none, e.g. abroad). */
      kraPin: kraPinField(),
    }),
    items: z.array(lineItemSchema).min(1, 'Add at least one item.').max(50, 'An invoice holds at most 50 items.'),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code, like KES.'),
    taxRate: decimalField('tax rate', 0, 100, 'The tax rate cannot be negative.'),
    dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the due date.'),
    notes: z.string().trim().max(1000, 'The notes must be at most 1000 characters.'),
  })
  .refine((f) => invoiceTotals(f.items, f.taxRate).totalMinor > 0, { path: ['items'], message: 'The invoice total must be more than zero.' });

export type InvoiceFormInput = z.input<typeof invoiceFormSchema>;
export type InvoiceForm = z.output<typeof invoiceFormSchema>;

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitPrice: number;
  amountMinor: number;
}

/** The institute as it appears on the invoice (from settings/site at the moment of issue). */
export interface InvoiceIssuer {
  name: string;
  address: string;
  phone: string;
  emails: string[];
  payment: Record<string, string>;
  /** The institute's KRA PIN as settings had it ('' when not entered; absent on invoices issued before it was asked). */
  kraPin?: string;
}

/**
 * What a payer quotes as the M-Pesa account number or bank narration: the reference of the
 * registration or application the invoice bills (filled in as its payment code, the one checkout,
 * its emails and finance's matching all use), or the invoice number for an invoice that bills no record.
 */
export const referenceToQuote = (invoice: { reference: string; number: string }) => invoice.reference || invoice.number;

/** What the form decides; the issuing transaction adds the number, the issuer and the status. */
export interface InvoiceDraft {
  reference: string;
  billTo: InvoiceForm['billTo'];
  items: InvoiceLine[];
  currency: string;
  taxRate: number;
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
  dueDate: string;
  notes: string;
}

export interface StoredInvoice extends Omit<InvoiceDraft, 'billTo'> {
  /** kraPin is absent on invoices issued before the buyer's PIN was asked. */
  billTo: Omit<InvoiceDraft['billTo'], 'kraPin'> & { kraPin?: string };
  id: string;
  number: string;
  sequence: number;
  status: InvoiceStatus;
  issuer: InvoiceIssuer;
  issuedBy: string;
  /** When it was stored (server time). */
  timestamp: Date;
  /**
   * When it was issued, as the issuing browser saw it (the rules keep it within an hour of the
   * server's time): the PDF shows it, and it is known before the commit, so the invoice email can
   * carry the very PDF the back office downloads. Invoices issued before it existed use timestamp.
   */
  issuedAt?: Date;
  replaces?: string;
  paidAt?: Date;
  voidedAt?: Date;
  voidReason?: string;
  replacedBy?: string;
}

export function invoiceDraft(form: InvoiceForm): InvoiceDraft {
  const totals = invoiceTotals(form.items, form.taxRate);
  return {
    reference: form.reference,
    billTo: form.billTo,
    items: form.items.map((item, i) => ({ ...item, amountMinor: totals.linesMinor[i] })),
    currency: form.currency,
    taxRate: form.taxRate,
    subtotalMinor: totals.subtotalMinor,
    taxMinor: totals.taxMinor,
    totalMinor: totals.totalMinor,
    dueDate: form.dueDate,
    notes: form.notes,
  };
}

/** A stored invoice back as form values: the starting point of its correction. */
export function invoiceFormValues(invoice: StoredInvoice): InvoiceFormInput {
  return {
    reference: invoice.reference,
    // An invoice issued before the buyer's PIN was asked has none.
    billTo: { kraPin: '', ...invoice.billTo },
    items: invoice.items.map(({ description, quantity, unitPrice }) => ({ description, quantity: String(quantity), unitPrice: String(unitPrice) })),
    currency: invoice.currency,
    taxRate: String(invoice.taxRate),
    dueDate: invoice.dueDate,
    notes: invoice.notes,
  };
}
