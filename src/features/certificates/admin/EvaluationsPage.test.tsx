import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../../tests/fake-db.ts';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';
import { dayLabel } from '../../../data/certificates.ts';

const fake = vi.hoisted(() => ({
  state: null as unknown as ReturnType<typeof createFakeState>,
  logged: [] as string[],
  downloads: [] as unknown[][],
}));
vi.mock('../../../lib/data.ts', () => ({
  get db() {
    return { ...fakeDb(fake.state), recordActivity: async (message: string) => void fake.logged.push(message) };
  },
}));
vi.mock('../../../lib/csv.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/csv.ts')>()),
  downloadFile: (...args: unknown[]) => fake.downloads.push(args),
}));

const { default: EvaluationsPage } = await import('./EvaluationsPage.tsx');

const DAY1 = '2027-05-12';
const DAY2 = '2027-05-13';
const QUESTIONS = [
  { id: 'overall', label: 'How was the day overall?', kind: 'rating' },
  { id: 'best', label: 'What was most useful?', kind: 'text' },
];

let minute = 0;
function evaluation(reg: string, day: string, overall: number, best: string) {
  fake.state.docs.set(`evaluations/${reg}_${day}`, {
    registrationId: reg,
    day,
    email: `${reg.toLowerCase()}@example.org`,
    answers: [
      { id: 'overall', value: overall },
      { id: 'best', value: best },
    ],
    submittedAt: new Date(Date.UTC(2027, 4, 12, 15, minute++)),
  });
}

beforeEach(() => {
  minute = 0;
  fake.state = createFakeState();
  fake.logged = [];
  fake.downloads = [];
  fake.state.docs.set('settings/site', { startDate: new Date('2027-05-12T06:00:00Z'), endDate: new Date('2027-05-13T14:00:00Z') });
  fake.state.docs.set('settings/cpd', { questions: QUESTIONS });
});

const axeViolations = async () => {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

const show = () => renderStaffScreen(EvaluationsPage);
const ratingRows = (question: string) =>
  within(screen.getByRole('table', { name: `Ratings of “${question}”: how many gave each rating` }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map((c) => c.textContent));

describe('evaluations in aggregate', () => {
  beforeEach(() => {
    evaluation('R1', DAY1, 5, 'The tumour board');
    evaluation('R2', DAY1, 4, '');
    evaluation('R3', DAY1, 5, 'Posters\nand lunch');
    evaluation('R1', DAY2, 2, 'Too long');
  });

  it('shows, per question, a rating’s counts, shares and average as a table, and the written answers', async () => {
    show();
    expect(await screen.findByText('4 evaluations over all days.')).toBeInTheDocument();
    const rating = screen.getByRole('region', { name: '1. How was the day overall?' });
    expect(rating).toHaveTextContent('Average 4.0 out of 5, from 4 ratings.');
    expect(ratingRows('How was the day overall?')).toEqual([
      ['5', '2', '50%'],
      ['4', '1', '25%'],
      ['3', '0', '0%'],
      ['2', '1', '25%'],
      ['1', '0', '0%'],
    ]);
    const text = screen.getByRole('region', { name: '2. What was most useful?' });
    expect(text).toHaveTextContent('3 answers; 1 left it empty.');
    expect(
      within(text)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['The tumour board', 'Posters\nand lunch', 'Too long']);
  });

  it('has no accessibility violations', async () => {
    show();
    await screen.findByText('4 evaluations over all days.');
    expect(await axeViolations()).toEqual([]);
  });

  it('narrows to one day', async () => {
    show();
    await screen.findByText('4 evaluations over all days.');
    await userEvent.selectOptions(screen.getByLabelText('Day'), DAY2);
    expect(await screen.findByText(`1 evaluation of ${dayLabel(DAY2)}.`)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '1. How was the day overall?' })).toHaveTextContent('Average 2.0 out of 5, from 1 rating.');
    expect(ratingRows('How was the day overall?')[3]).toEqual(['2', '1', '100%']);
  });

  it('downloads the evaluations shown as CSV, one row each, and logs the export', async () => {
    show();
    await screen.findByText('4 evaluations over all days.');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV (all days)' }));
    await waitFor(() => expect(fake.logged).toEqual(['Exported 4 evaluations to CSV']));
    const [[name, csv, type]] = fake.downloads as Array<[string, string, string]>;
    expect(name).toBe('evaluations-all-days.csv');
    expect(type).toBe('text/csv;charset=utf-8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Registration,Day,Email,Submitted,How was the day overall?,What was most useful?');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe('R1,2027-05-12,r1@example.org,2027-05-12T15:00:00.000Z,5,The tumour board');

    await userEvent.selectOptions(screen.getByLabelText('Day'), DAY1);
    await screen.findByText(`3 evaluations of ${dayLabel(DAY1)}.`);
    await userEvent.click(screen.getByRole('button', { name: `Download CSV (${dayLabel(DAY1)})` }));
    await waitFor(() => expect(fake.logged).toEqual(['Exported 4 evaluations to CSV', `Exported 3 evaluations of ${DAY1} to CSV`]));
    expect(fake.downloads[1][0]).toBe(`evaluations-${DAY1}.csv`);
  });
});

describe('evaluations: other states', () => {
  it('says when there are none yet, and offers no download', async () => {
    show();
    expect(await screen.findByText(/No evaluations yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV (all days)' })).toBeDisabled();
  });

  it('says when no question is set', async () => {
    fake.state.docs.set('settings/cpd', { questions: [] });
    show();
    expect(await screen.findByText(/No evaluation questions are set/)).toBeInTheDocument();
  });

  it('lists many written answers twenty at a time', async () => {
    for (let i = 1; i <= 45; i++) evaluation(`R${i}`, DAY1, 3, `Answer ${i}`);
    show();
    const text = await screen.findByRole('region', { name: '2. What was most useful?' });
    expect(within(text).getAllByRole('listitem')).toHaveLength(20);
    await userEvent.click(within(text).getByRole('button', { name: 'Show 20 more of 25 answers to “What was most useful?”' }));
    expect(within(text).getAllByRole('listitem')).toHaveLength(40);
    await waitFor(() => expect(within(text).getAllByRole('listitem')[20]).toHaveFocus());
    expect(within(text).getAllByRole('listitem')[20]).toHaveTextContent('Answer 21');
    await userEvent.click(within(text).getByRole('button', { name: /^Show 5 more of 5/ }));
    expect(within(text).getAllByRole('listitem')).toHaveLength(45);
    expect(within(text).queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(within(text).getAllByRole('listitem')[40]).toHaveFocus());
  });
});
