// Our own uploaded images offer their 320 size beside the 960 one; other addresses stay as they are.
// An image that cannot be shown leaves its fallback text in its box, with or without the app's script.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fileUrl } from '../lib/storage-urls.ts';
import { PublicImage } from './PublicImage.tsx';

describe('PublicImage', () => {
  it('gives an uploaded image its 320 and 960 sizes, keeping its box and lazy loading', () => {
    const large = fileUrl('content/speakers/s1/abcdefghij0123456789-960.webp');
    render(<PublicImage src={large} alt="Portrait of Dr A" width={48} height={48} fallback="DA" />);
    const img = screen.getByRole('img', { name: 'Portrait of Dr A' });
    expect(img).toHaveAttribute('src', large);
    expect(img).toHaveAttribute('srcset', `${fileUrl('content/speakers/s1/abcdefghij0123456789-320.webp')} 320w, ${large} 960w`);
    expect(img).toHaveAttribute('sizes', '48px');
    expect(img).toHaveAttribute('width', '48');
    expect(img).toHaveAttribute('height', '48');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('leaves an address hosted elsewhere as it is', () => {
    render(<PublicImage src="https://example.org/logo-960.webp" alt="Logo" width={160} height={64} fallback="Logo" />);
    const img = screen.getByRole('img', { name: 'Logo' });
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });

  it('hands the fallback text to the image, for the stylesheet to draw if it breaks before the app runs', () => {
    render(<PublicImage src="https://example.org/a.jpg" alt="Portrait of Dr A" width={56} height={56} fallback="DA" />);
    const img = screen.getByRole('img', { name: 'Portrait of Dr A' });
    expect(img).toHaveAttribute('data-fallback', 'DA');
    expect(img).toHaveClass('image-fallback');
  });

  it('shows the fallback in the same box, read as the image, when the image fails once the app runs', () => {
    render(<PublicImage src="https://example.org/a.jpg" alt="Portrait of Dr A" width={56} height={56} className="rounded-full" fallback="DA" />);
    fireEvent.error(screen.getByRole('img', { name: 'Portrait of Dr A' }));
    const box = screen.getByRole('img', { name: 'Portrait of Dr A' });
    expect(box.tagName).toBe('SPAN');
    expect(box).toHaveTextContent('DA');
    expect(box).toHaveStyle({ width: '56px', height: '56px' });
    expect(box).toHaveClass('image-fallback-box', 'rounded-full');
  });

  it.each([undefined, '', 'javascript:alert(1)', '/relative.png', 'data:image/png;base64,AAAA'])('never requests %s: the fallback shows', (src) => {
    const { container } = render(<PublicImage src={src} alt="Global Oncology Alliance" width={160} height={64} fallback="Global Oncology Alliance" />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Global Oncology Alliance' })).toHaveTextContent('Global Oncology Alliance');
  });
});
