// Field validators shared by every form, with messages that say what to type.
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email-address.ts';
import { isKraPin, normaliseKraPin } from './kra-pin.ts';

/**
 * What a one-line answer (a name, an organisation, a subject) may hold, and a paragraph: no control
 * characters (a paragraph keeps tab and line breaks) and no bidirectional overrides or isolates,
 * which could make a name read differently on a badge, a list or an email from what was stored.
 * Written for RE2: firestore.rules' lineChar() and paragraphChar() hold the same characters (a unit
 * test reads them), from which its line() and lines() build their patterns.
 */
export const SINGLE_LINE_CHAR = '[^\\x00-\\x1F\\x7F\\x{202A}-\\x{202E}\\x{2066}-\\x{2069}]';
export const MULTI_LINE_CHAR = '[^\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F\\x{202A}-\\x{202E}\\x{2066}-\\x{2069}]';
export const SINGLE_LINE_PATTERN = `^${SINGLE_LINE_CHAR}*$`;
export const MULTI_LINE_PATTERN = `^${MULTI_LINE_CHAR}*$`;

/** An RE2 pattern as JavaScript reads it (code points are \u{…} there). */
const fromRe2 = (pattern: string) => new RegExp(pattern.replace(/\\x\{([0-9A-F]+)\}/g, '\\u{$1}'), 'u');

const SINGLE_LINE = fromRe2(SINGLE_LINE_PATTERN);
const MULTI_LINE = fromRe2(MULTI_LINE_PATTERN);
/** Whether free text keeps to the paragraph grammar (for a check outside a form, as the rules make it). */
export const isParagraph = (text: string) => MULTI_LINE.test(text);
const NO_HIDDEN = 'Use only visible characters: no line breaks or hidden formatting characters.';
const NO_HIDDEN_IN_TEXT = 'Use only visible characters (line breaks are fine), no hidden formatting characters.';

/** A one-line answer: trimmed, `min` to `max` characters, the single-line grammar. */
export const lineField = (min: number, max: number, tooShort: string, tooLong: string) =>
  z.string().trim().min(min, tooShort).max(max, tooLong).regex(SINGLE_LINE, NO_HIDDEN);

/** A paragraph: trimmed, at most `max` characters (at least `min`), the multi-line grammar. */
export const paragraphField = (min: number, max: number, tooShort: string, tooLong: string) =>
  z.string().trim().min(min, tooShort).max(max, tooLong).regex(MULTI_LINE, NO_HIDDEN_IN_TEXT);

export const emailField = () =>
  z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, 'Email must be at most 254 characters.')
    .regex(new RegExp(EMAIL_PATTERN), 'Enter a valid email address, like name@example.org.');

export const phoneField = () =>
  z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a phone number with 7 to 20 digits, like +254 700 000 000.');

/**
 * A KRA PIN field: normalised, then the grammar, or '' when nothing was typed. Every PIN the product
 * asks for may be left empty (a foreign buyer has none; the institute may not have entered its own yet).
 */
export const kraPinField = () =>
  z
    .string()
    .transform(normaliseKraPin)
    .refine((v) => v === '' || isKraPin(v), 'Enter the KRA PIN as A or P, nine digits and a letter, like P051234567X, or leave it empty.');

/**
 * A web address as people type it: "nht.example.com" or "www.nht.go.ke/about" mean https://. Only
 * something that looks like a domain is given the scheme; anything with a scheme of its own
 * (mailto:, ftp:, javascript:) or an @ before its path (an email address) is left for the field's
 * check to accept or refuse as it is.
 */
export function withWebScheme(typed: string): string {
  const text = typed.trim();
  if (!text || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) return text;
  const host = text.split(/[/?#]/)[0];
  return /^[^\s@:]+\.[a-z]{2,}(?::\d{1,5})?$/i.test(host) ? `https://${text}` : text;
}

/** A stored price: whole units of its currency (money is never a float here), never negative. */
export const feeField = () => z.number().int().min(0);

/** An ISO 4217 currency code as stored: three capitals (KES, USD). */
export const currencyField = () => z.string().regex(/^[A-Z]{3}$/);
