import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';
import { replyLink } from './inbox.ts';

const fake = vi.hoisted(() => ({
  commits: [] as unknown[][],
  pages: [] as unknown[],
  messages: [] as Array<Record<string, unknown>>,
}));

vi.mock('../../../lib/data.ts', () => ({
  db: {
    fetchPage: async (_name: string, options: { where: Array<[string, string, unknown]> }) => {
      fake.pages.push(options.where);
      const items = options.where.length ? fake.messages.filter((m) => m.status === 'unread') : fake.messages;
      return { items: items.map((m) => ({ ...m })), next: null };
    },
    activityWrite: (message: string, userEmail: string) => ({ log: message, userEmail }),
    commit: async (writes: unknown[]) => {
      fake.commits.push(writes);
    },
    moveToArchive: async () => {},
    recordActivity: async () => 'log-id',
  },
}));

const { default: MessagesPage } = await import('./MessagesPage.tsx');

beforeEach(() => {
  fake.commits.length = 0;
  fake.pages.length = 0;
  fake.messages = [
    {
      id: 'm1',
      name: 'Esther Wambui',
      email: 'esther@example.org',
      subject: 'Group registration',
      message: 'We are 14.\nCan we pay once?',
      status: 'unread',
      timestamp: new Date('2027-01-02T08:00:00Z'),
    },
    {
      id: 'm2',
      name: 'Lucy Chebet',
      email: 'lucy@example.org',
      subject: 'Wheelchair access',
      message: 'Step-free?',
      status: 'read',
      timestamp: new Date('2027-01-01T08:00:00Z'),
    },
  ];
});

describe('messages inbox', () => {
  it('opening an unread message shows it, marks it read and logs it in the same commit', async () => {
    renderStaffScreen(MessagesPage, { role: 'editor' });
    await userEvent.click(await screen.findByRole('button', { name: 'Group registration' }));
    const view = screen.getByRole('article', { name: 'Group registration' });
    expect(within(view).getByRole('heading', { name: 'Group registration' })).toHaveFocus();
    expect(view).toHaveTextContent('Esther Wambui <esther@example.org>');
    expect(fake.commits[0]).toEqual([
      { update: 'messages/m1', data: { status: 'read' } },
      { log: "Read message 'Group registration' from esther@example.org", userEmail: 'editor@summit.test' },
    ]);
    expect(await within(view).findByText('read')).toBeInTheDocument();
    expect(within(view).getByRole('link', { name: 'Reply' })).toHaveAttribute('href', 'mailto:esther@example.org?subject=Re%3A%20Group%20registration');
    // Editors read the inbox; only administrators may archive a message (the rules' mayRemove).
    expect(within(view).queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
  });

  it('opening a message already read writes nothing; marking it unread is logged', async () => {
    renderStaffScreen(MessagesPage, { role: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Wheelchair access' }));
    expect(fake.commits).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Mark unread' }));
    expect(fake.commits[0]).toEqual([
      { update: 'messages/m2', data: { status: 'unread' } },
      { log: "Marked message 'Wheelchair access' from lucy@example.org unread", userEmail: 'admin@summit.test' },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent('Marked “Wheelchair access” unread.');
  });

  it('filters to unread messages with a query, and the admin archives after confirming', async () => {
    renderStaffScreen(MessagesPage, { role: 'admin' });
    await userEvent.click(await screen.findByLabelText('Show unread messages only'));
    expect(await screen.findByRole('table', { name: 'Unread messages, newest first' })).toBeInTheDocument();
    expect(fake.pages.at(-1)).toEqual([['status', '==', 'unread']]);
    expect(screen.queryByRole('button', { name: 'Wheelchair access' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Group registration' }));
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Archive message' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Archived “Group registration”');
  });

  it('replies with "Re:" once, and keeps odd characters in the address and subject intact', () => {
    expect(replyLink({ email: 'a+b@example.org', subject: 'Re: fees & dates' })).toBe('mailto:a%2Bb@example.org?subject=Re%3A%20fees%20%26%20dates');
  });
});
