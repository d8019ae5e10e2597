import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Firebase Auth's action codes are exercised for real in e2e/staff-onboarding.spec.ts; here the
// page's own decisions: which form, which message, what is checked before a code is spent.
const auth = vi.hoisted(() => ({ resetEmail: 'new@example.org' as string | Error, confirmed: [] as string[], setPasswords: [] as string[] }));
vi.mock('../../lib/auth-accounts.ts', async (original) => ({
  ...(await original<typeof import('../../lib/auth-accounts.ts')>()),
  emailOfResetCode: async () => {
    if (auth.resetEmail instanceof Error) throw auth.resetEmail;
    return auth.resetEmail;
  },
  setNewPassword: async (_code: string, password: string) => void auth.setPasswords.push(password),
  confirmEmail: async (code: string) => {
    if (code === 'spent') throw Object.assign(new Error('spent'), { code: 'auth/invalid-action-code' });
    auth.confirmed.push(code);
  },
}));
vi.mock('../../lib/auth.ts', () => ({
  passwordProblems: async (p: string) => (p.length >= 6 ? [] : ['at least 6 characters']),
  describeAuthError: () => 'unknown',
  signInWithPassword: async () => {
    throw new Error('not in this test');
  },
}));

const { default: AuthActionPage } = await import('./AuthActionPage.tsx');

function open(query: string) {
  const Stub = createRoutesStub([
    { path: '/admin-login/action', Component: AuthActionPage },
    { path: '/admin-login', Component: () => <h1>Sign-in page</h1> },
  ]);
  render(<Stub initialEntries={[`/admin-login/action${query}`]} />);
  return userEvent.setup();
}

beforeEach(() => {
  auth.resetEmail = 'new@example.org';
  auth.confirmed.length = 0;
  auth.setPasswords.length = 0;
});

describe('the page Firebase’s emails link to', () => {
  it('says a link without its code is incomplete and where to get another', async () => {
    open('?mode=resetPassword');
    expect(await screen.findByRole('heading', { name: 'This link is not complete' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'staff sign-in page' })).toHaveAttribute('href', '/admin-login');
  });

  it('checks the new password against the policy and its repeat before spending the code', async () => {
    const user = open('?mode=resetPassword&oobCode=abc');
    expect(await screen.findByText('new@example.org')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), '12345');
    await user.type(screen.getByLabelText('The same password again'), '1234');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('Passwords here have at least 6 characters.')).toBeInTheDocument();
    expect(screen.getByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(auth.setPasswords).toEqual([]);
  });

  it('sets the password, and offers sign-in with the address filled in when signing in straight away fails', async () => {
    const user = open('?mode=resetPassword&oobCode=abc');
    await user.type(await screen.findByLabelText('New password'), 'a long phrase');
    await user.type(screen.getByLabelText('The same password again'), 'a long phrase');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Your password is set' })).toHaveFocus();
    expect(auth.setPasswords).toEqual(['a long phrase']);
    expect(screen.getByRole('link', { name: 'staff sign-in page' })).toHaveAttribute('href', '/admin-login?email=new%40example.org');
  });

  it('says an expired reset link has expired', async () => {
    auth.resetEmail = Object.assign(new Error('expired'), { code: 'auth/expired-action-code' });
    open('?mode=resetPassword&oobCode=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('confirms an address, and says when a confirmation link was already used', async () => {
    open('?mode=verifyEmail&oobCode=fresh');
    const heading = await screen.findByRole('heading', { name: 'Your email address is confirmed' });
    // Focus moves once the outcome has rendered (an effect): wait for it rather than race it on a busy machine.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(auth.confirmed).toEqual(['fresh']);
  });

  it('says a used confirmation link cannot be used, and that signing in sends a new one', async () => {
    open('?mode=verifyEmail&oobCode=spent');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has already been used');
    expect(screen.getByText(/if your address still needs confirming, we send a new link/)).toBeInTheDocument();
  });
});
