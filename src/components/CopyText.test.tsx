import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paragraphsOf, titledBlocksOf } from '../lib/paragraphs.ts';
import { CopyText } from './CopyText.tsx';

function show(text: string) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <p data-testid="copy">
          <CopyText text={text} />
        </p>
      ),
    },
  ]);
  render(<Stub initialEntries={['/']} />);
  return screen.getByTestId('copy');
}

describe('public copy with links', () => {
  it('turns site paths, web and mail addresses into links, and leaves the words around them', () => {
    const copy = show(
      'Book on the [Partnerships](/partnerships) page, read [the Act](https://www.odpc.go.ke/dpa-act/) or write to [us](mailto:info@example.org).',
    );
    expect(copy).toHaveTextContent('Book on the Partnerships page, read the Act or write to us.');
    expect(screen.getByRole('link', { name: 'Partnerships' })).toHaveAttribute('href', '/partnerships');
    expect(screen.getByRole('link', { name: 'the Act' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'us' })).toHaveAttribute('href', 'mailto:info@example.org');
  });

  it('never links a script or data address, or a half-written link', () => {
    const copy = show('[click](javascript:alert(1)) [x](data:text/html,hi) [open](/path and [closed]');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(copy).toHaveTextContent('[click](javascript:alert(1)) [x](data:text/html,hi) [open](/path and [closed]');
  });

  it('keeps markup as text', () => {
    const copy = show('<img src=x onerror=alert(1)> [<b>bold</b>](/faq)');
    expect(copy.querySelector('img, b')).toBeNull();
    expect(screen.getByRole('link', { name: '<b>bold</b>' })).toHaveAttribute('href', '/faq');
  });
});

describe('paragraphs and headed blocks as staff type them', () => {
  it('splits on empty lines, including lines of spaces and Windows line ends', () => {
    expect(paragraphsOf('One.\r\n\r\nTwo\nstill two.\n  \n\n Three. ')).toEqual(['One.', 'Two\nstill two.', 'Three.']);
    expect(paragraphsOf('   \n\n  ')).toEqual([]);
  });

  it('reads the first line of each block as its heading', () => {
    expect(titledBlocksOf('Screening\nFree screening.\nEvery county.\n\nRegistry')).toEqual([
      { heading: 'Screening', paragraphs: ['Free screening. Every county.'] },
      { heading: 'Registry', paragraphs: [] },
    ]);
  });
});
