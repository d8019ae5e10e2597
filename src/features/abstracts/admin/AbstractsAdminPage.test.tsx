import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../../tests/fake-db.ts';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';
import { storeAbstract, storeCall } from '../../../../tests/abstract-fixtures.ts';

const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState> }));
vi.mock('../../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
  get publicReads() {
    return fakeDb(fake.state);
  },
}));

const { default: AbstractsAdminPage } = await import('./AbstractsAdminPage.tsx');

const now = Date.now();
const HOUR = 3_600_000;
const abstract = (id: string, fields: Record<string, unknown>) => storeAbstract(fake.state, id, fields);

beforeEach(() => {
  fake.state = createFakeState();
  storeCall(fake.state);
});

describe('Abstracts', () => {
  it('lists the submitted ones only, counted by track (a removed track too), filtered by track, each readable in full', async () => {
    abstract('A1', { submittedAt: new Date(now - 3 * HOUR) });
    abstract('A2', { track: 'treatment', presentation: 'poster', submittedAt: new Date(now - 2 * HOUR) });
    abstract('A3', { track: 'gone', submittedAt: new Date(now - 5 * HOUR) });
    abstract('D1', { status: 'draft', submittedAt: null });
    abstract('W1', { status: 'withdrawn' });
    renderStaffScreen(AbstractsAdminPage);
    expect(await screen.findByText('3 of 3 submitted abstracts shown.')).toBeInTheDocument();
    expect(screen.getByText(/^The call closed on/)).toBeInTheDocument();
    const counts = within(screen.getByRole('region', { name: 'By track' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(counts).toEqual(['Prevention: 1', 'Treatment: 1', 'A track since removed: 1']);
    const table = screen.getByRole('table', { name: 'Submitted abstracts' });
    expect(
      within(table)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Title A3', 'Title A1', 'Title A2']);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Track'), 'treatment');
    expect(screen.getByText('1 of 3 submitted abstracts shown.')).toBeInTheDocument();
    const row = within(table).getAllByRole('row')[1];
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Title A2', 'Kiprop Kemboi', 'Treatment', 'Poster', expect.any(String)]);
    await user.click(within(table).getByRole('button', { name: 'Title A2' }));
    const view = screen.getByRole('article', { name: 'Title A2' });
    expect(view).toHaveTextContent('by a2@example.org');
    expect(view).toHaveTextContent('Kiprop Kemboi (presenting), Moi University');
    await user.click(within(view).getByRole('button', { name: 'Back to the abstracts' }));
    expect(screen.getByRole('table', { name: 'Submitted abstracts' })).toBeInTheDocument();
    expect(
      await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } }).then((r) => r.violations.map((v) => v.id)),
    ).toEqual([]);
  });

  it('says when nothing was submitted yet', async () => {
    abstract('D1', { status: 'draft', submittedAt: null });
    renderStaffScreen(AbstractsAdminPage);
    expect(await screen.findByText('No abstract has been submitted yet.')).toBeInTheDocument();
  });
});

describe('The committee', () => {
  const review = (abstractId: string, reviewer: string, fields: Record<string, unknown>) => {
    const id = `${abstractId}__${reviewer}`;
    fake.state.docs.set(`reviews/${id}`, {
      id,
      abstractId,
      reviewer,
      conflict: false,
      scores: {},
      toAuthors: '',
      toCommittee: '',
      createdAt: new Date(now - HOUR),
      updatedAt: new Date(now - HOUR),
      ...fields,
    });
  };

  beforeEach(() => {
    abstract('A1', { submittedAt: new Date(now - 3 * HOUR) });
    abstract('A2', { track: 'treatment', submittedAt: new Date(now - 2 * HOUR) });
    abstract('A3', { submittedAt: new Date(now - HOUR) });
    review('A1', 'r1@reviewers.test', { scores: { originality: 4, methods: 5 }, toAuthors: 'Clear methods.', toCommittee: 'Strong.' });
    review('A1', 'r2@reviewers.test', { scores: { originality: 2, methods: 3 }, toAuthors: 'Needs a control group.', createdAt: new Date(now - HOUR / 2) });
    review('A2', 'r3@reviewers.test', { conflict: true, toCommittee: 'I supervise the first author.' });
    review('A2', 'r4@reviewers.test', { scores: { originality: 5, methods: 5 }, toAuthors: 'Excellent.' });
  });

  const table = () => screen.getByRole('table', { name: 'The committee’s table: reviews side by side' });
  const rows = () =>
    within(table())
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );

  it('sets each abstract’s reviews side by side: mean per criterion, overall, spread, scored, conflicts; sorted by overall mean either way', async () => {
    renderStaffScreen(AbstractsAdminPage);
    await screen.findByText('3 of 3 submitted abstracts shown.');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Title', 'Track', 'Preference', 'Originality', 'Methods', 'Overall', 'Spread', 'Scored', 'Conflicts', 'Decision']);
    expect(rows()).toEqual([
      ['Title A1', 'Prevention', 'Oral presentation', '3.0', '4.0', '3.5', '2.0', '2', '0', '—'],
      ['Title A2', 'Treatment', 'Oral presentation', '5.0', '5.0', '5.0', '0.0', '1', '1', '—'],
      ['Title A3', 'Prevention', 'Oral presentation', '—', '—', '—', '—', '0', '0', '—'],
    ]);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Sort'), 'overall-desc');
    expect(rows().map((r) => r[0])).toEqual(['Title A2', 'Title A1', 'Title A3']);
    await user.selectOptions(screen.getByLabelText('Sort'), 'overall-asc');
    expect(rows().map((r) => r[0])).toEqual(['Title A1', 'Title A2', 'Title A3']);
    // The track filter applies to the table too.
    await user.selectOptions(screen.getByLabelText('Track'), 'treatment');
    expect(rows().map((r) => r[0])).toEqual(['Title A2']);
    expect(
      await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } }).then((r) => r.violations.map((v) => v.id)),
    ).toEqual([]);
  });

  it('reads one with its reviews, and decides: the comments chosen, previewed, confirmed, sent without reviewers’ names; once', async () => {
    renderStaffScreen(AbstractsAdminPage);
    const user = userEvent.setup();
    await user.click(await within(await screen.findByRole('table', { name: /The committee’s table/ })).findByRole('button', { name: 'Title A1' }));
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    const [first, second] = within(reviews)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL');
    expect(first).toHaveTextContent('Review 1, by r1@reviewers.test');
    expect(first).toHaveTextContent('Originality: 4');
    expect(first).toHaveTextContent('To the authorsClear methods.');
    expect(first).toHaveTextContent('To the committeeStrong.');
    expect(second).toHaveTextContent('Review 2, by r2@reviewers.test');

    const decision = screen.getByRole('region', { name: 'Decision' });
    expect(within(decision).getByRole('button', { name: 'Decide…' })).toBeDisabled();
    await user.click(within(decision).getByRole('radio', { name: 'Accept as poster' }));
    // Both comments are proposed; the committee leaves out the second.
    const boxes = within(decision).getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true]);
    await user.click(boxes[1]);
    const preview = within(decision).getByRole('region', { name: 'The email' });
    expect(preview).toHaveTextContent('Subject: Your abstract: accepted as a poster');
    expect(preview).toHaveTextContent('“Title A1” (reference A1): it is accepted as a poster');
    expect(preview).toHaveTextContent('Clear methods.');
    expect(preview).not.toHaveTextContent('Needs a control group.');
    expect(preview).not.toHaveTextContent('reviewers.test');
    expect(
      await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } }).then((r) => r.violations.map((v) => v.id)),
    ).toEqual([]);

    await user.click(within(decision).getByRole('button', { name: 'Decide…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Decide that “Title A1” is accepted as a poster?' });
    expect(dialog).toHaveTextContent('The email goes to a1@example.org at once, quoting 1 of the reviews’ comments. A decision cannot be changed.');
    await user.click(within(dialog).getByRole('button', { name: 'Decide and send the email' }));

    expect(await within(screen.getByRole('region', { name: 'Decision' })).findByText(/^Accepted as a poster, by admin@summit.test on/)).toBeInTheDocument();
    expect(fake.state.docs.get('abstractDecisions/A1')).toMatchObject({
      outcome: 'poster',
      reviewIds: ['A1__r1@reviewers.test'],
      comments: ['Clear methods.'],
      decidedBy: 'admin@summit.test',
    });
    const mail = fake.state.docs.get('mail/abstract-decision-A1')!;
    expect(mail).toMatchObject({
      to: 'a1@example.org',
      template: { name: 'abstract-decision', data: { outcome: 'accepted as a poster', comments: ['Clear methods.'] } },
    });
    expect(JSON.stringify(mail)).not.toContain('reviewers.test');
    // The decision, its email and its log line: one commit.
    expect(fake.state.commits).toHaveLength(1);
    expect(fake.state.commits[0].map((w) => ('set' in w ? w.set.split('/')[0] : ''))).toEqual(['abstractDecisions', 'mail', 'abstractOutcomes', 'logs']);
    expect([...fake.state.docs.entries()].filter(([p]) => p.startsWith('logs/')).map(([, d]) => d.message)).toEqual([
      'Decided abstract A1: accepted as a poster, and emailed its author',
    ]);
    expect(screen.queryByRole('radio')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back to the abstracts' }));
    expect(rows()[0]).toEqual(['Title A1', 'Prevention', 'Oral presentation', '3.0', '4.0', '3.5', '2.0', '2', '0', 'accepted as a poster']);
  });

  it('never offers a declared conflict’s note for quoting, quotes at most five, and says when the decision could not be stored', async () => {
    for (const n of [5, 6, 7, 8, 9, 10]) review('A3', `r${n}@reviewers.test`, { scores: { originality: 3, methods: 3 }, toAuthors: `Comment ${n}.` });
    renderStaffScreen(AbstractsAdminPage);
    const user = userEvent.setup();
    await user.click(await within(await screen.findByRole('table', { name: /The committee’s table/ })).findByRole('button', { name: 'Title A3' }));
    let decision = screen.getByRole('region', { name: 'Decision' });
    const boxes = within(decision).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([
      [true, false],
      [true, false],
      [true, false],
      [true, false],
      [true, false],
      [false, true],
    ]);
    await user.click(boxes[0]);
    expect(boxes[5]).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Back to the abstracts' }));

    await user.click(within(table()).getByRole('button', { name: 'Title A2' }));
    decision = screen.getByRole('region', { name: 'Decision' });
    expect(within(decision).getAllByRole('checkbox')).toHaveLength(1);
    expect(decision).not.toHaveTextContent('I supervise');
    await user.click(within(decision).getByRole('radio', { name: 'Reject' }));
    expect(within(decision).getByRole('region', { name: 'The email' })).toHaveTextContent('it is not accepted.');
    fake.state.failCommits = new Error('permission-denied');
    await user.click(within(decision).getByRole('button', { name: 'Decide…' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Decide and send the email' }));
    expect(await within(decision).findByRole('alert')).toHaveTextContent('The decision was not stored and no email was sent.');
    expect(fake.state.docs.has('abstractDecisions/A2')).toBe(false);
  });
});
