// A payer's transaction code (an M-Pesa receipt, a bank's transfer reference), as the visitor types
// it at checkout and as a statement prints it. Pure and light: the statement import matches 20,000
// lines with it in the browser.
import type { PAYMENT_METHODS } from './statuses.ts';

/**
 * A transaction code as it is claimed (firestore.rules' normalisedReference) and as statement
 * lines are keyed: capitals, letters and digits only, so "qwe 123-rt" and "QWE123RT" are the same payment.
 */
export const normaliseReference = (reference: string) => reference.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The claim that makes a transaction code usable once across the summit, written with its payment. */
export const referenceClaim = (paymentId: string, reference: string) => ({ set: `paymentReferences/${normaliseReference(reference)}`, data: { paymentId } });

/**
 * What a visitor's transaction code looks like, normalised, by how they paid: an M-Pesa receipt is
 * ten letters and digits (QWE12345RT), a bank's transfer reference six to 24. It is quoted back in
 * the "payment received" email, so it is a code by grammar and never the visitor's words: no
 * spaces, no punctuation, at least one digit. firestore.rules' transactionCode() holds the same
 * patterns (a unit test compares them).
 */
export const TRANSACTION_CODE_PATTERNS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  'mobile-money': '^[A-Z0-9]{10}$',
  'bank-transfer': '^[A-Z0-9]{6,24}$',
};
export const HAS_DIGIT_PATTERN = '^.*[0-9].*$';

/** Why a normalised code cannot be the method's, in the payer's terms, or null when it can. */
export function transactionCodeProblem(method: (typeof PAYMENT_METHODS)[number], code: string): string | null {
  if (new RegExp(TRANSACTION_CODE_PATTERNS[method]).test(code) && new RegExp(HAS_DIGIT_PATTERN).test(code)) return null;
  return method === 'mobile-money'
    ? 'An M-Pesa transaction code is 10 letters and digits, like QWE12345RT: copy it from your M-Pesa message.'
    : 'A bank transfer reference is 6 to 24 letters and digits, with at least one digit: copy it from your bank slip.';
}
