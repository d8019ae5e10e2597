// The statement import's reading half: a file in, its payments in and its unreadable lines out.
// Nothing here touches Firestore; the import screen previews the result, and its apply step writes.
import type { BankFormat } from '../../../../data/statement-layouts.ts';
import { parseBank } from './bank.ts';
import { parseMpesa } from './mpesa.ts';
import type { ParsedStatement } from './types.ts';

/**
 * Reads an M-Pesa statement (in the summit's currency) or a bank statement in the layout finance
 * saved for that bank. Throws StatementFileError when the file as a whole cannot be one.
 */
export async function parseStatement(file: { name: string; bytes: Uint8Array }, format: 'mpesa' | BankFormat, currency: string): Promise<ParsedStatement> {
  return format === 'mpesa' ? parseMpesa(file, currency) : parseBank(file, format);
}

/** The file's SHA-256 (hex), recorded with the import: the same file imported twice is recognised. */
export async function checksum(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
