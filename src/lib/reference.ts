// The references people keep and type back (a registration's or an application's): 16 characters
// of Crockford's base32 (digits and capitals without I, L, O and U), 80 random bits, unguessable.
// Typed back from a phone they arrive lower-cased, spaced or with O for 0 and l for 1: the
// alphabet leaves nothing ambiguous, so what was typed can be read back to the one reference.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_LENGTH = 16;

export function newReference(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  // 32 symbols = 5 bits: a byte's low five bits are uniform.
  return Array.from(random(new Uint8Array(REFERENCE_LENGTH)), (byte) => ALPHABET[byte & 31]).join('');
}

/** What was typed, read as Crockford's base32: case, spaces and hyphens ignored, O as 0, I and L as 1. */
export function readTypedReference(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/**
 * The documents a typed reference may name: the reference read back when it is one, and what was
 * typed (trimmed) for references made before this format (mixed-case ids, the demo's names).
 */
export function referenceCandidates(typed: string): string[] {
  const trimmed = typed.trim();
  const read = readTypedReference(trimmed);
  const isReference = read.length === REFERENCE_LENGTH && [...read].every((c) => ALPHABET.includes(c));
  return [...new Set([...(isReference ? [read] : []), trimmed])].filter(Boolean);
}

/**
 * What checkout opens for a typed reference: the reference read back (or an older id as typed),
 * or null for something no record is named by (a path, a sentence), so a form can say so.
 */
export function checkoutReference(typed: string): string | null {
  const [clean] = referenceCandidates(typed);
  return clean && /^[A-Za-z0-9_-]{4,128}$/.test(clean) ? clean : null;
}
