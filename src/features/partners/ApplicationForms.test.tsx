import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../tests/fake-db.ts';
import type { SiteSettings } from '../../data/site-settings-schema.ts';
import { LONG } from '../../../tests/lazy-wait.ts';

// Only the Firebase boundary is faked (the database client, the visitor's anonymous identity, App
// Check): the forms, their validation and the application's commit run as in the browser.
const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState> }));
vi.mock('../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
  get publicReads() {
    return fakeDb(fake.state);
  },
}));
vi.mock('../../lib/visitor-auth.ts', () => ({ visitorUid: async () => 'visitor-1' }));
vi.mock('../../lib/app-check.ts', () => ({ startAppCheck: async () => {} }));

const { BoothBookingForm, PartnerApplicationForm } = await import('./ApplicationForms.tsx');

const SETTINGS = {
  currency: 'KES',
  partnerTiers: { gold: { label: 'Gold', fee: 500000 } },
  boothTypes: { standard: { label: 'Standard booth', fee: 150000 } },
} as unknown as SiteSettings;

const MESSAGE = 'Enter the KRA PIN as A or P, nine digits and a letter, like P051234567X, or leave it empty.';

function renderForm(Form: typeof PartnerApplicationForm) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Form settings={SETTINGS} />
    </QueryClientProvider>,
  );
}

async function fillContact() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Organisation'), 'East Africa Health Foundation');
  await user.type(screen.getByLabelText('Contact person'), 'Juma Ali');
  await user.type(screen.getByLabelText('Email'), 'juma@example.org');
  await user.type(screen.getByLabelText('Phone'), '+254 711 000 111');
  return user;
}

const stored = () => [...fake.state.docs.entries()].filter(([path]) => path.startsWith('partners/')).map(([, d]) => d);

beforeEach(() => {
  fake.state = createFakeState();
  fake.state.docs.set('settings/site', { ...SETTINGS });
});

describe('the buyer’s KRA PIN on the partner forms', () => {
  it.each([
    ['partner application', PartnerApplicationForm, 'Apply to partner'],
    ['booth booking', BoothBookingForm, 'Book a booth'],
  ] as const)('a %s says what a PIN looks like and refuses ten digits beside the field, sending nothing', async (_, Form, submit) => {
    renderForm(Form);
    const pin = screen.getByLabelText('KRA PIN (optional)');
    expect(pin).toHaveAccessibleDescription(/A or P, nine digits and a letter, like P051234567X/);
    const user = await fillContact();
    if (Form === BoothBookingForm) await user.selectOptions(screen.getByLabelText('Booth type'), 'standard');
    else await user.selectOptions(screen.getByLabelText('Partnership tier'), 'gold');
    await user.type(pin, 'P0512345678X');
    await user.click(screen.getByRole('button', { name: submit }));
    expect(await screen.findByText(MESSAGE, {}, LONG)).toBeInTheDocument();
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    expect(pin).toHaveAccessibleDescription(expect.stringContaining(MESSAGE));
    expect(stored()).toEqual([]);
  });

  it('a Cyrillic look-alike letter is refused too', async () => {
    renderForm(PartnerApplicationForm);
    const user = await fillContact();
    await user.selectOptions(screen.getByLabelText('Partnership tier'), 'gold');
    await user.type(screen.getByLabelText('KRA PIN (optional)'), '\u0420051234567X');
    await user.click(screen.getByRole('button', { name: 'Apply to partner' }));
    expect(await screen.findByText(MESSAGE, {}, LONG)).toBeInTheDocument();
    expect(stored()).toEqual([]);
  });

  it('stores a PIN typed in lower case with spaces as the PIN, and sends without one', async () => {
    renderForm(PartnerApplicationForm);
    let user = await fillContact();
    await user.selectOptions(screen.getByLabelText('Partnership tier'), 'gold');
    await user.type(screen.getByLabelText('KRA PIN (optional)'), ' p051 234 567x ');
    await user.click(screen.getByRole('button', { name: 'Apply to partner' }));
    expect(await screen.findByRole('heading', { name: 'Application received' }, LONG)).toBeInTheDocument();
    expect(stored()).toEqual([expect.objectContaining({ kind: 'partner', kraPin: 'P051234567X' })]);

    renderForm(BoothBookingForm);
    user = await fillContact();
    await user.selectOptions(screen.getByLabelText('Booth type'), 'standard');
    await user.click(screen.getByRole('button', { name: 'Book a booth' }));
    expect(await screen.findByRole('heading', { name: 'Booth booking received' }, LONG)).toBeInTheDocument();
    expect(stored()).toContainEqual(expect.objectContaining({ kind: 'booth', kraPin: '' }));
  });
});
