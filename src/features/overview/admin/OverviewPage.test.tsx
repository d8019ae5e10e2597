import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';
import { BarChart, labelledBars, niceMax } from './BarChart.tsx';

const calls = vi.hoisted(() => ({ counts: [] as unknown[][], sums: [] as unknown[][] }));

vi.mock('../../../lib/data.ts', () => {
  const db = {
    fetchDocument: async () => ({ currency: 'KES', categories: { delegate: { label: 'Delegate', fee: 15000 }, student: { label: 'Student', fee: 5000 } } }),
    // A count answers from its filter, so each figure can be told apart: 7 pending, 2 students …
    fetchCount: async (collection: string, filters: Array<[string, string, unknown]> = []) => {
      calls.counts.push([collection, ...filters]);
      const value = filters[0]?.[2];
      const answers: Record<string, number> = {
        pending: 7,
        confirmed: 11,
        cancelled: 1,
        'checked-in': 3,
        delegate: 15,
        student: 2,
        partner: 4,
        booth: 5,
        unread: 6,
        ERROR: 2,
      };
      if (filters[0]?.[0] === 'timestamp') return 1;
      return filters.length ? (answers[String(value)] ?? 0) : 22;
    },
    // The undelivered emails the overview names (the only documents it reads).
    fetchDocuments: async (collection: string, options: { where: Array<[string, string, unknown]> }) =>
      collection === 'mail' && options.where[0][0] === 'delivery.state' && options.where[0][2] === 'ERROR'
        ? [
            {
              id: 'm1',
              to: 'achieng@example.org',
              template: { name: 'payment-verified' },
              recordCollection: 'registrations',
              recordId: 'reg-1',
              delivery: { state: 'ERROR', error: 'Mailbox unavailable' },
            },
          ]
        : [],
    fetchSum: async (collection: string, field: string, filters: Array<[string, string, unknown]>) => {
      calls.sums.push([collection, field, ...filters]);
      return (
        { verified: { count: 3, sum: 45000 }, submitted: { count: 1, sum: 15000 }, rejected: { count: 0, sum: 0 } } as Record<
          string,
          { count: number; sum: number }
        >
      )[String(filters[0][2])];
    },
  };
  // The public reads (over REST in the app) answer alike.
  return { db, publicReads: db };
});

const { default: OverviewPage } = await import('./OverviewPage.tsx');

const figure = (section: string, label: string) => {
  const term = within(screen.getByRole('region', { name: section })).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

beforeEach(() => {
  calls.counts.length = 0;
  calls.sums.length = 0;
});

describe('overview', () => {
  it('shows registrations by status and by the categories in settings, partners, unread messages and payments to the admin', async () => {
    renderStaffScreen(OverviewPage, { role: 'admin' });
    expect(await screen.findByText('Delegate', { selector: 'dt' })).toBeInTheDocument();
    expect(figure('Registrations', 'pending')).toBe('7');
    expect(figure('Registrations', 'checked-in')).toBe('3');
    expect(figure('Registrations', 'All')).toBe('22');
    expect(figure('Registrations', 'Student')).toBe('2');
    expect(await screen.findByText('Partner applications')).toBeInTheDocument();
    expect(figure('Partners and booths', 'Booth bookings')).toBe('5');
    expect(await screen.findByText('Unread')).toBeInTheDocument();
    expect(figure('Messages', 'Unread')).toBe('6');
    expect(await screen.findByText('Received (verified)', { selector: 'dt' })).toBeInTheDocument();
    expect(figure('Payments', 'Received (verified)')).toMatch(/45,000.*3 payments/);
    expect(screen.getByRole('img', { name: /Revenue by payment status: .*45,000 received/ })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /Registrations per day, last 30 days: 30 registrations in 30 days/ })).toBeInTheDocument();
  });

  it('tells an administrator which emails were not delivered and why, with a link to the record to send them again', async () => {
    renderStaffScreen(OverviewPage, { role: 'admin' });
    expect(await screen.findByText('Not delivered', { selector: 'dt' })).toBeInTheDocument();
    expect(figure('Emails', 'Not delivered')).toBe('2');
    const emails = screen.getByRole('region', { name: 'Emails' });
    expect(emails).toHaveTextContent('Payment verified (e-ticket) to achieng@example.org: Mailbox unavailable');
    expect(within(emails).getByRole('link', { name: 'open the record reg-1' })).toHaveAttribute('href', '/admin/registrations/registrations/reg-1');
  });

  it('shows the emails card to administrators only', async () => {
    renderStaffScreen(OverviewPage, { role: 'finance' });
    await screen.findByText('Received (verified)', { selector: 'dt' });
    expect(screen.queryByRole('region', { name: 'Emails' })).toBeNull();
  });

  it('shows administrators what settings are still demo or missing (here: all of them), and no one else', async () => {
    renderStaffScreen(OverviewPage, { role: 'admin' });
    const card = await screen.findByRole('region', { name: 'Before going live' });
    expect(within(card).getAllByRole('listitem')).toHaveLength(9);
    expect(within(card).getAllByRole('link', { name: /in Settings/ })[0]).toHaveAttribute('href', '/admin/settings');
  });

  it('does not show the going-live list to finance', async () => {
    renderStaffScreen(OverviewPage, { role: 'finance' });
    await screen.findByText('Received (verified)', { selector: 'dt' });
    expect(screen.queryByRole('region', { name: 'Before going live' })).toBeNull();
  });

  it('every figure is an aggregation: 30 day counts on timestamp ranges, sums of payment amounts', async () => {
    renderStaffScreen(OverviewPage, { role: 'admin' });
    await screen.findByRole('img', { name: /Registrations per day/ });
    const dayCounts = calls.counts.filter((c) => (c[1] as string[] | undefined)?.[0] === 'timestamp');
    expect(dayCounts).toHaveLength(30);
    expect(calls.sums.every((c) => c[0] === 'payments' && c[1] === 'amount')).toBe(true);
  });

  it('an editor sees no attendee or payment figures and nothing is asked of registrations or payments', async () => {
    renderStaffScreen(OverviewPage, { role: 'editor' });
    expect(await screen.findByText('Unread')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Registrations per day/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Revenue/ })).not.toBeInTheDocument();
    expect(calls.sums).toHaveLength(0);
    expect(calls.counts.filter((c) => c[0] === 'registrations')).toHaveLength(0);
  });
});

describe('bar chart', () => {
  it('names the picture with its summary and gives the exact figures as a table', () => {
    render(
      <BarChart
        title="Revenue"
        summary="KES 45,000 received"
        bars={[
          { label: 'Received', value: 45000 },
          { label: 'Rejected', value: 0 },
        ]}
        format={(n) => `KES ${n}`}
        labelHeader="Status"
        valueHeader="Amount"
      />,
    );
    expect(screen.getByRole('img', { name: 'Revenue: KES 45,000 received' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Revenue' });
    expect(within(table).getByRole('rowheader', { name: 'Received' }).nextElementSibling).toHaveTextContent('KES 45000');
  });

  it('rounds the axis up to 1, 2 or 5 × 10ⁿ and labels about six of thirty bars, always the last', () => {
    expect([0, 1, 3, 7, 12, 45000].map(niceMax)).toEqual([1, 1, 5, 10, 20, 50000]);
    const shown = labelledBars(30);
    expect(shown.has(29)).toBe(true);
    expect(shown.size).toBeLessThanOrEqual(6);
    expect(labelledBars(3)).toEqual(new Set([0, 1, 2]));
  });
});
