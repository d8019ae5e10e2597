// What a statement import reads: the shapes the import screen and its apply step build on.

/** One payment in, as the statement printed it. */
export interface StatementLine {
  /** 1-based row in the file (the spreadsheet's row number; a CSV record's). */
  row: number;
  /** The receipt or bank reference as printed. */
  receipt: string;
  /** The receipt in capitals and digits only: the key duplicates are found by (statementLines/{receiptKey}). */
  receiptKey: string;
  /** When the money arrived (the statement's Nairobi time); null only when the layout has no time. */
  completedAt: Date | null;
  details: string;
  /** M-Pesa's account number (what the payer typed in the Paybill's account field); '' for banks. */
  account: string;
  payer: string;
  /** Money in, in minor units (cents): always > 0. */
  amountMinor: number;
  currency: string;
}

/** A line that looks like a payment in but could not be read: finance sees why. */
export interface LineError {
  row: number;
  message: string;
}

export interface ParsedStatement {
  /** 'mpesa' or the BankFormat's id. */
  format: string;
  lines: StatementLine[];
  errors: LineError[];
  /** Rows read after the header that are not payments in (withdrawals, charges, failed or blank rows). */
  skipped: number;
}

/** The file as a whole cannot be read: nothing of it is imported. */
export class StatementFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatementFileError';
  }
}

/** The longest statement read: a bigger file is split by finance (or is not a statement). */
export const MAX_STATEMENT_LINES = 100_000;
