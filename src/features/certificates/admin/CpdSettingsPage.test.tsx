import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../../tests/fake-db.ts';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';
import { SAMPLE_CPD_SETTINGS } from '../../../../emulator/seed/sample-forms.ts';
import { MAX_QUESTIONS, type CpdSettings } from '../../../data/certificates.ts';

const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState> }));
vi.mock('../../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
}));

const { default: CpdSettingsPage } = await import('./CpdSettingsPage.tsx');

// The sample, with what these tests read back: a short body to find the form by, no logo to type
// one into, two questions to reorder, three export columns to edit.
const STORED: CpdSettings & Record<string, unknown> = {
  ...SAMPLE_CPD_SETTINGS,
  accreditingBody: 'KMPDC',
  logoUrl: '',
  questions: [
    { id: 'q-overall', label: 'How was the day overall?', kind: 'rating' },
    { id: 'q-best', label: 'What was most useful?', kind: 'text' },
  ],
  exportColumns: ['certificateId', 'fullName', 'points'],
};

beforeEach(() => {
  fake.state = createFakeState();
  // Three summit days, Nairobi time.
  fake.state.docs.set('settings/site', { startDate: new Date('2027-05-12T06:00:00Z'), endDate: new Date('2027-05-14T14:00:00Z') });
});

const show = () => renderStaffScreen(CpdSettingsPage);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save CPD settings' }));
const errorOf = (field: HTMLElement) => {
  const id = field
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((i) => i.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};
const questionItems = () => within(screen.getByRole('group', { name: 'Evaluation questions' })).getAllByRole('listitem');
const columnItems = () => within(screen.getByRole('group', { name: 'Export columns' })).getAllByRole('listitem');
const axeViolations = async () => {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

const stored = () => fake.state.docs.get('settings/cpd') as unknown as CpdSettings;

describe('CPD settings', () => {
  it('starts a new project from the defaults, says what certificates still need, and creates the document with its log line', async () => {
    show();
    expect(await screen.findByText(/No certificate can be issued until the settings give the accrediting body, the provider number/)).toBeInTheDocument();
    expect(screen.getByLabelText('Days checked in, at least')).toHaveValue(1);
    expect(screen.getByText('The summit has 3 days (from Settings).')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Accrediting body'), 'KMPDC');
    await user.type(screen.getByLabelText('Provider number'), 'KMPDC/CPD/0421');
    await user.type(screen.getByLabelText('Activity name'), '  National Cancer Summit 2027 ');
    await user.clear(screen.getByLabelText('CPD points per day'));
    await user.type(screen.getByLabelText('CPD points per day'), '6.5');
    await user.type(screen.getByLabelText('Signatory’s name'), 'Dr Achieng Otieno');
    await user.type(screen.getByLabelText('Logo address (optional)'), '/demo/logos/institute.png');
    await save();
    expect(await screen.findByText(/^Saved\. New certificates and evaluations use these settings/)).toBeInTheDocument();
    expect(screen.queryByText(/No certificate can be issued/)).not.toBeInTheDocument();
    expect(fake.state.commits).toHaveLength(1);
    const [write, log, ...rest] = fake.state.commits[0];
    expect(rest).toEqual([]); // no content-version move: no prerendered page shows these settings
    expect(write).toEqual({
      set: 'settings/cpd',
      data: {
        accreditingBody: 'KMPDC',
        providerNumber: 'KMPDC/CPD/0421',
        activityName: 'National Cancer Summit 2027',
        pointsPerDay: 6.5,
        signatoryName: 'Dr Achieng Otieno',
        signatoryTitle: '',
        minDays: 1,
        requireEvaluation: false,
        logoUrl: '/demo/logos/institute.png',
        questions: [],
        exportColumns: ['certificateId', 'fullName', 'email', 'activityName', 'days', 'points', 'issuedOn', 'status'],
      },
    });
    expect(log).toMatchObject({ set: expect.stringMatching(/^logs\//), data: { message: 'Created the CPD settings', userEmail: 'admin@summit.test' } });
  });

  it('puts each problem under its field, focuses the first, and saves nothing', async () => {
    fake.state.docs.set('settings/cpd', { ...STORED, questions: [], requireEvaluation: false });
    show();
    const user = userEvent.setup();
    const points = await screen.findByLabelText('CPD points per day');
    await user.clear(points);
    await user.type(points, '6.25');
    const days = screen.getByLabelText('Days checked in, at least');
    await user.clear(days);
    await user.type(days, '4');
    await user.type(screen.getByLabelText('Logo address (optional)'), 'javascript:alert(1)');
    await user.click(screen.getByLabelText('Only a day whose evaluation the attendee submitted counts'));
    await save();
    await waitFor(() => expect(points).toHaveAttribute('aria-invalid', 'true'));
    expect(points).toHaveFocus();
    expect(errorOf(points)).toBe('Use whole or half points, like 6 or 6.5.');
    expect(errorOf(days)).toBe('The summit has 3 days.');
    expect(errorOf(screen.getByLabelText('Logo address (optional)'))).toMatch(/^Enter a path on this site/);
    expect(within(screen.getByRole('group', { name: 'Evaluation questions' })).getByRole('alert')).toHaveTextContent(
      'Add at least one question, or do not require an evaluation.',
    );
    expect(fake.state.commits).toEqual([]);
  });

  it('says when nothing changed, and logs only the fields a save changes', async () => {
    fake.state.docs.set('settings/cpd', STORED);
    show();
    await screen.findByDisplayValue('KMPDC');
    await save();
    expect(await screen.findByText('Nothing to save: no field has changed.')).toBeInTheDocument();
    expect(fake.state.commits).toEqual([]);
    const points = screen.getByLabelText('CPD points per day');
    await userEvent.clear(points);
    await userEvent.type(points, '7');
    await save();
    await screen.findByText(/^Saved\./);
    expect(fake.state.commits[0][1]).toMatchObject({ data: { message: 'Updated the CPD settings: points per day' } });
    expect(stored()).toEqual({ ...STORED, pointsPerDay: 7 });
  });

  it('says so when saving fails, keeping what was typed', async () => {
    fake.state.docs.set('settings/cpd', STORED);
    fake.state.failCommits = new Error('offline');
    show();
    const body = await screen.findByLabelText('Accrediting body');
    await userEvent.type(body, ' Kenya');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('The settings could not be saved.');
    expect(body).toHaveValue('KMPDC Kenya');
  });
});

describe('the questions editor', () => {
  it('adds questions with new stable ids, focusing each, up to the most allowed', async () => {
    fake.state.docs.set('settings/cpd', STORED);
    show();
    await screen.findByDisplayValue('KMPDC');
    const user = userEvent.setup();
    const add = screen.getByRole('button', { name: 'Add a question' });
    for (let n = STORED.questions.length; n < MAX_QUESTIONS; n++) {
      await user.click(add);
      const field = within(questionItems()[n]).getByLabelText('Question');
      await waitFor(() => expect(field).toHaveFocus());
      await user.type(field, `Question ${n + 1}`);
    }
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('That is the most questions an evaluation can have.');
    // A new question's kind can be chosen; a saved one's is fixed.
    expect(within(questionItems()[0]).queryByLabelText('Answered with')).not.toBeInTheDocument();
    expect(questionItems()[0]).toHaveTextContent('A rating from 1 to 5');
    await user.selectOptions(within(questionItems()[2]).getByLabelText('Answered with'), 'text');
    await save();
    await screen.findByText(/^Saved\./);
    const questions = stored().questions;
    expect(questions).toHaveLength(MAX_QUESTIONS);
    expect(questions.slice(0, 2)).toEqual(STORED.questions);
    expect(questions[2]).toEqual({ id: expect.stringMatching(/^q-[a-z0-9]{8}$/), label: 'Question 3', kind: 'text' });
    expect(questions[3].kind).toBe('rating');
    expect(new Set(questions.map((q) => q.id)).size).toBe(MAX_QUESTIONS);
  });

  it('reorders with buttons, focus following the question moved, and says where it went', async () => {
    fake.state.docs.set('settings/cpd', { ...STORED, questions: [...STORED.questions, { id: 'q-venue', label: 'The venue', kind: 'rating' }] });
    show();
    await screen.findByDisplayValue('KMPDC');
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Move up question 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down question 3' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move down question 1' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move down question 2' })).toHaveFocus());
    expect(screen.getByText('Question 1 moved to position 2 of 3.')).toHaveAttribute('role', 'status');
    // By keyboard: the focused button again, now at the bottom, where "down" is disabled: focus goes to "up".
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move up question 3' })).toHaveFocus());
    expect(questionItems().map((li) => (within(li).queryByLabelText('Question') as HTMLInputElement).value)).toEqual([
      'What was most useful?',
      'The venue',
      'How was the day overall?',
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove question 1' }));
    await waitFor(() => expect(within(questionItems()[0]).getByLabelText('Question')).toHaveFocus());
    expect(screen.getByText('Question 1 removed.')).toBeInTheDocument();
    await save();
    await screen.findByText(/^Saved\./);
    expect(stored().questions.map((q) => q.id)).toEqual(['q-venue', 'q-overall']);
    expect(fake.state.commits[0].at(-1)).toMatchObject({ data: { message: 'Updated the CPD settings: questions' } });
  });

  it('refuses an empty question', async () => {
    fake.state.docs.set('settings/cpd', STORED);
    show();
    await screen.findByDisplayValue('KMPDC');
    await userEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    await save();
    const field = within(questionItems()[2]).getByLabelText('Question');
    await waitFor(() => expect(errorOf(field)).toBe('Enter the question.'));
    expect(fake.state.commits).toEqual([]);
  });
});

describe('the CPD settings screen', () => {
  it('has no accessibility violations, with questions, columns and errors showing', async () => {
    fake.state.docs.set('settings/cpd', STORED);
    show();
    await screen.findByDisplayValue('KMPDC');
    await userEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    await userEvent.clear(screen.getByLabelText('CPD points per day'));
    await save();
    await waitFor(() => expect(screen.getByLabelText('CPD points per day')).toHaveAttribute('aria-invalid', 'true'));
    expect(await axeViolations()).toEqual([]);
  });
});

describe('the export columns', () => {
  it('adds a column from those not chosen, reorders and removes, and saves the order', async () => {
    fake.state.docs.set('settings/cpd', STORED);
    show();
    await screen.findByDisplayValue('KMPDC');
    const user = userEvent.setup();
    expect(columnItems().map((li) => li.querySelector('span')?.textContent)).toEqual(['1. Certificate number', '2. Full name', '3. CPD points']);
    const picker = screen.getByLabelText('Add a column');
    expect(within(picker).queryByRole('option', { name: 'Full name' })).not.toBeInTheDocument();
    await user.selectOptions(picker, 'providerNumber');
    await user.click(screen.getByRole('button', { name: 'Add column' }));
    await user.click(screen.getByRole('button', { name: 'Move up column “Provider number”' }));
    await user.click(screen.getByRole('button', { name: 'Remove column “Certificate number”' }));
    await save();
    await screen.findByText(/^Saved\./);
    expect(stored().exportColumns).toEqual(['fullName', 'providerNumber', 'points']);
  });

  it('needs one column at least', async () => {
    fake.state.docs.set('settings/cpd', { ...STORED, exportColumns: ['points'] });
    show();
    await screen.findByDisplayValue('KMPDC');
    await userEvent.click(screen.getByRole('button', { name: 'Remove column “CPD points”' }));
    await save();
    expect(await within(screen.getByRole('group', { name: 'Export columns' })).findByRole('alert')).toHaveTextContent(
      'Choose at least one column for the export.',
    );
    expect(fake.state.commits).toEqual([]);
  });
});
