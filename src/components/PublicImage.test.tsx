// Our own uploaded images offer their 320 size beside the 960 one; other addresses stay as they are.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fileUrl } from '../lib/storage-urls.ts';
import { PublicImage } from './PublicImage.tsx';

describe('PublicImage', () => {
  it('gives an uploaded image its 320 and 960 sizes, keeping its box and lazy loading', () => {
    const large = fileUrl('content/speakers/s1/abcdefghij0123456789-960.webp');
    render(<PublicImage src={large} alt="Portrait of Dr A" width={48} height={48} fallback={null} />);
    const img = screen.getByRole('img', { name: 'Portrait of Dr A' });
    expect(img).toHaveAttribute('src', large);
    expect(img).toHaveAttribute('srcset', `${fileUrl('content/speakers/s1/abcdefghij0123456789-320.webp')} 320w, ${large} 960w`);
    expect(img).toHaveAttribute('sizes', '48px');
    expect(img).toHaveAttribute('width', '48');
    expect(img).toHaveAttribute('height', '48');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('leaves an address hosted elsewhere as it is', () => {
    render(<PublicImage src="https://example.org/logo-960.webp" alt="Logo" width={160} height={64} fallback={null} />);
    const img = screen.getByRole('img', { name: 'Logo' });
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });
});
