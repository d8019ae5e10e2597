// A payer's transaction code (an M-Pesa receipt, a bank's transfer reference), as the visitor types
// it at checkout and as a statement prints it. Pure and light: the statement import matches 20,000
// lines with it in the browser.

/**
 * A transaction code as it is claimed (firestore.rules' normalisedReference) and as statement
 * lines are keyed: capitals, letters and digits only, so "qwe 123-rt" and "QWE123RT" are the same payment.
 */
export const normaliseReference = (reference: string) => reference.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The claim that makes a transaction code usable once across the summit, written with its payment. */
export const referenceClaim = (paymentId: string, reference: string) => ({ set: `paymentReferences/${normaliseReference(reference)}`, data: { paymentId } });
