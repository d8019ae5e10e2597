// The Statements screens' reads and finance's actions on stored lines: the imports, one import's
// lines, the queue; matching a queued line by hand, putting it aside, reversing an applied one.
// Each action is a transaction on fresh reads with its log entry in the same commit.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentData } from 'firebase/firestore/lite';
import { db } from '../../../../lib/data.ts';
import type { Cursor, WithId } from '../../../../lib/db.ts';
import { adminKey } from '../../../../data/query-keys.ts';
import { useCursorPages } from '../../../../admin/ui/use-cursor-pages.ts';
import { useStaffTransaction } from '../../../../admin/use-staff-action.ts';
import { useStaff } from '../../../../admin/staff-context.ts';
import { MPESA_FORMAT_ID } from '../../../../data/statement-layouts.ts';
import type { PayableCollection } from '../../../../data/collections.ts';
import { readSeat } from '../payment-actions.ts';
import { findPayable } from '../api.ts';
import { applyStatement, applyVars, type ImportPlan } from './import-api.ts';
import type { StatementLine } from './types.ts';
import { applyPaths, decideApplyLine, decideDismissLine, decideReverseLine, linePath, reversePaths, type LineFacts, type LineState } from './line-actions.ts';

const PAGE_SIZE = 25;

const statementKeys = {
  all: adminKey('statements'),
  imports: [...adminKey('statements'), 'imports'] as const,
  import: (id: string) => [...adminKey('statements'), 'import', id] as const,
  queue: [...adminKey('statements'), 'queue'] as const,
};

/** What a statement action changes besides the lines: payments, the records, their seats and checkouts. */
const TOUCHED = [statementKeys.all, adminKey('payments'), adminKey('registrations'), adminKey('partners'), adminKey('seats'), ['checkout'], ['overview']];

export interface StatementImport {
  id: string;
  timestamp?: Date;
  by: string;
  fileName: string;
  checksum: string;
  format: string;
  lineCount: number;
  errorCount: number;
  errors: string[];
  counts: Record<string, number>;
  status: 'applying' | 'done';
  results: { applied?: number; queued?: number; skipped?: number };
}

/** A stored statement line (statementLines/{receiptKey}): the statement's words, and what became of the line. */
export interface StoredLine extends Omit<StatementLine, 'receiptKey'> {
  /** The receipt key. */
  id: string;
  importId: string;
  paymentId: string | null;
  targetCollection: PayableCollection | null;
  targetId: string | null;
  overMinor: number;
  note: string;
  state: LineState;
  class: string;
  reason: string;
  at?: Date;
  by: string;
}

export const fetchImportPage = (after: Cursor | null) => db.fetchPage<StatementImport>('statementImports', { limit: PAGE_SIZE, after });

export function useStatementImports() {
  return useCursorPages(statementKeys.imports, fetchImportPage);
}

/** An earlier import of the very same file (same SHA-256), or null. */
export const fetchImportWithChecksum = (checksum: string) =>
  db.fetchDocuments<StatementImport>('statementImports', { where: [['checksum', '==', checksum]], orderBy: null, limit: 1 }).then((found) => found[0] ?? null);

export const fetchImportLines = (importId: string) =>
  db.fetchEvery<StoredLine>('statementLines', { where: [['importId', '==', importId]], orderBy: ['row', 'asc'] });

export function useImport(id: string) {
  return useQuery({
    queryKey: statementKeys.import(id),
    queryFn: async () => {
      const [record, lines] = await Promise.all([db.fetchDocument<StatementImport>('statementImports', id), fetchImportLines(id)]);
      return record && { record, lines };
    },
  });
}

export const fetchQueuePage = (after: Cursor | null) =>
  db.fetchPage<StoredLine>('statementLines', { where: [['state', '==', 'queued']], orderBy: ['at', 'desc'], limit: PAGE_SIZE, after });

export function useStatementQueue() {
  return useCursorPages(statementKeys.queue, fetchQueuePage);
}

/** Applying a previewed statement, with the count of lines done so far for a progress line. */
export function useApplyStatement(onProgress: (done: number) => void) {
  const staff = useStaff();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (plan: ImportPlan) => applyStatement(plan, staff.tokenEmail, onProgress),
    // The import's own commits carry their log entries; refresh what they changed, even after a failure part-way.
    onSettled: () => Promise.all(TOUCHED.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

const factsOf = (l: StoredLine): LineFacts => ({
  receiptKey: l.id,
  receipt: l.receipt,
  row: l.row,
  completedAt: l.completedAt,
  details: l.details,
  account: l.account,
  payer: l.payer,
  amountMinor: l.amountMinor,
  currency: l.currency,
});

/** The record a payment code or reference names, for a manual match; refused with a sentence finance reads. */
async function recordNamed(typed: string) {
  const found = await findPayable(typed);
  if (!found) throw new Error(`No registration or application has the code or reference "${typed.trim()}".`);
  return { collection: found.collection, id: found.id };
}

/** A queued (or reversed) line paid into the record finance names, with a required note. */
export function useMatchLine() {
  const staff = useStaff();
  return useStaffTransaction<{ line: StoredLine; typed: string; note: string; target?: { collection: PayableCollection; id: string } }>({
    prepare: async (v) => ({ ...v, target: await recordNamed(v.typed) }),
    paths: (v) => [...applyPaths(factsOf(v.line), v.target!, null), `statementImports/${v.line.importId}`],
    decide: async (docs, v, read) => {
      const method = docs[3]?.format === MPESA_FORMAT_ID ? 'mobile-money' : 'bank-transfer';
      const vars = await applyVars(v.line.importId, factsOf(v.line), v.target!, null, method, staff.tokenEmail, docs[1], read, v.note);
      const { writes, log } = decideApplyLine(docs.slice(0, 3), vars);
      return { writes, log };
    },
    invalidate: TOUCHED,
  });
}

/** A queued line put aside (not a payment for the summit), with a required note. */
export function useDismissLine() {
  const staff = useStaff();
  return useStaffTransaction<{ line: StoredLine; note: string }>({
    paths: (v) => [linePath(v.line.id)],
    decide: (docs, v) => decideDismissLine(docs, { receiptKey: v.line.id, note: v.note, staffEmail: staff.tokenEmail }),
    invalidate: TOUCHED,
  });
}

/** An applied line undone, with a required note: its payment reversed and its money taken off the record. */
export function useReverseLine() {
  const staff = useStaff();
  return useStaffTransaction<{ line: StoredLine & { paymentId: string; targetCollection: PayableCollection; targetId: string }; note: string }>({
    paths: (v) => reversePaths({ receiptKey: v.line.id, paymentId: v.line.paymentId, targetCollection: v.line.targetCollection, targetId: v.line.targetId }),
    decide: async (docs, v, read) =>
      decideReverseLine(docs, {
        note: v.note,
        staffEmail: staff.tokenEmail,
        seat: await readSeat(v.line.targetCollection, docs[2] as WithId<DocumentData> | null, read),
      }),
    invalidate: TOUCHED,
  });
}
