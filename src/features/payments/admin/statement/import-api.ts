// Reads and writes of a statement import. The preview reads the whole ledger once (every payable
// record, the payments awaiting verification, the receipts already imported) and matches in the
// browser; applying then decides each matched line again on fresh reads in its own transaction
// (line-actions.ts), so a record paid or cancelled since the preview is queued, never paid twice.
import type { DocumentData } from 'firebase/firestore/lite';
import { db } from '../../../../lib/data.ts';
import { serverValues, type BatchWrite, type ReadInTransaction, type WithId } from '../../../../lib/db.ts';
import type { PayableCollection } from '../../../../data/collections.ts';
import { MPESA_FORMAT_ID } from '../../../../data/statement-layouts.ts';
import { SeatLostError } from '../../../../data/registration-record.ts';
import { stillDueMinor } from '../../../../data/money-received.ts';
import { readSeat } from '../payment-actions.ts';
import { withTicket } from '../api.ts';
import type { Ledger, LedgerRecord, MatchedLine } from './match.ts';
import type { ParsedStatement } from './types.ts';
import {
  applyPaths,
  decideApplyLine,
  decideRecordedLine,
  linePath,
  NotPayableError,
  queuedLineWrite,
  recordedPaths,
  type LineFacts,
  type QueueClass,
} from './line-actions.ts';

const cents = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : 0);

const submittedOf = (p: WithId<DocumentData>) => ({
  id: p.id,
  reference: String(p.reference),
  targetCollection: p.targetCollection as PayableCollection,
  targetId: String(p.targetId),
});

/** Everything a statement is matched against, read a thousand documents at a time. */
export async function fetchLedger(): Promise<Ledger> {
  const [registrations, partners, submitted, verified, lines] = await Promise.all([
    db.fetchEvery<DocumentData>('registrations'),
    db.fetchEvery<DocumentData>('partners'),
    db.fetchEvery<DocumentData>('payments', { where: [['status', '==', 'submitted']] }),
    db.fetchEvery<DocumentData>('payments', { where: [['status', '==', 'verified']] }),
    db.fetchEvery<DocumentData>('statementLines', { orderBy: ['at', 'desc'] }),
  ]);
  const record =
    (collection: PayableCollection) =>
    (d: WithId<DocumentData>): LedgerRecord => ({
      collection,
      id: d.id,
      paymentCode: typeof d.paymentCode === 'string' ? d.paymentCode : '',
      name: String(collection === 'registrations' ? d.fullName : d.organisation),
      fee: Number(d.fee),
      currency: String(d.currency),
      status: String(d.status),
      paymentStatus: String(d.paymentStatus),
      amountReceived: cents(d.receivedMinor) / 100,
    });
  return {
    records: [...registrations.map(record('registrations')), ...partners.map(record('partners'))],
    submitted: submitted.map(submittedOf),
    // Verified with no statement line: by hand (a line's own payment names its line).
    recorded: verified.filter((p) => !p.statementLine).map((p) => ({ ...submittedOf(p), amountMinor: Number.isInteger(p.amountMinor) ? p.amountMinor : null })),
    importedReceipts: new Set(lines.map((l) => l.id)),
  };
}

/** What finance chose to import: the file as parsed and matched in the preview. */
export interface ImportPlan {
  importId: string;
  fileName: string;
  checksum: string;
  parsed: ParsedStatement;
  lines: MatchedLine[];
  counts: Record<string, number>;
}

export interface ImportResults {
  applied: number;
  /** Confirming a payment verified by hand: linked to it, nothing counted again. */
  recorded: number;
  queued: number;
  /** Already imported (this file earlier, or the same receipt in another): nothing written. */
  skipped: number;
}

const APPLIES = new Set(['matched', 'partial', 'overpaid']);
const QUEUE_CHUNK = 100;

const factsOf = (l: MatchedLine): LineFacts => ({
  receiptKey: l.receiptKey,
  receipt: l.receipt,
  row: l.row,
  completedAt: l.completedAt,
  details: l.details.slice(0, 1000),
  account: l.account.slice(0, 200),
  payer: l.payer.slice(0, 200),
  amountMinor: l.amountMinor,
  currency: l.currency,
});

const importWrite = (plan: ImportPlan, by: string): BatchWrite => ({
  set: `statementImports/${plan.importId}`,
  data: {
    id: plan.importId,
    timestamp: serverValues.now(),
    by,
    fileName: plan.fileName.slice(0, 200),
    checksum: plan.checksum,
    format: plan.parsed.format,
    lineCount: plan.lines.length,
    errorCount: plan.parsed.errors.length,
    // The first hundred per-line problems, as the preview showed them; the count says how many in all.
    errors: plan.parsed.errors.slice(0, 100).map((e) => `Row ${e.row}: ${e.message}`.slice(0, 300)),
    counts: plan.counts,
    status: 'applying',
    results: { applied: 0, queued: 0, skipped: 0 },
  },
});

/**
 * Applies a previewed statement: the import recorded first (who, when, file, checksum, counts),
 * then each matched line in its own transaction with its log entry, then the lines left for
 * finance queued with their reason, a hundred per transaction. Lines already imported are skipped.
 */
export async function applyStatement(plan: ImportPlan, staffEmail: string, onProgress?: (done: number) => void): Promise<ImportResults> {
  await db.commit([importWrite(plan, staffEmail), db.activityWrite(`Imported statement ${plan.fileName} (${plan.lines.length} lines)`, staffEmail)]);
  const results: ImportResults = { applied: 0, recorded: 0, queued: 0, skipped: 0 };
  const method = plan.parsed.format === MPESA_FORMAT_ID ? 'mobile-money' : 'bank-transfer';
  const toQueue: Array<{ line: MatchedLine; lineClass: QueueClass; reason: string }> = [];
  let done = 0;
  for (const line of plan.lines) {
    if (line.class === 'duplicate') results.skipped++;
    else if (line.class === 'recorded' && line.paymentId) {
      const outcome = await confirmLine(plan.importId, line, staffEmail);
      if (outcome === 'recorded') results.recorded++;
      else if (outcome === 'skipped') results.skipped++;
      else toQueue.push({ line, lineClass: outcome.lineClass, reason: outcome.reason });
    } else if (APPLIES.has(line.class) && line.record) {
      const outcome = await applyLine(plan.importId, line, method, staffEmail);
      if (outcome === 'applied') results.applied++;
      else if (outcome === 'skipped') results.skipped++;
      else toQueue.push({ line, lineClass: outcome.lineClass, reason: outcome.reason });
    } else toQueue.push({ line, lineClass: line.class as QueueClass, reason: line.reason });
    onProgress?.(++done);
  }
  for (let i = 0; i < toQueue.length; i += QUEUE_CHUNK) {
    const queued = await queueLines(plan.importId, toQueue.slice(i, i + QUEUE_CHUNK), staffEmail);
    results.queued += queued;
    results.skipped += Math.min(QUEUE_CHUNK, toQueue.length - i) - queued;
  }
  await db.commit([{ update: `statementImports/${plan.importId}`, data: { status: 'done', results: { ...results } } }]);
  return results;
}

type LineOutcome = 'applied' | 'skipped' | { lineClass: QueueClass; reason: string };

/** A line that is a payment verified by hand, linked to it on fresh reads; one that no longer fits is queued. */
async function confirmLine(importId: string, line: MatchedLine, staffEmail: string): Promise<'recorded' | Exclude<LineOutcome, 'applied'>> {
  try {
    await db.transact(recordedPaths(line.receiptKey, line.paymentId!), (docs) => {
      const decision = decideRecordedLine(docs, { importId, line: factsOf(line), staffEmail });
      return { writes: [...decision.writes, db.activityWrite(decision.log, staffEmail)] };
    });
    return 'recorded';
  } catch (error) {
    if (error instanceof NotPayableError) return error.lineClass === 'duplicate' ? 'skipped' : { lineClass: error.lineClass, reason: error.message };
    throw error;
  }
}

/** One matched line, decided again on fresh reads; a record that takes no money now sends it to the queue. */
async function applyLine(importId: string, line: MatchedLine, method: 'mobile-money' | 'bank-transfer', staffEmail: string): Promise<LineOutcome> {
  const target = { collection: line.record!.collection, id: line.record!.id };
  try {
    await db.transact(applyPaths(line, target, line.paymentId), async (docs, read) => {
      const decision = decideApplyLine(docs, await applyVars(importId, factsOf(line), target, line.paymentId, method, staffEmail, docs[1], read));
      return { writes: [...decision.writes, db.activityWrite(decision.log, staffEmail)] };
    });
    return 'applied';
  } catch (error) {
    if (error instanceof NotPayableError) return error.lineClass === 'duplicate' ? 'skipped' : { lineClass: error.lineClass, reason: error.message };
    if (error instanceof SeatLostError) return { lineClass: 'seat-lost', reason: error.message };
    throw error;
  }
}

/** What applying a line needs besides its reads: fresh ids, the seat, and the ticket when the line may pay the record in full. */
export async function applyVars(
  importId: string,
  line: LineFacts,
  target: { collection: PayableCollection; id: string },
  submittedId: string | null,
  method: 'mobile-money' | 'bank-transfer',
  staffEmail: string,
  record: WithId<DocumentData> | null,
  read: ReadInTransaction,
  manualNote?: string,
) {
  const settles = !!record && line.amountMinor >= stillDueMinor({ fee: Number(record.fee), receivedMinor: cents(record.receivedMinor) });
  return {
    importId,
    line,
    target,
    submittedId,
    newPaymentId: db.newId('payments'),
    method,
    staffEmail,
    mailId: db.newId('mail'),
    seat: await readSeat(target.collection, record, read),
    attachments: settles ? await withTicket({ targetCollection: target.collection, targetId: target.id }) : [],
    manualNote,
  };
}

/** Queued lines in one transaction: each written unless its receipt is already stored. Returns how many were written. */
async function queueLines(importId: string, lines: Array<{ line: MatchedLine; lineClass: QueueClass; reason: string }>, staffEmail: string) {
  return db.transact<number>(
    lines.map(({ line }) => linePath(line.receiptKey)),
    (stored) => {
      const writes = lines
        .filter((_, i) => !stored[i])
        .map(({ line, lineClass, reason }) =>
          queuedLineWrite(
            { importId, line: factsOf(line), staffEmail },
            lineClass,
            reason.slice(0, 300),
            line.record && { collection: line.record.collection, id: line.record.id },
          ),
        );
      return { writes, result: writes.length };
    },
  );
}
