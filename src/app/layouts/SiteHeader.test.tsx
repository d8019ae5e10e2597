import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SiteHeader } from './SiteHeader.tsx';

function Page() {
  const location = useLocation();
  return (
    <>
      <SiteHeader summitName="National Cancer Summit 2027" />
      <main>
        <p data-testid="where">{location.pathname}</p>
        <input aria-label="Search" />
      </main>
    </>
  );
}

function renderHeader() {
  const Stub = createRoutesStub([{ path: '*', Component: Page }]);
  render(<Stub initialEntries={['/']} />);
}

/**
 * A menu's summary. jsdom gives <summary> its activation behaviour: a click on it toggles its
 * <details>, as a browser does, so these tests drive the native disclosure, not a stand-in. What
 * jsdom and user-event do not emulate is Enter or Space on a focused summary (a browser's own
 * keyboard activation): e2e/header-menus.spec.ts checks that in Chromium.
 */
const summary = (name: RegExp) => screen.getByText(name, { selector: 'summary' });
const menu = (name: RegExp) => summary(name).closest('details')!;

describe('site navigation', () => {
  it('lists the main pages in order, then the way to my registration', () => {
    renderHeader();
    const main = screen.getByRole('navigation', { name: 'Main' });
    const labels = Array.from(main.querySelectorAll(':scope > a')).map((a) => a.textContent);
    expect(labels).toEqual(['Home', 'About', 'Programme', 'Partnerships', 'Resources', 'Contact', 'Register', 'My registration']);
  });

  it('opens and closes Get Involved with a click on its summary, which keeps its links as real links', async () => {
    renderHeader();
    const user = userEvent.setup();
    const partner = screen.getByRole('link', { name: 'Partner With Us' });
    expect(menu(/Get Involved/)).not.toHaveAttribute('open');
    expect(partner).not.toBeVisible();
    await user.click(summary(/Get Involved/));
    expect(menu(/Get Involved/)).toHaveAttribute('open');
    expect(partner).toBeVisible();
    expect(partner).toHaveAttribute('href', '/partnerships');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(within(menu(/Get Involved/)).getByRole('link', { name: 'Call for abstracts' })).toHaveAttribute('href', '/abstracts');
    await user.click(summary(/Get Involved/));
    expect(menu(/Get Involved/)).not.toHaveAttribute('open');
    expect(partner).not.toBeVisible();
  });

  it('has no disclosure triangle and no button role on its summaries; the ▾ is not read out', () => {
    renderHeader();
    for (const name of [/Get Involved/, /^Menu$/]) {
      expect(summary(name).className).toContain('list-none');
      expect(summary(name).className).toContain('[&::-webkit-details-marker]:hidden');
      expect(summary(name)).not.toHaveAttribute('role');
    }
    expect(summary(/Get Involved/).querySelector('span')).toHaveAttribute('aria-hidden', 'true');
  });

  it('reaches Get Involved by Tab after the main links; Escape closes it and gives the focus back to its summary', async () => {
    renderHeader();
    const user = userEvent.setup();
    // The summit name, seven main links, then Get Involved.
    for (let i = 0; i < 9; i++) await user.tab();
    expect(summary(/Get Involved/)).toHaveFocus();
    await user.click(summary(/Get Involved/));
    await user.tab();
    expect(screen.getByRole('link', { name: 'Partner With Us' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu(/Get Involved/)).not.toHaveAttribute('open');
    expect(summary(/Get Involved/)).toHaveFocus();
  });

  it('Escape leaves the focus where the visitor put it outside the menu', async () => {
    renderHeader();
    const user = userEvent.setup();
    await user.click(summary(/Get Involved/));
    screen.getByLabelText('Search').focus();
    await user.keyboard('{Escape}');
    expect(menu(/Get Involved/)).not.toHaveAttribute('open');
    expect(screen.getByLabelText('Search')).toHaveFocus();
  });

  it('closes on a tap outside it, not on one inside it', async () => {
    renderHeader();
    const user = userEvent.setup();
    await user.click(summary(/Get Involved/));
    await user.click(within(menu(/Get Involved/)).getByRole('list'));
    expect(menu(/Get Involved/)).toHaveAttribute('open');
    await user.click(screen.getByTestId('where'));
    expect(menu(/Get Involved/)).not.toHaveAttribute('open');
  });

  it('closes on navigation, to another page or to the same one', async () => {
    renderHeader();
    const user = userEvent.setup();
    await user.click(summary(/^Menu$/));
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'About' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/about');
    expect(menu(/^Menu$/)).not.toHaveAttribute('open');
    await user.click(summary(/^Menu$/));
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'About' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/about');
    expect(menu(/^Menu$/)).not.toHaveAttribute('open');
  });

  it('leaves a menu the visitor opened before the app ran open when it hydrates, and enhances it', async () => {
    const Stub = createRoutesStub([{ path: '*', Component: Page }]);
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<Stub initialEntries={['/']} />);
    const details = container.querySelector<HTMLDetailsElement>('details:has(nav[aria-label="Mobile"])')!;
    await userEvent.setup().click(details.querySelector('summary')!);
    expect(details).toHaveAttribute('open');
    // The open attribute is the visitor's, which the render lacks: React leaves it, and says nothing
    // (the element is marked for it), where it would otherwise warn in development.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = await act(async () => hydrateRoot(container, <Stub initialEntries={['/']} />));
    try {
      expect(errors).not.toHaveBeenCalled();
      expect(container.querySelector('details:has(nav[aria-label="Mobile"])')).toBe(details);
      expect(details).toHaveAttribute('open');
      await userEvent.setup().keyboard('{Escape}');
      expect(details).not.toHaveAttribute('open');
    } finally {
      errors.mockRestore();
      act(() => root.unmount());
      container.remove();
    }
  });

  it('has a small-screen menu listing each destination once, Register Now and the ways back to checkout and to one’s abstracts', async () => {
    renderHeader();
    await userEvent.setup().click(summary(/^Menu$/));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(mobile).toBeVisible();
    const links = Array.from(mobile.querySelectorAll('a'));
    expect(links.map((a) => a.textContent)).toEqual([
      'Home',
      'About',
      'Programme',
      'Partnerships',
      'Resources',
      'Contact',
      'Call for abstracts',
      'Register Now',
      'My registration',
      'My abstracts',
      'Pay or view my ticket',
    ]);
    const targets = links.map((a) => a.getAttribute('href'));
    expect(new Set(targets).size).toBe(targets.length);
    expect(within(mobile).getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register');
    expect(within(mobile).getByRole('link', { name: 'Pay or view my ticket' })).toHaveAttribute('href', '/checkout');
    expect(within(mobile).getByRole('link', { name: 'My registration' })).toHaveAttribute('href', '/my-registration');
    expect(within(mobile).getByRole('link', { name: 'My abstracts' })).toHaveAttribute('href', '/my-abstracts');
  });
});
