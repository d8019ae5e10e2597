import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import AdminLayout from './AdminLayout.tsx';
import { clearSession, storeSession } from '../../lib/session.ts';

function renderAdmin() {
  const Stub = createRoutesStub([
    { path: '/admin', Component: AdminLayout, children: [{ index: true, Component: () => <h1>Overview</h1> }] },
    { path: '/login', Component: () => <h1>Login page</h1> },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={['/admin']} />
    </QueryClientProvider>,
  );
}

afterEach(() => clearSession());

describe('admin gate', () => {
  it('sends a visitor without a token to /login', async () => {
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('notices within a second when the token disappears', async () => {
    storeSession('token', { uid: 'u', email: 'someone@example.org', displayName: null });
    renderAdmin();
    expect(screen.queryByRole('heading', { name: 'Login page' })).not.toBeInTheDocument();
    clearSession();
    expect(await screen.findByRole('heading', { name: 'Login page' }, { timeout: 2500 })).toBeInTheDocument();
  });
});
