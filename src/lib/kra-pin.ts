// The Kenya Revenue Authority PIN's one grammar, for every form that asks for one (the institute's in
// Settings, a buyer's on partner applications and invoices) and for the rules. No zod here: the
// public partner forms show the hint in their first chunk, which stays free of zod (send.ts).

/**
 * A Kenya Revenue Authority PIN (the tax number on Kenyan invoices): A for an individual or P for any
 * other taxpayer, nine digits, a letter, e.g. P051234567X. Written for RE2 as well: firestore.rules'
 * kraPin() checks this very pattern (tests/unit/kra-pin-rules.test.ts runs the rules' function
 * against it). ASCII only: a Cyrillic "А" or a full-width digit is another character, which KRA's
 * systems would not find.
 */
export const KRA_PIN_PATTERN = '^[AP][0-9]{9}[A-Z]$';
const KRA_PIN = new RegExp(KRA_PIN_PATTERN);
/** What the forms say a PIN looks like. */
export const KRA_PIN_HINT = 'As on the KRA PIN certificate: A or P, nine digits and a letter, like P051234567X.';

/**
 * A PIN as people type it: spaces anywhere (copied from a certificate, read out in groups) dropped
 * and lower-case letters raised. Only a to z are raised: toUpperCase() would turn a Turkish dotless
 * "ı" into "I" and so accept a character nobody at KRA issued.
 */
export const normaliseKraPin = (typed: string) => typed.replace(/\s+/g, '').replace(/[a-z]/g, (c) => c.toUpperCase());

export const isKraPin = (value: string) => KRA_PIN.test(value);
