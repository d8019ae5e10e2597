import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoutesStub, useLocation } from 'react-router';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatMoneyMinor } from '../../components/format.ts';
import { createFakeState, fakeDb } from '../../../tests/fake-db.ts';
import { HOUR, renderPage, seed } from '../../../tests/render-public.tsx';
import { LONG } from '../../../tests/lazy-wait.ts';

// Only the Firebase boundary is faked: the database client, the visitor's identity and App Check.
const fake = vi.hoisted(() => ({
  state: null as unknown as ReturnType<typeof createFakeState>,
  /** Who is signed in with a proven address (Firebase Auth's email link): the registrant unless a case says otherwise. */
  session: null as { uid: string; email: string } | null,
}));
vi.mock('../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
  // The public reads (over REST in the app) read the same documents.
  get publicReads() {
    return fakeDb(fake.state);
  },
}));
vi.mock('../../lib/visitor-auth.ts', () => ({ visitorUid: async () => 'visitor-1' }));
vi.mock('../../lib/email-link.ts', () => ({ attendeeSession: async () => fake.session }));
vi.mock('../../lib/app-check.ts', () => ({ startAppCheck: async () => {} }));

const { default: CheckoutPage } = await import('./CheckoutPage.tsx');
const { default: CheckoutLookupPage } = await import('./CheckoutLookupPage.tsx');

const REF = 'REGHELD000000001';
const CLAIM = 'claimHeld00000001';

/** The registration's checkout projection (all a reference opens) and its slot. */
function registration(slot: Record<string, unknown>) {
  fake.state.docs.set(`checkouts/${REF}`, {
    id: REF,
    fullName: 'Achieng Otieno',
    email: 'achieng@example.org',
    category: 'delegate',
    fee: 5000,
    currency: 'KES',
    status: 'pending',
    paymentStatus: 'unpaid',
    paymentNote: '',
    seat: '1',
    seatClaim: CLAIM,
  });
  // Finance and the rules see the record; the visitor only updates it.
  fake.state.docs.set(`registrations/${REF}`, { id: REF, status: 'pending', paymentStatus: 'unpaid', seat: '1', seatClaim: CLAIM });
  fake.state.docs.set('seats/1', slot);
}

beforeEach(() => {
  fake.state = createFakeState();
  fake.session = { uid: 'attendee-1', email: 'achieng@example.org' };
  seed(fake.state);
});

describe('who may send a registration’s payment reference', () => {
  beforeEach(() => registration({ state: 'held', claim: CLAIM, heldSince: new Date() }));

  it.each([
    ['nobody is signed in', null],
    ['someone else is signed in', { uid: 'attendee-2', email: 'someone@example.org' }],
  ])('asks the registrant to sign in when %s, and still shows how to pay with the code', async (_, session) => {
    fake.session = session;
    renderPage(CheckoutPage, `/checkout/${REF}`, '/checkout/:id');
    const panel = await screen.findByRole('region', { name: 'Submit your payment reference' }, LONG);
    expect(panel).toHaveTextContent(
      'Only the registrant can submit a payment reference for this registration, signed in with the address it was made with (a•••@example.org).',
    );
    expect(within(panel).getByRole('link', { name: 'Sign in on My registration' })).toHaveAttribute('href', '/my-registration');
    expect(screen.getByRole('region', { name: 'How to pay' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Transaction reference')).not.toBeInTheDocument();
    // Nothing of the full address is shown to whoever holds the reference.
    expect(document.body).not.toHaveTextContent('achieng@example.org');
  });

  it('gives the registrant the form, whatever case their address was typed in', async () => {
    fake.session = { uid: 'attendee-1', email: 'achieng@example.org' };
    fake.state.docs.set(`checkouts/${REF}`, { ...fake.state.docs.get(`checkouts/${REF}`), email: 'Achieng@Example.org' });
    renderPage(CheckoutPage, `/checkout/${REF}`, '/checkout/:id');
    expect(await screen.findByLabelText('Transaction reference', {}, LONG)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in on My registration' })).not.toBeInTheDocument();
  });
});

describe('the payment code at checkout', () => {
  const CODE = 'NCS-7K2QD';

  beforeEach(() => {
    registration({ state: 'held', claim: CLAIM, heldSince: new Date() });
    fake.state.docs.set(`checkouts/${REF}`, { ...fake.state.docs.get(`checkouts/${REF}`), paymentCode: CODE });
    // The registrant's own record (what their signed-in query on their address finds), and the claim only staff read.
    fake.state.docs.set(`registrations/${REF}`, { ...fake.state.docs.get(`checkouts/${REF}`), email: 'achieng@example.org' });
    fake.state.docs.set(`paymentCodes/${CODE}`, { collection: 'registrations', recordId: REF });
  });

  it.each([
    ['nobody is signed in', null],
    ['someone else is signed in', { uid: 'attendee-2', email: 'someone@example.org' }],
  ])('opens nothing by the code alone when %s: how to pay with it, and the reference or sign-in for more', async (_, session) => {
    fake.session = session;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const Where = () => <p data-testid="checkout-path">{useLocation().pathname}</p>;
    const Stub = createRoutesStub([
      {
        path: '/checkout/:id',
        Component: () => (
          <>
            <Where />
            <CheckoutPage />
          </>
        ),
      },
    ]);
    render(
      <QueryClientProvider client={client}>
        <Stub initialEntries={[`/checkout/${CODE}`]} />
      </QueryClientProvider>,
    );
    const paying = await screen.findByRole('region', { name: 'Paying with this code' }, LONG);
    expect(paying).toHaveTextContent(`Enter ${CODE} as the`);
    const more = screen.getByRole('region', { name: 'See what is due and your ticket' });
    expect(within(more).getByRole('link', { name: 'sign in on My registration' })).toHaveAttribute('href', '/my-registration');
    // Nothing of the record: not its name, address, reference, category or amount.
    for (const text of ['Achieng', 'achieng@', 'a•••', REF, 'Delegate', '5,000']) expect(document.body).not.toHaveTextContent(text);

    // The code is not a reference; the reference opens the checkout.
    const user = userEvent.setup();
    await user.type(within(more).getByLabelText('Reference'), CODE);
    await user.click(within(more).getByRole('button', { name: 'Open my checkout' }));
    expect(within(more).getByLabelText('Reference')).toHaveAccessibleDescription('Enter the reference from your confirmation email (not the payment code).');
    // A reference as the site makes them (REF spells an L, which look-alike reading takes for a 1), typed any way.
    const made = 'AB12CD34EF56GH78';
    fake.state.docs.set(`checkouts/${made}`, { ...fake.state.docs.get(`checkouts/${REF}`), id: made });
    await user.clear(within(more).getByLabelText('Reference'));
    await user.type(within(more).getByLabelText('Reference'), ' ab12-cd34 ef56-gh78 ');
    await user.click(within(more).getByRole('button', { name: 'Open my checkout' }));
    expect(await screen.findByText('Registration · Delegate', {}, LONG)).toBeInTheDocument();
    expect(screen.getByTestId('checkout-path')).toHaveTextContent(`/checkout/${made}`);
  });

  it('shows the code prominently and asks for it as the Paybill account number and the bank reference', async () => {
    renderPage(CheckoutPage, `/checkout/${REF}`, '/checkout/:id');
    const code = await screen.findByText('Your payment code', {}, LONG);
    expect(code.parentElement).toHaveTextContent(`Your payment code${CODE}`);
    const instructions = screen.getByRole('region', { name: 'How to pay' });
    expect(instructions).toHaveTextContent(`entering ${CODE} as the Paybill “Account number” (or as the reference of a bank transfer)`);
    expect(instructions).toHaveTextContent(`Account number: ${CODE}`);
    expect(instructions).toHaveTextContent(`Reference: ${CODE}`);
    // The record's long reference is no longer what the payer is asked to type.
    expect(instructions).not.toHaveTextContent(REF);
  });

  it('opens under the code typed in lower case without its dash, read back to the record it names', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const Where = () => <p data-testid="checkout-path">{useLocation().pathname}</p>;
    const Stub = createRoutesStub([
      { path: '/checkout', Component: CheckoutLookupPage },
      {
        path: '/checkout/:id',
        Component: () => (
          <>
            <Where />
            <CheckoutPage />
          </>
        ),
      },
    ]);
    render(
      <QueryClientProvider client={client}>
        <Stub initialEntries={['/checkout']} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Payment code or reference'), 'ncs7k2qd');
    await user.click(screen.getByRole('button', { name: 'Find my registration' }));
    expect(await screen.findByText('Registration · Delegate', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('Your payment code').parentElement).toHaveTextContent(CODE);
    expect(screen.getByTestId('checkout-path')).toHaveTextContent(`/checkout/${CODE}`);
    // Paying from the page opened by its code shows the outcome (the page is read again under the code).
    await user.type(screen.getByLabelText('Transaction reference'), 'QWE12345RT');
    await user.click(screen.getByRole('button', { name: 'Submit payment reference' }));
    expect(await screen.findByRole('heading', { name: 'Payment reference received' }, LONG)).toBeInTheDocument();
  });

  it('quotes the reference of a registration from before payment codes', async () => {
    const { paymentCode: _c, ...old } = fake.state.docs.get(`checkouts/${REF}`)!;
    fake.state.docs.set(`checkouts/${REF}`, { ...old, paymentCode: '' });
    renderPage(CheckoutPage, `/checkout/${REF}`, '/checkout/:id');
    const instructions = await screen.findByRole('region', { name: 'How to pay' }, LONG);
    expect(instructions).toHaveTextContent(`Account number: ${REF}`);
    expect(screen.queryByText('Your payment code')).not.toBeInTheDocument();
  });
});

describe('a registration paid in part from a statement', () => {
  // As the page prints it, with the currency's no-break space read as a space.
  const shown = (minor: number) => formatMoneyMinor(minor, 'KES').replace(/\s/g, ' ');

  it('shows what was received and asks for the rest only', async () => {
    registration({ state: 'held', claim: CLAIM, heldSince: new Date() });
    fake.state.docs.set(`checkouts/${REF}`, { ...fake.state.docs.get(`checkouts/${REF}`), receivedMinor: 200_050 });
    renderPage(CheckoutPage, `/checkout/${REF}`, '/checkout/:id');
    const received = await screen.findByText('Received so far', {}, LONG);
    expect(received.nextElementSibling).toHaveTextContent(shown(200_050));
    expect(screen.getByText('Still due').nextElementSibling).toHaveTextContent(shown(299_950));
    expect(screen.getByRole('region', { name: 'How to pay' })).toHaveTextContent(`Pay ${shown(299_950)} entering`);
    // a whole amount, rounded up so the rest is covered
    expect(await screen.findByLabelText('Amount paid (KES)', {}, LONG)).toHaveValue(3000);
  });

  it('paid more than the fee: what came in, and that the rest is refunded; the 16-character reference is not shown beside the code', async () => {
    registration({ state: 'taken', claim: CLAIM, heldSince: new Date() });
    fake.state.docs.set(`checkouts/${REF}`, {
      ...fake.state.docs.get(`checkouts/${REF}`),
      status: 'confirmed',
      paymentStatus: 'paid',
      receivedMinor: 700_000,
      paymentCode: 'NCS-7K2QD',
    });
    renderPage(CheckoutPage, `/checkout/${REF}`, '/checkout/:id');
    const paid = await screen.findByText('Paid', { selector: 'dt' }, LONG);
    expect(paid.nextElementSibling).toHaveTextContent(shown(700_000));
    expect(screen.getByText('Over the fee').nextElementSibling).toHaveTextContent(`${shown(200_000)}: we email you when it is refunded, or why it is not.`);
    expect(screen.queryByText('Reference', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText(REF)).toBeNull();
  });

  it('shows nothing of it before any money came in', async () => {
    registration({ state: 'held', claim: CLAIM, heldSince: new Date() });
    renderPage(CheckoutPage, `/checkout/${REF}`, '/checkout/:id');
    expect(await screen.findByRole('region', { name: 'How to pay' }, LONG)).toHaveTextContent(`Pay ${shown(500_000)} entering`);
    expect(screen.queryByText('Received so far')).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Amount paid (KES)', {}, LONG)).toHaveValue(5000);
  });
});

describe('checkout of an application, from its projection', () => {
  const APP = 'APPCONFIRMED0001';

  beforeEach(() => {
    // What the reference opens (applicationCheckouts/{id}); the application itself is staff's.
    fake.state.docs.set(`applicationCheckouts/${APP}`, {
      id: APP,
      kind: 'booth',
      organisation: 'Acme Ltd',
      contactName: 'Jane Wambui',
      email: 'jane@acme.example',
      tier: '',
      boothType: 'standard',
      fee: 50000,
      currency: 'KES',
      status: 'confirmed',
      paymentStatus: 'unpaid',
      paymentNote: '',
      paymentCode: 'NCS-P4TXM',
      receivedMinor: 0,
    });
    fake.state.docs.set(`partners/${APP}`, { id: APP, status: 'confirmed', paymentStatus: 'unpaid', phone: '+254 700 000000' });
  });

  it('shows the organisation, what it is for and the amount, and pays with the projection in step in the same commit', async () => {
    renderPage(CheckoutPage, `/checkout/${APP}`, '/checkout/:id');
    expect(await screen.findByText('Acme Ltd', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText(/^Booth · /)).toBeInTheDocument();
    expect(screen.getByText('Your payment code').parentElement).toHaveTextContent('NCS-P4TXM');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Transaction reference'), 'QWE12345RT');
    await user.click(screen.getByRole('button', { name: 'Submit payment reference' }));
    expect(await screen.findByRole('heading', { name: 'Payment reference received' }, LONG)).toBeInTheDocument();
    const [commit] = fake.state.commits;
    const paths = commit.map((w) => ('set' in w ? w.set : 'update' in w ? w.update : w.delete));
    expect(paths).toEqual(expect.arrayContaining([`partners/${APP}`, `applicationCheckouts/${APP}`, 'paymentReferences/QWE12345RT']));
    expect(fake.state.docs.get(`applicationCheckouts/${APP}`)).toMatchObject({ paymentStatus: 'submitted', organisation: 'Acme Ltd' });
  });
});

describe('checkout of a registration, from its projection', () => {
  it('shows the hold’s end and, on payment, takes the seat with the checkout in step in the same commit', async () => {
    const heldSince = new Date(Date.now() - HOUR);
    registration({ state: 'held', claim: CLAIM, heldSince });
    renderPage(CheckoutPage, `/checkout/${REF}`, '/checkout/:id');
    expect(await screen.findByText(/Your seat is held until/, {}, LONG)).toHaveTextContent(
      `Your seat is held until ${formatDateTime(new Date(heldSince.getTime() + 72 * HOUR))} (Nairobi time).`,
    );
    expect(screen.getByText('Registration · Delegate')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Transaction reference'), 'QWE12345RT');
    await user.click(screen.getByRole('button', { name: 'Submit payment reference' }));
    expect(await screen.findByRole('heading', { name: 'Payment reference received' }, LONG)).toBeInTheDocument();

    const [commit] = fake.state.commits;
    const paths = commit.map((w) => ('set' in w ? w.set : 'update' in w ? w.update : w.delete));
    expect(paths).toEqual(expect.arrayContaining([`registrations/${REF}`, `checkouts/${REF}`, 'seats/1', 'paymentReferences/QWE12345RT']));
    expect(fake.state.docs.get('seats/1')).toMatchObject({ state: 'taken', claim: CLAIM });
    expect(fake.state.docs.get(`checkouts/${REF}`)).toMatchObject({ paymentStatus: 'submitted', seat: '1' });
    expect(fake.state.docs.get(`registrations/${REF}`)).toMatchObject({ paymentStatus: 'submitted' });
  });

  it('says the hold lapsed and the seat went to someone else, without asking for a payment', async () => {
    registration({ state: 'held', claim: 'someoneElse000001', heldSince: new Date() });
    // Someone else's newer hold looks like ours to the reference holder; a taken slot does not.
    fake.state.docs.set('seats/1', { state: 'taken', claim: 'someoneElse000001', heldSince: new Date() });
    renderPage(CheckoutPage, `/checkout/${REF}`, '/checkout/:id');
    const notice = await screen.findByRole('heading', { name: 'Your hold lapsed' }, LONG);
    expect(notice.parentElement).toHaveTextContent('Your seat was released. Someone else has taken it since.');
    expect(within(notice.parentElement!).getByRole('link', { name: 'register again' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: 'Submit payment reference' })).not.toBeInTheDocument();
  });

  it('says a lapsed hold nobody has claimed yet may still be kept by paying now', async () => {
    const heldSince = new Date(Date.now() - 100 * HOUR);
    registration({ state: 'held', claim: CLAIM, heldSince });
    renderPage(CheckoutPage, `/checkout/${REF}`, '/checkout/:id');
    const notice = await screen.findByRole('heading', { name: 'Your hold lapsed' }, LONG);
    expect(notice.parentElement).toHaveTextContent('Nobody has taken it yet: pay now and submit your payment reference to keep it.');
    expect(screen.getByRole('button', { name: 'Submit payment reference' })).toBeInTheDocument();
  });
});

describe('a cancelled registration', () => {
  it('owes nothing: no amount due, nothing still due, no way to pay, whatever was received before', async () => {
    registration({ state: 'free', claim: '', heldSince: new Date(0) });
    fake.state.docs.set(`checkouts/${REF}`, { ...fake.state.docs.get(`checkouts/${REF}`), status: 'cancelled', receivedMinor: 100_000 });
    renderPage(CheckoutPage, `/checkout/${REF}`, '/checkout/:id');
    expect(await screen.findByText('This registration was cancelled. Contact the organisers if you think this is a mistake.', {}, LONG)).toBeInTheDocument();
    const amount = screen.getByText('Amount due').nextElementSibling!;
    expect(amount).toHaveTextContent('Nothing: it is cancelled');
    expect(screen.queryByText('Still due')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'How to pay' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Submit your payment reference' })).toBeNull();
  });
});
