// Statements and ledgers for the tests and the bench: M-Pesa exports as the Paybill portal writes
// them (title and summary rows, then the table), and records with valid payment codes.
import Papa from 'papaparse';
import { checkSymbol, PAYMENT_CODE_ALPHABET, PAYMENT_CODE_PREFIX } from '../../../../data/payment-codes.ts';
import type { LedgerRecord, SubmittedPayment } from './match.ts';
import { MPESA_COLUMNS } from './mpesa.ts';

export type SheetCell = string | number | Date | null;

export interface MpesaRow {
  receipt: string;
  completed?: SheetCell;
  details?: string;
  status?: string;
  paidIn?: SheetCell;
  withdrawn?: SheetCell;
  otherParty?: string;
  account?: string;
}

export const MPESA_HEADER: string[] = Object.values(MPESA_COLUMNS);

/** The rows above the table in a portal export. */
export const MPESA_PREAMBLE: SheetCell[][] = [
  ['Organization Statement'],
  ['Short Code', '400200', '', 'Organization Name', 'NATIONAL CANCER SUMMIT'],
  ['Time Period', 'From 01-11-2026 00:00:00 To 30-11-2026 23:59:59'],
  [],
  ['Summary'],
  ['Transaction Type', 'Paid In', 'Withdrawn'],
  ['Pay Bill', '1,500.00', ''],
  [],
  ['Detailed Statement'],
];

export function mpesaCells(row: MpesaRow): SheetCell[] {
  const paidIn = row.paidIn ?? '';
  return [
    row.receipt,
    row.completed ?? '2026-11-20 14:03:11',
    row.completed ?? '2026-11-20 14:03:11',
    row.details ?? (paidIn !== '' ? `Pay Bill from 254712345678 - JANE W Acc. ${row.account ?? ''}`.trim() : 'Business Charges'),
    row.status ?? 'Completed',
    paidIn,
    row.withdrawn ?? '',
    '100,000.00',
    '100,000.00',
    paidIn !== '' ? 'Pay Bill Online' : 'Business Charges',
    row.otherParty ?? (paidIn !== '' ? '254712345678 - JANE W' : ''),
    '',
    row.account ?? '',
  ];
}

/** Preamble, header and rows as sheet cells (the first row is the file's row 1). */
export const mpesaSheet = (rows: MpesaRow[]): SheetCell[][] => [...MPESA_PREAMBLE, MPESA_HEADER, ...rows.map(mpesaCells)];

/** The 1-based file row of the n-th (0-based) statement row in mpesaSheet. */
export const mpesaRowNumber = (n: number) => MPESA_PREAMBLE.length + 2 + n;

export function csvBytes(rows: SheetCell[][]): Uint8Array {
  const text = Papa.unparse(rows.map((row) => row.map((cell) => (cell instanceof Date ? cell.toISOString() : (cell ?? '')))));
  return new TextEncoder().encode(text);
}

export const mpesaCsv = (rows: MpesaRow[]) => csvBytes(mpesaSheet(rows));

/** The n-th valid payment code (n < 32^4), deterministic so tests and the bench can name them. */
export function codeFor(n: number): string {
  let body = '';
  for (let i = 0, rest = n; i < 4; i++, rest = Math.floor(rest / 32)) body = PAYMENT_CODE_ALPHABET[rest % 32] + body;
  return `${PAYMENT_CODE_PREFIX}-${body}${checkSymbol(body)}`;
}

export function ledgerRecord(n: number, overrides: Partial<LedgerRecord> = {}): LedgerRecord {
  return {
    collection: 'registrations',
    id: `reg-${n}`,
    paymentCode: codeFor(n),
    name: `Delegate ${n}`,
    fee: 15000,
    currency: 'KES',
    status: 'pending',
    paymentStatus: 'unpaid',
    amountReceived: 0,
    ...overrides,
  };
}

/**
 * The bench's statement: `count` lines against `count` registrations (KES 15,000 each): most pay
 * in full by code, some in two parts, some by a submitted receipt with no code, some quote no known
 * code, some repeat a receipt, and every tenth row is a charge (skipped).
 */
export function benchStatement(count: number): { csv: Uint8Array; records: LedgerRecord[]; submitted: SubmittedPayment[] } {
  const records = Array.from({ length: count }, (_, n) => ledgerRecord(n));
  const submitted: SubmittedPayment[] = [];
  const rows: MpesaRow[] = [];
  const second = (n: number) => String(n % 60).padStart(2, '0');
  for (let n = 0; rows.length < count; n++) {
    const receipt = `TK${String(n).padStart(8, '0')}`;
    const completed = `2026-11-${String(1 + (n % 28)).padStart(2, '0')} ${String(n % 24).padStart(2, '0')}:${second(n >> 2)}:${second(n)}`;
    const code = codeFor(n % count);
    if (n % 10 === 9) rows.push({ receipt, completed, withdrawn: '33.00' });
    else if (n % 10 === 8) rows.push({ receipt, completed, paidIn: '7,500.00', account: code.toLowerCase().replace('-', ' ') });
    else if (n % 10 === 7) {
      submitted.push({ id: `pay-${n}`, reference: receipt, targetCollection: 'registrations', targetId: `reg-${n % count}` });
      rows.push({ receipt, completed, paidIn: '15,000.00', account: '' });
    } else if (n % 10 === 6) rows.push({ receipt, completed, paidIn: '15,000.00', account: 'ABC' });
    else if (n % 10 === 5 && rows.length) rows.push({ ...rows[rows.length - 1] });
    else rows.push({ receipt, completed, paidIn: '15,000.00', account: code });
  }
  return { csv: mpesaCsv(rows), records, submitted };
}
