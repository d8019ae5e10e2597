// Why a payment reference was refused: thrown by send.ts, told apart by the checkout page.
/** The registration's unpaid hold lapsed and its slot went to someone else: paying cannot keep a seat now. */
export class HoldLostError extends Error {}

/** A transaction code already submitted once: the same payment cannot pay for two records. */
export class ReferenceTakenError extends Error {
  constructor(readonly reference: string) {
    super(`The transaction code ${reference} has already been submitted.`);
  }
}
