// How finance's statements are laid out. M-Pesa's Paybill export has one known layout; each bank's
// CSV has its own, which finance maps once per bank in Settings (statementFormats/{id}, saved by
// statement-formats.ts) by naming the columns of its header row. The parser
// (features/payments/admin/statement) reads either; this module is pure so it stays light.

/** A bank's CSV layout: the header names of the columns that hold each part of a credit line. */
export interface BankFormat {
  id: string;
  /** As finance names it: "KCB current account". */
  name: string;
  /** The column with the bank's unique transaction reference (duplicate detection keys on it). */
  receiptColumn: string;
  /** The column with the value or posting date. */
  dateColumn: string;
  /** The column with money received (credits); lines with nothing in it are not payments in. */
  amountColumn: string;
  /** The columns searched for a payment code or a payer's transaction code: narration, reference… */
  detailsColumns: string[];
  /** The column naming the payer, when the bank gives one ('' for none). */
  payerColumn: string;
  /** The account's currency: every amount in the file is in it. */
  currency: string;
}

/** The one M-Pesa layout, named as statement imports record it. */
export const MPESA_FORMAT_ID = 'mpesa';
