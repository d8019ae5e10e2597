import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminLayout, { meta } from './AdminLayout.tsx';
import { ADMIN_SCREENS } from './admin-screens.ts';
import type { Role } from '../../admin/permissions.ts';
import { checkSession } from '../../lib/auth.ts';
import { clearSession, hasToken, LOGIN_CHECK_INTERVAL_MS, storeSession } from '../../lib/session.ts';

// The real sign-in module (no Firebase user here), its session check watched: asking Firebase is
// what a valid token must not cost.
vi.mock('../../lib/auth.ts', async (importOriginal) => {
  const auth = await importOriginal<typeof import('../../lib/auth.ts')>();
  return { ...auth, checkSession: vi.fn(auth.checkSession) };
});

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

beforeEach(() => vi.mocked(checkSession).mockClear());
afterEach(() => {
  vi.useRealTimers();
  clearSession();
});

/** The gate's clock moved on by `ms` (its checks run on setInterval), React's updates applied. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('admin gate', () => {
  it('sends a visitor without a token to /login', async () => {
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('notices within a second when the token disappears', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession('token', { uid: 'u', email: 'someone@example.org', displayName: null });
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    clearSession();
    expect(LOGIN_CHECK_INTERVAL_MS).toBeLessThanOrEqual(1000);
    await elapse(LOGIN_CHECK_INTERVAL_MS);
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });
});

describe('a stale session', () => {
  it('leaves at once when the stored token has expired and Firebase has no live session behind it', async () => {
    storeSession(idToken(Math.floor(Date.now() / 1000) - 60), { uid: 'u', email: 'someone@example.org', displayName: null });
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Login page: session ended' }, { timeout: 2500 })).toBeInTheDocument();
    expect(checkSession).toHaveBeenCalledWith(false);
    expect(hasToken()).toBe(false);
  });

  it('keeps a token that is still valid without asking Firebase', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession(idToken(Math.floor(Date.now() / 1000) + 3600), { uid: 'u', email: 'someone@example.org', displayName: null });
    renderAdmin();
    // Not staff (no Firebase user here): the no-access page, not the sign-in page.
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    // Five of the gate's checks, each finding the token valid.
    await elapse(LOGIN_CHECK_INTERVAL_MS * 5);
    expect(checkSession).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: /Login page/ })).not.toBeInTheDocument();
    expect(hasToken()).toBe(true);
    // The checks were running all along: the token gone, the next one sends the visitor away.
    clearSession();
    await elapse(LOGIN_CHECK_INTERVAL_MS);
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });
});

/** The back office as `role` sees it at `path`: every declared screen stubbed by its title. */
function renderAs(role: Role, path: string) {
  storeSession(idToken(Math.floor(Date.now() / 1000) + 3600), { uid: 'u', email: 'someone@example.org', displayName: null });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['staff', 'me'], { email: 'someone@example.org', tokenEmail: 'someone@example.org', role, displayName: null });
  const Stub = createRoutesStub([
    {
      path: '/admin',
      Component: AdminLayout,
      children: ADMIN_SCREENS.map((s) => ({
        id: s.id,
        ...(s.path ? { path: s.path } : { index: true as const }),
        Component: () => <h1>{`${s.title} screen`}</h1>,
      })),
    },
    { path: '/login', Component: LoginStub },
  ]);
  render(
    <QueryClientProvider client={client}>
      <Stub initialEntries={[path]} />
    </QueryClientProvider>,
  );
}

const menuOf = async () =>
  within(await screen.findByRole('navigation', { name: 'Admin' }))
    .getAllByRole('link')
    .map((l) => [l.textContent, l.getAttribute('href')]);

describe('the back-office menu, by role', () => {
  it('an administrator sees every screen, in SPEC order', async () => {
    renderAs('admin', '/admin');
    expect((await menuOf()).map(([label]) => label)).toEqual([
      'Overview',
      'Registrations',
      'Waiting list',
      'Check-in',
      'Payments',
      'Statements',
      'Invoice Generator',
      'Publications',
      'View Logs',
      'Manage Users',
      'Events',
      'Jobs',
      'Procurement',
      'Resources',
      'Settings',
      'Emails',
      'Statement formats',
      'Tenders',
      'Messages',
      'Speakers',
      'Programme',
      'Sponsors',
      'CPD certificates',
      'Evaluations',
      'Abstracts',
      'Reviews',
      'Abstracts in the programme',
      'Abstract book',
      'Data requests',
      'Archive',
      'Unused files',
    ]);
  });

  it('an editor sees content, messages, logs and the archive; no attendees, payments, invoices, users or settings', async () => {
    renderAs('editor', '/admin');
    expect(await menuOf()).toEqual([
      ['Overview', '/admin'],
      ['Publications', '/admin/publications'],
      ['View Logs', '/admin/logs'],
      ['Events', '/admin/events'],
      ['Jobs', '/admin/jobs'],
      ['Procurement', '/admin/procurement'],
      ['Resources', '/admin/resources'],
      ['Tenders', '/admin/tenders'],
      ['Messages', '/admin/messages'],
      ['Speakers', '/admin/speakers'],
      ['Programme', '/admin/programme'],
      ['Sponsors', '/admin/sponsors'],
      ['Archive', '/admin/archive'],
    ]);
  });

  it('finance sees registrations, the waiting list, check-in, payments, statements, invoices, procurement, statement formats, messages, logs and the archive; no content or users', async () => {
    renderAs('finance', '/admin');
    expect((await menuOf()).map(([label]) => label)).toEqual([
      'Overview',
      'Registrations',
      'Waiting list',
      'Check-in',
      'Payments',
      'Statements',
      'Invoice Generator',
      'View Logs',
      'Procurement',
      'Statement formats',
      'Messages',
      'Archive',
    ]);
  });

  it('a reviewer sees their reviews only, and lands there instead of the overview (whose figures are staff records)', async () => {
    renderAs('reviewer', '/admin');
    expect(await screen.findByRole('heading', { name: 'Reviews screen' })).toBeInTheDocument();
    expect(await menuOf()).toEqual([['Reviews', '/admin/reviews']]);
    expect(screen.queryByRole('heading', { name: 'Overview screen' })).not.toBeInTheDocument();
  });

  it('marks the current screen, and only it, as current', async () => {
    renderAs('admin', '/admin/payments');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Payments' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
  });
});

describe('a screen a role may not open', () => {
  it.each([
    ['editor', '/admin/users', 'Manage Users'],
    ['editor', '/admin/invoice-generator', 'Invoice Generator'],
    ['finance', '/admin/events/abc', 'Event'],
    ['finance', '/admin/settings', 'Settings'],
    ['editor', '/admin/emails', 'Emails'],
    ['finance', '/admin/users', 'Manage Users'],
    ['editor', '/admin/check-in', 'Check-in'],
    ['editor', '/admin/settings/statement-formats', 'Statement formats'],
    ['editor', '/admin/files', 'Unused files'],
    ['finance', '/admin/files', 'Unused files'],
    ['editor', '/admin/reviews', 'Reviews'],
    ['finance', '/admin/reviews', 'Reviews'],
    ['reviewer', '/admin/registrations', 'Registrations'],
    ['reviewer', '/admin/users', 'Manage Users'],
    ['reviewer', '/admin/abstracts', 'Abstracts'],
    ['reviewer', '/admin/logs', 'View Logs'],
  ] as const)('%s at %s sees its title and why, not the screen', async (role, path, title) => {
    renderAs(role, path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`Your role (${role}) does not give access to this screen.`);
    expect(screen.queryByRole('heading', { name: `${title} screen` })).not.toBeInTheDocument();
  });

  it.each([
    ['finance', '/admin/invoice-generator', 'Invoice Generator'],
    ['editor', '/admin/procurement/p1', 'Procurement record'],
    ['finance', '/admin/registrations/registrations/r1', 'Registration'],
    ['editor', '/admin', 'Overview'],
    ['finance', '/admin/settings/statement-formats', 'Statement formats'],
    ['reviewer', '/admin/reviews', 'Reviews'],
    ['admin', '/admin/reviews', 'Reviews'],
  ] as const)('%s at %s sees the screen', async (role, path, title) => {
    renderAs(role, path);
    expect(await screen.findByRole('heading', { name: `${title} screen` })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('the document title', () => {
  const titleAt = (id: string) => (meta({ matches: [{ id: 'root' }, { id: 'admin' }, { id }] } as never) as Array<{ title?: string }>)[0].title;
  it('names the screen a route renders, from its declaration', () => {
    expect(titleAt('admin/users')).toBe('Manage Users | Summit back office');
    expect(titleAt('admin/programme/edit')).toBe('Programme session | Summit back office');
    expect(titleAt('admin/overview')).toBe('Overview | Summit back office');
  });
  it('falls back to the back office for a route no screen declares', () => {
    expect(titleAt('elsewhere')).toBe('Back office | National Cancer Summit');
  });
});
