// Statement lines for the rules tests: an import for them to belong to, statement words with a
// fresh receipt each, and the Statements screen's apply as one transaction (the same decide
// function the screen runs), which a test may tamper with before it is sent.
import { serverTimestamp, type Firestore } from 'firebase/firestore/lite';
import { createDb, type BatchWrite } from '../../../src/lib/db.ts';
import { readSeat } from '../../../src/features/payments/admin/payment-actions.ts';
import { applyPaths, decideApplyLine, type LineFacts } from '../../../src/features/payments/admin/statement/line-actions.ts';
import { ACCOUNTS } from './actors.ts';
import { fixture, uniqueId } from './owner.ts';

/** An import record for lines to name (past the rules: the rules tests of imports make their own). */
export async function statementImport(prefix = 'import'): Promise<string> {
  const id = uniqueId(prefix);
  await fixture(`statementImports/${id}`, { by: ACCOUNTS.finance.email, fileName: `${prefix}.csv`, checksum: 'c'.repeat(64), status: 'applying' });
  return id;
}

let rows = 0;
/** A payment in, as a statement prints it, under a receipt no other case uses. */
export function statementLine(amountMinor: number, over: Partial<LineFacts> = {}, prefix = 'TK'): LineFacts {
  const receipt = `${prefix}${Date.now().toString(36).toUpperCase()}${++rows}`;
  return { receiptKey: receipt, receipt, row: rows, completedAt: new Date(), details: '', account: '', payer: 'JANE W', amountMinor, currency: 'KES', ...over };
}

export type LineTarget = { collection: 'registrations' | 'partners'; id: string };

export interface ApplyOptions {
  /** The visitor's submission of this receipt, which the line confirms. */
  submittedId?: string;
  /** A manual match's note. */
  note?: string;
  /** Edits the decided writes before they are sent (the log entry is added after). */
  tamper?: (writes: BatchWrite[]) => BatchWrite[];
  /** Decides as if the receipt were unclaimed: a client that skips the check. */
  blind?: boolean;
}

/** Applies a line as the screen does: fresh reads, the decision, its log entry, in one transaction. */
export async function applyLine(by: Firestore, importId: string, line: LineFacts, target: LineTarget, options: ApplyOptions = {}) {
  const db = createDb(() => by);
  return db.transact(applyPaths(line, target, options.submittedId ?? null), async (docs, read) => {
    const d = decideApplyLine(options.blind ? docs.slice(0, 2) : docs, {
      importId,
      line,
      target,
      submittedId: options.submittedId ?? null,
      newPaymentId: db.newId('payments'),
      method: 'mobile-money',
      staffEmail: ACCOUNTS.finance.email,
      mailId: db.newId('mail'),
      seat: await readSeat(target.collection, docs[1], read),
      manualNote: options.note,
    });
    const writes = options.tamper ? options.tamper(d.writes) : d.writes;
    return { writes: [...writes, db.activityWrite(d.log, ACCOUNTS.finance.email)], result: d.result };
  });
}

/** An import record as finance creates it (statementImports/{id}), to change one thing of in a rules test. */
export const importRecord = (id: string) => ({
  id,
  timestamp: serverTimestamp(),
  by: ACCOUNTS.finance.email,
  fileName: 'statement.csv',
  checksum: 'b'.repeat(64),
  format: 'mpesa',
  lineCount: 2,
  errorCount: 0,
  errors: [],
  counts: { matched: 2 },
  status: 'applying',
  results: {},
});
