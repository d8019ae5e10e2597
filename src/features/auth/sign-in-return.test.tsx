// Sign-in returns staff to the back-office page they asked for: the admin gate (AdminLayout) sends a
// signed-out visitor to /login with the page in the history state, and the sign-in page goes back
// there afterwards. A return target that is off-site or not in the back office is never followed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminLayout from '../../app/admin/AdminLayout.tsx';
import { clearSession, storeSession } from '../../lib/session.ts';
import LoginPage from './LoginPage.tsx';

const STAFF = { uid: 'finance-uid', email: 'finance@summit.test', displayName: null };

// Firebase Auth and Firestore stand-ins: signing in stores the session as the real module does.
const signIns = vi.hoisted(() => ({ calls: [] as string[] }));
vi.mock('../../lib/auth.ts', () => ({
  passwordProblems: async () => [],
  describeAuthError: () => 'unknown',
  signInWithPassword: async (email: string) => {
    signIns.calls.push(email);
    storeSession('signed-in-token', STAFF);
  },
  signInWithGoogle: async () => storeSession('signed-in-token', STAFF),
  checkSession: async () => 'valid',
  currentUser: async () => STAFF,
  signOut: async () => clearSession(),
}));
vi.mock('../../lib/data.ts', () => ({
  db: { fetchDocument: async (collection: string, id: string) => (collection === 'staff' && id === STAFF.email ? { role: 'finance' } : null) },
}));

/** Every page the test can land on says where it is. */
function Where() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="where">{`${pathname}${search}${hash}`}</p>;
}

function renderApp(entry: string | { pathname: string; state: unknown }) {
  const Stub = createRoutesStub([
    { path: '/login', id: 'login', Component: LoginPage },
    { path: '/admin-login', id: 'admin-login', Component: LoginPage },
    {
      path: '/admin',
      Component: AdminLayout,
      children: [
        {
          index: true,
          Component: () => (
            <>
              <h1>Overview</h1>
              <Where />
            </>
          ),
        },
        {
          path: 'invoice-generator',
          Component: () => (
            <>
              <h1>Invoice Generator</h1>
              <Where />
            </>
          ),
        },
        {
          path: '*',
          Component: () => (
            <>
              <h1>Some admin page</h1>
              <Where />
            </>
          ),
        },
      ],
    },
    {
      path: '*',
      Component: () => (
        <>
          <h1>Somewhere else</h1>
          <Where />
        </>
      ),
    },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={[entry]} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function signInAs(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), STAFF.email);
  await user.type(screen.getByLabelText('Password'), 'summit-finance-2027');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  signIns.calls.length = 0;
  clearSession();
});
afterEach(() => clearSession());

describe('signing in returns staff to the page they asked for', () => {
  it('a signed-out visit to /admin/invoice-generator goes to sign-in, then back to /admin/invoice-generator (not /admin)', async () => {
    const user = renderApp('/admin/invoice-generator');
    // The gate sends the signed-out visitor to the sign-in page…
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invoice Generator' })).not.toBeInTheDocument();
    await signInAs(user);
    // …which, once signed in, returns to the page asked for, inside the back office.
    expect(await screen.findByRole('heading', { name: 'Invoice Generator' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/admin\/invoice-generator$/);
    expect(signIns.calls).toEqual([STAFF.email]);
    // The back office recognised the staff member (the layout's menu is shown).
    expect(screen.getByText('finance@summit.test · finance')).toBeInTheDocument();
  });

  it('keeps the query and fragment of the page asked for', async () => {
    const user = renderApp('/admin/registrations?status=pending#list');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await signInAs(user);
    expect(await screen.findByRole('heading', { name: 'Some admin page' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/admin\/registrations\?status=pending#list$/);
  });

  it('without a page asked for, goes to /admin', async () => {
    const user = renderApp('/admin-login');
    await signInAs(user);
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/admin$/);
  });

  it.each([
    ['another site, scheme-relative', '//evil.example'],
    ['another site, scheme-relative with a back-office path', '//evil.example/admin'],
    ['another site, absolute', 'https://evil.example/admin'],
    // Not even its path on this site: an off-site target is not what the gate asked for.
    ['another site, absolute, with a back-office page', 'https://evil.example/admin/invoice-generator'],
    ['another site, scheme-relative, with a back-office page', '//evil.example/admin/invoice-generator'],
    ['another site, with a backslash', '/\\evil.example/admin'],
    ['a script URL', 'javascript:alert(1)//admin'],
    ['a page outside the back office', '/blogs'],
    ['the sign-in page itself', '/admin-login'],
    ['the sign-in action page', '/admin-login/action'],
    ['a path that only starts with the letters "admin"', '/administrator'],
    ['a back-office path that climbs out of it', '/admin/..//evil.example'],
    ['a back-office path that climbs out of it (encoded dots)', '/admin/%2e%2e/blogs'],
    ['not a string', { pathname: '/admin/invoice-generator' }],
    ['empty', ''],
  ])('does not follow a return target that is %s (%s): lands on /admin', async (_, from) => {
    const user = renderApp({ pathname: '/admin-login', state: { from } });
    await signInAs(user);
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/admin$/);
  });
});
