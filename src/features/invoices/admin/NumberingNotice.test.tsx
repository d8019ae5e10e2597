import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../content/site.ts';

const counter = vi.hoisted(() => ({ last: null as number | null }));
vi.mock('./api.ts', async (original) => ({
  ...(await original<typeof import('./api.ts')>()),
  useInvoiceCounter: () => ({ isPending: false, isError: false, data: counter.last }),
}));

const { NumberingNotice } = await import('./InvoiceGeneratorPage.tsx');
const settings = { ...DEFAULT_SETTINGS, invoicePrefix: 'INV-2027-', invoiceStartNumber: 1 };

describe('the invoice numbering sentence', () => {
  it('before the first invoice: where numbering will start', () => {
    counter.last = null;
    render(<NumberingNotice settings={settings} />);
    expect(screen.getByText(/Invoices will be numbered/)).toHaveTextContent('Invoices will be numbered INV-2027-0001 onwards.');
  });

  it('after one invoice: names it, not a range from it to itself', () => {
    counter.last = 1;
    render(<NumberingNotice settings={settings} />);
    const notice = screen.getByText(/Numbering is locked/).closest('p')!;
    expect(notice).toHaveTextContent(
      'Numbering is locked: one invoice has been issued, INV-2027-0001, so the prefix and start number in Settings can no longer change. The next invoice will be INV-2027-0002',
    );
    expect(notice).not.toHaveTextContent('run from');
  });

  it('after several: the range', () => {
    counter.last = 12;
    render(<NumberingNotice settings={settings} />);
    expect(screen.getByText(/Numbering is locked/).closest('p')).toHaveTextContent('invoices run from INV-2027-0001 to INV-2027-0012, so the prefix');
  });
});
