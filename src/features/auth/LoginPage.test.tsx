import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from './LoginPage.tsx';

describe('staff sign-in form', () => {
  it('names each invalid field, marks it invalid and focuses the first', async () => {
    const Stub = createRoutesStub([{ path: '/admin-login', id: 'admin-login', Component: LoginPage }]);
    render(<Stub initialEntries={['/admin-login']} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Enter a valid email address, like name@example.org.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Staff sign-in');
  });

  it('checks the password policy (default: at least 6 characters) before signing in', async () => {
    const Stub = createRoutesStub([{ path: '/admin-login', id: 'admin-login', Component: LoginPage }]);
    render(<Stub initialEntries={['/admin-login']} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'admin@summit.test');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Passwords here have at least 6 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });
});

const sent = vi.hoisted(() => ({ emails: [] as string[], failWith: '' }));
vi.mock('../../lib/auth-accounts.ts', () => ({
  sendPasswordReset: async (email: string) => {
    if (sent.failWith) throw Object.assign(new Error(sent.failWith), { code: sent.failWith });
    sent.emails.push(email);
  },
}));

function renderLogin(entry: string | { pathname: string; state: unknown } = '/admin-login') {
  const Stub = createRoutesStub([{ path: '/admin-login', id: 'admin-login', Component: LoginPage }]);
  render(<Stub initialEntries={[entry]} />);
  return userEvent.setup();
}

describe('getting in without a password', () => {
  beforeEach(() => {
    sent.emails.length = 0;
    sent.failWith = '';
  });

  it('sends the reset link to the address already typed, and says the same whether or not it has an account', async () => {
    const user = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'editor@summit.test');
    await user.click(screen.getByRole('button', { name: 'Forgot your password? Set a new one' }));
    const own = screen.getByLabelText('Your email');
    expect(own).toHaveValue('editor@summit.test');
    expect(own).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If editor@summit.test has a staff account, a link to set a new password is on its way.');
    expect(sent.emails).toEqual(['editor@summit.test']);
    // The outcome takes focus on the next frame: typing before that would lose keys to it.
    await waitFor(() => expect(screen.getByRole('status').parentElement).toHaveFocus());

    sent.failWith = 'auth/user-not-found';
    await user.clear(own);
    await user.type(own, 'nobody@example.org');
    // Editing the field does not change whom the message says the link went to.
    expect(screen.getByRole('status')).toHaveTextContent('If editor@summit.test has a staff account');
    await user.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText(/^If nobody@example.org has a staff account/)).toHaveAttribute('role', 'status');
  });

  it('refuses an invalid address before sending, and reports a failure to send', async () => {
    const user = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot your password? Set a new one' }));
    await user.type(screen.getByLabelText('Your email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText('Enter a valid email address, like name@example.org.')).toBeInTheDocument();
    expect(sent.emails).toEqual([]);
    sent.failWith = 'auth/network-request-failed';
    await user.clear(screen.getByLabelText('Your email'));
    await user.type(screen.getByLabelText('Your email'), 'editor@summit.test');
    await user.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email could not be sent. Check your connection and try again.');
  });

  it('says why a session ended', () => {
    renderLogin({ pathname: '/admin-login', state: { sessionEnded: true } });
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended');
  });

  it('fills in the address from ?email=', () => {
    renderLogin('/admin-login?email=new.member%40example.org');
    expect(screen.getByLabelText('Email')).toHaveValue('new.member@example.org');
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });
});
