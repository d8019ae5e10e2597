// Safaricom's M-Pesa Paybill statement, as the organisation portal exports it (CSV or .xlsx):
// title and summary rows, then a table with these columns. Only completed lines with a Paid In
// amount are money in; withdrawals, charges and failed transactions are skipped.
import { cellText, readTable, type Cell } from './table.ts';
import { columnReader, readLines, readPaymentIn, type RowOutcome } from './lines.ts';
import type { ParsedStatement } from './types.ts';
import { MPESA_FORMAT_ID } from '../../../../data/statement-layouts.ts';

export const MPESA_COLUMNS = {
  receipt: 'Receipt No.',
  completionTime: 'Completion Time',
  initiationTime: 'Initiation Time',
  details: 'Details',
  status: 'Transaction Status',
  paidIn: 'Paid In',
  withdrawn: 'Withdrawn',
  balance: 'Balance',
  balanceConfirmed: 'Balance Confirmed',
  reasonType: 'Reason Type',
  otherParty: 'Other Party Info',
  linkedTransaction: 'Linked Transaction ID',
  account: 'A/C No.',
} as const;

/** The columns a payment in cannot be read without; the others (the account number too) may be absent. */
const MPESA_REQUIRED = [MPESA_COLUMNS.receipt, MPESA_COLUMNS.completionTime, MPESA_COLUMNS.details, MPESA_COLUMNS.status, MPESA_COLUMNS.paidIn];

export async function parseMpesa(file: { name: string; bytes: Uint8Array }, currency: string): Promise<ParsedStatement> {
  const table = await readTable(file, MPESA_REQUIRED);
  const [receipt, completed, details, status, paidIn, otherParty, account] = [
    MPESA_COLUMNS.receipt,
    MPESA_COLUMNS.completionTime,
    MPESA_COLUMNS.details,
    MPESA_COLUMNS.status,
    MPESA_COLUMNS.paidIn,
    MPESA_COLUMNS.otherParty,
    MPESA_COLUMNS.account,
  ].map((name) => columnReader(table, name));
  const names = { receipt: MPESA_COLUMNS.receipt, date: MPESA_COLUMNS.completionTime, amount: MPESA_COLUMNS.paidIn };
  return readLines(table, MPESA_FORMAT_ID, (row: Cell[], rowNumber): RowOutcome => {
    if (cellText(paidIn(row)) === '') return 'skip';
    const state = cellText(status(row));
    if (!state) return { error: { row: rowNumber, message: `${MPESA_COLUMNS.status} is missing: it is not known whether the money arrived.` } };
    // "Failed", "Cancelled", "Pending"…: no money moved.
    if (state.toLowerCase() !== 'completed') return 'skip';
    return readPaymentIn(
      rowNumber,
      {
        receipt: receipt(row),
        date: completed(row),
        amount: paidIn(row),
        details: cellText(details(row)),
        account: cellText(account(row)),
        payer: cellText(otherParty(row)),
      },
      names,
      currency,
    );
  });
}
