import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../../tests/fake-db.ts';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';
import { assignmentId } from '../../../data/abstract-review.ts';

// Only the database client is faked; the same writes meet the real rules in
// tests/integration/abstract-review.test.ts, and the whole screen in e2e/reviews.spec.ts.
const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState>, failReads: false }));
vi.mock('../../../lib/data.ts', () => ({
  get db() {
    const db = fakeDb(fake.state);
    return {
      ...db,
      fetchDocuments: (...args: Parameters<typeof db.fetchDocuments>) =>
        fake.failReads ? Promise.reject(Object.assign(new Error('offline'), { code: 'unavailable' })) : db.fetchDocuments(...args),
    };
  },
  get publicReads() {
    return fakeDb(fake.state);
  },
}));

const { default: ReviewsPage } = await import('./ReviewsPage.tsx');

const ME = 'reviewer@example.org';
const CALL = {
  opensAt: new Date('2026-01-01T00:00:00Z'),
  closesAt: new Date('2026-02-01T00:00:00Z'),
  tracks: { prevention: 'Prevention and early detection', treatment: 'Treatment and care' },
  wordLimits: { background: 100, methods: 100, results: 100, conclusions: 100, total: 300 },
  guidelines: '',
  criteria: { originality: 'Originality', methods: 'Soundness of the methods' },
  reviewersPerAbstract: 2,
};

function assign(abstractId: string, title: string, reviewer = ME, at = 1) {
  const id = assignmentId(abstractId, reviewer);
  fake.state.docs.set(`blindAbstracts/${id}`, {
    id,
    abstractId,
    reviewer,
    title,
    track: 'prevention',
    presentation: 'poster',
    background: 'Screening uptake remains low.',
    methods: 'We surveyed 400 women.',
    results: 'Uptake rose to 41%.',
    conclusions: 'Outreach doubles uptake.',
    keywords: 'screening, cervical cancer',
    assignedAt: new Date(Date.UTC(2026, 1, at)),
  });
  return id;
}

const axeViolations = async () => {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

const render = () => renderStaffScreen(ReviewsPage, { role: 'reviewer', email: ME, path: '/admin/reviews' });

beforeEach(() => {
  fake.state = createFakeState();
  fake.failReads = false;
  fake.state.docs.set('settings/abstracts', CALL);
});

describe('reviews', () => {
  it('lists only the abstracts assigned to the reviewer, earliest first, each with its state', async () => {
    assign('a2', 'Later one', ME, 3);
    const first = assign('a1', 'Cervical screening in Kisumu', ME, 1);
    const conflict = assign('a3', 'Breast cancer survival', ME, 5);
    assign('a4', 'Someone else’s', 'other@example.org');
    fake.state.docs.set(`reviews/${first}`, {
      id: first,
      abstractId: 'a1',
      reviewer: ME,
      conflict: false,
      scores: { originality: 4, methods: 3 },
      toAuthors: '',
      toCommittee: '',
    });
    fake.state.docs.set(`reviews/${conflict}`, { id: conflict, abstractId: 'a3', reviewer: ME, conflict: true, scores: {}, toAuthors: '', toCommittee: '' });
    render();
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Cervical screening in KisumuPrevention and early detection · ReviewedRevise “Cervical screening in Kisumu”',
      'Later onePrevention and early detection · Not reviewedReview “Later one”',
      'Breast cancer survivalPrevention and early detection · Conflict declaredRevise “Breast cancer survival”',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(/^3 abstracts, 1 not reviewed yet\.$/);
    expect(await axeViolations()).toEqual([]);
  });

  it('says when reviews are due, in Nairobi time, when the call sets a date', async () => {
    // 17:00 on 31 May 2027 in Nairobi.
    fake.state.docs.set('settings/abstracts', { ...CALL, reviewsDueAt: new Date('2027-05-31T14:00:00Z') });
    assign('a1', 'Due soon');
    render();
    await screen.findByRole('list');
    expect(screen.getByRole('status')).toHaveTextContent('1 abstract, 1 not reviewed yet. Reviews are due by 31 May 2027, 17:00 (Nairobi time).');
  });

  it('says so when nothing is assigned', async () => {
    render();
    expect(await screen.findByText(/No abstracts are assigned to you yet/)).toBeInTheDocument();
  });

  it('offers to try again when the assignments cannot be read', async () => {
    fake.failReads = true;
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the abstracts assigned to you.');
    fake.failReads = false;
    assign('a1', 'Cervical screening in Kisumu');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Cervical screening in Kisumu')).toBeInTheDocument();
  });

  it('shows the blind abstract, scores each criterion by keyboard, and saves then revises the review', async () => {
    const id = assign('a1', 'Cervical screening in Kisumu');
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Review “Cervical screening in Kisumu”' }));
    const article = await screen.findByRole('article', { name: 'Cervical screening in Kisumu' });
    for (const text of ['Prevention and early detection', 'Poster', 'screening, cervical cancer', 'We surveyed 400 women.', 'Outreach doubles uptake.'])
      expect(within(article).getByText(text)).toBeInTheDocument();
    expect(within(article).queryByText(/Authors|Conflicts of interest/)).not.toBeInTheDocument();
    // Nothing scored: each criterion's problem beside its group, and nothing written.
    await user.click(screen.getByRole('button', { name: 'Save the review' }));
    const originality = screen.getByRole('group', { name: 'Originality' });
    expect(within(originality).getByText('Score “Originality”.')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Soundness of the methods' })).getByText('Score “Soundness of the methods”.')).toBeInTheDocument();
    expect(fake.state.commits).toHaveLength(0);
    // The keyboard: Tab into the group, the arrow keys move the choice.
    within(originality).getByRole('radio', { name: '1' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(originality).getByRole('radio', { name: '4' })).toBeChecked();
    expect(within(originality).queryByText('Score “Originality”.')).toBeInTheDocument(); // shown until the next save
    await user.click(within(screen.getByRole('group', { name: 'Soundness of the methods' })).getByRole('radio', { name: '3' }));
    await user.type(screen.getByLabelText('Comment to the authors (optional)'), 'Clear and useful.');
    await user.type(screen.getByLabelText('Comment to the committee (optional)'), 'Small sample.');
    await user.click(screen.getByRole('button', { name: 'Save the review' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your review is saved.');
    expect(screen.queryByText('Score “Originality”.')).not.toBeInTheDocument();
    expect(fake.state.docs.get(`reviews/${id}`)).toMatchObject({
      reviewer: ME,
      abstractId: 'a1',
      conflict: false,
      scores: { originality: 4, methods: 3 },
      toAuthors: 'Clear and useful.',
      toCommittee: 'Small sample.',
    });
    expect(fake.state.commits[0][0]).toMatchObject({ set: `reviews/${id}` });
    // Revised: the same review, updated.
    await user.click(within(screen.getByRole('group', { name: 'Soundness of the methods' })).getByRole('radio', { name: '5' }));
    await user.click(screen.getByRole('button', { name: 'Save the revised review' }));
    await waitFor(() => expect(fake.state.commits).toHaveLength(2));
    expect(fake.state.commits[1][0]).toMatchObject({ update: `reviews/${id}` });
    expect(fake.state.docs.get(`reviews/${id}`)).toMatchObject({ scores: { originality: 4, methods: 5 } });
    await user.click(screen.getByRole('button', { name: 'Back to your abstracts' }));
    expect(await screen.findByText('Prevention and early detection · Reviewed')).toBeInTheDocument();
  });

  it('declares a conflict instead: no scores or authors’ comment asked, and none sent though typed before', async () => {
    const id = assign('a1', 'Cervical screening in Kisumu');
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Review “Cervical screening in Kisumu”' }));
    await user.click(within(await screen.findByRole('group', { name: 'Originality' })).getByRole('radio', { name: '2' }));
    await user.type(screen.getByLabelText('Comment to the authors (optional)'), 'Typed first.');
    await user.click(screen.getByRole('checkbox', { name: /I have a conflict of interest/ }));
    expect(screen.queryByRole('group', { name: 'Originality' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Comment to the authors (optional)')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Comment to the committee (optional)'), 'I supervised the first author.');
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Declare the conflict' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your conflict is declared.');
    expect(fake.state.docs.get(`reviews/${id}`)).toMatchObject({ conflict: true, scores: {}, toAuthors: '', toCommittee: 'I supervised the first author.' });
  });

  it('shows a comment’s problem beside it: too long, or a hidden character', async () => {
    assign('a1', 'Cervical screening in Kisumu');
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Review “Cervical screening in Kisumu”' }));
    await user.click(screen.getByRole('checkbox', { name: /I have a conflict of interest/ }));
    const committee = screen.getByLabelText('Comment to the committee (optional)');
    await user.type(committee, 'evil\u202Etxt');
    await user.click(screen.getByRole('button', { name: 'Declare the conflict' }));
    const message = 'The comment to the committee holds a character that cannot be sent (a control or direction character).';
    expect(committee).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(committee).toHaveAttribute('aria-invalid', 'true');
    expect(fake.state.commits).toHaveLength(0);
  });

  it('explains a save the rules refuse (the committee has decided), keeping what was typed', async () => {
    assign('a1', 'Cervical screening in Kisumu');
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Review “Cervical screening in Kisumu”' }));
    await user.click(screen.getByRole('checkbox', { name: /I have a conflict of interest/ }));
    await user.type(screen.getByLabelText('Comment to the committee (optional)'), 'Keep me.');
    fake.state.failCommits = Object.assign(new Error('denied'), { code: 'permission-denied' });
    await user.click(screen.getByRole('button', { name: 'Declare the conflict' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('reviews of an abstract close once the committee has decided on it');
    expect(screen.getByLabelText('Comment to the committee (optional)')).toHaveValue('Keep me.');
    fake.state.failCommits = Object.assign(new Error('offline'), { code: 'unavailable' });
    await user.click(screen.getByRole('button', { name: 'Declare the conflict' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check your connection and try again');
  });
});
