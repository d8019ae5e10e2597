import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../../tests/fake-db.ts';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';
import { DEFAULT_CRITERIA, DEFAULT_WORD_LIMITS, type AbstractCall } from '../../../data/abstracts.ts';

const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState> }));
vi.mock('../../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
  get publicReads() {
    return fakeDb(fake.state);
  },
}));

const { default: CallSettingsPage } = await import('./CallSettingsPage.tsx');

const STORED: AbstractCall = {
  // 09:00 on 1 March to 23:00 on 30 April 2027, Nairobi time.
  opensAt: new Date('2027-03-01T06:00:00Z'),
  closesAt: new Date('2027-04-30T20:00:00Z'),
  tracks: { prevention: 'Prevention', treatment: 'Treatment' },
  wordLimits: DEFAULT_WORD_LIMITS,
  guidelines: 'Original work only.',
  criteria: { originality: 'Originality', clarity: 'Clarity' },
  reviewersPerAbstract: 3,
  reviewsDueAt: null,
};

beforeEach(() => {
  fake.state = createFakeState();
});

const stored = () => fake.state.docs.get('settings/abstracts') as unknown as AbstractCall;
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save the call' }));
const logs = () => [...fake.state.docs].filter(([p]) => p.startsWith('logs/')).map(([, d]) => d.message);
const tracks = () => within(screen.getByRole('group', { name: 'Tracks' }));

describe('Call for abstracts', () => {
  it('with none set: no dates (closed), the default limits, no track; saving opens it with its first tracks', async () => {
    renderStaffScreen(CallSettingsPage);
    expect(await screen.findByText('The call has no dates yet: it is closed.')).toBeInTheDocument();
    expect(screen.getByLabelText('Background')).toHaveValue(100);
    expect(screen.getByLabelText('The whole abstract')).toHaveValue(300);
    expect(tracks().getByText('No track yet: authors cannot submit until there is one.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Opens'), '2027-03-01T09:00');
    await user.type(screen.getByLabelText('Closes'), '2027-04-30T23:00');
    await user.click(screen.getByRole('button', { name: 'Add a track' }));
    await user.type(screen.getByLabelText('Track 1'), 'Prevention & early detection');
    await user.click(screen.getByRole('button', { name: 'Add a track' }));
    await user.type(screen.getByLabelText('Track 2'), 'Prevention: early detection');
    await save();
    expect(await screen.findByText(/^Saved\. The call (opens|is open|is closed)/)).toBeInTheDocument();
    expect(stored()).toMatchObject({
      opensAt: STORED.opensAt,
      closesAt: STORED.closesAt,
      // Two labels with one slug: two keys all the same.
      tracks: { 'prevention-early-detection': 'Prevention & early detection', 'prevention-early-detection-2': 'Prevention: early detection' },
      wordLimits: DEFAULT_WORD_LIMITS,
      criteria: DEFAULT_CRITERIA,
      reviewersPerAbstract: 2,
    });
    expect(logs()).toEqual(['Updated the call for abstracts: dates, tracks']);
  });

  it('renaming a track keeps its key (its abstracts stay in it); removing one drops it', async () => {
    fake.state.docs.set('settings/abstracts', STORED as unknown as Record<string, unknown>);
    renderStaffScreen(CallSettingsPage);
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Track 1'));
    await user.type(screen.getByLabelText('Track 1'), 'Prevention and screening');
    await user.click(screen.getByRole('button', { name: 'Remove track 2' }));
    await save();
    await screen.findByText(/^Saved\./);
    expect(stored().tracks).toEqual({ prevention: 'Prevention and screening' });
  });

  it('sets what reviewers score and how many each abstract gets: a criterion renamed keeps its key, one added gets its own', async () => {
    fake.state.docs.set('settings/abstracts', STORED as unknown as Record<string, unknown>);
    renderStaffScreen(CallSettingsPage);
    const user = userEvent.setup();
    const criteria = () => within(screen.getByRole('group', { name: 'Review criteria' }));
    await user.clear(await screen.findByLabelText('Criterion 2'));
    await user.type(screen.getByLabelText('Criterion 2'), 'Clarity of writing');
    await user.click(criteria().getByRole('button', { name: 'Add a criterion' }));
    await user.type(screen.getByLabelText('Criterion 3'), 'Relevance to Kenya');
    await user.clear(screen.getByLabelText('Reviewers per abstract'));
    await user.type(screen.getByLabelText('Reviewers per abstract'), '4');
    await save();
    await screen.findByText(/^Saved\./);
    expect(stored()).toMatchObject({
      criteria: { originality: 'Originality', clarity: 'Clarity of writing', 'relevance-to-kenya': 'Relevance to Kenya' },
      reviewersPerAbstract: 4,
    });
    expect(logs()).toEqual(['Updated the call for abstracts: review criteria, reviewers per abstract']);
  });

  it('asks for a criterion at least, and 1 to 5 reviewers an abstract', async () => {
    fake.state.docs.set('settings/abstracts', STORED as unknown as Record<string, unknown>);
    renderStaffScreen(CallSettingsPage);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove criterion 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove criterion 1' }));
    expect(screen.getByText('No criterion: reviewers need at least one to score.')).toBeInTheDocument();
    for (const [typed, error] of [
      ['0', 'At least 1 reviewer.'],
      ['6', 'At most 5 reviewers.'],
    ]) {
      await user.clear(screen.getByLabelText('Reviewers per abstract'));
      await user.type(screen.getByLabelText('Reviewers per abstract'), typed);
      await save();
      await waitFor(() => expect(screen.getByLabelText('Reviewers per abstract')).toHaveAccessibleDescription(error));
    }
    expect(within(screen.getByRole('group', { name: 'Review criteria' })).getByRole('alert')).toHaveTextContent('Reviewers score at least one criterion.');
    expect(fake.state.commits).toEqual([]);
  });

  it('refuses what the rules would: one date alone, closing before opening, a limit of 0 or over 2,000, a track twice or unnamed', async () => {
    fake.state.docs.set('settings/abstracts', STORED as unknown as Record<string, unknown>);
    renderStaffScreen(CallSettingsPage);
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Opens'));
    await user.clear(screen.getByLabelText('Background'));
    await user.type(screen.getByLabelText('Background'), '0');
    await user.clear(screen.getByLabelText('The whole abstract'));
    await user.type(screen.getByLabelText('The whole abstract'), '2001');
    await user.clear(screen.getByLabelText('Track 2'));
    await user.type(screen.getByLabelText('Track 2'), ' PREVENTION ');
    await user.click(screen.getByRole('button', { name: 'Add a track' }));
    await user.type(screen.getByLabelText('Track 3'), '–––');
    await save();
    await waitFor(() => expect(screen.getByLabelText('Opens')).toHaveAccessibleDescription('Give both dates, or neither to keep the call closed.'));
    expect(screen.getByLabelText('Background')).toHaveAccessibleDescription('At least 1 word.');
    expect(screen.getByLabelText('The whole abstract')).toHaveAccessibleDescription('At most 2,000 words.');
    expect(screen.getByLabelText('Track 2')).toHaveAccessibleDescription('Another track has this name.');
    expect(screen.getByLabelText('Track 3')).toHaveAccessibleDescription('Use at least one letter or digit (A–Z, 0–9) in a track’s name.');
    await user.type(screen.getByLabelText('Opens'), '2027-05-01T09:00');
    await save();
    await waitFor(() => expect(screen.getByLabelText('Closes')).toHaveAccessibleDescription('The call must close after it opens.'));
    expect(fake.state.commits).toEqual([]);
  });

  it('sets when reviews are due (Nairobi time, after the call closes), and clears it', async () => {
    fake.state.docs.set('settings/abstracts', STORED as unknown as Record<string, unknown>);
    renderStaffScreen(CallSettingsPage);
    const user = userEvent.setup();
    const due = await screen.findByLabelText('Reviews due');
    expect(due).toHaveValue('');
    expect(due).toHaveAccessibleDescription(expect.stringContaining('Each reviewer with a review still to write is emailed one reminder 3 days before.'));
    for (const [typed, error] of [
      ['2027-04-30T23:00', 'Reviews must fall due after the call closes.'],
      ['2027-04-01T12:00', 'Reviews must fall due after the call closes.'],
    ]) {
      await user.clear(due);
      await user.type(due, typed);
      await save();
      await waitFor(() => expect(due).toHaveAccessibleDescription(expect.stringContaining(error)));
    }
    expect(fake.state.commits).toEqual([]);
    await user.clear(due);
    await user.type(due, '2027-05-31T17:00');
    await save();
    await screen.findByText(/^Saved\./);
    // 17:00 in Nairobi is 14:00 UTC.
    expect(stored().reviewsDueAt).toEqual(new Date('2027-05-31T14:00:00Z'));
    expect(logs()).toEqual(['Updated the call for abstracts: reviews due date']);
    await user.clear(screen.getByLabelText('Reviews due'));
    await save();
    await waitFor(() => expect(stored().reviewsDueAt).toBeNull());
  });

  it('asks for the closing date before a due date', async () => {
    renderStaffScreen(CallSettingsPage);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Reviews due'), '2027-05-31T17:00');
    await save();
    await waitFor(() =>
      expect(screen.getByLabelText('Reviews due')).toHaveAccessibleDescription(
        expect.stringContaining('Set when the call closes first: reviews fall due after it.'),
      ),
    );
    expect(fake.state.commits).toEqual([]);
  });

  it('says when nothing changed, and keeps the form when the save fails', async () => {
    fake.state.docs.set('settings/abstracts', STORED as unknown as Record<string, unknown>);
    renderStaffScreen(CallSettingsPage);
    await screen.findByLabelText('Guidelines');
    await save();
    expect(await screen.findByText('Nothing to save: no field has changed.')).toBeInTheDocument();
    fake.state.failCommits = new Error('offline');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Guidelines'), '\n\nIn English.');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('The call could not be saved. Check your connection, then try again.');
    expect(screen.getByLabelText('Guidelines')).toHaveValue('Original work only.\n\nIn English.');
  });

  it('has no accessibility violations, errors shown', async () => {
    renderStaffScreen(CallSettingsPage);
    await screen.findByLabelText('Opens');
    await userEvent.type(screen.getByLabelText('Opens'), '2027-03-01T09:00');
    await save();
    await waitFor(() => expect(screen.getByLabelText('Closes')).toHaveAccessibleDescription(/Give both dates/));
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
