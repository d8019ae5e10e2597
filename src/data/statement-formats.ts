// The bank layouts finance saves in Settings (statementFormats/{id}): their form, and how they are
// read and written. What a layout is lives in statement-layouts.ts (pure, for the parser).
import { z } from 'zod';
import { db } from '../lib/data.ts';
import type { BatchWrite } from '../lib/db.ts';
import { idSlug } from '../lib/slug.ts';
import { lineField } from '../lib/validation.ts';
import { adminKey } from './query-keys.ts';
import { MPESA_FORMAT_ID, type BankFormat } from './statement-layouts.ts';

// ---------- the layouts finance saves ----------

export const STATEMENT_FORMATS = 'statementFormats';

/** Every cached read of the saved layouts (the Statement formats screen, the import's choice of bank). */
export const statementFormatsKey = adminKey(STATEMENT_FORMATS);

/** The bounds firestore.rules' statementFormats match repeats. */
export const COLUMN_MAX = 80;
export const MAX_DETAILS_COLUMNS = 5;

/** A layout's document id: its name as a slug, so two layouts cannot be saved under one name. */
export const statementFormatId = (name: string) => idSlug(name, COLUMN_MAX);

const column = (what: string) =>
  lineField(
    1,
    COLUMN_MAX,
    `Enter the ${what} column’s header, as the statement’s first row spells it.`,
    `Keep the ${what} column’s header to ${COLUMN_MAX} characters.`,
  );

/** One details header, checked as the other columns are (its messages are the field's own, below). */
const detailsHeader = lineField(1, COLUMN_MAX, '', '');

/**
 * The details columns, typed as one comma-separated line ("Narrative, Customer Reference"): each
 * header trimmed, empty pieces dropped, then 1 to MAX_DETAILS_COLUMNS headers of the one-line
 * grammar. One message for the whole field, so it shows under the one input it is about.
 */
const detailsColumns = z.string().transform((typed, ctx) => {
  const headers = typed
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const problem = !headers.length
    ? 'Enter at least one details column (where the payer’s reference shows), e.g. Narrative.'
    : headers.length > MAX_DETAILS_COLUMNS
      ? `Name at most ${MAX_DETAILS_COLUMNS} details columns.`
      : headers.some((h) => h.length > COLUMN_MAX)
        ? `Keep each details column’s header to ${COLUMN_MAX} characters.`
        : headers.some((h) => !detailsHeader.safeParse(h).success)
          ? 'Use only visible characters in the headers: no line breaks or hidden formatting characters.'
          : '';
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return headers;
});

/**
 * Two headers name one column whatever their case and surrounding spaces (the form tells finance
 * capitals do not matter), so the import matches a layout's headers trimmed and ignoring case.
 */
const sameHeader = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether two columns of the form both hold a header to compare (an empty one has its own message). */
const bothTyped =
  (a: string, b: string) =>
  ({ value }: { value: unknown }) => {
    const f = value as Record<string, unknown>;
    return typeof f?.[a] === 'string' && typeof f?.[b] === 'string' && !!f[a].trim() && !!f[b].trim();
  };

/** The Statement formats form: what finance types, checked and shaped as stored (less the id). */
export const bankFormatFormSchema = z
  .object({
    name: lineField(1, COLUMN_MAX, 'Enter a name for the layout, e.g. KCB current account.', `Keep the name to ${COLUMN_MAX} characters.`)
      // An empty name has its own message above; one of symbols only would have no id.
      .refine((name) => !name || statementFormatId(name) !== '', 'Use at least one letter or digit (A–Z, 0–9) in the name.')
      .refine((name) => statementFormatId(name) !== MPESA_FORMAT_ID, 'That name is the built-in M-Pesa layout’s: name the bank, e.g. KCB current account.'),
    receiptColumn: column('receipt'),
    dateColumn: column('date'),
    amountColumn: column('amount'),
    detailsColumns,
    payerColumn: lineField(0, COLUMN_MAX, '', `Keep the payer column’s header to ${COLUMN_MAX} characters.`),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Enter the account’s currency as its three-letter code, e.g. KES or USD.'),
  })
  // Receipt, date and amount are three different columns: one column read as two would file a
  // receipt number as an amount, or every line under one date. Checked even while other fields
  // are wrong, so every problem shows at once.
  .refine((f) => !sameHeader(f.dateColumn, f.receiptColumn), {
    path: ['dateColumn'],
    message: 'The date column must be another column than the receipt column.',
    when: bothTyped('dateColumn', 'receiptColumn'),
  })
  .refine((f) => !sameHeader(f.amountColumn, f.receiptColumn), {
    path: ['amountColumn'],
    message: 'The amount column must be another column than the receipt column.',
    when: bothTyped('amountColumn', 'receiptColumn'),
  })
  .refine((f) => !sameHeader(f.amountColumn, f.dateColumn) || sameHeader(f.amountColumn, f.receiptColumn), {
    path: ['amountColumn'],
    message: 'The amount column must be another column than the date column.',
    when: bothTyped('amountColumn', 'dateColumn'),
  });

/** What the form holds as typed (details as one line). */
export type BankFormatInput = z.input<typeof bankFormatFormSchema>;
/** What it gives once checked: a layout as stored, less its id. */
export type BankFormatValues = z.output<typeof bankFormatFormSchema>;

/** A stored layout as the form shows it for editing. */
export const toBankFormatInput = (f: BankFormat): BankFormatInput => ({
  name: f.name,
  receiptColumn: f.receiptColumn,
  dateColumn: f.dateColumn,
  amountColumn: f.amountColumn,
  detailsColumns: f.detailsColumns.join(', '),
  payerColumn: f.payerColumn,
  currency: f.currency,
});

/** Every saved layout, by name. A handful per summit (one per bank account): one read, no pages. */
export const fetchStatementFormats = () => db.fetchDocuments<BankFormat>(STATEMENT_FORMATS, { orderBy: ['name', 'asc'], limit: 100 });

/** A layout as stored: exactly the keys the rules allow, the id among them. */
export const statementFormatDocument = (id: string, values: BankFormatValues): BankFormat => ({
  id,
  name: values.name,
  receiptColumn: values.receiptColumn,
  dateColumn: values.dateColumn,
  amountColumn: values.amountColumn,
  detailsColumns: values.detailsColumns,
  payerColumn: values.payerColumn,
  currency: values.currency,
});

/**
 * Saving a layout: the whole document (an edit keeps the id it was created under, so imports
 * that name it still find it after a rename).
 */
export const saveStatementFormatWrite = (id: string, values: BankFormatValues): BatchWrite => ({
  set: `${STATEMENT_FORMATS}/${id}`,
  data: statementFormatDocument(id, values),
});

export const deleteStatementFormatWrite = (id: string): BatchWrite => ({ delete: `${STATEMENT_FORMATS}/${id}` });
