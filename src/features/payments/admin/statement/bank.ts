// A bank's CSV (or .xlsx) as finance mapped it once in Settings: which header names hold the
// reference, the date, the credit, the narration and the payer. The amount column holds credits;
// a blank, zero or negative cell there is not money in (a debit, when one column holds both).
import type { BankFormat } from '../../../../data/statement-layouts.ts';
import { cellText, readTable } from './table.ts';
import { columnReader, readLines, readPaymentIn } from './lines.ts';
import { StatementFileError, type ParsedStatement } from './types.ts';

/** The header names a layout needs, each once. */
function bankRequiredColumns(format: BankFormat): string[] {
  const named: Array<[string, string]> = [
    ['the reference column', format.receiptColumn],
    ['the date column', format.dateColumn],
    ['the amount column', format.amountColumn],
  ];
  for (const [what, name] of named)
    if (!name?.trim()) throw new StatementFileError(`The layout "${format.name}" does not name ${what}. Complete it in Settings.`);
  const columns = [format.receiptColumn, format.dateColumn, format.amountColumn, ...format.detailsColumns, format.payerColumn]
    .map((c) => c?.trim() ?? '')
    .filter(Boolean);
  return [...new Set(columns)];
}

export async function parseBank(file: { name: string; bytes: Uint8Array }, format: BankFormat): Promise<ParsedStatement> {
  const table = await readTable(file, bankRequiredColumns(format));
  const receipt = columnReader(table, format.receiptColumn);
  const date = columnReader(table, format.dateColumn);
  const amount = columnReader(table, format.amountColumn);
  const details = format.detailsColumns.filter((c) => c.trim()).map((c) => columnReader(table, c));
  const payer = format.payerColumn.trim() ? columnReader(table, format.payerColumn) : () => '';
  const names = { receipt: format.receiptColumn, date: format.dateColumn, amount: format.amountColumn };
  return readLines(table, format.id, (row, rowNumber) =>
    readPaymentIn(
      rowNumber,
      {
        receipt: receipt(row),
        date: date(row),
        amount: amount(row),
        // Narration, reference…: searched together for a payment code or a payer's transaction code.
        details: details
          .map((read) => cellText(read(row)))
          .filter(Boolean)
          .join(' | '),
        account: '',
        payer: cellText(payer(row)),
      },
      names,
      format.currency,
    ),
  );
}
