import { describe, expect, it } from 'vitest';
import type { BankFormat } from '../../../../data/statement-layouts.ts';
import { checksum, parseStatement } from './parse-statement.ts';
import { csvBytes, mpesaCsv, mpesaRowNumber, mpesaSheet, MPESA_HEADER, type MpesaRow } from './statement.test-support.ts';
import { StatementFileError, type ParsedStatement } from './types.ts';
import { xlsxOf } from './xlsx.test-support.ts';

const mpesa = (bytes: Uint8Array, name = 'statement.csv') => parseStatement({ name, bytes }, 'mpesa', 'KES');
const text = (s: string) => new TextEncoder().encode(s);
const fileError = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StatementFileError);
  return (error as Error).message;
};

const PAYMENT: MpesaRow = { receipt: 'TKJ4ABCD12', completed: '2026-11-20 14:03:11', paidIn: '15,000.00', account: 'NCS-7K2QX' };

describe('M-Pesa statement (CSV)', () => {
  it('reads a payment in below the portal’s title and summary rows', async () => {
    const parsed = await mpesa(mpesaCsv([PAYMENT]));
    expect(parsed).toEqual<ParsedStatement>({
      format: 'mpesa',
      errors: [],
      skipped: 0,
      lines: [
        {
          row: mpesaRowNumber(0),
          receipt: 'TKJ4ABCD12',
          receiptKey: 'TKJ4ABCD12',
          completedAt: new Date('2026-11-20T11:03:11.000Z'),
          details: 'Pay Bill from 254712345678 - JANE W Acc. NCS-7K2QX',
          account: 'NCS-7K2QX',
          payer: '254712345678 - JANE W',
          amountMinor: 1500000,
          currency: 'KES',
        },
      ],
    });
  });

  it('numbers rows as the file does (row 1 is the title)', async () => {
    const parsed = await mpesa(mpesaCsv([PAYMENT, { ...PAYMENT, receipt: 'TKJ4ABCD13' }]));
    expect(parsed.lines.map((l) => l.row)).toEqual([11, 12]);
    expect(mpesaRowNumber(0)).toBe(11);
  });

  it('skips withdrawals, charges and transactions that did not complete, silently', async () => {
    const parsed = await mpesa(
      mpesaCsv([
        { receipt: 'TKW1', withdrawn: '33.00' },
        { receipt: 'TKW2', paidIn: '', withdrawn: '1,000.00' },
        { receipt: 'TKW3', withdrawn: '10.00', status: '' },
        { ...PAYMENT, receipt: 'TKF1', status: 'Failed' },
        { ...PAYMENT, receipt: 'TKF2', status: 'Cancelled' },
        { ...PAYMENT, receipt: 'TKR1', paidIn: '(15,000.00)' },
        { ...PAYMENT, receipt: 'TKZ1', paidIn: '0.00' },
        { ...PAYMENT, receipt: 'TKOK', status: 'COMPLETED' },
      ]),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.lines.map((l) => l.receipt)).toEqual(['TKOK']);
    expect(parsed.skipped).toBe(7);
  });

  it('reports malformed payments in, one error per row naming every problem', async () => {
    const parsed = await mpesa(
      mpesaCsv([
        { ...PAYMENT, receipt: 'TKA1', paidIn: 'fifteen thousand' },
        { ...PAYMENT, receipt: '' },
        { ...PAYMENT, receipt: 'TKA3', completed: '31-11-2026 10:00:00' },
        { ...PAYMENT, receipt: 'TKA4', completed: '' },
        { ...PAYMENT, receipt: ' - ', paidIn: '1.500,00', completed: 'soon' },
        { ...PAYMENT, receipt: 'TKA6', status: '' },
        { ...PAYMENT, receipt: 'TKA7', paidIn: '1500.505' },
        PAYMENT,
      ]),
    );
    expect(parsed.lines.map((l) => l.receipt)).toEqual([PAYMENT.receipt]);
    expect(parsed.errors).toEqual([
      { row: mpesaRowNumber(0), message: 'Paid In: "fifteen thousand" is not an amount.' },
      { row: mpesaRowNumber(1), message: 'Receipt No. is missing.' },
      { row: mpesaRowNumber(2), message: 'Completion Time: "31-11-2026 10:00:00" is not a date.' },
      { row: mpesaRowNumber(3), message: 'Completion Time is missing.' },
      {
        row: mpesaRowNumber(4),
        message:
          'Paid In: "1.500,00" uses a comma for decimals; export the statement with a dot for decimals (1,500.00). Receipt No. is missing. Completion Time: "soon" is not a date.',
      },
      { row: mpesaRowNumber(5), message: 'Transaction Status is missing: it is not known whether the money arrived.' },
      { row: mpesaRowNumber(6), message: 'Paid In: "1500.505" has more than two decimals.' },
    ]);
  });

  it('reads the day-first date layout and keeps the receipt as printed beside its key', async () => {
    const parsed = await mpesa(mpesaCsv([{ ...PAYMENT, receipt: 'tkj4-abcd 12', completed: '20-11-2026 14:03:11' }]));
    expect(parsed.lines[0]).toMatchObject({ receipt: 'tkj4-abcd 12', receiptKey: 'TKJ4ABCD12', completedAt: new Date('2026-11-20T11:03:11.000Z') });
  });

  it('matches header names without case, spacing or punctuation, and needs no account column', async () => {
    const header = ['RECEIPT NO', 'completion time', 'Details', 'transaction  status', 'paid in'];
    const parsed = await mpesa(csvBytes([header, ['TK1', '2026-11-20 14:03:11', 'Pay Bill Acc. NCS-7K2QX', 'Completed', '500']]));
    expect(parsed.lines).toMatchObject([{ receipt: 'TK1', account: '', payer: '', details: 'Pay Bill Acc. NCS-7K2QX', amountMinor: 50000 }]);
  });

  it('reads semicolon-separated exports, a byte-order mark, CRLF, and Windows-1252 text', async () => {
    const semicolon = text('\uFEFFReceipt No.;Completion Time;Details;Transaction Status;Paid In\r\nTK1;2026-11-20 14:03:11;Café;Completed;"1,500.00"\r\n');
    expect((await mpesa(semicolon)).lines).toMatchObject([{ receipt: 'TK1', details: 'Café', amountMinor: 150000 }]);
    const latin1 = Uint8Array.from([
      ...text('Receipt No.,Completion Time,Details,Transaction Status,Paid In\nTK2,2026-11-20 14:03:11,Caf'),
      0xe9,
      ...text(',Completed,200\n'),
    ]);
    expect((await mpesa(latin1)).lines).toMatchObject([{ receipt: 'TK2', details: 'Café', amountMinor: 20000 }]);
  });

  it('refuses a file with an unclosed quote as a whole: the rows after it would be lost', async () => {
    const csv =
      'Receipt No.,Completion Time,Details,Transaction Status,Paid In\nTK1,2026-11-20 14:03:11,ok,Completed,100\nTK2,2026-11-20 14:03:11,"broken,Completed,100\nTK3,2026-11-20 14:03:11,x,Completed,100\n';
    expect(await fileError(mpesa(text(csv)))).toMatch(/^Row 3 opens a quote \("\) that is never closed/);
  });

  it('reports a row with a malformed quote and reads the others', async () => {
    const csv =
      'Receipt No.,Completion Time,Details,Transaction Status,Paid In\nTK1,2026-11-20 14:03:11,ok,Completed,100\nTK2,2026-11-20 14:03:11,"bro"ken",Completed,100\nTK3,2026-11-20 14:03:11,x,Completed,100\n';
    const parsed = await mpesa(text(csv));
    expect(parsed.lines.map((l) => l.receipt)).toEqual(['TK1', 'TK3']);
    expect(parsed.errors).toEqual([{ row: 3, message: 'The row could not be read: a quote (") in it is misplaced. Correct it and import the file again.' }]);
  });
});

describe('M-Pesa statement (.xlsx)', () => {
  it('reads the same statement saved as a workbook: numbers, date cells and text dates', async () => {
    const rows: MpesaRow[] = [
      { ...PAYMENT, paidIn: 15000, completed: new Date('2026-11-20T14:03:11.000Z') },
      { ...PAYMENT, receipt: 'TKX2', paidIn: 1500.5, completed: '20-11-2026 09:00:00' },
      { receipt: 'TKX3', withdrawn: 33 },
      { ...PAYMENT, receipt: 'TKX4', paidIn: 'abc' },
    ];
    const parsed = await mpesa(xlsxOf(mpesaSheet(rows)), 'statement.xlsx');
    expect(parsed.lines).toMatchObject([
      { row: mpesaRowNumber(0), receipt: 'TKJ4ABCD12', amountMinor: 1500000, completedAt: new Date('2026-11-20T11:03:11.000Z'), account: 'NCS-7K2QX' },
      { row: mpesaRowNumber(1), receipt: 'TKX2', amountMinor: 150050, completedAt: new Date('2026-11-20T06:00:00.000Z') },
    ]);
    expect(parsed.skipped).toBe(1);
    expect(parsed.errors).toEqual([{ row: mpesaRowNumber(3), message: 'Paid In: "abc" is not an amount.' }]);
  });

  it('recognises a workbook by its bytes whatever its name', async () => {
    const parsed = await mpesa(xlsxOf(mpesaSheet([PAYMENT])), 'statement.csv');
    expect(parsed.lines).toHaveLength(1);
  });

  it('refuses a damaged workbook as a whole', async () => {
    const bytes = xlsxOf(mpesaSheet([PAYMENT]));
    expect(await fileError(mpesa(bytes.slice(0, 200), 'statement.xlsx'))).toMatch(/Excel file could not be read/);
    expect(await fileError(mpesa(text('just some text'), 'statement.xlsx'))).toMatch(/Excel file could not be read/);
  });

  it('names the missing column in a workbook too', async () => {
    const message = await fileError(
      mpesa(
        xlsxOf([
          ['Receipt No.', 'Completion Time', 'Details', 'Paid In'],
          ['TK1', '', '', '1'],
        ]),
        'x.xlsx',
      ),
    );
    expect(message).toContain('no column "Transaction Status"');
  });
});

describe('bank statement', () => {
  const KCB: BankFormat = {
    id: 'kcb',
    name: 'KCB current account',
    receiptColumn: 'Bank Reference',
    dateColumn: 'Value Date',
    amountColumn: 'Credit',
    detailsColumns: ['Narration', 'Customer Reference'],
    payerColumn: 'Remitter',
    currency: 'USD',
  };
  const header = ['Txn Date', 'Value Date', 'Narration', 'Customer Reference', 'Bank Reference', 'Remitter', 'Debit', 'Credit', 'Balance'];
  const bank = (rows: string[][], format = KCB) => parseStatement({ name: 'kcb.csv', bytes: csvBytes(rows) }, format, 'KES');

  it('reads credits by the saved mapping, below a preamble, in the account’s currency', async () => {
    const parsed = await bank([
      ['KCB Bank Kenya', 'Statement of account'],
      ['Account', '1234567890'],
      header,
      ['20/11/2026', '20/11/2026', 'RTGS from ACME LTD', 'ncs 7k2qx', 'FT2632400001', 'ACME LTD', '', 'USD 250.00', '1,000.00'],
      ['20/11/2026', '20/11/2026', 'Bank charges', '', 'FT2632400002', '', '15.00', '', '985.00'],
      ['21/11/2026', '21-Nov-2026', 'Transfer', '', 'FT2632400003', '', '', '-20.00', '965.00'],
      ['21/11/2026', '21/11/2026', 'Transfer', 'NCS-7K2QX', 'FT2632400004', 'BOB', '', '1.250,00', '965.00'],
    ]);
    expect(parsed.format).toBe('kcb');
    expect(parsed.lines).toEqual([
      {
        row: 4,
        receipt: 'FT2632400001',
        receiptKey: 'FT2632400001',
        completedAt: new Date('2026-11-19T21:00:00.000Z'),
        details: 'RTGS from ACME LTD | ncs 7k2qx',
        account: '',
        payer: 'ACME LTD',
        amountMinor: 25000,
        currency: 'USD',
      },
    ]);
    expect(parsed.skipped).toBe(2);
    expect(parsed.errors).toEqual([{ row: 7, message: expect.stringMatching(/^Credit: "1\.250,00" uses a comma for decimals/) }]);
  });

  it('matches the mapping without case or spacing, and works without a payer column', async () => {
    const parsed = await bank([header.map((h) => h.toUpperCase()), ['', '2026-11-20', 'x', '', 'REF1', '', '', '10', '']], { ...KCB, payerColumn: '' });
    expect(parsed.lines).toMatchObject([{ receipt: 'REF1', payer: '', amountMinor: 1000 }]);
  });

  it('refuses a wrong mapping, naming the missing column and the columns found', async () => {
    const message = await fileError(bank([header, ['', '2026-11-20', 'x', '', 'REF1', '', '', '10', '']], { ...KCB, amountColumn: 'Amount Credited' }));
    expect(message).toContain('no column "Amount Credited"');
    expect(message).toContain(
      'Columns found: "Txn Date", "Value Date", "Narration", "Customer Reference", "Bank Reference", "Remitter", "Debit", "Credit", "Balance"',
    );
  });

  it('refuses a layout that leaves a needed column unnamed', async () => {
    expect(await fileError(bank([header], { ...KCB, receiptColumn: ' ' }))).toContain('does not name the reference column');
  });
});

describe('files that are not statements', () => {
  it('refuses an empty file, a blank one and one of empty rows', async () => {
    for (const bytes of [new Uint8Array(), text('  \n\n '), text(',,,\n,,\n')]) expect(await fileError(mpesa(bytes))).toBe('The file is empty.');
  });

  it('refuses binary junk and says what the file should be', async () => {
    const junk = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
    expect(await fileError(mpesa(junk, 'statement.csv'))).toMatch(/neither a CSV nor an Excel/);
    expect(await fileError(mpesa(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]), 'statement.xls'))).toMatch(/old-style Excel/);
    expect(await fileError(mpesa(text('%PDF-1.7\n...'), 'statement.pdf'))).toMatch(/PDF/);
  });

  it('refuses a file with the header only', async () => {
    expect(await fileError(mpesa(mpesaCsv([])))).toMatch(/header but no lines/);
  });

  it('refuses another statement, naming what is missing and what is there', async () => {
    const message = await fileError(
      mpesa(
        csvBytes([
          ['Date', 'Description', 'Amount'],
          ['2026-11-20', 'x', '1'],
        ]),
      ),
    );
    expect(message).toContain('no columns "Receipt No.", "Completion Time", "Details", "Transaction Status", "Paid In"');
    expect(message).toContain('Columns found: "Date", "Description", "Amount"');
  });

  it('names the columns of the row that came closest to the header', async () => {
    const message = await fileError(mpesa(csvBytes([['Organization Statement'], MPESA_HEADER.filter((h) => h !== 'Paid In'), ['TK1']])));
    expect(message).toMatch(/^The file has no column "Paid In"/);
    expect(message).toContain('"Receipt No.", "Completion Time"');
  });

  it('refuses more than 100,000 lines with a clear message', async () => {
    const rows = Array.from({ length: 100_001 }, (_, i) => `TK${i},2026-11-20 14:03:11,x,Completed,1`);
    const csv = text(`Receipt No.,Completion Time,Details,Transaction Status,Paid In\n${rows.join('\n')}\n`);
    expect(await fileError(mpesa(csv))).toBe(
      'The file has 100,001 lines; a statement is imported 100,000 lines at most. Export a shorter period and import each in turn.',
    );
  });
});

describe('a 50,000-line statement', () => {
  it('is read whole and correctly: every line, in order, with its amount and errors', async () => {
    const rows: MpesaRow[] = Array.from({ length: 50_000 }, (_, i) =>
      i % 1000 === 999
        ? { receipt: `TK${i}`, withdrawn: '10.00' }
        : i % 5000 === 4998
          ? { ...PAYMENT, receipt: `TK${i}`, paidIn: 'x' }
          : { ...PAYMENT, receipt: `TK${i}`, paidIn: `${i + 1}.${String(i % 100).padStart(2, '0')}` },
    );
    const parsed = await mpesa(mpesaCsv(rows));
    expect(parsed.skipped).toBe(50);
    expect(parsed.errors.map((e) => e.row)).toEqual(Array.from({ length: 10 }, (_, k) => mpesaRowNumber(k * 5000 + 4998)));
    expect(parsed.lines).toHaveLength(50_000 - 50 - 10);
    const expected = rows.flatMap((_, i) =>
      i % 1000 === 999 || i % 5000 === 4998 ? [] : [{ row: mpesaRowNumber(i), receipt: `TK${i}`, amountMinor: (i + 1) * 100 + (i % 100) }],
    );
    expect(parsed.lines.map(({ row, receipt, amountMinor }) => ({ row, receipt, amountMinor }))).toEqual(expected);
  });
});

describe('checksum', () => {
  it('is the file’s SHA-256 in hex', async () => {
    expect(await checksum(text('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await checksum(new Uint8Array())).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
