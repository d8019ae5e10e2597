import type { ReactNode } from 'react';

/**
 * An abstract's authors in order, the presenting one in bold and followed by "(presenting)" in
 * words, so a screen reader and a colour-blind reader are told too. `after` adds to each name (the
 * abstract's page puts its affiliation number there).
 */
export function AuthorNames({ authors, presenting, after }: { authors: readonly string[]; presenting: number; after?: (index: number) => ReactNode }) {
  return (
    <>
      {authors.map((name, i) => (
        <span key={`${i}-${name}`}>
          {i > 0 && ', '}
          {i === presenting ? <strong className="font-semibold">{name}</strong> : name}
          {after?.(i)}
          {i === presenting && <span className="text-slate-700"> (presenting)</span>}
        </span>
      ))}
    </>
  );
}
