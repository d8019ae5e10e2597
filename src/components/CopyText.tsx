// Public copy with links: the product's own pages (src/content/pages.ts) and what staff write in
// Settings are plain text where `[words](/path)` is a link. Only site paths, https://, http:// and
// mailto: become links; anything else stays text, so staff text can never become a script link.
import { Fragment } from 'react';
import { Link } from 'react-router';

const LINK = /\[([^\]\n]{1,200})\]\(((?:\/|https?:\/\/|mailto:)[^\s()]{0,500})\)/g;

export function CopyText({ text }: { text: string }) {
  const parts: Array<string | { label: string; to: string }> = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    parts.push(text.slice(last, m.index));
    parts.push({ label: m[1], to: m[2] });
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((p, i) =>
        typeof p === 'string' ? (
          <Fragment key={i}>{p}</Fragment>
        ) : p.to.startsWith('/') ? (
          <Link key={i} className="text-brand-700 underline" to={p.to}>
            {p.label}
          </Link>
        ) : (
          <a key={i} className="text-brand-700 underline" href={p.to} {...(p.to.startsWith('http') ? { rel: 'noopener', target: '_blank' } : {})}>
            {p.label}
          </a>
        ),
      )}
    </>
  );
}
