// Renders the editor's document (tiptap/ProseMirror JSON) as React elements. Nothing is ever
// injected as HTML, so stored markup cannot run script; links and images keep only safe
// addresses (http, https, mailto), and unknown nodes render their text or nothing.
import type { ReactNode } from 'react';
import { smallImageUrl } from '../lib/storage-urls.ts';

export interface RichNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
  content?: RichNode[];
}

const dimension = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined);

export function safeUrl(value: unknown, { images = false } = {}): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value, 'https://placeholder.invalid');
    const allowed = images ? ['http:', 'https:'] : ['http:', 'https:', 'mailto:'];
    if (!allowed.includes(url.protocol) || url.hostname === 'placeholder.invalid') return null;
    return url.href;
  } catch {
    return null;
  }
}

function marked(text: string, marks: RichNode['marks'] = []): ReactNode {
  return marks.reduce<ReactNode>((inner, mark) => {
    switch (mark.type) {
      case 'bold':
        return <strong>{inner}</strong>;
      case 'italic':
        return <em>{inner}</em>;
      case 'strike':
        return <s>{inner}</s>;
      case 'code':
        return <code>{inner}</code>;
      case 'link': {
        const href = safeUrl(mark.attrs?.href);
        return href ? (
          <a href={href} rel="noopener noreferrer nofollow" className="text-brand-700 underline">
            {inner}
          </a>
        ) : (
          inner
        );
      }
      default:
        return inner;
    }
  }, text);
}

function render(node: RichNode, key: number | string): ReactNode {
  const children = node.content?.map((child, i) => render(child, i));
  switch (node.type) {
    case 'doc':
      return <div key={key}>{children}</div>;
    case 'paragraph':
      return <p key={key}>{children}</p>;
    case 'text':
      return <span key={key}>{marked(node.text ?? '', node.marks)}</span>;
    case 'heading': {
      const level = Math.min(Math.max(Number(node.attrs?.level) || 2, 2), 4);
      const Tag = `h${level}` as 'h2' | 'h3' | 'h4';
      return <Tag key={key}>{children}</Tag>;
    }
    case 'bulletList':
      return <ul key={key}>{children}</ul>;
    case 'orderedList':
      return <ol key={key}>{children}</ol>;
    case 'listItem':
      return <li key={key}>{children}</li>;
    case 'blockquote':
      return <blockquote key={key}>{children}</blockquote>;
    case 'hardBreak':
      return <br key={key} />;
    case 'horizontalRule':
      return <hr key={key} />;
    case 'image': {
      const src = safeUrl(node.attrs?.src, { images: true });
      if (!src) return null;
      // An image uploaded here offers its 320-pixel size too (a phone's column is narrower than 960).
      const small = smallImageUrl(src);
      // Stored dimensions (the editor records them) let the browser reserve the box: no shift.
      return (
        <img
          key={key}
          src={src}
          srcSet={small ? `${small} 320w, ${src} 960w` : undefined}
          sizes={small ? '(max-width: 960px) 100vw, 960px' : undefined}
          alt={typeof node.attrs?.alt === 'string' ? node.attrs.alt : ''}
          width={dimension(node.attrs?.width)}
          height={dimension(node.attrs?.height)}
          loading="lazy"
          decoding="async"
        />
      );
    }
    default:
      return children ? <div key={key}>{children}</div> : null;
  }
}

export function RichText({ doc }: { doc: unknown }) {
  if (!doc || typeof doc !== 'object') return null;
  return <div className="rich-text">{render(doc as RichNode, 'root')}</div>;
}

/** Plain text of a document, for summaries and meta descriptions. */
export function plainText(doc: unknown, limit = 200): string {
  const parts: string[] = [];
  const walk = (n: RichNode) => {
    if (n.text) parts.push(n.text);
    n.content?.forEach(walk);
  };
  if (doc && typeof doc === 'object') walk(doc as RichNode);
  const text = parts.join(' ').replace(/\s+/g, ' ').trim();
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
