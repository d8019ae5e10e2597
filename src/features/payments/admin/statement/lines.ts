// From a statement's rows to payments in, whatever the layout: each row after the header is a
// payment in (a line), not one (a withdrawal, a charge, a debit: skipped without a word), or a
// payment in that cannot be read (an error finance sees, with the row and the reason).
import { parseAmount } from './amounts.ts';
import { parseStatementDate } from './dates.ts';
import { cellText, normaliseHeader, type Cell, type Table } from './table.ts';
import { normaliseReference } from '../../../../data/transaction-codes.ts';
import { type LineError, type ParsedStatement, type StatementLine } from './types.ts';

export type RowOutcome = { line: StatementLine } | { error: LineError } | 'skip';

/** The cells of a row that make a payment in, and their columns' names for messages. */
export interface PaymentCells {
  receipt: Cell;
  date: Cell;
  amount: Cell;
  details: string;
  account: string;
  payer: string;
}
export interface PaymentColumnNames {
  receipt: string;
  date: string;
  amount: string;
}

/** A column's cell by its header name; '' for a column the file does not have (an optional one). */
export function columnReader(table: Table, name: string): (row: Cell[]) => Cell {
  const index = table.columns.get(normaliseHeader(name));
  return index === undefined ? () => '' : (row) => row[index] ?? null;
}

/** A row whose amount column holds money in, read or refused; 'skip' when it holds none. */
export function readPaymentIn(row: number, cells: PaymentCells, names: PaymentColumnNames, currency: string): RowOutcome {
  if (cellText(cells.amount) === '') return 'skip';
  const amount =
    typeof cells.amount === 'string' || typeof cells.amount === 'number'
      ? parseAmount(cells.amount)
      : { error: `"${cellText(cells.amount)}" is not an amount.` };
  // Debits ("(200.00)", "-200") and zero lines are not money in.
  if ('minor' in amount && amount.minor <= 0) return 'skip';
  const problems: string[] = [];
  if ('error' in amount) problems.push(`${names.amount}: ${amount.error}`);
  const receipt = cellText(cells.receipt);
  const receiptKey = normaliseReference(receipt);
  if (!receiptKey) problems.push(`${names.receipt} is missing.`);
  const completedAt = parseStatementDate(typeof cells.date === 'boolean' ? null : cells.date);
  if (!completedAt) problems.push(cellText(cells.date) ? `${names.date}: "${cellText(cells.date)}" is not a date.` : `${names.date} is missing.`);
  if (problems.length || !('minor' in amount)) return { error: { row, message: problems.join(' ') } };
  return {
    line: { row, receipt, receiptKey, completedAt, details: cells.details, account: cells.account, payer: cells.payer, amountMinor: amount.minor, currency },
  };
}

/** Every row under the header through `read`: blank rows are not counted, skipped ones are. */
export function readLines(table: Table, format: string, read: (row: Cell[], rowNumber: number) => RowOutcome): ParsedStatement {
  const parsed: ParsedStatement = { format, lines: [], errors: [...table.errors], skipped: 0 };
  for (let i = table.headerIndex + 1; i < table.rows.length; i++) {
    const row = table.rows[i];
    if (row.every((cell) => cellText(cell) === '')) continue;
    const outcome = read(row, i + 1);
    if (outcome === 'skip') parsed.skipped++;
    else if ('line' in outcome) parsed.lines.push(outcome.line);
    else parsed.errors.push(outcome.error);
  }
  parsed.errors.sort((a, b) => a.row - b.row);
  return parsed;
}
