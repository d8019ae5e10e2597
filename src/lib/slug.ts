// Slugs for titles, as SPEC section 5 defines them: lowercase, trimmed, whitespace runs to one
// hyphen, only letters, digits, underscore and hyphen kept (ASCII, as the original's \w), then
// "-YYYY-monthname-DD" from the date, so the same title on another day gets another slug.
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

export function slugify(input: unknown, date: Date = new Date()): string {
  if (typeof input !== 'string') throw new TypeError('Input must be a string.');
  const base = input
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9_-]/g, '');
  const day = String(date.getDate()).padStart(2, '0');
  return `${base}-${date.getFullYear()}-${MONTHS[date.getMonth()]}-${day}`;
}
