import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAbstract, storeCall } from '../../../../tests/abstract-fixtures.ts';
import { createFakeState, fakeDb } from '../../../../tests/fake-db.ts';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';

const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState>, unreadable: '' }));
vi.mock('../../../lib/data.ts', () => ({
  // A collection named in `unreadable` fails to load (a lost connection).
  get db() {
    const db = fakeDb(fake.state);
    return {
      ...db,
      fetchEvery: (path: string, ...rest: unknown[]) =>
        path === fake.unreadable ? Promise.reject(new Error('unavailable')) : (db.fetchEvery as (...a: unknown[]) => Promise<unknown>)(path, ...rest),
    };
  },
  get publicReads() {
    return fakeDb(fake.state);
  },
}));

const { default: ProgrammePage } = await import('./ProgrammePage.tsx');

const decide = (id: string, outcome: 'oral' | 'poster' | 'reject') =>
  fake.state.docs.set(`abstractDecisions/${id}`, { id, outcome, reviewIds: [], comments: [], decidedBy: 'admin@summit.test', decidedAt: new Date() });
const storeSession = (id: string, title: string, hour: number, published = true) =>
  fake.state.docs.set(`sessions/${id}`, {
    id,
    title,
    description: '',
    day: 1,
    startsAt: new Date(Date.UTC(2027, 2, 10, hour - 3)),
    endsAt: new Date(Date.UTC(2027, 2, 10, hour - 2)),
    track: '',
    room: 'Hall A',
    speakerIds: [],
    published,
  });

// Five accepted abstracts (one more than a commit of three and a bit), one rejected, one undecided.
const ACCEPTED = ['A1', 'A2', 'A3', 'A4', 'A5'];
beforeEach(() => {
  fake.state = createFakeState();
  fake.unreadable = '';
  storeCall(fake.state);
  for (const id of [...ACCEPTED, 'R1', 'U1']) storeAbstract(fake.state, id);
  for (const id of ACCEPTED) decide(id, id === 'A1' ? 'poster' : 'oral');
  decide('R1', 'reject');
  storeSession('s-screening', 'Screening in practice', 9);
  storeSession('s-late', 'Late-breaking', 14, false);
});

const published = () =>
  [...fake.state.docs.keys()]
    .filter((p) => p.startsWith('publishedAbstracts/'))
    .map((p) => p.split('/')[1])
    .sort();
const logLines = () =>
  [...fake.state.docs.entries()]
    .filter(([p]) => p.startsWith('logs/'))
    .map(([, d]) => String(d.message))
    .sort();
const column = (table: HTMLElement, header: string) => {
  const index = within(table)
    .getAllByRole('columnheader')
    .findIndex((h) => h.textContent === header);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index].textContent);
};

describe('Abstracts in the programme', () => {
  it('lists the accepted abstracts, publishes them in commits of three with progress, each logged with the content version, and a second run finds nothing', async () => {
    renderStaffScreen(ProgrammePage);
    const user = userEvent.setup();
    expect(await screen.findByText('5 accepted abstracts (4 oral, 1 poster): 0 published, 0 of them in a session.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Accepted abstracts' });
    expect(column(table, 'Title')).toEqual(['Title A1', 'Title A2', 'Title A3', 'Title A4', 'Title A5']);
    expect(column(table, 'Accepted as')[0]).toBe('Poster');
    expect(column(table, 'Publication')).toEqual(Array(5).fill('Not published'));
    expect(
      await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } }).then((r) => r.violations.map((v) => v.id)),
    ).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Publish 5 accepted abstracts' }));
    expect(await screen.findByText('Published 5 abstracts.')).toBeInTheDocument();
    expect(published()).toEqual(ACCEPTED);
    // Three abstracts a commit (the rules' reads), each with the content version's move and its log line.
    expect(fake.state.commits.map((c) => c.length)).toEqual([3 * 2 + 2, 2 * 2 + 2]);
    expect(fake.state.docs.get('counters/content')).toEqual({ version: 2 });
    expect(logLines()).toEqual(['Published 2 accepted abstracts (part 2 of 2)', 'Published 3 accepted abstracts (part 1 of 2)']);
    expect(fake.state.docs.get('publishedAbstracts/A1')).toMatchObject({ title: 'Title A1', presentation: 'poster', sessionId: '', sessionOrder: 0 });
    expect(fake.state.docs.get('publishedAbstracts/A1')).not.toHaveProperty('email');
    expect(fake.state.docs.get('publishedAbstractTexts/A1')).toEqual({
      id: 'A1',
      background: 'Background text.',
      methods: 'Methods text.',
      results: 'Results text.',
      conclusions: 'Conclusions text.',
    });
    expect(await screen.findByText('5 accepted abstracts (4 oral, 1 poster): 5 published, 0 of them in a session.')).toBeInTheDocument();
    expect(column(screen.getByRole('table', { name: 'Accepted abstracts' }), 'Publication')).toEqual(Array(5).fill('Published, not in a session'));
    expect(screen.queryByRole('button', { name: /^Publish / })).toBeNull();
    expect(screen.getByText('Every accepted abstract that can be published is published.')).toBeInTheDocument();
  });

  it('says how far it got when a commit fails, and publishing again tops up the rest', async () => {
    const now = fake.state.now;
    fake.state.now = () => {
      if (fake.state.commits.length === 1) fake.state.failCommits = new Error('unavailable');
      return now();
    };
    renderStaffScreen(ProgrammePage);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish 5 accepted abstracts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Stopped after 1 of 2 commits: 3 abstracts published, the rest not. Check your connection, then press “Publish” again: it publishes only those not yet published.',
    );
    expect(published()).toEqual(['A1', 'A2', 'A3']);

    fake.state.failCommits = null;
    fake.state.now = now;
    await user.click(await screen.findByRole('button', { name: 'Publish 2 accepted abstracts' }));
    expect(await screen.findByText('Published 2 abstracts.')).toBeInTheDocument();
    expect(published()).toEqual(ACCEPTED);
  });

  it('places a published abstract in a session at a place (by keyboard from its row), moves it, takes it out', async () => {
    renderStaffScreen(ProgrammePage);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish 5 accepted abstracts' }));
    await screen.findByText('Published 5 abstracts.');
    fake.state.commits.length = 0;

    // "Place" on a row chooses it below and moves focus there.
    await user.click(await screen.findByRole('button', { name: 'Place “Title A2”' }));
    expect(screen.getByLabelText('Published abstract')).toHaveFocus();
    expect(screen.getByLabelText('Published abstract')).toHaveValue('A2');
    const session = screen.getByLabelText('Session');
    expect(
      within(session)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Day 1, 09:00–10:00: Screening in practice (Hall A)', 'Day 1, 14:00–15:00: Late-breaking (Hall A), not published yet']);
    await user.click(screen.getByRole('button', { name: 'Place in the session' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a session.');
    expect(fake.state.commits).toEqual([]);

    await user.selectOptions(session, 's-screening');
    const place = screen.getByLabelText(/^Place in the session’s running order/);
    expect(place).toHaveValue('1');
    await user.clear(place);
    await user.type(place, '0');
    await user.click(screen.getByRole('button', { name: 'Place in the session' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a place from 1 to 1000.');
    for (const odd of ['1001', '2.5', 'two', '-1']) {
      await user.clear(place);
      await user.type(place, odd);
      await user.click(screen.getByRole('button', { name: 'Place in the session' }));
      expect(screen.getByRole('alert'), odd).toHaveTextContent('Enter a place from 1 to 1000.');
      expect(place).toHaveAccessibleDescription(/Enter a place from 1 to 1000\./);
    }
    expect(fake.state.commits).toEqual([]);
    // The last place the rules allow.
    await user.clear(place);
    await user.type(place, '1000');
    await user.click(screen.getByRole('button', { name: 'Place in the session' }));
    expect(await screen.findByText('Placed in the session at place 1000.')).toBeInTheDocument();
    expect(fake.state.docs.get('publishedAbstracts/A2')).toMatchObject({ sessionId: 's-screening', sessionOrder: 999 });
    fake.state.commits.length = 0;
    await user.clear(place);
    await user.type(place, '2');
    await user.click(screen.getByRole('button', { name: 'Place in the session' }));
    expect(await screen.findByText('Placed in the session at place 2.')).toBeInTheDocument();
    expect(fake.state.docs.get('publishedAbstracts/A2')).toMatchObject({ sessionId: 's-screening', sessionOrder: 1 });
    expect(logLines()).toContain('Placed abstract A2 in session s-screening, place 2');
    // The content version moves with a placement too (the programme shows it).
    expect(fake.state.commits[0].map((w) => ('set' in w ? w.set : 'update' in w ? w.update : w.delete).split('/')[0])).toEqual([
      'publishedAbstracts',
      'counters',
      'logs',
    ]);
    expect(await screen.findByText('Day 1, 09:00–10:00: Screening in practice (Hall A), place 2', { selector: 'td' })).toBeInTheDocument();

    // Another abstract into the same session is proposed the place after it, and sees the running order.
    await user.selectOptions(screen.getByLabelText('Published abstract'), 'A4');
    await user.selectOptions(screen.getByLabelText('Session'), 's-screening');
    expect(screen.getByLabelText(/^Place in the session’s running order/)).toHaveValue('3');
    expect(screen.getByText('1 is first. In this session now: 2. Title A2.')).toBeInTheDocument();

    // Taking A2 out.
    await user.selectOptions(screen.getByLabelText('Published abstract'), 'A2');
    await user.click(screen.getByRole('button', { name: 'Take out of its session' }));
    expect(await screen.findByText('Taken out of its session.')).toBeInTheDocument();
    expect(fake.state.docs.get('publishedAbstracts/A2')).toMatchObject({ sessionId: '', sessionOrder: 0 });
    expect(logLines()).toContain('Took abstract A2 out of its session');
  });

  it('unpublishes after a confirmation, and cancelling changes nothing', async () => {
    renderStaffScreen(ProgrammePage);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish 5 accepted abstracts' }));
    await screen.findByText('Published 5 abstracts.');
    await user.selectOptions(screen.getByLabelText('Published abstract'), 'A3');
    await user.click(screen.getByRole('button', { name: 'Unpublish “Title A3”' }));
    expect(screen.getByRole('alertdialog', { name: 'Unpublish “Title A3”?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(published()).toContain('A3');

    await user.click(screen.getByRole('button', { name: 'Unpublish “Title A3”' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByRole('button', { name: 'Publish 1 accepted abstract' })).toBeInTheDocument();
    expect(published()).not.toContain('A3');
    expect(fake.state.docs.has('publishedAbstractTexts/A3')).toBe(false);
    expect(logLines()).toContain('Unpublished abstract A3');
  });

  it('says why an accepted abstract cannot be published (no consent, withdrawn) and leaves it out of the count', async () => {
    storeAbstract(fake.state, 'A4', { consent: false });
    storeAbstract(fake.state, 'A5', { status: 'withdrawn' });
    renderStaffScreen(ProgrammePage);
    expect(await screen.findByRole('button', { name: 'Publish 3 accepted abstracts' })).toBeInTheDocument();
    const publication = column(screen.getByRole('table', { name: 'Accepted abstracts' }), 'Publication');
    expect(publication).toContain('Not published: its author did not consent to publication.');
    expect(publication).toContain('Not published: the abstract is no longer submitted (withdrawn or erased).');
  });

  it('lists a published copy no decision accepts (the demo’s, or one whose decision is gone), so it can be unpublished', async () => {
    fake.state.docs.set('publishedAbstracts/X1', {
      id: 'X1',
      title: 'An orphan copy',
      authors: ['Achieng Otieno'],
      affiliations: ['KNH'],
      presenting: 0,
      track: 'prevention',
      presentation: 'poster',
      keywords: 'a',
      sessionId: '',
      sessionOrder: 0,
      publishedAt: new Date(),
    });
    renderStaffScreen(ProgrammePage);
    expect(
      await screen.findByText(
        '5 accepted abstracts (4 oral, 1 poster): 1 published, 0 of them in a session. 1 published copy with no accepting decision on record (withdrawn or erased since, or published elsewhere).',
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Accepted abstracts' });
    expect(column(table, 'Accepted as')[0]).toBe('Poster, no decision on record');
    expect(screen.getByRole('button', { name: 'Place “An orphan copy”' })).toBeInTheDocument();
  });

  it('says when nothing is accepted yet', async () => {
    for (const id of ACCEPTED) fake.state.docs.delete(`abstractDecisions/${id}`);
    renderStaffScreen(ProgrammePage);
    expect(await screen.findByText('No abstract has been accepted yet: the committee decides under Abstracts.')).toBeInTheDocument();
  });

  it('offers to try again when a read fails', async () => {
    fake.unreadable = 'sessions';
    renderStaffScreen(ProgrammePage);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the accepted abstracts and the programme.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
