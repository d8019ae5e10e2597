// Text for pdf-lib's standard fonts, which encode Windows-1252 only: drawing or measuring any other
// character throws, so one name in another script would stop a whole PDF. A letter with its accents
// is kept when the font has it; otherwise it keeps the accents the font has with that letter and
// loses the others ("Wanjirũ" → "Wanjiru", "Ọ̀yọ́" → "Oyó"); an invisible format character (a
// zero-width joiner) is dropped; anything else (another script, an emoji) becomes one '?', so the
// reader sees that something is missing.

/** A letter with the marks that follow it (or a lone mark at the start). */
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gu;
const MARK = /^\p{M}$/u;
const INVISIBLE = /^[\p{Cf}\p{Cc}]$/u;

/** A cleaner for a font with these code points (pdf-lib's `font.getCharacterSet()`): whitespace runs become one space, ends trimmed. */
export function printableText(characterSet: Iterable<number>): (text: string) => string {
  const printable = new Set(characterSet);
  const has = (text: string) => Array.from(text).every((ch) => printable.has(ch.codePointAt(0)!));
  const letter = (cluster: string) => {
    const composed = cluster.normalize('NFC');
    if (has(composed)) return composed;
    const [base, ...marks] = Array.from(cluster.normalize('NFD'));
    if (MARK.test(base)) return '';
    if (INVISIBLE.test(base)) return '';
    // The base letter, with each mark the font has a composed letter for.
    let kept = base;
    for (const mark of marks) {
      const withMark = (kept + mark).normalize('NFC');
      if (Array.from(withMark).length === 1 && has(withMark)) kept = withMark;
    }
    return has(kept) ? kept : '?';
  };
  return (text) => (text.replace(/\s+/g, ' ').trim().match(CLUSTER) ?? []).map(letter).join('');
}
