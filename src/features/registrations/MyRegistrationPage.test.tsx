import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../components/format.ts';
import { dayLabel } from '../../data/certificates.ts';
import { createFakeState, fakeDb } from '../../../tests/fake-db.ts';
import { createLinkFake, emailLinkModule, HOUR, renderPage, seed, storedForm } from '../../../tests/render-public.tsx';
import { LONG } from '../../../tests/lazy-wait.ts';

// Only the Firebase boundary is faked (the database client, the visitor's identity, App Check,
// the attendee's sign-in) and the QR code's canvas, which jsdom lacks.
const fake = vi.hoisted(() => ({
  state: null as unknown as ReturnType<typeof createFakeState>,
  link: {} as ReturnType<typeof createLinkFake>,
  /** The collections the page queried, in order. */
  queried: [] as string[],
  downloads: [] as unknown[][],
  pdf: { calls: [] as unknown[][], logos: [] as string[], fail: false },
}));
vi.mock('../../lib/data.ts', () => ({
  get db() {
    const db = fakeDb(fake.state);
    const fetchDocuments = db.fetchDocuments;
    db.fetchDocuments = (name, options) => {
      fake.queried.push(name);
      return fetchDocuments(name, options);
    };
    return db;
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
vi.mock('../../lib/csv.ts', async (original) => ({
  ...(await original<typeof import('../../lib/csv.ts')>()),
  downloadFile: (...args: unknown[]) => fake.downloads.push(args),
}));
// The PDF module (pdf-lib) as its signature promises; its own tests check what it draws.
vi.mock('../../data/certificate-pdf.ts', () => ({
  loadLogo: async (url: string) => {
    fake.pdf.logos.push(url);
    return new Uint8Array([137, 80, 78, 71]);
  },
  certificatePdf: async (...args: unknown[]) => {
    if (fake.pdf.fail) throw new Error('no pdf');
    fake.pdf.calls.push(args);
    return new Uint8Array([37, 80, 68, 70]);
  },
}));

const { default: MyRegistrationPage } = await import('./MyRegistrationPage.tsx');

const axeViolations = async () => {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};
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
  fake.queried = [];
  fake.downloads = [];
  fake.pdf = { calls: [], logos: [], fail: false };
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

  it('cancels after confirming: the record, its checkout, its freed seat and the email in one commit', async () => {
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
    expect(paths).toEqual(['registrations/REGHELD000000001', 'checkouts/REGHELD000000001', 'seats/1', 'mail/registration-cancelled-REGHELD000000001-0']);
    // Told by email, in the same commit, whether or not it was paid.
    expect(fake.state.docs.get('mail/registration-cancelled-REGHELD000000001-0')).toMatchObject({
      to: EMAIL,
      template: { name: 'registration-cancelled', data: { reference: 'REGHELD000000001' } },
    });
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
    // Named by the payment code drawn in its commit, the one code the attendee keeps.
    const code = String(fake.state.docs.get(path)!.paymentCode);
    expect(code).toMatch(/^NCS-[A-Z0-9]{5}$/);
    expect(screen.getByText(/Your seat is yours: registration/)).toHaveTextContent(`Your seat is yours: registration ${code}. Pay on its checkout page`);
    const commit = fake.state.commits.find((writes) => writes.some((w) => 'set' in w && w.set === path))!;
    expect(commit).toContainEqual({ update: `waitlist/${EMAIL}`, data: { status: 'registered' } });
    expect(fake.state.docs.get('seats/2')).toMatchObject({ state: 'held', claim: fake.state.docs.get(path)!.seatClaim });
    expect(await screen.findByRole('article', { name: `Registration ${code}` }, LONG)).toBeInTheDocument();
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

describe('CPD: days attended, evaluations and certificates', () => {
  const DAY1 = '2027-05-12';
  const DAY2 = '2027-05-13';
  const REG = 'REGPAID000000003';
  const QUESTIONS = [
    { id: 'overall', label: 'How was the day overall?', kind: 'rating' },
    { id: 'best', label: 'What was most useful?', kind: 'text' },
  ];

  beforeEach(() => {
    signedIn();
    fake.state.docs.set('settings/site', { ...fake.state.docs.get('settings/site'), siteUrl: 'https://summit.example.org' });
    fake.state.docs.set('settings/cpd', { questions: QUESTIONS, requireEvaluation: true, logoUrl: '/demo/logos/institute.png' });
    fake.state.docs.set('seats/3', { state: 'taken', claim: 'claimPaid00000003', heldSince });
    registration(REG, {
      seat: '3',
      seatClaim: 'claimPaid00000003',
      heldSince,
      status: 'checked-in',
      paymentStatus: 'paid',
      attendance: { [DAY2]: new Date('2027-05-13T06:10:00Z'), [DAY1]: new Date('2027-05-12T06:05:00Z') },
    });
    fake.state.docs.set(`attendees/${EMAIL}`, { registrationId: REG });
  });

  const days = async () => screen.findByRole('region', { name: 'Days you attended' }, LONG);
  const form = (day: string) => screen.findByRole('form', { name: `Evaluate ${day}` }, LONG);

  it('lists the days attended, and a form only for a day not yet evaluated', async () => {
    fake.state.docs.set(`evaluations/${REG}_${DAY1}`, { registrationId: REG, day: DAY1, email: EMAIL, answers: [], submittedAt: new Date() });
    renderPage(MyRegistrationPage, '/my-registration');
    const section = await days();
    await waitFor(
      () =>
        expect(
          within(section)
            .getAllByRole('listitem')
            .map((li) => li.textContent),
        ).toEqual([`${dayLabel(DAY1)}: evaluation sent`, `${dayLabel(DAY2)}: evaluation below`]),
      LONG,
    );
    expect(await form(dayLabel(DAY2))).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: `Evaluate ${dayLabel(DAY1)}` })).not.toBeInTheDocument();
    expect(screen.getByText(/The day counts towards your CPD certificate once you send them/)).toBeInTheDocument();
  });

  it('has no accessibility violations with an evaluation form with its errors and a certificate', async () => {
    certificate('NEWcertificate000002', {});
    renderPage(MyRegistrationPage, '/my-registration');
    const evaluation = await form(dayLabel(DAY1));
    await screen.findByRole('region', { name: 'Your CPD certificate' }, LONG);
    await userEvent.setup().click(within(evaluation).getByRole('button', { name: 'Send evaluation' }));
    await within(evaluation).findAllByText('Choose a rating from 1 to 5.');
    expect(await axeViolations()).toEqual([]);
  });

  it('asks for each rating before sending, then stores one answer per question and thanks the attendee', async () => {
    fake.state.now = () => new Date('2027-05-13T16:00:00Z');
    renderPage(MyRegistrationPage, '/my-registration');
    const evaluation = await form(dayLabel(DAY1));
    const user = userEvent.setup();
    const group = within(evaluation).getByRole('group', { name: 'How was the day overall?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);

    await user.click(within(evaluation).getByRole('button', { name: 'Send evaluation' }));
    expect(await within(group).findByText('Choose a rating from 1 to 5.')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: '1' })).toHaveFocus();
    expect(within(group).getByRole('radio', { name: '1' })).toHaveAccessibleDescription('1 is poor, 5 is excellent. Choose a rating from 1 to 5.');
    expect(fake.state.commits).toEqual([]);

    await user.click(within(group).getByRole('radio', { name: '4' }));
    await user.type(within(evaluation).getByLabelText('What was most useful? (optional)'), '  The tumour board{Enter}and the posters ');
    await user.click(within(evaluation).getByRole('button', { name: 'Send evaluation' }));

    const thanks = await screen.findByText(`Thank you: your evaluation of ${dayLabel(DAY1)} is in.`, {}, LONG);
    expect(thanks).toHaveAttribute('role', 'status');
    await waitFor(() => expect(thanks).toHaveFocus());
    // The registration records the day evaluated in the evaluation's own commit (the rules ask for both).
    expect(fake.state.commits).toEqual([
      [
        { update: `registrations/${REG}`, data: { [`evaluatedDays.${DAY1}`]: expect.anything() } },
        {
          set: `evaluations/${REG}_${DAY1}`,
          data: {
            registrationId: REG,
            day: DAY1,
            email: EMAIL,
            answers: [
              { id: 'overall', value: 4 },
              { id: 'best', value: 'The tumour board\nand the posters' },
            ],
            submittedAt: expect.anything(),
          },
        },
      ],
    ]);
    expect(fake.state.docs.get(`evaluations/${REG}_${DAY1}`)).toMatchObject({ submittedAt: new Date('2027-05-13T16:00:00Z') });
    expect(screen.queryByRole('form', { name: `Evaluate ${dayLabel(DAY1)}` })).not.toBeInTheDocument();
    // The other day's form is still there.
    expect(await form(dayLabel(DAY2))).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Days you attended' })).getAllByRole('listitem')[0]).toHaveTextContent('evaluation sent'),
    );
  });

  it('keeps the answers and says so when sending fails, and takes a retry whose first attempt had landed as sent', async () => {
    renderPage(MyRegistrationPage, '/my-registration');
    const evaluation = await form(dayLabel(DAY1));
    const user = userEvent.setup();
    await user.click(within(evaluation).getByRole('radio', { name: '5' }));
    fake.state.failCommits = new Error('offline');
    await user.click(within(evaluation).getByRole('button', { name: 'Send evaluation' }));
    expect(await within(evaluation).findByRole('alert')).toHaveTextContent('We could not send your evaluation.');
    expect(within(evaluation).getByRole('radio', { name: '5' })).toBeChecked();

    // The write landed though its reply was lost: the rules refuse it a second time, and that is success.
    fake.state.docs.set(`evaluations/${REG}_${DAY1}`, { registrationId: REG, day: DAY1, email: EMAIL, answers: [], submittedAt: new Date() });
    fake.state.failCommits = Object.assign(new Error('denied'), { code: 'permission-denied' });
    await user.click(within(evaluation).getByRole('button', { name: 'Send evaluation' }));
    expect(await screen.findByText(`Thank you: your evaluation of ${dayLabel(DAY1)} is in.`, {}, LONG)).toBeInTheDocument();
  });

  it('says when the organisers changed the questions while the form was open, and shows the current ones', async () => {
    renderPage(MyRegistrationPage, '/my-registration');
    const evaluation = await form(dayLabel(DAY1));
    const user = userEvent.setup();
    await user.click(within(evaluation).getByRole('radio', { name: '4' }));
    // Meanwhile an administrator rewords the questions: the rules refuse answers to the old ones.
    const NEW = [{ id: 'venue', label: 'How was the venue?', kind: 'rating' }];
    fake.state.docs.set('settings/cpd', { questions: NEW, requireEvaluation: true, logoUrl: '' });
    fake.state.failCommits = Object.assign(new Error('denied'), { code: 'permission-denied' });
    await user.click(within(evaluation).getByRole('button', { name: 'Send evaluation' }));
    const fresh = await form(dayLabel(DAY1));
    expect(await within(fresh).findByRole('alert', {}, LONG)).toHaveTextContent('The organisers changed the questions since the page opened');
    expect(within(fresh).getByRole('group', { name: 'How was the venue?' })).toBeInTheDocument();
    expect(within(fresh).queryByText('How was the day overall?')).not.toBeInTheDocument();

    fake.state.failCommits = null;
    await user.click(within(fresh).getByRole('radio', { name: '5' }));
    await user.click(within(fresh).getByRole('button', { name: 'Send evaluation' }));
    expect(await screen.findByText(`Thank you: your evaluation of ${dayLabel(DAY1)} is in.`, {}, LONG)).toBeInTheDocument();
    expect(fake.state.docs.get(`evaluations/${REG}_${DAY1}`)).toMatchObject({ answers: [{ id: 'venue', value: 5 }] });
  });

  it('asks nothing when every day is evaluated, or when the settings set no question', async () => {
    for (const day of [DAY1, DAY2])
      fake.state.docs.set(`evaluations/${REG}_${day}`, { registrationId: REG, day, email: EMAIL, answers: [], submittedAt: new Date() });
    renderPage(MyRegistrationPage, '/my-registration');
    const section = await days();
    await waitFor(() => expect(within(section).getAllByRole('listitem')[1]).toHaveTextContent(`${dayLabel(DAY2)}: evaluation sent`), LONG);
    expect(screen.queryByRole('form', { name: /^Evaluate/ })).not.toBeInTheDocument();
  });

  it('with no question set, lists the days alone', async () => {
    fake.state.docs.set('settings/cpd', { questions: [] });
    renderPage(MyRegistrationPage, '/my-registration');
    const section = await days();
    await waitFor(() => expect(fake.queried).toContain('certificates'));
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([dayLabel(DAY1), dayLabel(DAY2)]);
    expect(screen.queryByRole('form', { name: /^Evaluate/ })).not.toBeInTheDocument();
  });

  const certificate = (id: string, fields: Record<string, unknown>) =>
    fake.state.docs.set(`certificates/${id}`, {
      id,
      registrationId: REG,
      fullName: 'Achieng Otieno',
      email: EMAIL,
      days: [DAY1, DAY2],
      points: 13,
      pointsPerDay: 6.5,
      activityName: 'National Cancer Summit 2027',
      accreditingBody: 'KMPDC',
      providerNumber: 'KMPDC/CPD/0421',
      signatoryName: 'Dr Achieng Otieno',
      signatoryTitle: 'Director',
      instituteName: 'National Cancer Institute of Kenya',
      issuedAt: new Date('2027-05-20T09:00:00Z'),
      issuedBy: 'admin@summit.test',
      status: 'valid',
      replaces: '',
      ...fields,
    });

  it('shows the valid certificate with its PDF and its verification page, and a revoked one as revoked', async () => {
    certificate('OLDcertificate000001', {
      status: 'revoked',
      issuedAt: new Date('2027-05-18T09:00:00Z'),
      revokedAt: new Date('2027-05-20T08:59:00Z'),
      revokeReason: 'Wrong days',
      replacedBy: 'NEWcertificate000002',
    });
    certificate('NEWcertificate000002', { replaces: 'OLDcertificate000001' });
    renderPage(MyRegistrationPage, '/my-registration');
    const section = await screen.findByRole('region', { name: 'Your CPD certificates' }, LONG);
    const cards = within(section).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Certificate NEWcertificate000002', 'Certificate OLDcertificate000001']);

    const [valid, revoked] = cards;
    expect(valid).toHaveTextContent(`Valid: 13 CPD points from KMPDC for National Cancer Summit 2027, for ${dayLabel(DAY1)} and ${dayLabel(DAY2)}.`);
    expect(within(valid).getByRole('link', { name: 'Check it online (certificate NEWcertificate000002)' })).toHaveAttribute(
      'href',
      '/certificates/NEWcertificate000002',
    );
    expect(revoked).toHaveTextContent('Revoked on');
    expect(revoked).toHaveTextContent('it no longer certifies anything. Certificate NEWcertificate000002 replaces it.');
    expect(revoked).not.toHaveTextContent('Wrong days');
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument();
    expect(within(revoked).queryByRole('link')).not.toBeInTheDocument();

    await userEvent.setup().click(within(valid).getByRole('button', { name: 'Download certificate (PDF)' }));
    await waitFor(() => expect(fake.downloads).toHaveLength(1));
    expect(fake.pdf.logos).toEqual(['/demo/logos/institute.png']);
    expect(fake.pdf.calls).toEqual([
      [
        expect.objectContaining({ id: 'NEWcertificate000002', points: 13, fullName: 'Achieng Otieno' }),
        { siteUrl: 'https://summit.example.org', logo: expect.any(Uint8Array) },
      ],
    ]);
    expect(fake.downloads[0]).toEqual(['cpd-certificate-NEWcertificate000002.pdf', new Uint8Array([37, 80, 68, 70]), 'application/pdf']);
  });

  it('says so when the PDF cannot be made', async () => {
    certificate('NEWcertificate000002', {});
    fake.pdf.fail = true;
    renderPage(MyRegistrationPage, '/my-registration');
    const section = await screen.findByRole('region', { name: 'Your CPD certificate' }, LONG);
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Download certificate (PDF)' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('We could not make the PDF.');
    expect(fake.downloads).toEqual([]);
  });

  it('reads nothing of CPD for someone never checked in', async () => {
    registration(REG, { seat: '3', seatClaim: 'claimPaid00000003', heldSince, status: 'confirmed', paymentStatus: 'paid' });
    renderPage(MyRegistrationPage, '/my-registration');
    expect(await screen.findByRole('article', { name: `Registration ${REG}` }, LONG)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Days you attended' })).not.toBeInTheDocument();
    expect(fake.queried).toEqual(['registrations']);
  });
});
