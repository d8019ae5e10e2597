// Each payment in, matched to the record it pays for and classed for finance's review. The code
// the payer quoted (M-Pesa's account number, a transfer's narration) names the record; failing
// that, a visitor who submitted this receipt as their transaction code names it. Amounts are
// compared in minor units, and several lines paying one record add up in file order.
import { findMistypedCodes, findPaymentCodes, readPaymentCode } from '../../../../data/payment-codes.ts';
import { formatMinor } from '../../../../components/format.ts';
import { unitsToMinor } from './amounts.ts';
import { normaliseReference } from '../../../../data/transaction-codes.ts';
import { type ParsedStatement, type StatementLine } from './types.ts';

export const MATCH_CLASSES = ['matched', 'partial', 'overpaid', 'recorded', 'duplicate', 'unknown', 'already-paid', 'cancelled', 'invalid'] as const;
export type MatchClass = (typeof MATCH_CLASSES)[number];

/** A registration or a partner application as matching needs it. */
export interface LedgerRecord {
  collection: 'registrations' | 'partners';
  id: string;
  paymentCode: string;
  name: string;
  /** Whole currency units. */
  fee: number;
  currency: string;
  status: string;
  paymentStatus: string;
  /** Currency units verified from statements so far (may hold cents); 0 when absent. */
  amountReceived: number;
}

/** A visitor's submitted payment (payments/{id}): the transaction code they typed and what it pays for. */
export interface SubmittedPayment {
  id: string;
  reference: string;
  targetCollection: 'registrations' | 'partners';
  targetId: string;
}

/** A payment finance verified by hand (a visitor's submission, or money received directly) that no statement line confirms yet. */
export interface RecordedPayment extends SubmittedPayment {
  /** What it counted into its record, minor units (null: an older payment that counted nothing). */
  amountMinor: number | null;
}

export interface MatchedLine extends StatementLine {
  class: MatchClass;
  /** Why, in a sentence finance reads. */
  reason: string;
  record: LedgerRecord | null;
  /** The visitor's submitted payment this line confirms. */
  paymentId: string | null;
  /** Outstanding on the record before this line, minor units. */
  dueMinor: number;
  /** Refund due (overpaid only), minor units. */
  overMinor: number;
  /** After this line the record is fully paid. */
  settles: boolean;
}

export interface Ledger {
  records: LedgerRecord[];
  submitted: SubmittedPayment[];
  /** Payments verified by hand with no statement line yet: a line with the same receipt is that payment. */
  recorded: RecordedPayment[];
  /** receiptKeys already in statementLines (earlier imports). */
  importedReceipts: ReadonlySet<string>;
}

const recordKey = (collection: string, id: string) => `${collection}/${id}`;
const describe = (record: LedgerRecord) => `${record.name || record.id} (${record.paymentCode || record.id})`;

/** The payment codes a line quotes: its account cell, read whole (the prefix may be left out) or as text, then its details. */
export function lineCodes(line: Pick<StatementLine, 'account' | 'details'>): string[] {
  const whole = readPaymentCode(line.account);
  const codes = [...(whole ? [whole] : []), ...findPaymentCodes(line.account), ...findPaymentCodes(line.details)];
  return [...new Set(codes)];
}

/**
 * What a line quotes where a code belongs that is no code anyone was given: an account cell that
 * reads as no code ("NCS-7K2QZ" with a wrong check symbol, a name), and mistyped codes in its details.
 */
export function lineNonCodes(line: Pick<StatementLine, 'account' | 'details'>): string[] {
  const account = line.account.trim();
  const quoted = [...(account && !readPaymentCode(account) && !findPaymentCodes(account).length ? [account] : []), ...findMistypedCodes(line.details)];
  return [...new Set(quoted)];
}

const quoteList = (items: string[]) => items.map((item) => `"${item}"`).join(' and ');

class LedgerIndex {
  private byCode = new Map<string, LedgerRecord[]>();
  private byKey = new Map<string, LedgerRecord>();
  private submittedByReceipt = new Map<string, SubmittedPayment[]>();
  private recordedByReceipt = new Map<string, RecordedPayment>();

  constructor(ledger: Ledger) {
    for (const record of ledger.records) {
      this.byKey.set(recordKey(record.collection, record.id), record);
      const code = readPaymentCode(record.paymentCode);
      if (code) this.byCode.set(code, [...(this.byCode.get(code) ?? []), record]);
    }
    for (const payment of ledger.submitted) {
      const key = normaliseReference(payment.reference);
      if (key) this.submittedByReceipt.set(key, [...(this.submittedByReceipt.get(key) ?? []), payment]);
    }
    // One payment per receipt across the summit (paymentReferences): a receipt names one at most.
    for (const payment of ledger.recorded) {
      const key = normaliseReference(payment.reference);
      if (key) this.recordedByReceipt.set(key, payment);
    }
  }

  /** The payment verified by hand under this line's receipt, with its record, if any. */
  recordedFor(line: StatementLine) {
    const payment = this.recordedByReceipt.get(line.receiptKey);
    return payment ? { payment, record: this.byKey.get(recordKey(payment.targetCollection, payment.targetId)) ?? null } : null;
  }

  /** The record a line pays for, or why none can be named. */
  recordFor(line: StatementLine): { record: LedgerRecord; paymentId: string | null } | { reason: string } {
    const codes = lineCodes(line);
    const submissions = this.submittedByReceipt.get(line.receiptKey) ?? [];
    const byCode = unique(codes.flatMap((code) => this.byCode.get(code) ?? []));
    const bySubmission = unique(submissions.map((p) => this.byKey.get(recordKey(p.targetCollection, p.targetId))).filter((r) => r !== undefined));
    const paymentFor = (record: LedgerRecord) => submissions.find((p) => p.targetCollection === record.collection && p.targetId === record.id)?.id ?? null;
    if (byCode.length > 1) return { reason: `The line quotes codes of different records: ${byCode.map(describe).join(' and ')}.` };
    if (byCode.length === 1) {
      const [record] = byCode;
      const elsewhere = bySubmission.filter((r) => r !== record);
      if (elsewhere.length) {
        return { reason: `The line quotes ${describe(record)}, but its receipt ${line.receipt} was submitted for ${elsewhere.map(describe).join(' and ')}.` };
      }
      return { record, paymentId: paymentFor(record) };
    }
    if (bySubmission.length > 1)
      return { reason: `No code, and receipt ${line.receipt} was submitted for several records: ${bySubmission.map(describe).join(', ')}.` };
    if (bySubmission.length === 1) return { record: bySubmission[0], paymentId: paymentFor(bySubmission[0]) };
    if (codes.length) return { reason: `${codes.join(', ')} ${codes.length > 1 ? 'name' : 'names'} no registration or application.` };
    if (submissions.length) return { reason: `Receipt ${line.receipt} was submitted for a record that no longer exists.` };
    const nonCodes = lineNonCodes(line);
    if (nonCodes.length) {
      return {
        reason: `The line quotes ${quoteList(nonCodes)}, ${nonCodes.length > 1 ? 'none of them a payment code' : 'not a payment code'} anyone was given, and no visitor submitted its receipt.`,
      };
    }
    return { reason: 'The line quotes no payment code, and no visitor submitted its receipt.' };
  }
}

const unique = <T>(items: T[]) => [...new Set(items)];

type Verdict = Omit<MatchedLine, keyof StatementLine>;

function classed(line: StatementLine, cls: MatchClass, reason: string, extra?: Partial<Verdict>): MatchedLine {
  const verdict: Verdict = { class: cls, reason, record: null, paymentId: null, dueMinor: 0, overMinor: 0, settles: false, ...extra };
  // Not `{ ...line, ...verdict }`: V8 copies that an order of magnitude slower (8 µs a line).
  return Object.assign(verdict, line);
}

/**
 * Classes every line, in file order: duplicate (receipt imported before or earlier in this file),
 * unknown (no record named, or two named), invalid (another currency than the record's),
 * cancelled, already-paid, then matched / partial / overpaid against what is still due, counting
 * what earlier lines of this file paid to the same record.
 */
export function matchStatement(parsed: ParsedStatement, ledger: Ledger): MatchedLine[] {
  const index = new LedgerIndex(ledger);
  const seen = new Set<string>();
  const paidInFile = new Map<string, number>();
  const matched: MatchedLine[] = [];
  for (const line of parsed.lines) {
    const receiptKnown = ledger.importedReceipts.has(line.receiptKey);
    if (receiptKnown || seen.has(line.receiptKey)) {
      // Duplicates first: a statement imported again must change nothing, whatever its lines say.
      matched.push(
        classed(line, 'duplicate', receiptKnown ? `Receipt ${line.receipt} was imported before.` : `Receipt ${line.receipt} appears earlier in this file.`),
      );
      continue;
    }
    seen.add(line.receiptKey);
    const recorded = index.recordedFor(line);
    if (recorded) {
      matched.push(confirmsRecorded(line, recorded.payment, recorded.record));
      continue;
    }
    const found = index.recordFor(line);
    matched.push('reason' in found ? classed(line, 'unknown', found.reason) : classify(line, found.record, found.paymentId, paidInFile));
  }
  return matched;
}

/**
 * A line whose receipt finance already verified by hand: the same money, so it confirms that
 * payment (nothing is counted again); an amount that differs is left for finance to look at.
 */
function confirmsRecorded(line: StatementLine, payment: RecordedPayment, record: LedgerRecord | null): MatchedLine {
  const name = record ? describe(record) : `${payment.targetCollection}/${payment.targetId}`;
  const recordedAs = `Receipt ${line.receipt} was recorded by hand as payment ${payment.id}`;
  if (payment.amountMinor !== null && payment.amountMinor !== line.amountMinor) {
    const money = (minor: number) => formatMinor(minor, line.currency);
    return classed(
      line,
      'unknown',
      `${recordedAs} of ${money(payment.amountMinor)} for ${name}, but the statement says ${money(line.amountMinor)}: check which is right.`,
    );
  }
  return classed(line, 'recorded', `${recordedAs} for ${name}: this line confirms it.`, { record, paymentId: payment.id });
}

/** A line whose record is known, against what is still due (less what earlier lines of the file paid). */
function classify(line: StatementLine, record: LedgerRecord, paymentId: string | null, paidInFile: Map<string, number>): MatchedLine {
  const known = { record, paymentId };
  const name = describe(record);
  if (line.currency.toUpperCase() !== (record.currency || '').toUpperCase()) {
    return classed(line, 'invalid', `The line is in ${line.currency}, but ${name} is charged in ${record.currency || 'no currency'}.`, known);
  }
  if (record.status === 'cancelled') return classed(line, 'cancelled', `${name} is cancelled: refund or re-match by hand.`, known);
  if (record.paymentStatus === 'not-required') return classed(line, 'already-paid', `${name} has nothing to pay.`, known);
  if (record.paymentStatus === 'paid') return classed(line, 'already-paid', `${name} is already paid.`, known);

  const key = recordKey(record.collection, record.id);
  const before = paidInFile.get(key) ?? 0;
  const dueMinor = unitsToMinor(record.fee) - unitsToMinor(record.amountReceived) - before;
  if (dueMinor <= 0) {
    return classed(line, 'already-paid', `${name} ${before > 0 ? 'was settled by earlier lines of this file' : 'has nothing outstanding'}.`, known);
  }
  paidInFile.set(key, before + line.amountMinor);
  const money = (minor: number) => formatMinor(minor, record.currency);
  const paid = line.amountMinor;
  if (paid === dueMinor) return classed(line, 'matched', `Pays the ${money(dueMinor)} due on ${name}.`, { ...known, dueMinor, settles: true });
  if (paid < dueMinor) {
    return classed(line, 'partial', `Pays ${money(paid)} of the ${money(dueMinor)} due on ${name}; ${money(dueMinor - paid)} remains.`, { ...known, dueMinor });
  }
  const overMinor = paid - dueMinor;
  return classed(line, 'overpaid', `Pays ${money(paid)} where ${money(dueMinor)} was due on ${name}: ${money(overMinor)} to refund.`, {
    ...known,
    dueMinor,
    overMinor,
    settles: true,
  });
}

export function countClasses(lines: MatchedLine[]): Record<MatchClass, number> {
  const counts = Object.fromEntries(MATCH_CLASSES.map((c) => [c, 0])) as Record<MatchClass, number>;
  for (const line of lines) counts[line.class]++;
  return counts;
}
