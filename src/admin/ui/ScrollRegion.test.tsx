import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ScrollRegion } from './ScrollRegion.tsx';

describe('ScrollRegion', () => {
  it('is a region named by its label, reached with Tab, that scrolls sideways and clips what it holds', async () => {
    render(
      <ScrollRegion label="Payments" className="mt-4">
        <p>wide</p>
      </ScrollRegion>,
    );
    const region = screen.getByRole('region', { name: 'Payments' });
    expect(region).toHaveClass('overflow-x-auto', 'relative', 'mt-4');
    await userEvent.tab();
    expect(region).toHaveFocus();
  });

  it('can be named by another element, such as a caption', () => {
    render(
      <>
        <p id="named-by">Lines of the statement</p>
        <ScrollRegion labelledBy="named-by">
          <p>wide</p>
        </ScrollRegion>
      </>,
    );
    expect(screen.getByRole('region', { name: 'Lines of the statement' })).toHaveAttribute('tabindex', '0');
  });
});
