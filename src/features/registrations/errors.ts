// Why a registration was refused: thrown by submit.ts, told apart by the page, which loads
// submit.ts only when the visitor sends the form.
export class UnknownCategoryError extends Error {}

/** Every seat is taken (or the last free ones went to others while we tried): the waiting list is open. */
export class SummitFullError extends Error {}

/** The address already has a registration that holds its seat. */
export class AlreadyRegisteredError extends Error {
  constructor(readonly reference: string) {
    super(`This address already has registration ${reference}.`);
  }
}
