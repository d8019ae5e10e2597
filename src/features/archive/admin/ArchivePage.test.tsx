import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';
import { archivedTitle } from './archived-items.ts';
import { inboxQuery } from '../../contact/admin/inbox.ts';
import { adminKey } from '../../../data/query-keys.ts';

const fake = vi.hoisted(() => ({ paths: [] as string[], restored: [] as string[][], logs: [] as string[] }));

vi.mock('../../../lib/data.ts', () => ({
  db: {
    fetchPage: async (path: string) => {
      fake.paths.push(path);
      const items =
        path === 'archive/messages/items'
          ? [
              {
                id: 'msg-1',
                name: 'Test Sender',
                email: 't@example.org',
                subject: 'Parking',
                message: 'Is there parking?',
                status: 'read',
                timestamp: new Date('2027-01-01T06:00:00Z'),
              },
            ]
          : [];
      return { items, next: null };
    },
    activityWrite: (message: string) => ({ log: message }),
    // The log entry travels with the restore, in its transaction.
    restoreFromArchive: async (collection: string, id: string, alsoWrite: Array<{ log: string }>) => {
      fake.restored.push([collection, id]);
      fake.logs.push(...alsoWrite.map((w) => w.log));
    },
  },
}));

const { default: ArchivePage } = await import('./ArchivePage.tsx');

beforeEach(() => {
  fake.paths.length = 0;
  fake.restored.length = 0;
  fake.logs.length = 0;
});

describe('archive', () => {
  it('offers only the collections the role may read', async () => {
    renderStaffScreen(ArchivePage, { role: 'editor' });
    const options = within(screen.getByLabelText('Collection'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Messages');
    expect(options).toContain('Publications');
    expect(options).not.toContain('Payments');
    expect(options).not.toContain('Donations');
    // Attendees' records keep sensitive data: finance's and administrators' (SENSITIVE_DATA).
    expect(options).not.toContain('Registrations');
    expect(options[0]).toBe('Partner applications and booths');
    expect(await screen.findByText('Nothing archived in partner applications and booths.')).toBeInTheDocument();
  });

  it('an editor may view an archived message but not restore it', async () => {
    renderStaffScreen(ArchivePage, { role: 'editor', path: '/admin/archive?collection=messages' });
    await userEvent.click(await screen.findByRole('button', { name: 'Parking · Test Sender' }));
    const view = screen.getByRole('article', { name: 'Parking · Test Sender' });
    expect(within(view).getByText('Is there parking?')).toBeInTheDocument();
    expect(within(view).queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
    expect(view).toHaveTextContent('Your role may read this archive but not restore from it');
  });

  it('the admin restores an archived message, logged as "Restored message …"', async () => {
    renderStaffScreen(ArchivePage, { role: 'admin' });
    await userEvent.selectOptions(screen.getByLabelText('Collection'), 'messages');
    await userEvent.click(await screen.findByRole('button', { name: 'Parking · Test Sender' }));
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Restored “Parking · Test Sender” to messages.');
    expect(fake.restored).toEqual([['messages', 'msg-1']]);
    expect(fake.logs).toEqual(['Restored message msg-1 (Parking · Test Sender)']);
  });

  it('a restore refreshes every screen showing the collection, under the keys those screens use, and no other', async () => {
    const { client } = renderStaffScreen(ArchivePage, { role: 'admin' });
    // What the Messages screen, the overview and the Events screen have cached, keyed as they key it.
    const inbox = [...inboxQuery(false).key, 'page', 0];
    const unread = ['overview', 'messages', 'unread'];
    const events = [...adminKey('events'), 'list', {}, 'page', 0];
    for (const key of [inbox, unread, events]) client.setQueryData(key, { items: [] });
    await userEvent.selectOptions(screen.getByLabelText('Collection'), 'messages');
    await userEvent.click(await screen.findByRole('button', { name: 'Parking · Test Sender' }));
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await screen.findByRole('status');
    expect(client.getQueryState(inbox)?.isInvalidated).toBe(true);
    expect(client.getQueryState(unread)?.isInvalidated).toBe(true);
    expect(client.getQueryState(events)?.isInvalidated).toBe(false);
  });

  it('names an item as a person would, or by its id when it has nothing better', () => {
    expect(archivedTitle('registrations', { id: 'r1', fullName: 'Wanjiru Kamau' })).toBe('Wanjiru Kamau');
    expect(archivedTitle('partners', { id: 'p1', organisation: 'Health Trust', kind: 'booth' })).toBe('Health Trust · booth booking');
    expect(archivedTitle('payments', { id: 'x', payerName: 'A. Otieno', reference: 'QWE123', amount: 15000, currency: 'KES' })).toMatch(
      /^A\. Otieno · QWE123 · Ksh\s?15,000$/,
    );
    expect(archivedTitle('donations', { id: 'd', name: 'Hidden', anonymous: true, amount: 500, currency: 'KES' })).toMatch(/^Anonymous · /);
    expect(archivedTitle('events', { id: 'ev-1' })).toBe('ev-1');
  });
});
