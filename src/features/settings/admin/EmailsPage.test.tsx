import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';
import { DEFAULT_MAIL_TEMPLATES, mailPartials } from '../../../data/mail-templates.ts';

const fake = vi.hoisted(() => ({ templates: {} as Record<string, unknown>, commits: [] as unknown[][] }));

vi.mock('../../../lib/data.ts', () => ({
  db: {
    fetchDocument: async (collection: string, id: string) => (collection === 'templates' ? (fake.templates[id] ?? null) : null),
    newId: () => 'mail-1',
    activityWrite: (message: string, userEmail: string) => ({ log: message, userEmail }),
    commit: async (writes: unknown[]) => {
      fake.commits.push(writes);
    },
  },
}));

const { default: EmailsPage } = await import('./EmailsPage.tsx');

beforeEach(() => {
  fake.templates = {
    ...DEFAULT_MAIL_TEMPLATES,
    ...mailPartials({
      siteUrl: 'https://summit.example.org',
      instituteName: 'National Cancer Institute',
      contactEmails: ['info@summit.example.org'],
      payment: { mobileMoneyPaybill: '400200' },
    }),
  };
  fake.commits.length = 0;
});

const open = async (label = 'Registration received (payment due)') => {
  renderStaffScreen(EmailsPage, { role: 'admin', email: 'admin@summit.test' });
  await userEvent.click(await screen.findByRole('button', { name: label }));
};

describe('settings › emails', () => {
  it('lists every email and previews the chosen one with sample data, the settings’ contacts and payment details', async () => {
    await open();
    expect(within(screen.getByRole('navigation', { name: 'Email templates' })).getAllByRole('button')).toHaveLength(25);
    expect(screen.getByRole('button', { name: 'No refund due (money kept)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Part payment received (statement)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registration received (payment due)' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('Your summit registration NCS-7K2QD: payment due');
    const text = screen.getByLabelText('Plain-text preview');
    expect(text).toHaveTextContent('Paybill number: 400200');
    expect(text).toHaveTextContent('https://summit.example.org/checkout/Xb3kP9qLm2Rt7VwZ4yNc');
    expect(screen.getByTitle('HTML preview')).toHaveAttribute('sandbox', '');
  });

  it('updates the preview as the administrator types', async () => {
    await open('Donation pledge thanked');
    const subject = screen.getByLabelText('Subject');
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Asante, {{{{reference}}!');
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('Asante, Dn5Lm2Xb3kR9tV7wZ4yN!');
  });

  it('refuses to save a template that does not compile, says why, and writes nothing', async () => {
    await open('Donation pledge thanked');
    const html = screen.getByLabelText('HTML body');
    await userEvent.clear(html);
    await userEvent.type(html, '{{{{#if reference}}unclosed');
    expect(await screen.findByText(/The html does not compile/)).toBeInTheDocument();
    expect(screen.getByText('The preview returns once the template compiles.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(fake.commits).toEqual([]);
  });

  it('saves the wording with a log entry in the same commit', async () => {
    await open('Contact message acknowledged');
    const subject = screen.getByLabelText('Subject');
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Thank you for your message');
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved. The next emails use this wording.');
    expect(fake.commits).toEqual([
      [
        { set: 'templates/message-received', data: { ...DEFAULT_MAIL_TEMPLATES['message-received'], subject: 'Thank you for your message' } },
        { log: 'Edited the email template "Contact message acknowledged"', userEmail: 'admin@summit.test' },
      ],
    ]);
  });

  it('restores the default wording, logged', async () => {
    fake.templates['message-received'] = { subject: 'Old', html: '<p>Old</p>', text: 'Old' };
    await open('Contact message acknowledged');
    expect(screen.getByLabelText('Subject')).toHaveValue('Old');
    await userEvent.click(screen.getByRole('button', { name: 'Restore the default wording' }));
    expect(await screen.findByText('The default wording is back.')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue(DEFAULT_MAIL_TEMPLATES['message-received'].subject);
    expect(fake.commits[0]).toEqual([
      { set: 'templates/message-received', data: DEFAULT_MAIL_TEMPLATES['message-received'] },
      { log: 'Restored the default wording of the email template "Contact message acknowledged"', userEmail: 'admin@summit.test' },
    ]);
  });

  it('sends a test of the saved wording to the administrator’s own address, logged; not while there are unsaved changes', async () => {
    await open('Payment verified (e-ticket)');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a test' }));
    expect(await screen.findByText('Sent to admin@summit.test: it appears in the mailbox within a minute.')).toBeInTheDocument();
    const [mail, log] = fake.commits[0] as Array<{ set?: string; data?: Record<string, unknown>; log?: string }>;
    expect(mail.set).toBe('mail/mail-1');
    expect(mail.data).toMatchObject({
      to: 'admin@summit.test',
      template: { name: 'payment-verified' },
      recordCollection: 'templates',
      recordId: 'payment-verified',
    });
    expect(log.log).toBe('Sent a test of the email template "Payment verified (e-ticket)" to admin@summit.test');
    await userEvent.type(screen.getByLabelText('Subject'), ' (draft)');
    expect(screen.getByRole('button', { name: 'Send me a test' })).toBeDisabled();
  });
});
