import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../components/format.ts';
import { createFakeState, fakeDb } from '../../../tests/fake-db.ts';
import { createLinkFake, emailLinkModule, HOUR, renderPage, seed, storedForm } from '../../../tests/render-public.tsx';

// Only the Firebase boundary is faked (the database client, the visitor's identity, App Check,
// the attendee's sign-in) and the QR code's canvas, which jsdom lacks.
const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState>, link: {} as ReturnType<typeof createLinkFake> }));
vi.mock('../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
  // The public reads (over REST in the app) read the same documents.
  get publicReads() {
    return fakeDb(fake.state);
  },
}));
vi.mock('../../lib/visitor-auth.ts', () => ({ visitorUid: async () => 'attendee-1' }));
vi.mock('../../lib/app-check.ts', () => ({ startAppCheck: async () => {} }));
vi.mock('../../lib/email-link.ts', () => emailLinkModule(fake.link));
vi.mock('qrcode', () => ({ toDataURL: async () => 'data:image/png;base64,AAAA' }));

const { default: MyRegistrationPage } = await import('./MyRegistrationPage.tsx');

const LONG = { timeout: 5000 };
const EMAIL = 'achieng@example.org';
const now = Date.now();
const heldSince = new Date(now - HOUR);

function registration(id: string, fields: Record<string, unknown>) {
  fake.state.docs.set(`registrations/${id}`, {
    ...storedForm(),
    id,
    fee: 5000,
    currency: 'KES',
    status: 'pending',
    paymentStatus: 'unpaid',
    timestamp: new Date(now - Number(id.slice(-1)) * HOUR),
    ...fields,
  });
  fake.state.docs.set(`checkouts/${id}`, { id, status: fields.status ?? 'pending', paymentStatus: fields.paymentStatus ?? 'unpaid' });
}

beforeEach(() => {
  fake.state = createFakeState();
  Object.assign(fake.link, createLinkFake());
  seed(fake.state);
  history.replaceState(null, '', '/my-registration');
});

const signedIn = () => {
  fake.link.session = { uid: 'attendee-1', email: EMAIL };
};

describe('signed out', () => {
  it('asks for the address and mails a sign-in link back to this page', async () => {
    renderPage(MyRegistrationPage, '/my-registration');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email address', {}, LONG), 'Achieng@Example.org');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    const panel = await screen.findByRole('region', { name: 'Check your email' }, LONG);
    expect(panel).toHaveTextContent('We sent a sign-in link to Achieng@Example.org. Open the link on this or another device to see your registration.');
    expect(fake.link.sent).toEqual([['Achieng@Example.org', '/my-registration']]);
  });

  it('opening the link on another device asks for the address, then shows the registrations', async () => {
    registration('REGHELD000000001', { seat: '1', seatClaim: 'claimHeld00000001', heldSince });
    const href = `${location.origin}/my-registration?apiKey=k&oobCode=code-1&mode=signIn`;
    history.replaceState(null, '', href);
    renderPage(MyRegistrationPage, '/my-registration');
    const prompt = await screen.findByRole('region', { name: 'Confirm your email address' }, LONG);
    const user = userEvent.setup();
    await user.type(within(prompt).getByLabelText('Email address'), EMAIL);
    await user.click(within(prompt).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Registration REGHELD000000001' }, LONG)).toBeInTheDocument();
    expect(fake.link.completed).toEqual([[EMAIL, href]]);
    expect(location.search).toBe('');
  });
});

describe('signed in', () => {
  beforeEach(() => {
    signedIn();
    fake.state.docs.set('seats/1', { state: 'held', claim: 'claimHeld00000001', heldSince });
    fake.state.docs.set('seats/2', { state: 'held', claim: 'someoneElse000001', heldSince: new Date(now - 2 * HOUR) });
    fake.state.docs.set('seats/3', { state: 'taken', claim: 'claimPaid00000003', heldSince });
    registration('REGHELD000000001', { seat: '1', seatClaim: 'claimHeld00000001', heldSince });
    registration('REGLAPS000000002', { seat: '2', seatClaim: 'claimLapsed000002', heldSince: new Date(now - 100 * HOUR) });
    registration('REGPAID000000003', { seat: '3', seatClaim: 'claimPaid00000003', heldSince, status: 'confirmed', paymentStatus: 'paid' });
    registration('REGCANC000000004', { seat: '4', seatClaim: 'claimCanc00000004', heldSince, status: 'cancelled', cancelledAt: new Date() });
    fake.state.docs.set(`attendees/${EMAIL}`, { registrationId: 'REGHELD000000001' });
  });

  const card = async (id: string) => screen.findByRole('article', { name: `Registration ${id}` }, LONG);

  it('lists the address’s registrations with their state: held, lapsed, paid with its ticket, cancelled', async () => {
    renderPage(MyRegistrationPage, '/my-registration');
    expect(await screen.findByText(EMAIL, {}, LONG)).toBeInTheDocument();

    const held = await card('REGHELD000000001');
    expect(held).toHaveTextContent('Awaiting payment');
    expect(held).toHaveTextContent(`Your seat is held until ${formatDateTime(new Date(heldSince.getTime() + 72 * HOUR))} (Nairobi time).`);
    expect(within(held).getByRole('link', { name: 'Pay on the checkout page' })).toHaveAttribute('href', '/checkout/REGHELD000000001');
    expect(within(held).getByRole('button', { name: 'Cancel registration' })).toBeInTheDocument();

    const lapsed = await card('REGLAPS000000002');
    expect(lapsed).toHaveTextContent('Your hold lapsed: the seat was released.');
    // Not the address's current registration, and its seat is someone else's: nothing to free, so it may be cancelled.
    expect(within(lapsed).getByRole('button', { name: 'Cancel registration' })).toBeInTheDocument();

    const paid = await card('REGPAID000000003');
    expect(paid).toHaveTextContent('Paid: your seat is confirmed');
    expect(within(paid).getByRole('heading', { name: 'Your e-ticket' })).toBeInTheDocument();
    // An older paid registration still holding its seat is not the current one: its owner cannot free that seat.
    expect(within(paid).queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();

    const cancelled = await card('REGCANC000000004');
    expect(cancelled).toHaveTextContent('Cancelled');
    expect(within(cancelled).queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();
    expect(within(cancelled).queryByRole('link')).not.toBeInTheDocument();
  });

  it('cancels after confirming: the record, its checkout and its freed seat in one commit', async () => {
    renderPage(MyRegistrationPage, '/my-registration');
    const held = await card('REGHELD000000001');
    const user = userEvent.setup();
    await user.click(within(held).getByRole('button', { name: 'Cancel registration' }));
    const dialog = within(held).getByRole('alertdialog', { name: 'Cancel registration REGHELD000000001?' });
    await waitFor(() => expect(within(dialog).getByRole('heading')).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Keep my registration' }));
    expect(within(held).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fake.state.commits).toEqual([]);

    await user.click(within(held).getByRole('button', { name: 'Cancel registration' }));
    await user.click(within(held).getByRole('button', { name: 'Yes, cancel my registration' }));
    expect(await screen.findByText('Registration REGHELD000000001 is cancelled and its seat released.', {}, LONG)).toHaveAttribute('role', 'status');
    expect(fake.state.commits).toHaveLength(1);
    const paths = fake.state.commits[0].map((w) => ('set' in w ? w.set : 'update' in w ? w.update : w.delete));
    expect(paths).toEqual(['registrations/REGHELD000000001', 'checkouts/REGHELD000000001', 'seats/1']);
    expect(fake.state.docs.get('registrations/REGHELD000000001')).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(Date) });
    expect(fake.state.docs.get('checkouts/REGHELD000000001')).toMatchObject({ status: 'cancelled' });
    expect(fake.state.docs.get('seats/1')).toEqual({ state: 'free', claim: '', heldSince: new Date(0) });
    await waitFor(() => expect(within(held).getByText('Cancelled')).toBeInTheDocument(), LONG);
  });

  it('signs out', async () => {
    renderPage(MyRegistrationPage, '/my-registration');
    await card('REGHELD000000001');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in with your email' }, LONG)).toBeInTheDocument();
    expect(fake.link.session).toBeNull();
  });
});

describe('the waiting list', () => {
  beforeEach(signedIn);

  const entry = (fields: Record<string, unknown>) =>
    fake.state.docs.set(`waitlist/${EMAIL}`, {
      email: EMAIL,
      fullName: 'Achieng Otieno',
      category: 'delegate',
      form: storedForm(),
      position: new Date(now - 5 * HOUR),
      status: 'waiting',
      offer: null,
      timestamp: new Date(now - 5 * HOUR),
      ...fields,
    });

  it('shows a waiting place, and leaving the list', async () => {
    entry({});
    renderPage(MyRegistrationPage, '/my-registration');
    const section = await screen.findByRole('region', { name: 'Waiting list' }, LONG);
    expect(section).toHaveTextContent('You are on the waiting list since');
    expect(screen.getByText(/No registration for achieng@example.org yet/)).toBeInTheDocument();
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Leave the waiting list' }));
    expect(await screen.findByText('You have left the waiting list.', {}, LONG)).toBeInTheDocument();
    expect(fake.state.docs.get(`waitlist/${EMAIL}`)).toMatchObject({ status: 'withdrawn', offer: null });
  });

  it('claims an open offer: a registration on the offered seat, the entry registered in the same commit', async () => {
    const at = new Date(now - HOUR);
    fake.state.docs.set('seats/2', { state: 'offered', claim: 'offerClaim0000002', heldSince: at });
    entry({ status: 'offered', offer: { seat: '2', claim: 'offerClaim0000002', at } });
    renderPage(MyRegistrationPage, '/my-registration');
    const section = await screen.findByRole('region', { name: 'Waiting list' }, LONG);
    expect(section).toHaveTextContent(`A seat is offered to you. Claim it by ${formatDateTime(new Date(at.getTime() + 48 * HOUR))} (Nairobi time)`);
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Claim your seat' }));
    expect(await screen.findByText(/Your seat is yours: registration/, {}, LONG)).toBeInTheDocument();

    const [path] = [...fake.state.docs.keys()].filter((p) => p.startsWith('registrations/'));
    expect(fake.state.docs.get(path)).toMatchObject({ email: EMAIL, seat: '2', status: 'pending' });
    const commit = fake.state.commits.find((writes) => writes.some((w) => 'set' in w && w.set === path))!;
    expect(commit).toContainEqual({ update: `waitlist/${EMAIL}`, data: { status: 'registered' } });
    expect(fake.state.docs.get('seats/2')).toMatchObject({ state: 'held', claim: fake.state.docs.get(path)!.seatClaim });
    expect(await screen.findByRole('article', { name: `Registration ${path.split('/')[1]}` }, LONG)).toBeInTheDocument();
  });

  it('says when an offer was not claimed in time', async () => {
    const at = new Date(now - 60 * HOUR);
    entry({ status: 'offered', offer: { seat: '2', claim: 'offerClaim0000002', at } });
    renderPage(MyRegistrationPage, '/my-registration');
    const section = await screen.findByRole('region', { name: 'Waiting list' }, LONG);
    expect(section).toHaveTextContent('The seat offered to you was not claimed in time');
    expect(within(section).queryByRole('button', { name: 'Claim your seat' })).not.toBeInTheDocument();
  });
});
