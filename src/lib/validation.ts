// Field validators shared by every form, with messages that say what to type.
import { z } from 'zod';

/**
 * The grammar of an email address, in the one form both zod and firestore.rules (RE2) can read:
 * zod's own email pattern written without look-arounds or escapes. firestore.rules' email() holds
 * the same string (validation.test.ts reads the rules to check), so the server refuses exactly
 * what the forms refuse: no spaces, line breaks, commas, brackets or invisible characters.
 */
export const EMAIL_PATTERN = "^([A-Za-z0-9_'+-]+[.])*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*[.])+[A-Za-z]{2,}$";

export const emailField = () =>
  z
    .string()
    .trim()
    .max(254, 'Email must be at most 254 characters.')
    .regex(new RegExp(EMAIL_PATTERN), 'Enter a valid email address, like name@example.org.');

export const phoneField = () =>
  z.string().trim().regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a phone number with 7 to 20 digits, like +254 700 000 000.');
