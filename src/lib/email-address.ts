// The email address rule, without zod: validation.ts builds the forms' emailField on it, and a
// page that checks only an address (the sign-in link's) uses checkedEmail without loading zod.

/**
 * The grammar of an email address, in the one form both zod and firestore.rules (RE2) can read:
 * zod's own email pattern written without look-arounds or escapes. firestore.rules' email() holds
 * the same string (validation.test.ts reads the rules to check), so the server refuses exactly
 * what the forms refuse: no spaces, line breaks, commas, brackets or invisible characters.
 */
export const EMAIL_PATTERN = "^([A-Za-z0-9_'+-]+[.])*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*[.])+[A-Za-z]{2,}$";

export const EMAIL_MAX_LENGTH = 254;

/** A sub-address tag: from a `+` in the local part to the `@` (firestore.rules' mailbox() holds the same). */
export const PLUS_TAG_PATTERN = '[+][^@]*@';

/**
 * The mailbox an address delivers to, as one person: lower case, without a `+tag` (`x+2@d` and
 * `x@d` are one attendee, who may hold one seat and one place on the waiting list). Dots are kept:
 * folding them is one provider's rule and would merge other providers' distinct addresses. The
 * forms, the seed and the rules (attendees/{mailbox}, waitlist/{mailbox}) all key by this.
 */
export const mailboxOf = (email: string) => email.trim().toLowerCase().replace(new RegExp(PLUS_TAG_PATTERN), '@');

/** An address as emailField accepts it: trimmed, or null when emailField would refuse it. */
export function checkedEmail(typed: string): string | null {
  const email = typed.trim();
  return email.length <= EMAIL_MAX_LENGTH && new RegExp(EMAIL_PATTERN).test(email) ? email : null;
}

/**
 * An address shown to whoever holds a record's reference, enough for its owner to recognise it and
 * no more: the first character of the mailbox and the whole domain ("a•••@example.org").
 */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}
