import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../tests/fake-db.ts';
import { createLinkFake, emailLinkModule, HOUR, renderPage } from '../../../tests/render-public.tsx';
import { LONG } from '../../../tests/lazy-wait.ts';
import type { AbstractContent } from '../../data/abstracts.ts';

// Only the Firebase boundary is faked: the database client, the visitor's identity, App Check and
// the attendee's sign-in. The same commits meet the real rules in tests/integration/abstracts.test.ts.
const fake = vi.hoisted(() => ({
  state: null as unknown as ReturnType<typeof createFakeState>,
  link: {} as ReturnType<typeof createLinkFake>,
}));
vi.mock('../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
  get publicReads() {
    return fakeDb(fake.state);
  },
}));
vi.mock('../../lib/visitor-auth.ts', () => ({ visitorUid: async () => 'attendee-1' }));
vi.mock('../../lib/app-check.ts', () => ({ startAppCheck: async () => {} }));
vi.mock('../../lib/email-link.ts', () => emailLinkModule(fake.link));

const { default: MyAbstractsPage } = await import('./MyAbstractsPage.tsx');

const EMAIL = 'achieng@example.org';
const ID = 'AbstractId0000000001';
const now = Date.now();
const CALL = {
  opensAt: new Date(now - 24 * HOUR),
  closesAt: new Date(now + 7 * 24 * HOUR),
  tracks: { prevention: 'Prevention and early detection', treatment: 'Treatment and care' },
  wordLimits: { background: 5, methods: 5, results: 5, conclusions: 5, total: 15 },
  guidelines: '',
};
const COMPLETE: AbstractContent = {
  title: 'Screening uptake in Kisumu',
  authors: ['Achieng Otieno', 'Kiprop Kemboi'],
  affiliations: ['Kenyatta National Hospital', 'Moi University'],
  presenting: 1,
  track: 'prevention',
  presentation: 'poster',
  background: 'Uptake is low.',
  methods: 'We surveyed 400 women.',
  results: 'Uptake doubled.',
  conclusions: 'Outreach works.',
  keywords: 'screening, outreach',
  conflicts: 'None.',
  consent: true,
};

function stored(id: string, fields: Partial<AbstractContent> & Record<string, unknown> = {}) {
  fake.state.docs.set(`abstracts/${id}`, {
    ...COMPLETE,
    id,
    email: EMAIL,
    status: 'submitted',
    createdAt: new Date(now - 2 * HOUR),
    updatedAt: new Date(now - HOUR),
    submittedAt: new Date(now - HOUR),
    ...fields,
  });
}

const axeViolations = async () => {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

beforeEach(() => {
  fake.state = createFakeState();
  Object.assign(fake.link, createLinkFake());
  fake.state.docs.set('settings/abstracts', CALL);
  sessionStorage.clear();
  history.replaceState(null, '', '/my-abstracts');
});

const signIn = () => {
  fake.link.session = { uid: 'attendee-1', email: EMAIL };
};
const form = () => screen.findByRole('region', { name: /A new abstract|^Edit/ }, LONG);
const abstractsWritten = () => fake.state.commits.flat().filter((w) => ('set' in w ? w.set : 'update' in w ? w.update : '').startsWith('abstracts/'));

describe('signed out', () => {
  it('asks for the address and mails a sign-in link back to this page', async () => {
    renderPage(MyAbstractsPage, '/my-abstracts');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email address', {}, LONG), 'Achieng@Example.org');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('region', { name: 'Check your email' }, LONG)).toHaveTextContent(
      'Open the link on this or another device to write and submit your abstracts.',
    );
    expect(fake.link.sent).toEqual([['Achieng@Example.org', '/my-abstracts']]);
  });

  it('a link asked for while writing one returns to that abstract', async () => {
    renderPage(MyAbstractsPage, `/my-abstracts?abstract=${ID}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email address', {}, LONG), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await screen.findByRole('region', { name: 'Check your email' }, LONG);
    expect(fake.link.sent).toEqual([[EMAIL, `/my-abstracts?abstract=${ID}`]]);
  });

  it('opening the link signs in once: choosing an abstract afterwards does not ask again', async () => {
    fake.link.stored = EMAIL;
    const href = `${location.origin}/my-abstracts?apiKey=k&oobCode=code-1&mode=signIn`;
    history.replaceState(null, '', href);
    renderPage(MyAbstractsPage, '/my-abstracts?apiKey=k&oobCode=code-1&mode=signIn');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Write a new abstract' }, LONG));
    expect(await form()).toHaveAccessibleName('A new abstract');
    expect(screen.queryByRole('region', { name: 'Confirm your email address' })).toBeNull();
    expect(fake.link.completed).toEqual([[EMAIL, href]]);
  });
});

describe('signed in', () => {
  beforeEach(signIn);

  it('lists only the author’s abstracts with each one’s state, the latest changed first', async () => {
    stored('AbstractId0000000001', { title: 'Submitted one', updatedAt: new Date(now - 3 * HOUR) });
    stored('AbstractId0000000002', { title: '', status: 'draft', submittedAt: null, track: '', updatedAt: new Date(now - HOUR) });
    stored('AbstractId0000000003', { title: 'Withdrawn one', status: 'withdrawn', updatedAt: new Date(now - 2 * HOUR) });
    stored('AbstractId0000000004', { title: 'Someone else’s', email: 'other@example.org' });
    renderPage(MyAbstractsPage, '/my-abstracts');
    const list = await screen.findByRole('region', { name: 'Your abstracts' }, LONG);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Untitled abstract', 'Withdrawn one', 'Submitted one']);
    expect(items[0]).toHaveTextContent('Draft: not submitted yet');
    expect(items[0]).toHaveTextContent('Track—');
    expect(items[1]).toHaveTextContent('Withdrawn');
    expect(within(items[1]).getByRole('button', { name: 'Read “Withdrawn one”' })).toBeInTheDocument();
    expect(items[2]).toHaveTextContent(/Submitted on .+ \(Nairobi time\)/);
    expect(items[2]).toHaveTextContent('Prevention and early detection');
    expect(within(items[2]).getByRole('button', { name: 'Edit “Submitted one”' })).toBeInTheDocument();
    expect(list).not.toHaveTextContent('Someone else’s');
  });

  it('with none yet, says so and offers to write one', async () => {
    renderPage(MyAbstractsPage, '/my-abstracts');
    expect(await screen.findByText(`No abstract for ${EMAIL} yet.`, {}, LONG)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Write a new abstract' }));
    expect(await form()).toHaveAccessibleName('A new abstract');
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getAllByRole('group', { name: /^Author \d$/ })).toHaveLength(1);
  });

  it('counts each part’s words and the whole’s as the author types, and says by how much a limit is passed', async () => {
    renderPage(MyAbstractsPage, `/my-abstracts?abstract=${ID}`);
    await form();
    const user = userEvent.setup();
    const background = screen.getByLabelText('Background');
    expect(background).toHaveAccessibleDescription('0 words of 5');
    await user.type(background, '  one\ttwo\n\nthree ');
    expect(background).toHaveAccessibleDescription('3 words of 5');
    await user.type(background, ' four five six seven');
    expect(background).toHaveAccessibleDescription('7 words of 5: 2 over the limit');
    await user.type(screen.getByLabelText('Methods'), 'a b c d e');
    await user.type(screen.getByLabelText('Results'), 'a b c d e');
    expect(screen.getByText(/^The whole abstract:/)).toHaveTextContent('The whole abstract: 17 words of 15: 2 over the limit.');
    const announced = within(await form()).getByRole('status');
    expect(announced).toHaveTextContent('Over a word limit.');
    await user.clear(background);
    expect(announced).toHaveTextContent('');
  });

  it('will not submit an unfinished abstract: it lists what is missing beside each field and writes nothing', async () => {
    renderPage(MyAbstractsPage, `/my-abstracts?abstract=${ID}`);
    await form();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit the abstract' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('The abstract cannot be submitted yet:');
    // The one author row, left empty, is dropped: the list says an author is needed.
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.getByRole('group', { name: 'Authors, in order' })).toHaveAccessibleDescription('Add at least one author.');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Give the abstract a title.');
    expect(screen.getByLabelText('Track')).toHaveAccessibleDescription('Choose a track.');
    expect(screen.getByLabelText('Background')).toHaveAccessibleDescription('0 words of 5 Write the background.');
    expect(screen.getByRole('checkbox', { name: /may be published/ })).toHaveAccessibleDescription('Agree to the abstract being published if it is accepted.');
    expect(abstractsWritten()).toEqual([]);
  });

  it('saves a draft with only a title, then finishes and submits it; the list shows each state', async () => {
    renderPage(MyAbstractsPage, `/my-abstracts?abstract=${ID}`);
    await form();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), '  HPV self-sampling in Kilifi ');
    await user.click(screen.getByRole('button', { name: 'Save as a draft' }));
    expect(await screen.findByText('Draft “HPV self-sampling in Kilifi” saved. It is not submitted yet.', {}, LONG)).toBeInTheDocument();
    const draft = fake.state.docs.get(`abstracts/${ID}`)!;
    expect(draft).toMatchObject({
      id: ID,
      email: EMAIL,
      status: 'draft',
      title: 'HPV self-sampling in Kilifi',
      authors: [],
      presenting: -1,
      submittedAt: null,
    });
    // The first save is a visitor's submission: with its throttle write, in one commit.
    expect(fake.state.commits[0].map((w) => ('set' in w ? w.set : 'update' in w ? w.update : w.delete))).toEqual([`abstracts/${ID}`, 'throttles/attendee-1']);
    // The list is read again after the save (the abstracts and their decisions).
    expect(await screen.findByRole('listitem', {}, LONG)).toHaveTextContent('Draft: not submitted yet');

    await user.click(screen.getByRole('button', { name: 'Edit “HPV self-sampling in Kilifi”' }));
    expect(await form()).toHaveAccessibleName('Edit “HPV self-sampling in Kilifi”');
    await user.type(screen.getByLabelText('Name'), 'Achieng Otieno');
    await user.type(screen.getByLabelText('Institution'), 'KEMRI');
    await user.click(screen.getByRole('radio', { name: 'Presents the abstract' }));
    await user.selectOptions(screen.getByLabelText('Track'), 'prevention');
    await user.click(screen.getByRole('radio', { name: 'Poster' }));
    for (const part of ['Background', 'Methods', 'Results', 'Conclusions']) await user.type(screen.getByLabelText(part), 'Three words here');
    await user.type(screen.getByLabelText('Keywords'), 'HPV, self-sampling');
    await user.click(screen.getByRole('checkbox', { name: /may be published/ }));
    await user.click(screen.getByRole('button', { name: 'Submit the abstract' }));
    expect(await screen.findByText(/^“HPV self-sampling in Kilifi” is submitted\. You can still edit or withdraw it until /, {}, LONG)).toBeInTheDocument();
    expect(fake.state.docs.get(`abstracts/${ID}`)).toMatchObject({
      status: 'submitted',
      authors: ['Achieng Otieno'],
      affiliations: ['KEMRI'],
      presenting: 0,
      track: 'prevention',
      presentation: 'poster',
      keywords: 'HPV, self-sampling',
      consent: true,
    });
    // Later saves update the record; only the first was throttled.
    expect(fake.state.commits.at(-1)!.map((w) => ('update' in w ? w.update : 'set'))).toEqual([`abstracts/${ID}`]);
    await waitFor(() => expect(screen.getByRole('listitem')).toHaveTextContent(/Submitted on/));
  });

  it('keeps what was typed and not saved through a reload, and can discard it', async () => {
    stored(ID, { title: 'Saved title' });
    renderPage(MyAbstractsPage, `/my-abstracts?abstract=${ID}`);
    await form();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Typed, not saved');
    cleanup();

    renderPage(MyAbstractsPage, `/my-abstracts?abstract=${ID}`);
    await form();
    expect(screen.getByLabelText('Title')).toHaveValue('Typed, not saved');
    expect(screen.getByText('We kept the changes you had not saved yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Saved title');
    cleanup();

    renderPage(MyAbstractsPage, `/my-abstracts?abstract=${ID}`);
    await form();
    expect(screen.getByLabelText('Title')).toHaveValue('Saved title');
    expect(screen.queryByText('We kept the changes you had not saved yet.')).toBeNull();
  });

  it('the presenting author follows their row when authors move or go', async () => {
    stored(ID, { authors: ['A One', 'B Two', 'C Three'], affiliations: ['X', 'Y', 'Z'], presenting: 1 });
    renderPage(MyAbstractsPage, `/my-abstracts?abstract=${ID}`);
    await form();
    const user = userEvent.setup();
    const presenter = () => {
      const rows = screen.getAllByRole('group', { name: /^Author \d$/ });
      const row = rows.find((r) => (within(r).getByRole('radio') as HTMLInputElement).checked);
      return row ? (within(row).getByLabelText('Name') as HTMLInputElement).value : null;
    };
    expect(presenter()).toBe('B Two');
    await user.click(screen.getByRole('button', { name: 'Move author 2 up' }));
    expect(presenter()).toBe('B Two');
    await user.click(screen.getByRole('button', { name: 'Remove author 2' }));
    expect(presenter()).toBe('B Two');
    await user.click(screen.getByRole('button', { name: 'Remove author 1' }));
    expect(presenter()).toBeNull();
    expect(screen.getByRole('button', { name: 'Move author 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move author 1 down' })).toBeDisabled();
  });

  it('takes at most 20 authors', async () => {
    stored(ID, { authors: Array.from({ length: 19 }, (_, i) => `Author ${i}`), affiliations: Array.from({ length: 19 }, () => 'KNH'), presenting: 0 });
    renderPage(MyAbstractsPage, `/my-abstracts?abstract=${ID}`);
    await form();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add an author' }));
    expect(screen.getAllByRole('group', { name: /^Author \d+$/ })).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Add an author' })).toBeDisabled();
    expect(screen.getByText('An abstract has at most 20 authors.')).toBeInTheDocument();
  });

  it('refuses what no record may hold, a draft too: a 301-character title, a hidden character', async () => {
    renderPage(MyAbstractsPage, `/my-abstracts?abstract=${ID}`);
    await form();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove author 1' }));
    await user.click(screen.getByLabelText('Title'));
    await user.paste('x'.repeat(301));
    await user.click(screen.getByLabelText('Keywords'));
    await user.paste('HPV\u202Escreening');
    await user.click(screen.getByRole('button', { name: 'Save as a draft' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('The title must be at most 300 characters.'));
    expect(screen.getByLabelText('Keywords')).toHaveAccessibleDescription(/Use only visible characters/);
    expect(abstractsWritten()).toEqual([]);
  });

  it('a save the rules refuse (the call closed meanwhile) says so and keeps the text', async () => {
    stored(ID, { title: 'Saved title' });
    renderPage(MyAbstractsPage, `/my-abstracts?abstract=${ID}`);
    await form();
    fake.state.failCommits = Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), ' and more');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /This abstract can no longer be changed: the call closed on .+\. Your text is still here to copy\./,
    );
    expect(screen.getByLabelText('Title')).toHaveValue('Saved title and more');
  });

  it('withdraws after a confirmation that can be declined', async () => {
    stored(ID, { title: 'To withdraw' });
    renderPage(MyAbstractsPage, `/my-abstracts?abstract=${ID}`);
    await form();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw “To withdraw”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the abstract' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Withdraw' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw the abstract' }));
    expect(await screen.findByText('“To withdraw” is withdrawn.', {}, LONG)).toBeInTheDocument();
    expect(fake.state.docs.get(`abstracts/${ID}`)).toMatchObject({ status: 'withdrawn' });
    expect(screen.getByRole('listitem')).toHaveTextContent('Withdrawn');
  });

  it('once the call has closed: no new abstract, each one read only', async () => {
    fake.state.docs.set('settings/abstracts', { ...CALL, opensAt: new Date(now - 48 * HOUR), closesAt: new Date(now - HOUR) });
    stored(ID, { title: 'Closed one' });
    renderPage(MyAbstractsPage, '/my-abstracts');
    expect(await screen.findByText(/^The call closed on .+: abstracts can no longer be changed\./, {}, LONG)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write a new abstract' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Read “Closed one”' }));
    const view = await screen.findByRole('article', { name: 'Closed one' });
    expect(view).toHaveTextContent('The call is closed: this abstract can no longer be changed.');
    expect(view).toHaveTextContent('Kiprop Kemboi (presenting), Moi University');
    expect(view).toHaveTextContent('Outreach works.');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  describe('once decided', () => {
    const CLOSED = { ...CALL, opensAt: new Date(now - 48 * HOUR), closesAt: new Date(now - HOUR) };
    const outcome = (id: string, fields: Record<string, unknown>) =>
      fake.state.docs.set(`abstractOutcomes/${id}`, { id, email: EMAIL, comments: [], decidedAt: new Date(now - HOUR), ...fields });
    const card = async (title: string) => {
      const list = await screen.findByRole('region', { name: 'Your abstracts' }, LONG);
      return within(list).getByRole('heading', { name: title }).closest('li')!;
    };

    beforeEach(() => fake.state.docs.set('settings/abstracts', CLOSED));

    it('shows each decision in the committee’s words, with the reviewers’ comments as written and unsigned', async () => {
      stored('AbstractId0000000001', { title: 'Oral one' });
      stored('AbstractId0000000002', { title: 'Poster one' });
      stored('AbstractId0000000003', { title: 'Rejected one' });
      stored('AbstractId0000000004', { title: 'Not decided yet' });
      outcome('AbstractId0000000001', { outcome: 'oral', comments: ['Clear methods.\nSay how the clinics were chosen.', '<b>Bold?</b>'] });
      outcome('AbstractId0000000002', { outcome: 'poster' });
      outcome('AbstractId0000000003', { outcome: 'reject', comments: ['Too small a sample.'] });
      renderPage(MyAbstractsPage, '/my-abstracts');
      const oral = within(await card('Oral one')).getByRole('region', { name: 'Decision: Accepted as an oral presentation' });
      const quotes = within(oral).getAllByRole('listitem');
      expect(quotes.map((q) => q.textContent)).toEqual(['Clear methods.\nSay how the clinics were chosen.', '<b>Bold?</b>']);
      // Shown as text, never as markup.
      expect(oral.querySelector('b')).toBeNull();
      // Accepted: the presenting author (COMPLETE's second) is asked to register as a presenter, the link choosing the category.
      expect(oral).toHaveTextContent('The presenting author, Kiprop Kemboi, registers for the summit, choosing the category “Abstract presenter”.');
      expect(within(oral).getByRole('link', { name: 'Register as the presenting author' })).toHaveAttribute('href', '/register?category=presenter');
      const poster = within(await card('Poster one')).getByRole('region', { name: 'Decision: Accepted as a poster' });
      expect(poster).not.toHaveTextContent('comments');
      expect(within(poster).getByRole('link', { name: 'Register as the presenting author' })).toHaveAttribute('href', '/register?category=presenter');
      const rejected = within(await card('Rejected one')).getByRole('region', { name: 'Decision: Not accepted' });
      expect(rejected).toHaveTextContent('The reviewers’ comments:Too small a sample.');
      expect(rejected).not.toHaveTextContent('register');
      expect(within(rejected).queryByRole('link')).toBeNull();
      expect(within(await card('Not decided yet')).queryByRole('region')).toBeNull();
      expect(await axeViolations()).toEqual([]);
    });

    it('never shows another address’s decision, even on an abstract id of the author’s', async () => {
      stored(ID, { title: 'Mine' });
      outcome(ID, { email: 'other@example.org', outcome: 'oral' });
      renderPage(MyAbstractsPage, '/my-abstracts');
      expect(within(await card('Mine')).queryByRole('region')).toBeNull();
    });
  });

  it('a made-up abstract id in the address opens nothing of anyone’s', async () => {
    stored('AbstractId0000000009', { email: 'other@example.org', title: 'Not yours' });
    renderPage(MyAbstractsPage, '/my-abstracts?abstract=AbstractId0000000009');
    expect(await form()).toHaveAccessibleName('A new abstract');
    expect(screen.getByLabelText('Title')).toHaveValue('');
    cleanup();
    renderPage(MyAbstractsPage, '/my-abstracts?abstract=../settings/site');
    expect(await screen.findByRole('region', { name: 'Your abstracts' }, LONG)).toBeInTheDocument();
  });

  it('has no accessibility violations: the list, and the form with its errors', async () => {
    stored(ID, { title: 'Accessible' });
    renderPage(MyAbstractsPage, '/my-abstracts');
    await screen.findByRole('region', { name: 'Your abstracts' }, LONG);
    expect(await axeViolations()).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Write a new abstract' }));
    await form();
    await user.click(screen.getByRole('button', { name: 'Submit the abstract' }));
    await screen.findByRole('alert');
    expect(await axeViolations()).toEqual([]);
  });
});
