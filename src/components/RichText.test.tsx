import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fileUrl } from '../lib/storage-urls.ts';
import { plainText, RichText, safeUrl } from './RichText.tsx';

const doc = (...content: object[]) => ({ type: 'doc', content });
const text = (t: string, marks?: object[]) => ({ type: 'text', text: t, marks });

describe('rich text', () => {
  it('renders headings, marks, lists, quotes and links', () => {
    render(
      <RichText
        doc={doc(
          { type: 'heading', attrs: { level: 2 }, content: [text('Early signs')] },
          {
            type: 'paragraph',
            content: [text('Bold', [{ type: 'bold' }]), text(' and '), text('site', [{ type: 'link', attrs: { href: 'https://nci.example/x' } }])],
          },
          { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('Lump')] }] }] },
          { type: 'blockquote', content: [{ type: 'paragraph', content: [text('Screening saves lives')] }] },
        )}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Early signs' })).toBeInTheDocument();
    expect(screen.getByText('Bold').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('href', 'https://nci.example/x');
    expect(screen.getByRole('listitem')).toHaveTextContent('Lump');
    expect(screen.getByText('Screening saves lives').closest('blockquote')).not.toBeNull();
  });

  it('shows stored markup as text and never runs it', () => {
    const { container } = render(<RichText doc={doc({ type: 'paragraph', content: [text('<img src=x onerror="alert(1)"><script>alert(1)</script>')] })} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script>');
  });

  it('drops javascript: links and non-http images', () => {
    const { container } = render(
      <RichText
        doc={doc(
          { type: 'paragraph', content: [text('click', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])] },
          { type: 'image', attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>' } },
        )}
      />,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(safeUrl('mailto:info@summit.example.org')).toBe('mailto:info@summit.example.org');
    expect(safeUrl('/relative')).toBeNull();
  });

  it('gives an image its stored size, so the page keeps its place before it loads, and loads it lazily', () => {
    const { container } = render(
      <RichText
        doc={doc(
          { type: 'image', attrs: { src: 'https://nci.example/walk.jpg', alt: 'Walkers', width: 1200, height: 800 } },
          { type: 'image', attrs: { src: 'https://nci.example/old.jpg', alt: 'Older image', width: '9999"onload="x', height: null } },
        )}
      />,
    );
    const [sized, older] = container.querySelectorAll('img');
    expect(sized).toHaveAttribute('width', '1200');
    expect(sized).toHaveAttribute('height', '800');
    expect(sized).toHaveAttribute('loading', 'lazy');
    expect(older).not.toHaveAttribute('width');
    expect(older).not.toHaveAttribute('height');
  });

  it('offers an uploaded image’s 320 size beside its 960 one, with its stored size; a foreign image has no srcset', () => {
    const large = fileUrl('content/publications/p1/abcdefghij0123456789-960.webp');
    const { container } = render(
      <RichText
        doc={doc(
          { type: 'image', attrs: { src: large, alt: 'Walkers', width: 960, height: 640 } },
          { type: 'image', attrs: { src: 'https://nci.example/walk.jpg', alt: 'x' } },
        )}
      />,
    );
    const [ours, foreign] = container.querySelectorAll('img');
    expect(ours).toHaveAttribute('srcset', `${fileUrl('content/publications/p1/abcdefghij0123456789-320.webp')} 320w, ${large} 960w`);
    expect(ours).toHaveAttribute('width', '960');
    expect(ours).toHaveAttribute('height', '640');
    expect(foreign).not.toHaveAttribute('srcset');
  });

  it('summarises a document as plain text', () => {
    expect(plainText(doc({ type: 'paragraph', content: [text('One')] }, { type: 'paragraph', content: [text('two')] }))).toBe('One two');
  });
});
