import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../tests/fake-db.ts';
import { erasureRequestId } from '../../data/data-requests.ts';
import type { SiteSettings } from '../../data/site-settings-schema.ts';

const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState> }));
vi.mock('../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
}));

const { ErasureRequest } = await import('./ErasureRequest.tsx');

const EMAIL = 'jane@example.org';
const settings = { dataRequestDays: 10 } as SiteSettings;
let id: string;

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ErasureRequest email={EMAIL} settings={settings} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  fake.state = createFakeState();
  fake.state.docs.set('settings/site', { dataRequestDays: 7 });
  id = await erasureRequestId(EMAIL);
});

describe('asking for erasure in "my registration"', () => {
  it('asks only after a confirmation, with the certificate choice and the settings’ days as they stand, and shows the due date', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for erasure…' }));
    expect(screen.getByText(/cannot be undone/).closest('p')).toHaveFocus();
    await userEvent.click(screen.getByRole('checkbox', { name: /Keep my CPD certificate verifiable/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Ask for erasure' }));
    await waitFor(() => expect(fake.state.docs.get(`dataRequests/${id}`)).toMatchObject({ keepCertificate: false, days: 7, status: 'received', round: 1 }));
    expect(fake.state.docs.get(`mail/${id}-1-received`)).toMatchObject({ to: EMAIL, template: { name: 'data-request-received' } });
    expect(await screen.findByText(/We received your erasure request on .* and will answer by/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ask for erasure/ })).toBeNull();
  });

  it('"Keep my data" asks nothing', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for erasure…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep my data' }));
    expect(fake.state.commits).toEqual([]);
    expect(screen.getByRole('button', { name: 'Ask for erasure…' })).toHaveFocus();
  });

  it('after a refusal shows the reason and lets them ask again, as the next round', async () => {
    fake.state.docs.set(`dataRequests/${id}`, {
      kind: 'erasure',
      status: 'refused',
      reason: 'An invoice must be kept.',
      createdAt: new Date(),
      days: 14,
      round: 1,
    });
    show();
    expect(await screen.findByText('An invoice must be kept.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ask for erasure…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ask for erasure' }));
    await waitFor(() => expect(fake.state.docs.get(`dataRequests/${id}`)).toMatchObject({ status: 'received', round: 2 }));
  });

  it('says so when the request cannot be sent', async () => {
    fake.state.failCommits = new Error('offline');
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for erasure…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ask for erasure' }));
    expect(await screen.findByText(/could not send your request/)).toBeInTheDocument();
  });
});
