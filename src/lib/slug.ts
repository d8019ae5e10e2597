// Slugs for titles, as SPEC section 5 defines them: lowercase, trimmed, whitespace runs to one
// hyphen, only letters, digits, underscore and hyphen kept (ASCII, as the original's \w), then
// "-YYYY-monthname-DD" from the date, so the same title on another day gets another slug.
//
// Two additions keep the result usable as an address: the title part is cut at a word boundary so
// the whole slug stays within MAX_SLUG_LENGTH (a pasted paragraph would otherwise become a
// 300-character URL), and it never starts or ends with '-' or '_' (the slug field refuses a slug
// that does not start with a letter or digit, and a title with nothing ASCII in it, e.g. only
// emoji, would otherwise give "-2027-may-07").
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The longest slug slugify makes, date suffix included. */
export const MAX_SLUG_LENGTH = 60;

/** Cuts a hyphenated title to at most `max` characters, at the last whole word when there is one. */
function capAtWord(base: string, max: number): string {
  if (base.length <= max) return base;
  // A hyphen right after the limit means the limit falls on a word boundary.
  if (base[max] === '-') return base.slice(0, max);
  const cut = base.lastIndexOf('-', max);
  // One word longer than the limit: nothing to cut at, so cut inside it.
  return cut > 0 ? base.slice(0, cut) : base.slice(0, max);
}

const trimSeparators = (s: string) => s.replace(/^[-_]+|[-_]+$/g, '');

export function slugify(input: unknown, date: Date = new Date()): string {
  if (typeof input !== 'string') throw new TypeError('Input must be a string.');
  const base = trimSeparators(
    input
      .toLowerCase()
      .trim()
      .replace(/\s+/g, '-')
      .replace(/[^a-z0-9_-]/g, ''),
  );
  const day = String(date.getDate()).padStart(2, '0');
  const suffix = `${date.getFullYear()}-${MONTHS[date.getMonth()]}-${day}`;
  const title = trimSeparators(capAtWord(base, MAX_SLUG_LENGTH - suffix.length - 1));
  return title ? `${title}-${suffix}` : suffix;
}

/**
 * A name as a document id (a bank's statement layout): lowercase ASCII letters, digits and single
 * hyphens, at most `max` characters cut at a word, '' when the name holds no ASCII letter or digit.
 * No date suffix: the same name must give the same id, so two layouts cannot share a name.
 */
export function idSlug(name: string, max: number): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return capAtWord(base, max).replace(/-+$/, '');
}
