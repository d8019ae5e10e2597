import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';

const fake = vi.hoisted(() => ({ commits: [] as unknown[][], queries: [] as unknown[], mail: [] as Array<Record<string, unknown>> }));

vi.mock('../../../lib/data.ts', () => ({
  db: {
    fetchDocuments: async (collection: string, options: unknown) => {
      fake.queries.push([collection, options]);
      return fake.mail.map((m) => ({ ...m }));
    },
    activityWrite: (message: string, userEmail: string) => ({ log: message, userEmail }),
    commit: async (writes: unknown[]) => {
      fake.commits.push(writes);
    },
  },
}));

const { MAIL_WATCH, RecordMessages } = await import('./RecordMessages.tsx');
const Screen = () => <RecordMessages collection="registrations" id="reg-1" />;

const mail = (id: string, name: string, delivery?: Record<string, unknown>) => ({
  id,
  to: 'achieng@example.org',
  template: { name, data: {} },
  recordCollection: 'registrations',
  recordId: 'reg-1',
  timestamp: new Date('2027-01-02T08:00:00Z'),
  ...(delivery ? { delivery } : {}),
});

beforeEach(() => {
  fake.commits.length = 0;
  fake.queries.length = 0;
  fake.mail = [
    mail('m1', 'payment-verified', { state: 'ERROR', attempts: 3, error: 'Error: connect ECONNREFUSED 127.0.0.1:1025' }),
    mail('m2', 'registration-pending', { state: 'SUCCESS', attempts: 1, endTime: new Date('2027-01-02T08:00:03Z') }),
    mail('m3', 'payment-received'),
  ];
});

describe("a record's emails", () => {
  it('asks only for this record’s messages, naming its collection (so the rules can allow the query)', async () => {
    renderStaffScreen(Screen, { role: 'editor' });
    await screen.findByText('Payment verified (e-ticket)');
    expect(fake.queries[0]).toEqual([
      'mail',
      {
        where: [
          ['recordCollection', '==', 'registrations'],
          ['recordId', '==', 'reg-1'],
        ],
        limit: 50,
      },
    ]);
  });

  it('lists each message with what it was, to whom, and how its delivery went', async () => {
    renderStaffScreen(Screen);
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Payment verified (e-ticket)to achieng@example.org');
    expect(items[0]).toHaveTextContent('failed after 3 attempts: Error: connect ECONNREFUSED 127.0.0.1:1025');
    expect(items[1]).toHaveTextContent('sent 2 Jan 2027');
    expect(items[2]).toHaveTextContent('Payment reference received');
    expect(items[2]).toHaveTextContent('queued');
    // Only a delivered or failed message can be sent again (one on its way is still being sent).
    expect(within(items[2]).queryByRole('button')).toBeNull();
  });

  it('sends a message again by setting it back to RETRY, with a log entry in the same commit', async () => {
    renderStaffScreen(Screen, { role: 'finance' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send again: Payment verified (e-ticket)' }));
    expect(await screen.findByRole('status')).toHaveTextContent('"Payment verified (e-ticket)" will be sent again to achieng@example.org.');
    expect(fake.commits).toEqual([
      [
        { update: 'mail/m1', data: { 'delivery.state': 'RETRY', resends: 1 } },
        { log: 'Resent the email "Payment verified (e-ticket)" to achieng@example.org (registration reg-1)', userEmail: 'finance@summit.test' },
      ],
    ]);
  });

  it('counts resends, and offers none past the third (the rules refuse a fourth)', async () => {
    fake.mail = [
      { ...mail('m1', 'payment-verified', { state: 'SUCCESS', attempts: 1 }), resends: 2 },
      { ...mail('m2', 'registration-pending', { state: 'ERROR' }), resends: 3 },
    ];
    renderStaffScreen(Screen, { role: 'finance' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send again: Payment verified (e-ticket)' }));
    expect(fake.commits[0]).toContainEqual({ update: 'mail/m1', data: { 'delivery.state': 'RETRY', resends: 3 } });
    const items = screen.getAllByRole('listitem');
    expect(within(items[1]).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Sent again 3 times, the most it may be');
  });

  it('says so when a record has no email yet', async () => {
    fake.mail = [];
    renderStaffScreen(Screen);
    expect(await screen.findByText('No email has been sent about this record.')).toBeInTheDocument();
  });
});

describe('watching deliveries', () => {
  it('looks again every 3 s while a message is on its way, stops after two minutes and says so, and looks again on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderStaffScreen(Screen, { role: 'finance' });
      expect((await screen.findAllByText('to achieng@example.org', { exact: false })).length).toBe(3);
      const reads = () => fake.queries.length;
      const first = reads();
      await vi.advanceTimersByTimeAsync(MAIL_WATCH.everyMs * 3 + 100);
      expect(reads()).toBeGreaterThanOrEqual(first + 3);
      await vi.advanceTimersByTimeAsync(MAIL_WATCH.forMs);
      const stopped = reads();
      expect(await screen.findByText(/the email sender may not be running/)).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(MAIL_WATCH.everyMs * 5);
      expect(reads()).toBe(stopped);
      fake.mail = fake.mail.map((m) => ({ ...m, delivery: { state: 'SUCCESS', attempts: 1 } }));
      await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Check again' }));
      await vi.advanceTimersByTimeAsync(10);
      expect(reads()).toBe(stopped + 1);
      expect(screen.queryByText(/the email sender may not be running/)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not look again when every message has been delivered or has failed', async () => {
    fake.mail = fake.mail.slice(0, 2);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderStaffScreen(Screen, { role: 'finance' });
      await screen.findAllByText('to achieng@example.org', { exact: false });
      const first = fake.queries.length;
      await vi.advanceTimersByTimeAsync(MAIL_WATCH.everyMs * 4);
      expect(fake.queries.length).toBe(first);
    } finally {
      vi.useRealTimers();
    }
  });
});
