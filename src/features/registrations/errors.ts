// Why a registration was refused: thrown by submit.ts, told apart by the page, which loads
// submit.ts only when the visitor sends the form.
export class UnknownCategoryError extends Error {}

/** Every seat is taken (or the last free ones went to others while we tried): the waiting list is open. */
export class SummitFullError extends Error {}

/** The person joined the waiting list moments ago (and left): they may join again at `retryAt`. */
export class RejoinTooSoonError extends Error {
  constructor(readonly retryAt: Date) {
    super(`Joined the waiting list moments ago; join again after ${retryAt.toISOString()}`);
  }
}

/** The address (or another address of its mailbox, lib/email-address.ts mailboxOf) already has a registration that holds its seat. */
export class AlreadyRegisteredError extends Error {
  constructor(
    readonly reference: string,
    /** The address it is under, when that is another address of the same mailbox (`x@d` for `x+2@d`). */
    readonly otherAddress: string | null = null,
  ) {
    super(`This address already has registration ${reference}.`);
  }
}
