// The statement import's pure core (no Firestore, no UI): read a file, then match its lines.
export { parseStatement, checksum } from './parse-statement.ts';
export { matchStatement, countClasses, lineCodes, MATCH_CLASSES } from './match.ts';
export type { MatchClass, MatchedLine, LedgerRecord, SubmittedPayment, Ledger } from './match.ts';
export { StatementFileError, MAX_STATEMENT_LINES, receiptKeyOf } from './types.ts';
export type { StatementLine, LineError, ParsedStatement } from './types.ts';
export { formatMinor, parseAmount, unitsToMinor } from './amounts.ts';
export { MPESA_COLUMNS } from './mpesa.ts';
