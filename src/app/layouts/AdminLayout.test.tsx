import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import AdminLayout from './AdminLayout.tsx';
import { clearSession, hasToken, storeSession } from '../../lib/session.ts';

function LoginStub() {
  const ended = (useLocation().state as { sessionEnded?: boolean } | null)?.sessionEnded;
  return <h1>{ended ? 'Login page: session ended' : 'Login page'}</h1>;
}

/** An ID token as Firebase issues it, expiring at `exp` (seconds). */
const idToken = (exp: number) => `e30.${btoa(JSON.stringify({ exp, email: 'someone@example.org' }))}.sig`;

function renderAdmin() {
  const Stub = createRoutesStub([
    { path: '/admin', Component: AdminLayout, children: [{ index: true, Component: () => <h1>Overview</h1> }] },
    { path: '/login', Component: LoginStub },
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

describe('a stale session', () => {
  it('leaves at once when the stored token has expired and Firebase has no live session behind it', async () => {
    storeSession(idToken(Math.floor(Date.now() / 1000) - 60), { uid: 'u', email: 'someone@example.org', displayName: null });
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Login page: session ended' }, { timeout: 2500 })).toBeInTheDocument();
    expect(hasToken()).toBe(false);
  });

  it('keeps a token that is still valid without asking Firebase', async () => {
    storeSession(idToken(Math.floor(Date.now() / 1000) + 3600), { uid: 'u', email: 'someone@example.org', displayName: null });
    renderAdmin();
    // Not staff (no Firebase user here): the no-access page, not the sign-in page.
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 1200));
    expect(screen.queryByRole('heading', { name: /Login page/ })).not.toBeInTheDocument();
    expect(hasToken()).toBe(true);
  });
});
