import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../tests/fake-db.ts';
import type { OwnRegistration } from './my-registration.ts';

// Only the Firebase boundary is faked (the database client) and the browser's download.
const fake = vi.hoisted(() => ({
  state: null as unknown as ReturnType<typeof createFakeState>,
  downloads: [] as Array<[string, string, string]>,
  /** Holds every read until released (the loading state), or fails them (the error state). */
  gate: null as Promise<void> | null,
  failReads: false,
}));
vi.mock('../../lib/data.ts', () => ({
  get db() {
    const db = fakeDb(fake.state);
    const fetchDocuments = db.fetchDocuments;
    db.fetchDocuments = async (name, options) => {
      await fake.gate;
      if (fake.failReads) throw new Error('offline');
      return fetchDocuments(name, options);
    };
    return db;
  },
}));
vi.mock('../../lib/csv.ts', async (original) => ({
  ...(await original<typeof import('../../lib/csv.ts')>()),
  downloadFile: (...args: [string, string, string]) => fake.downloads.push(args),
}));

const { default: YourDataSection } = await import('./YourDataSection.tsx');

const EMAIL = 'achieng@example.org';
const stored = {
  id: 'reg-1',
  paymentCode: 'NCS-7K2QD',
  fullName: 'Achieng Otieno',
  email: EMAIL,
  phone: '+254 700 111 222',
  organisation: 'KNH',
  accessibilityNeeds: '',
  dietaryNeeds: '',
  category: 'delegate',
  fee: 5000,
  currency: 'KES',
  status: 'confirmed',
  paymentStatus: 'paid',
};
const item = (record: Record<string, unknown> = stored): OwnRegistration => ({ record: { ...stored, ...record, id: 'reg-1' }, slot: null, current: true });

function show(registrations: OwnRegistration[] = [item()]) {
  const changed = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <YourDataSection email={EMAIL} registrations={registrations} onChanged={changed} />
    </QueryClientProvider>,
  );
  return changed;
}

beforeEach(() => {
  fake.state = createFakeState();
  fake.downloads = [];
  fake.gate = null;
  fake.failReads = false;
  fake.state.docs.set('registrations/reg-1', { ...stored });
  fake.state.docs.set('checkouts/reg-1', { id: 'reg-1' });
  fake.state.docs.set('payments/pay-1', {
    id: 'pay-1',
    targetCollection: 'registrations',
    targetId: 'reg-1',
    amount: 5000,
    currency: 'KES',
    status: 'verified',
  });
  fake.state.docs.set('payments/pay-2', {
    id: 'pay-2',
    targetCollection: 'registrations',
    targetId: 'reg-other',
    amount: 9,
    currency: 'KES',
    status: 'verified',
  });
  fake.state.docs.set('mail/m-1', { id: 'm-1', to: EMAIL, template: { name: 'registration-confirmed', data: {} }, delivery: { state: 'SUCCESS' } });
  fake.state.docs.set('mail/m-2', { id: 'm-2', to: 'someone@example.org', template: { name: 'registration-confirmed', data: {} } });
});

describe('downloading your data', () => {
  it('by keyboard: JSON with the attendee’s parts only, then the CSV summary, announced when done', async () => {
    show();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Download all your data (JSON)' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Your data is downloaded as a JSON file.')).toBeInTheDocument();
    const [name, text, type] = fake.downloads[0];
    expect(name).toMatch(/^summit-your-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(type).toBe('application/json');
    const json = JSON.parse(text) as { payments: Array<{ id: string }>; emails: Array<{ id: string }>; registrations: Array<{ id: string }> };
    expect(json.registrations.map((r) => r.id)).toEqual(['reg-1']);
    expect(json.payments.map((p) => p.id)).toEqual(['pay-1']);
    expect(json.emails.map((m) => m.id)).toEqual(['m-1']);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('The summary of your data is downloaded as a CSV file.')).toBeInTheDocument();
    expect(fake.downloads[1][0]).toMatch(/\.csv$/);
    expect(fake.downloads[1][1]).toContain('Registration,NCS-7K2QD,Name,Achieng Otieno');
  });

  it('says it is gathering while the reads are under way, and keeps the buttons from a second start', async () => {
    let release = () => {};
    fake.gate = new Promise((r) => (release = r));
    show();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download a readable summary (CSV)' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Gathering your data…');
    expect(screen.getByRole('button', { name: 'Download all your data (JSON)' })).toBeDisabled();
    release();
    expect(await screen.findByText('The summary of your data is downloaded as a CSV file.')).toBeInTheDocument();
  });

  it('says so when the data cannot be read, and downloads nothing', async () => {
    fake.failReads = true;
    show();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download all your data (JSON)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not gather your data.');
    expect(fake.downloads).toEqual([]);
  });

  it('without a registration: the export still downloads, and there is nothing to correct', async () => {
    fake.state.docs.delete('registrations/reg-1');
    show([]);
    expect(screen.getByText('You have no registration, so there are no details to correct.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download all your data (JSON)' }));
    await waitFor(() => expect(fake.downloads).toHaveLength(1));
    expect(JSON.parse(fake.downloads[0][1])).toMatchObject({ registrations: [], emails: [{ id: 'm-1' }] });
  });

  it('lists payments only of registrations under the very address signed in (the rules prove no other)', async () => {
    // The mailbox's other address registered (achieng+2@…): its record is read through the entry, its payments are not asked for.
    fake.state.docs.set('registrations/reg-1', { ...stored, email: 'achieng+2@example.org' });
    fake.state.docs.set(`attendees/${EMAIL}`, { registrationId: 'reg-1' });
    show();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download all your data (JSON)' }));
    await waitFor(() => expect(fake.downloads).toHaveLength(1));
    expect(JSON.parse(fake.downloads[0][1])).toMatchObject({ registrations: [{ id: 'reg-1' }], payments: [] });
  });

  it('has no accessibility violations', async () => {
    show();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});

describe('correcting your details', () => {
  it('saves a new name and needs by keyboard, with its log line, and tells the page', async () => {
    const changed = show();
    const user = userEvent.setup();
    const name = screen.getByRole('textbox', { name: /Full name/ });
    await user.clear(name);
    await user.type(name, 'Achieng Otieno-Were');
    await user.type(screen.getByRole('textbox', { name: /Dietary needs/ }), 'Vegetarian');
    await user.click(name);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(changed).toHaveBeenCalledWith('Your details on registration NCS-7K2QD are corrected.'));
    expect(fake.state.docs.get('registrations/reg-1')).toMatchObject({ fullName: 'Achieng Otieno-Were', dietaryNeeds: 'Vegetarian' });
    expect(fake.state.docs.get('checkouts/reg-1')).toMatchObject({ fullName: 'Achieng Otieno-Were' });
    const log = [...fake.state.docs.entries()].find(([path]) => path.startsWith('logs/'))?.[1];
    expect(log).toMatchObject({ message: 'Registration NCS-7K2QD corrected by its attendee: name, dietary needs.', userEmail: EMAIL });
  });

  it('says under each need who sees it, as the register form does', () => {
    show();
    for (const name of [/Accessibility needs/, /Dietary needs/])
      expect(screen.getByRole('textbox', { name })).toHaveAccessibleDescription('Only the organisers and the registration desk see it.');
  });

  it('shows the register form’s messages for odd input, and writes nothing', async () => {
    show();
    const user = userEvent.setup();
    const name = screen.getByRole('textbox', { name: /Full name/ });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save the correction' }));
    expect(await screen.findByText('Enter your full name.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Phone/ }));
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), 'call me');
    await user.type(name, 'A');
    await user.click(screen.getByRole('button', { name: 'Save the correction' }));
    expect(await screen.findByRole('textbox', { name: /Phone/ })).toHaveAttribute('aria-invalid', 'true');
    expect(fake.state.commits).toEqual([]);
  });

  it('says when nothing changed, and when the save fails', async () => {
    show();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save the correction' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing changed: edit a field, then save.');
    fake.state.failCommits = new Error('offline');
    await user.type(screen.getByRole('textbox', { name: /Organisation/ }), ' Nairobi');
    await user.click(screen.getByRole('button', { name: 'Save the correction' }));
    expect(await screen.findByText('We could not save your correction. Check your connection and try again.')).toBeInTheDocument();
  });

  it('tells an attendee whose certificate prints the old name that a corrected one follows', async () => {
    fake.state.docs.set('settings/cpd', {});
    fake.state.docs.set('certificates/c-1', {
      id: 'c-1',
      registrationId: 'reg-1',
      email: EMAIL,
      fullName: 'Achieng Otieno',
      status: 'valid',
      issuedAt: new Date(),
    });
    show([item({ fullName: 'Achieng Otieno-Were', attendance: { '2027-03-10': new Date() } })]);
    expect(await screen.findByText(/Your certificate prints the name “Achieng Otieno”/)).toHaveTextContent(
      'issue a corrected certificate with “Achieng Otieno-Were”',
    );
  });
});
