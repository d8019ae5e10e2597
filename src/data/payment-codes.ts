// The short code a payer quotes: "NCS-7K2QX", typed into M-Pesa's 12-character account-number
// field or a bank transfer's narration, then read back from the statement. Four random symbols and
// a check symbol from an alphabet without 0/O and 1/I, so nothing on a receipt is ambiguous and one
// mistyped symbol (or two swapped neighbours) never names another record. 32^4 = 1,048,576 codes:
// each is claimed once across the summit (paymentCodes/{code}) in the commit that creates its record.
import type { BatchWrite, ReadInTransaction } from '../lib/db.ts';
import type { PayableCollection } from './collections.ts';

export const PAYMENT_CODE_PREFIX = 'NCS';
export const PAYMENT_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const BODY_LENGTH = 4;
const N = PAYMENT_CODE_ALPHABET.length; // 32

/** The claims' collection, and the claim document of a code (firestore.rules: match /paymentCodes/{code}). */
export const PAYMENT_CODES = 'paymentCodes';
export const paymentCodePath = (code: string) => `${PAYMENT_CODES}/${code}`;

/** What a claimed code names. */
export interface PaymentCodeClaim {
  collection: PayableCollection;
  /** The record's id (not `id`, which names a document itself everywhere else). */
  recordId: string;
}

/**
 * Luhn mod N over the alphabet: doubling every other symbol from the right catches every single
 * substitution and every transposition of neighbours.
 */
export function checkSymbol(body: string): string {
  let sum = 0;
  let double = true;
  for (let i = body.length - 1; i >= 0; i--) {
    const value = PAYMENT_CODE_ALPHABET.indexOf(body[i]);
    if (value < 0) throw new Error(`"${body[i]}" is not a payment-code symbol.`);
    const addend = double ? value * 2 : value;
    sum += Math.floor(addend / N) + (addend % N);
    double = !double;
  }
  return PAYMENT_CODE_ALPHABET[(N - (sum % N)) % N];
}

/** A fresh code (not yet claimed: the caller claims it in the record's own commit, or draws again). */
export function newPaymentCode(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  // 32 symbols = 5 bits: a byte's low five bits are uniform.
  const body = Array.from(random(new Uint8Array(BODY_LENGTH)), (byte) => PAYMENT_CODE_ALPHABET[byte & 31]).join('');
  return `${PAYMENT_CODE_PREFIX}-${body}${checkSymbol(body)}`;
}

const SYMBOLS = `[${PAYMENT_CODE_ALPHABET}]`;
const CANONICAL = new RegExp(`^${PAYMENT_CODE_PREFIX}-${SYMBOLS}{${BODY_LENGTH + 1}}$`);

/** Whether a canonical code ("NCS-7K2QX") has the right shape and check symbol. */
export function isPaymentCode(code: string): boolean {
  if (!CANONICAL.test(code)) return false;
  const symbols = code.slice(PAYMENT_CODE_PREFIX.length + 1);
  return checkSymbol(symbols.slice(0, BODY_LENGTH)) === symbols[BODY_LENGTH];
}

/**
 * A code as a person typed it, in canonical form, or null: case, spaces, dots and dashes do not
 * matter, and the prefix may be left out ("ncs 7k2qx", "NCS7K2QX", "7k2q-x").
 */
export function readPaymentCode(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s._-]+/g, '');
  const symbols = compact.startsWith(PAYMENT_CODE_PREFIX) && compact.length === PAYMENT_CODE_PREFIX.length + BODY_LENGTH + 1 ? compact.slice(3) : compact;
  if (symbols.length !== BODY_LENGTH + 1) return null;
  const code = `${PAYMENT_CODE_PREFIX}-${symbols}`;
  return isPaymentCode(code) ? code : null;
}

// In free text (a statement's "details" or account column) the prefix is required, so a word that
// happens to be five code symbols is never read as a code. Separators between symbols are tolerated.
const IN_TEXT = new RegExp(`${PAYMENT_CODE_PREFIX}[\\s._:#/-]*((?:[A-Z0-9][\\s.-]?){${BODY_LENGTH}}[A-Z0-9])(?![A-Z0-9])`, 'g');

/** The valid codes a line of text quotes, canonical and each once, in order of appearance. */
export function findPaymentCodes(text: string): string[] {
  const found: string[] = [];
  for (const match of text.toUpperCase().matchAll(IN_TEXT)) {
    const code = readPaymentCode(match[1]);
    if (code && !found.includes(code)) found.push(code);
  }
  return found;
}

/**
 * What a line of text quotes as a code that is none: "NCS" and five symbols whose check symbol
 * fails (a mistyped code), as typed, each once. Finance reads them in the reason a line is unknown.
 */
export function findMistypedCodes(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(new RegExp(IN_TEXT.source, 'gi'))) {
    const quoted = match[0].trim();
    if (!readPaymentCode(match[1]) && !found.includes(quoted)) found.push(quoted);
  }
  return found;
}

/** The claim written in the record's own commit (firestore.rules: paymentCodes create). */
export const paymentCodeClaimWrite = (code: string, claim: PaymentCodeClaim): BatchWrite => ({ set: paymentCodePath(code), data: { ...claim } });

/** Every code drawn was taken (a million codes: only a summit near that size, or a broken random source). */
export class NoFreePaymentCodeError extends Error {}

/**
 * Whether a code is held, read in the record's own transaction. A visitor may read only a code nobody
 * holds (firestore.rules: what a held code names is staff's), so a refused read means held.
 */
const isHeld = (read: ReadInTransaction, code: string) =>
  read(paymentCodePath(code)).then(Boolean, (error: unknown) => {
    if ((error as { code?: unknown } | null)?.code === 'permission-denied') return true;
    throw error;
  });

/**
 * A fresh code for the record `claim` names and the write that claims it, decided on a read in the
 * record's own transaction: a code someone holds is drawn again (the rules refuse a taken one anyway,
 * so a race between two reads ends in the transaction's retry, never in two records with one code).
 */
export async function claimPaymentCode(
  claim: PaymentCodeClaim,
  read: ReadInTransaction,
  draw: () => string = () => newPaymentCode(),
  tries = 8,
): Promise<{ code: string; write: BatchWrite }> {
  for (let i = 0; i < tries; i++) {
    const code = draw();
    if (!(await isHeld(read, code))) return { code, write: paymentCodeClaimWrite(code, claim) };
  }
  throw new NoFreePaymentCodeError(`No free payment code in ${tries} draws.`);
}

/**
 * What a record's messages quote: its payment code, or its id when it has none (older records; their
 * checkout projection says ''). firestore.rules quotedCode() reads the record the same way.
 */
export const quotedCode = (id: string, r: { paymentCode?: unknown } | Record<string, unknown>) =>
  typeof r.paymentCode === 'string' && r.paymentCode ? r.paymentCode : id;
