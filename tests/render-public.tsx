// Component tests of public pages (register, my registration, checkout): the page in a router with a query client,
// the settings and seat slots they read, the attendee's sign-in (lib/email-link.ts) as a fake
// the test steers, and filling in the register form.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createRoutesStub } from 'react-router';
import type { FakeDb } from './fake-db.ts';

export const SETTINGS = {
  summitName: 'National Cancer Summit 2027',
  registrationOpen: true,
  capacity: 3,
  unpaidHoldHours: 72,
  offerHours: 48,
  currency: 'KES',
  venue: 'KICC, Nairobi',
  startDate: new Date('2027-05-12T06:00:00Z'),
  endDate: new Date('2027-05-14T14:00:00Z'),
  categories: { delegate: { label: 'Delegate', fee: 5000 }, student: { label: 'Student', fee: 0 } },
};

export const HOUR = 3_600_000;

export function seed(state: FakeDb, { seats = SETTINGS.capacity, settings = {} }: { seats?: number; settings?: Record<string, unknown> } = {}) {
  state.docs.set('settings/site', { ...SETTINGS, ...settings });
  for (let n = 1; n <= seats; n++) state.docs.set(`seats/${n}`, { state: 'free', claim: '', heldSince: new Date(0) });
}

export function takeEverySeat(state: FakeDb) {
  for (const [path, d] of state.docs)
    if (path.startsWith('seats/')) state.docs.set(path, { ...d, state: 'taken', claim: `someoneElse${path.slice(6)}xxxxxxxx`, heldSince: new Date() });
}

/** The attendee's sign-in as the pages see it (lib/email-link.ts), steered by each test. */
export interface LinkFake {
  session: null | { uid: string; email: string };
  stored: string | null;
  sent: Array<[string, string]>;
  completed: Array<[string, string]>;
  completeFailure: null | { code: string };
}

export const createLinkFake = (): LinkFake => ({ session: null, stored: null, sent: [], completed: [], completeFailure: null });

export function emailLinkModule(link: LinkFake) {
  return {
    sendAttendeeLink: async (email: string, path: string) => {
      link.sent.push([email, path]);
      link.stored = email;
    },
    isAttendeeLink: (href: string) => href.includes('mode=signIn') && href.includes('oobCode='),
    storedAttendeeEmail: () => link.stored,
    completeAttendeeSignIn: async (email: string, href: string) => {
      link.completed.push([email, href]);
      if (link.completeFailure) throw link.completeFailure;
      link.stored = null;
      link.session = { uid: 'attendee-1', email: email.trim().toLowerCase() };
      return link.session;
    },
    attendeeSession: async () => link.session,
    signOutAttendee: async () => {
      link.session = null;
    },
    describeEmailLinkError: (error: { code?: string }) =>
      error?.code === 'auth/invalid-action-code' ? 'expired-or-used' : error?.code === 'auth/invalid-email' ? 'wrong-email' : 'unknown',
  };
}

export function renderPage(Page: ComponentType, path: string, route = '*') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const Stub = createRoutesStub([{ path: route, Component: Page }]);
  render(
    <QueryClientProvider client={client}>
      <Stub initialEntries={[path]} />
    </QueryClientProvider>,
  );
  return { client };
}

export const FORM = {
  fullName: 'Achieng Otieno',
  email: 'Achieng@Example.org',
  phone: '+254 712 345678',
  organisation: 'Kenyatta National Hospital',
  jobTitle: 'Oncology nurse',
  country: 'Kenya',
};

export async function fillRegistrationForm(values: Partial<typeof FORM> & { category?: keyof typeof SETTINGS.categories } = {}) {
  const user = userEvent.setup();
  const v = { ...FORM, ...values };
  await user.type(await screen.findByLabelText('Full name'), v.fullName);
  await user.type(screen.getByLabelText(/^Email/), v.email);
  await user.type(screen.getByLabelText('Phone'), v.phone);
  await user.type(screen.getByLabelText('Organisation'), v.organisation);
  await user.type(screen.getByLabelText('Role or job title'), v.jobTitle);
  await user.clear(screen.getByLabelText('Country'));
  await user.type(screen.getByLabelText('Country'), v.country);
  await user.selectOptions(screen.getByLabelText('Category'), values.category ?? 'delegate');
  await user.click(screen.getByLabelText(/I agree to the terms/));
  return user;
}

/** The form as the pages store it (the address lower-cased: it is compared with the token's). */
export const storedForm = (values: Partial<typeof FORM> = {}) => ({
  ...FORM,
  ...values,
  email: (values.email ?? FORM.email).toLowerCase(),
  category: 'delegate',
  attendanceMode: 'in-person',
  accessibilityNeeds: '',
  dietaryNeeds: '',
  consent: true,
});
