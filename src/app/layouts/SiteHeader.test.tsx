import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './SiteHeader.tsx';

function renderHeader() {
  const Stub = createRoutesStub([{ path: '*', Component: () => <SiteHeader summitName="National Cancer Summit 2027" /> }]);
  render(<Stub initialEntries={['/']} />);
}

describe('site navigation', () => {
  it('lists the main pages in order, then the way to my registration', () => {
    renderHeader();
    const main = screen.getByRole('navigation', { name: 'Main' });
    const labels = Array.from(main.querySelectorAll('a')).map((a) => a.textContent);
    expect(labels).toEqual(['Home', 'About', 'Programme', 'Partnerships', 'Resources', 'Contact', 'Register', 'My registration']);
  });

  it('opens Get Involved from the keyboard and closes it with Escape', async () => {
    renderHeader();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: /get involved/i });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Partner With Us' })).toHaveAttribute('href', '/partnerships');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Partner With Us' })).not.toBeInTheDocument();
  });

  it('has a small-screen menu listing each destination once, Register Now and the way back to checkout', async () => {
    renderHeader();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    const links = Array.from(mobile.querySelectorAll('a'));
    expect(links.map((a) => a.textContent)).toEqual([
      'Home',
      'About',
      'Programme',
      'Partnerships',
      'Resources',
      'Contact',
      'Register Now',
      'My registration',
      'Pay or view my ticket',
    ]);
    const targets = links.map((a) => a.getAttribute('href'));
    expect(new Set(targets).size).toBe(targets.length);
    expect(screen.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Pay or view my ticket' })).toHaveAttribute('href', '/checkout');
    expect(within(mobile).getByRole('link', { name: 'My registration' })).toHaveAttribute('href', '/my-registration');
  });
});
