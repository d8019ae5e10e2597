// A statement file as rows of cells, and where its table starts. CSV through papaparse, .xlsx
// through read-excel-file; both exports put title and summary rows above the table, so the header
// is the first row holding every column the layout needs, and everything above it is ignored.
import Papa from 'papaparse';
import { MAX_STATEMENT_LINES, StatementFileError, type LineError } from './types.ts';

export type Cell = string | number | boolean | Date | null;

/** How far down the header may be: statements' preambles are a handful of rows. */
const HEADER_SEARCH_ROWS = 100;
/** A statement of 100,000 lines is a few tens of MB; anything much larger is not one. */
const MAX_STATEMENT_BYTES = 50 * 1024 * 1024;
/** Tried when papaparse's guess finds no header (a preamble of one-cell rows can mislead it). */
const DELIMITERS = [',', ';', '\t', '|'];

export interface Table {
  rows: Cell[][];
  /** 0-based index of the header row in `rows`. */
  headerIndex: number;
  /** A normalised header name → its column. */
  columns: Map<string, number>;
  /** Rows the CSV parser could not read (an unclosed quote…), by 1-based row. */
  errors: LineError[];
}

/** Header names compared without case, spaces or punctuation: "Receipt No." = "receipt no" = "RECEIPTNO". */
export const normaliseHeader = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
  return String(cell).trim();
}

const isBlank = (row: Cell[]) => row.every((cell) => cellText(cell) === '');

/** The first row (of the first HEADER_SEARCH_ROWS) that names every required column. */
function findHeader(rows: Cell[][], required: string[]): number | null {
  const wanted = required.map(normaliseHeader);
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < limit; i++) {
    const names = new Set(rows[i].map((cell) => normaliseHeader(cellText(cell))));
    if (wanted.every((name) => names.has(name))) return i;
  }
  return null;
}

/** No header: name what is missing from the row that came closest, and what that row holds. */
function missingColumns(rows: Cell[][], required: string[]): StatementFileError {
  const candidates = rows.slice(0, HEADER_SEARCH_ROWS).filter((row) => !isBlank(row));
  if (!candidates.length) return new StatementFileError('The file is empty.');
  const found = (row: Cell[]) => new Set(row.map((cell) => normaliseHeader(cellText(cell))));
  const score = (row: Cell[]) => required.filter((name) => found(row).has(normaliseHeader(name))).length;
  let best = candidates[0];
  for (const row of candidates) if (score(row) > score(best)) best = row;
  const missing = required.filter((name) => !found(best).has(normaliseHeader(name)));
  const present = best.map(cellText).filter(Boolean);
  const quote = (names: string[]) => names.map((n) => `"${n}"`).join(', ');
  return new StatementFileError(
    `The file has no ${missing.length > 1 ? 'columns' : 'column'} ${quote(missing)}` +
      ` (the layout needs ${quote(required)}). Columns found: ${present.length ? quote(present) : 'none'}.` +
      ' Check the file is the right statement, or correct the column names in the layout.',
  );
}

function tableOf(rows: Cell[][], headerIndex: number, errors: LineError[] = []): Table {
  const columns = new Map<string, number>();
  rows[headerIndex].forEach((cell, index) => {
    const name = normaliseHeader(cellText(cell));
    if (name && !columns.has(name)) columns.set(name, index);
  });
  let lines = 0;
  for (let i = headerIndex + 1; i < rows.length; i++) if (!isBlank(rows[i])) lines++;
  if (lines === 0) throw new StatementFileError('The file has the statement’s header but no lines under it.');
  if (lines > MAX_STATEMENT_LINES) {
    throw new StatementFileError(
      `The file has ${lines.toLocaleString('en')} lines; a statement is imported ${MAX_STATEMENT_LINES.toLocaleString('en')} lines at most. Export a shorter period and import each in turn.`,
    );
  }
  return { rows, headerIndex, columns, errors };
}

function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Spreadsheets on Windows save "CSV" in the ANSI code page.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readCsv(bytes: Uint8Array, required: string[]): Table {
  const text = decodeText(bytes);
  // Text files hold no control characters besides tab and line ends; binary files hold many.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\x00-\x08\x0b\x0c\x0e-\x1f]/.test(text)) {
    throw new StatementFileError('The file is neither a CSV nor an Excel (.xlsx) file. Download the statement again as CSV or Excel.');
  }
  if (!text.trim()) throw new StatementFileError('The file is empty.');
  const parse = (delimiter: string, preview = 0) => Papa.parse<string[]>(text, { delimiter, preview, skipEmptyLines: false });
  const guessed = parse('', HEADER_SEARCH_ROWS);
  for (const delimiter of [guessed.meta.delimiter, ...DELIMITERS.filter((d) => d !== guessed.meta.delimiter)]) {
    const head = delimiter === guessed.meta.delimiter ? guessed : parse(delimiter, HEADER_SEARCH_ROWS);
    const headerIndex = findHeader(head.data, required);
    if (headerIndex === null) continue;
    const all = parse(delimiter);
    const unclosed = all.errors.find((e) => e.code === 'MissingQuotes');
    if (unclosed) {
      // Everything after an unclosed quote is read as one cell: rows would vanish without a word.
      throw new StatementFileError(
        `Row ${(unclosed.row ?? 0) + 1} opens a quote (") that is never closed, so the rows after it cannot be told apart. Correct the file, or export it again.`,
      );
    }
    const errors = all.errors
      .filter((e) => e.type === 'Quotes' && e.row !== undefined && e.row > headerIndex)
      .map((e) => ({ row: e.row! + 1, message: 'The row could not be read: a quote (") in it is misplaced. Correct it and import the file again.' }));
    const broken = new Set(errors.map((e) => e.row - 1));
    // A row the parser gave up on is blanked: reported once, never read as a payment.
    const rows = all.data.map((row, i) => (broken.has(i) ? [] : row));
    return tableOf(rows, headerIndex, errors);
  }
  throw missingColumns(guessed.data, required);
}

async function readXlsx(bytes: Uint8Array, required: string[]): Promise<Table> {
  // Loaded for workbooks only: most statements are CSV, and the reader is most of the import's weight.
  const { readSheet } = await import('read-excel-file/browser');
  let rows: Cell[][];
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    // read-excel-file types a date cell as the Date constructor; it holds Date instances.
    rows = (await readSheet(buffer)) as unknown as Cell[][];
  } catch {
    throw new StatementFileError(
      'The Excel file could not be read: it is damaged or not an .xlsx workbook. Open it and save it again as .xlsx, or export the statement as CSV.',
    );
  }
  const headerIndex = findHeader(rows, required);
  if (headerIndex === null) throw missingColumns(rows, required);
  return tableOf(rows, headerIndex);
}

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/** The statement's rows and header, or a StatementFileError saying why the file cannot be one. */
export async function readTable(file: { name: string; bytes: Uint8Array }, required: string[]): Promise<Table> {
  const { bytes } = file;
  if (bytes.length === 0) throw new StatementFileError('The file is empty.');
  if (bytes.length > MAX_STATEMENT_BYTES) {
    throw new StatementFileError(
      `The file is ${Math.round(bytes.length / 1024 / 1024)} MB; a statement of 100,000 lines is far smaller. Export a shorter period.`,
    );
  }
  // An .xlsx is a zip: its bytes say so whatever the file is called.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return readXlsx(bytes, required);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) {
    throw new StatementFileError('This is an old-style Excel (.xls) file. Open it and save it as .xlsx, or export the statement as CSV.');
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) throw new StatementFileError('This is a PDF. Download the statement as CSV or Excel instead.');
  if (/\.xlsx$/i.test(file.name)) return readXlsx(bytes, required);
  return readCsv(bytes, required);
}
