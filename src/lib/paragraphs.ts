// Plain text as staff type it into a textarea: paragraphs separated by empty lines.

/** Paragraphs are separated by one or more empty lines (any line ending). */
export const paragraphsOf = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** Blocks whose first line is a heading and the rest its text (the services page as staff write it). */
export const titledBlocksOf = (text: string) =>
  paragraphsOf(text).map((block) => {
    const [heading, ...rest] = block.split('\n');
    const body = rest
      .map((l) => l.trim())
      .join(' ')
      .trim();
    return { heading: heading.trim(), paragraphs: body ? [body] : [] };
  });
