import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './DataTable.tsx';

describe('DataTable', () => {
  it('scrolls in a focusable region named by the table’s caption', () => {
    render(<DataTable caption="Activity log, newest first" columns={[{ header: 'What', cell: (r) => r.id }]} rows={[{ id: 'Logged in' }]} />);
    const region = screen.getByRole('region', { name: 'Activity log, newest first' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(screen.getByRole('table', { name: 'Activity log, newest first' }));
  });
});
