import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../tests/fake-db.ts';
import {
  createLinkFake,
  emailLinkModule,
  fillRegistrationForm,
  FORM,
  renderPage,
  seed,
  SETTINGS,
  storedForm,
  takeEverySeat,
} from '../../../tests/render-public.tsx';
import { formatMoney } from '../../components/format.ts';
import { LONG } from '../../../tests/lazy-wait.ts';

// Only the Firebase boundary is faked: the database client, the visitor's anonymous identity, App
// Check and the attendee's email-link sign-in. Everything between (the data layer, the seat
// choice, the throttle, the drafts) runs as in the browser.
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
vi.mock('../../lib/visitor-auth.ts', () => ({ visitorUid: async () => 'visitor-1' }));
vi.mock('../../lib/app-check.ts', () => ({ startAppCheck: async () => {} }));
vi.mock('../../lib/email-link.ts', () => emailLinkModule(fake.link));

const { default: RegisterPage } = await import('./RegisterPage.tsx');

// Submitting loads modules on demand (the sign-in link, the visitor's identity): the first time takes a while.

beforeEach(() => {
  fake.state = createFakeState();
  // In place: the mocked module holds this object.
  Object.assign(fake.link, createLinkFake());
  seed(fake.state);
  history.replaceState(null, '', '/register');
});
afterEach(() => localStorage.clear());

const draftIds = () => [...fake.state.docs.keys()].filter((p) => p.startsWith('registrationDrafts/')).map((p) => p.split('/')[1]);
const registrations = () => [...fake.state.docs.keys()].filter((p) => p.startsWith('registrations/'));

describe('registering before the address is proven', () => {
  it('keeps the form in a draft, mails a sign-in link and says where to look, with send again and change address', async () => {
    renderPage(RegisterPage, '/register');
    const user = await fillRegistrationForm();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const panel = await screen.findByRole('region', { name: 'Check your email' }, LONG);
    await waitFor(() => expect(within(panel).getByRole('heading', { name: 'Check your email' })).toHaveFocus());
    expect(panel).toHaveTextContent('We sent a sign-in link to achieng@example.org. Open the link on this or another device to finish your registration');
    const [id] = draftIds();
    const draft = fake.state.docs.get(`registrationDrafts/${id}`)!;
    expect(draft.email).toBe('achieng@example.org');
    expect(draft.form).toEqual(storedForm());
    // A week ahead by this browser's clock (the rules accept up to eight days).
    expect(Math.round(((draft.expiresAt as Date).getTime() - Date.now()) / 86_400_000)).toBe(7);
    expect(fake.link.sent).toEqual([['achieng@example.org', `/register?draft=${id}`]]);
    expect(registrations()).toEqual([]);
    // Nothing registered yet: no seat held.
    expect(fake.state.docs.get('seats/1')?.state).toBe('free');

    await user.click(within(panel).getByRole('button', { name: 'Send the link again' }));
    expect(await within(panel).findByRole('status', {}, LONG)).toHaveTextContent('We sent a new link to achieng@example.org. Use the newest one.');
    expect(fake.link.sent).toHaveLength(2);

    await user.click(within(panel).getByRole('button', { name: 'Change address' }));
    expect(await screen.findByLabelText('Full name', {}, LONG)).toHaveValue(FORM.fullName);
    expect(screen.getByLabelText(/^Email/)).toHaveValue('achieng@example.org');
  });

  it('registers at once when the form’s address is the one signed in here', async () => {
    fake.link.session = { uid: 'attendee-1', email: 'achieng@example.org' };
    renderPage(RegisterPage, '/register');
    const user = await fillRegistrationForm();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Registration received' }, LONG)).toHaveFocus();
    const [path] = registrations();
    const id = path.split('/')[1];
    const record = fake.state.docs.get(path)!;
    // One code to keep, the payment code, with what it is for; the reference only inside the link.
    const notice = screen.getByRole('region', { name: 'Registration received' });
    expect(await within(notice).findByText(String(record.paymentCode), {}, LONG)).toBeInTheDocument();
    expect(notice).toHaveTextContent(
      `Your payment code is ${String(record.paymentCode)}. Quote it as the account number when you pay ${formatMoney(SETTINGS.categories.delegate.fee, 'KES').replace(/\s/g, ' ')}, and show it at the entrance to collect your badge.`,
    );
    expect(notice).not.toHaveTextContent(id);
    expect(screen.getByRole('link', { name: 'Continue to checkout' })).toHaveAttribute('href', `/checkout/${id}`);
    expect(screen.getAllByRole('link', { name: 'My registration' }).at(-1)).toHaveAttribute('href', '/my-registration');
    expect(record).toMatchObject({ email: 'achieng@example.org', status: 'pending', paymentStatus: 'unpaid' });
    expect(fake.state.docs.get(`seats/${record.seat}`)).toMatchObject({ state: 'held', claim: record.seatClaim });
    expect(fake.state.docs.get(`checkouts/${id}`)).toMatchObject({ id, status: 'pending', seat: record.seat });
    expect(fake.state.docs.get('attendees/achieng@example.org')).toEqual({ registrationId: id, heldSince: record.heldSince });
    expect(fake.link.sent).toEqual([]);
  });
});

describe('the visitor’s place is kept', () => {
  /** A reload: the page mounts afresh in the same tab (its sessionStorage and localStorage kept). */
  const reload = () => {
    cleanup();
    renderPage(RegisterPage, '/register');
  };

  it('a reload of "Check your email" shows it again, and "send it again" sends the same draft’s link', async () => {
    renderPage(RegisterPage, '/register');
    const user = await fillRegistrationForm();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('region', { name: 'Check your email' }, LONG);
    const [id] = draftIds();

    reload();
    const panel = await screen.findByRole('region', { name: 'Check your email' }, LONG);
    expect(panel).toHaveTextContent('We sent a sign-in link to achieng@example.org.');
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Send the link again' }));
    await within(panel).findByText(/We sent a new link/, {}, LONG);
    expect(fake.link.sent).toEqual([
      ['achieng@example.org', `/register?draft=${id}`],
      ['achieng@example.org', `/register?draft=${id}`],
    ]);
    // Changing the address brings back the form as typed, and a reload then shows the form.
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Change address' }));
    expect(await screen.findByLabelText('Full name', {}, LONG)).toHaveValue(FORM.fullName);
    reload();
    expect(await screen.findByRole('button', { name: 'Register' }, LONG)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Check your email' })).toBeNull();
  });

  it('a reload of "Registration received" shows the registration again, with its code', async () => {
    fake.link.session = { uid: 'attendee-1', email: 'achieng@example.org' };
    renderPage(RegisterPage, '/register');
    const user = await fillRegistrationForm();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('heading', { name: 'Registration received' }, LONG);
    const [path] = registrations();
    const code = String(fake.state.docs.get(path)!.paymentCode);

    reload();
    const notice = await screen.findByRole('region', { name: 'Registration received' }, LONG);
    expect(await within(notice).findByText(code, {}, LONG)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Continue to checkout' })).toHaveAttribute('href', `/${path.replace('registrations', 'checkout')}`);
    // Kept for the tab, not for ever: "Register someone else" brings back an empty form, and a reload then shows the form.
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Register someone else' }));
    expect(await screen.findByLabelText('Full name', {}, LONG)).toHaveValue('');
  });

  it('a free registration is told nothing is due, and shown its e-ticket, not checkout to pay', async () => {
    fake.link.session = { uid: 'attendee-1', email: 'achieng@example.org' };
    renderPage(RegisterPage, '/register');
    const user = await fillRegistrationForm({ category: 'student' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const notice = await screen.findByRole('region', { name: 'Registration received' }, LONG);
    const [path] = registrations();
    await within(notice).findByText(String(fake.state.docs.get(path)!.paymentCode), {}, LONG);
    expect(notice).toHaveTextContent('Your code is NCS-');
    expect(notice).toHaveTextContent('Nothing is due: show it, or your e-ticket’s QR code, at the entrance to collect your badge.');
    expect(notice).not.toHaveTextContent(/pay/i);
    expect(within(notice).getByRole('link', { name: 'Open your e-ticket' })).toBeInTheDocument();
  });
});

describe('a signed-in attendee who already has a registration', () => {
  const AUTH_USER = 'firebase:authUser:demo-key:[DEFAULT]';
  const registered = async () => {
    fake.link.session = { uid: 'attendee-1', email: 'achieng@example.org' };
    renderPage(RegisterPage, '/register');
    const user = await fillRegistrationForm();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('heading', { name: 'Registration received' }, LONG);
    cleanup();
    sessionStorage.clear(); // another tab, or another day
    const [path] = registrations();
    return fake.state.docs.get(path)!;
  };

  it('is told at once, with the code and a link to it, and may still register someone else', async () => {
    const record = await registered();
    localStorage.setItem(AUTH_USER, JSON.stringify({ uid: 'attendee-1', email: 'achieng@example.org', emailVerified: true, isAnonymous: false }));
    renderPage(RegisterPage, '/register');
    const notice = await screen.findByRole('region', { name: 'You are already registered' }, LONG);
    expect(await within(notice).findByText(String(record.paymentCode), {}, LONG)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'My registration' })).toHaveAttribute('href', '/my-registration');
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Register someone else' }));
    expect(await screen.findByLabelText('Full name', {}, LONG)).toHaveValue('');
  });

  it('is shown the form once the check finds the registration cancelled', async () => {
    const record = await registered();
    fake.state.docs.set(`registrations/${String(record.id)}`, { ...record, status: 'cancelled' });
    localStorage.setItem(AUTH_USER, JSON.stringify({ uid: 'attendee-1', email: 'achieng@example.org', emailVerified: true, isAnonymous: false }));
    // The check's last read is the registration's seat slot: once it is read, only its answer is left to apply.
    const docs = fake.state.docs;
    const get = docs.get.bind(docs);
    let slotRead = false;
    docs.get = (path: string) => {
      if (path === `seats/${String(record.seat)}`) slotRead = true;
      return get(path);
    };
    renderPage(RegisterPage, '/register');
    await waitFor(() => expect(slotRead).toBe(true), LONG);
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'You are already registered' })).toBeNull();
  });
});

describe('arriving with the sign-in link', () => {
  it('on another device asks for the address, then registers the draft and deletes it in the same commit', async () => {
    fake.state.docs.set('registrationDrafts/REF0000000000001', {
      email: 'achieng@example.org',
      form: storedForm(),
      timestamp: new Date(),
      expiresAt: new Date(),
    });
    const href = `${location.origin}/register?draft=REF0000000000001&apiKey=k&oobCode=code-1&mode=signIn&lang=en`;
    history.replaceState(null, '', href);
    renderPage(RegisterPage, '/register');

    const prompt = await screen.findByRole('region', { name: 'Confirm your email address' }, LONG);
    const user = userEvent.setup();
    await user.type(within(prompt).getByLabelText('Email address'), 'Achieng@example.org');
    await user.click(within(prompt).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Registration received' }, LONG)).toBeInTheDocument();
    expect(fake.link.completed).toEqual([['Achieng@example.org', href]]);
    expect(screen.getByRole('link', { name: 'Continue to checkout' })).toHaveAttribute('href', '/checkout/REF0000000000001');
    expect(fake.state.docs.get('registrations/REF0000000000001')).toMatchObject({ email: 'achieng@example.org' });
    expect(fake.state.docs.has('registrationDrafts/REF0000000000001')).toBe(false);
    const commit = fake.state.commits.find((writes) => writes.some((w) => 'set' in w && w.set === 'registrations/REF0000000000001'))!;
    expect(commit).toContainEqual({ delete: 'registrationDrafts/REF0000000000001' });
    // The link works once: the address no longer holds it.
    expect(location.search).toBe('');
  });

  it('on the same device signs in with the address it remembered and joins the waiting list when the link says so', async () => {
    fake.link.stored = 'achieng@example.org';
    localStorage.setItem('registrationForm', JSON.stringify({ id: 'REF0000000000002', form: storedForm(), waitlist: true }));
    history.replaceState(null, '', '/register?draft=REF0000000000002&waitlist=1&apiKey=k&oobCode=code-1&mode=signIn');
    renderPage(RegisterPage, '/register');

    expect(await screen.findByRole('heading', { name: 'You are on the waiting list' }, LONG)).toBeInTheDocument();
    expect(fake.state.docs.get('waitlist/achieng@example.org')).toMatchObject({
      email: 'achieng@example.org',
      status: 'waiting',
      offer: null,
      form: storedForm(),
    });
    // Told by email, in the same commit (firestore.rules waitlistJoinedMail: one per join).
    expect(fake.state.docs.get('mail/waitlist-joined-achieng@example.org-0')).toMatchObject({
      to: 'achieng@example.org',
      template: { name: 'waitlist-joined', data: { name: FORM.fullName } },
    });
    expect(registrations()).toEqual([]);
  });

  it('says when the link expired or was used, keeps the typed form and offers a new link', async () => {
    fake.link.stored = 'achieng@example.org';
    fake.link.completeFailure = { code: 'auth/invalid-action-code' };
    localStorage.setItem('registrationForm', JSON.stringify({ id: 'REF0000000000003', form: storedForm(), waitlist: false }));
    history.replaceState(null, '', '/register?draft=REF0000000000003&apiKey=k&oobCode=code-1&mode=signIn');
    renderPage(RegisterPage, '/register');

    expect(await screen.findByRole('alert', {}, LONG)).toHaveTextContent(
      'This sign-in link has expired or was already used. Ask for a new one. Your answers are still here.',
    );
    expect(screen.getByLabelText('Full name')).toHaveValue(FORM.fullName);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByRole('region', { name: 'Check your email' }, LONG)).toBeInTheDocument();
    expect(fake.link.sent[0][0]).toBe('achieng@example.org');
  });
});

describe('when the address or the summit says no', () => {
  it('tells an address that already holds a seat where its registration is, keeping the form', async () => {
    fake.link.session = { uid: 'attendee-1', email: 'achieng@example.org' };
    fake.state.docs.set('attendees/achieng@example.org', { registrationId: 'OLD0000000000001' });
    fake.state.docs.set('registrations/OLD0000000000001', {
      email: 'achieng@example.org',
      status: 'confirmed',
      paymentStatus: 'paid',
      seat: '3',
      seatClaim: 'c',
    });
    renderPage(RegisterPage, '/register');
    const user = await fillRegistrationForm();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const alert = await screen.findByRole('alert', {}, LONG);
    expect(alert).toHaveTextContent('This address already has a registration.');
    expect(within(alert).getByRole('link', { name: 'My registration' })).toHaveAttribute('href', '/my-registration');
    expect(screen.getByLabelText('Full name')).toHaveValue(FORM.fullName);
  });

  it('tells a +tag address that its mailbox already holds a seat, under which address (masked), keeping the form', async () => {
    fake.link.session = { uid: 'attendee-2', email: 'achieng+summit@example.org' };
    fake.state.docs.set('attendees/achieng@example.org', { registrationId: 'OLD0000000000001' });
    fake.state.docs.set('registrations/OLD0000000000001', {
      email: 'achieng@example.org',
      status: 'confirmed',
      paymentStatus: 'paid',
      seat: '3',
      seatClaim: 'c',
    });
    renderPage(RegisterPage, '/register');
    const user = await fillRegistrationForm({ email: 'achieng+summit@example.org' });
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const alert = await screen.findByRole('alert', {}, LONG);
    expect(alert).toHaveTextContent('This mailbox already has a registration, under a•••@example.org: an address with a +tag reaches the same mailbox');
    expect(within(alert).getByRole('link', { name: 'My registration' })).toHaveAttribute('href', '/my-registration');
    expect(registrations()).toEqual(['registrations/OLD0000000000001']);
  });

  it('offers the waiting list with the form kept when the last seats went while registering', async () => {
    fake.link.session = { uid: 'attendee-1', email: 'achieng@example.org' };
    renderPage(RegisterPage, '/register');
    const user = await fillRegistrationForm();
    takeEverySeat(fake.state);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert', {}, LONG)).toHaveTextContent('The last free seats were taken while you registered. Your answers are still here');
    expect(screen.getByLabelText('Full name')).toHaveValue(FORM.fullName);
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByRole('heading', { name: 'You are on the waiting list' }, LONG)).toBeInTheDocument();
    expect(fake.state.docs.get('waitlist/achieng@example.org')).toMatchObject({ status: 'waiting', form: storedForm() });
  });

  it('tells someone who joined and left moments ago when they may join again, keeping the form and storing nothing', async () => {
    fake.link.session = { uid: 'attendee-1', email: 'achieng@example.org' };
    const joined = new Date(Date.now() - 3 * 60_000);
    fake.state.docs.set('waitlist/achieng@example.org', {
      email: 'achieng@example.org',
      status: 'withdrawn',
      offer: null,
      timestamp: joined,
      position: joined,
    });
    takeEverySeat(fake.state);
    renderPage(RegisterPage, '/register');
    const user = await fillRegistrationForm();
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));

    const alert = await screen.findByRole('alert', {}, LONG);
    expect(alert).toHaveTextContent('You joined the waiting list a few minutes ago. Your answers are still here: you can join again after');
    expect(screen.getByLabelText('Full name')).toHaveValue(FORM.fullName);
    expect(fake.state.docs.get('waitlist/achieng@example.org')).toMatchObject({ status: 'withdrawn' });
    expect(fake.state.docs.get('counters/waitlist')).toBeUndefined();
  });

  it('offers the waiting list on the same form when no seat is free', async () => {
    takeEverySeat(fake.state);
    renderPage(RegisterPage, '/register');
    expect(await screen.findByRole('heading', { name: 'Every seat is taken' }, LONG)).toBeInTheDocument();
    const user = await fillRegistrationForm();
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    await screen.findByRole('region', { name: 'Check your email' }, LONG);
    const [id] = draftIds();
    expect(fake.link.sent).toEqual([['achieng@example.org', `/register?draft=${id}&waitlist=1`]]);
  });

  it('offers the waiting list while anyone waits, though seats are free (they go to the list first)', async () => {
    fake.state.docs.set('counters/waitlist', { waiting: 2, lastAddress: 'someone@example.org' });
    renderPage(RegisterPage, '/register');
    expect(await screen.findByRole('heading', { name: 'Seats go to the waiting list first' }, LONG)).toBeInTheDocument();
    expect(screen.getByText(/People are waiting for a seat, so every seat that frees up is offered to them first/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the waiting list' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('registers as usual once nobody waits (a count at zero)', async () => {
    fake.state.docs.set('counters/waitlist', { waiting: 0, lastAddress: 'someone@example.org' });
    renderPage(RegisterPage, '/register');
    await fillRegistrationForm();
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /waiting list|Every seat/ })).toBeNull();
  });

  it('shows registration closed as before', async () => {
    seed(fake.state, { settings: { registrationOpen: false } });
    renderPage(RegisterPage, '/register');
    expect(await screen.findByRole('heading', { name: 'Registration closed' }, LONG)).toBeInTheDocument();
  });
});

describe('a link choosing the category (an accepted abstract’s presenter)', () => {
  const PRESENTER = { ...SETTINGS.categories, presenter: { label: 'Abstract presenter', fee: 5000 } };
  const category = async () => (await screen.findByLabelText('Category', {}, LONG)) as HTMLSelectElement;

  it('preselects a category the settings have, and registers under it', async () => {
    seed(fake.state, { settings: { categories: PRESENTER } });
    fake.link.session = { uid: 'attendee-1', email: 'achieng@example.org' };
    renderPage(RegisterPage, '/register?category=presenter');
    expect(await category()).toHaveValue('presenter');
    expect((await category()).selectedOptions[0]).toHaveTextContent('Abstract presenter');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), FORM.fullName);
    await user.type(screen.getByLabelText(/^Email/), 'achieng@example.org');
    await user.type(screen.getByLabelText('Phone'), FORM.phone);
    await user.type(screen.getByLabelText('Organisation'), FORM.organisation);
    await user.type(screen.getByLabelText('Role or job title'), FORM.jobTitle);
    await user.clear(screen.getByLabelText('Country'));
    await user.type(screen.getByLabelText('Country'), FORM.country);
    await user.click(screen.getByLabelText(/I agree to the terms/));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Registration received' }, LONG)).toBeInTheDocument();
    expect(fake.state.docs.get(registrations()[0])).toMatchObject({ category: 'presenter', fee: 5000 });
  });

  it.each([
    ['a key the settings do not have', 'category=vip'],
    ['an inherited name', 'category=toString'],
    ['an empty one', 'category='],
    ['another case', 'category=Presenter'],
  ])('ignores %s: the form starts as without a link, nothing chosen', async (_, search) => {
    seed(fake.state, { settings: { categories: PRESENTER } });
    renderPage(RegisterPage, `/register?${search}`);
    expect(await category()).toHaveValue('');
  });

  it('ignores the presenter category once the settings no longer have it', async () => {
    renderPage(RegisterPage, '/register?category=presenter');
    expect(await category()).toHaveValue('');
  });
});

describe('the sensitive questions', () => {
  it('say why accessibility and dietary needs are asked and who sees them, as each field’s description', async () => {
    renderPage(RegisterPage, '/register');
    const access = await screen.findByRole('textbox', { name: 'Accessibility needs (optional)' });
    const diet = screen.getByRole('textbox', { name: 'Dietary needs (optional)' });
    expect(access).toHaveAccessibleDescription(/so we can arrange it\. Only the organisers and the registration desk see it\.$/);
    expect(diet).toHaveAccessibleDescription('So the caterers can plan your meals. Only the organisers and the registration desk see it.');
  });
});
