import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
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
