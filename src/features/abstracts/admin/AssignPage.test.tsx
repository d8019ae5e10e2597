import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAbstract, storeCall, storeReviewer } from '../../../../tests/abstract-fixtures.ts';
import { createFakeState, fakeDb } from '../../../../tests/fake-db.ts';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';

const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState> }));
vi.mock('../../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
  get publicReads() {
    return fakeDb(fake.state);
  },
}));

const { default: AssignPage } = await import('./AssignPage.tsx');

// 13 abstracts in prevention (one more than a commit holds) and one in treatment, which no
// reviewer reviews. Every abstract has an author at KNH, so the KNH reviewer gets none.
const PREVENTION = Array.from({ length: 13 }, (_, i) => `A${String(i + 1).padStart(2, '0')}`);

beforeEach(() => {
  fake.state = createFakeState();
  storeCall(fake.state);
  for (const id of PREVENTION) storeAbstract(fake.state, id);
  storeAbstract(fake.state, 'T1', { track: 'treatment' });
  storeAbstract(fake.state, 'D1', { status: 'draft', submittedAt: null });
  storeReviewer(fake.state, 'aga@reviewers.test', 'Aga Khan University Hospital');
  storeReviewer(fake.state, 'ken@reviewers.test', 'Kenyatta University');
  storeReviewer(fake.state, 'knh@reviewers.test', 'Kenyatta National Hospital (KNH)');
});

const assignmentsStored = () => [...fake.state.docs.keys()].filter((p) => p.startsWith('blindAbstracts/')).sort();
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

describe('Assign reviewers', () => {
  it('previews the automatic assignment (loads, each abstract’s reviewers, shortfalls with why), then stores it in the data module’s commits, each logged', async () => {
    renderStaffScreen(AssignPage);
    const user = userEvent.setup();
    expect(await screen.findByText('0 of 14 submitted abstracts have their 2 reviewers (the call’s number).')).toBeInTheDocument();
    expect(column(screen.getByRole('table', { name: 'Reviewers and their assignments' }), 'Reviewer')).toEqual([
      'aga@reviewers.test',
      'ken@reviewers.test',
      'knh@reviewers.test',
    ]);
    await user.click(screen.getByRole('button', { name: 'Assign automatically' }));
    expect(screen.getByText('26 new assignments to 13 abstracts. 1 abstract cannot get all 2 reviewers.')).toBeInTheDocument();
    expect(screen.getByText('Title T1: 0 of 2, no reviewer for its track.')).toBeInTheDocument();
    const loads = screen.getByRole('table', { name: 'Each reviewer’s load' });
    expect(column(loads, 'After')).toEqual(['13', '13', '0']);
    const each = screen.getByRole('table', { name: 'Each abstract’s reviewers' });
    expect(column(each, 'Reviewers')).toContain('aga@reviewers.test (new), ken@reviewers.test (new)');
    expect(column(each, 'Reviewers')).toContain('None');
    // Nothing is stored before confirming.
    expect(fake.state.commits).toEqual([]);
    expect(
      await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } }).then((r) => r.violations.map((v) => v.id)),
    ).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Store 26 assignments' }));
    expect(await screen.findByText('Stored 26 assignments.')).toBeInTheDocument();
    // Twelve abstracts a commit (the rules' read budget), each commit with its log line.
    expect(fake.state.commits.map((c) => c.length)).toEqual([24 + 1, 2 + 1]);
    expect(assignmentsStored()).toHaveLength(26);
    expect(fake.state.docs.get('blindAbstracts/A01__aga@reviewers.test')).toMatchObject({
      abstractId: 'A01',
      reviewer: 'aga@reviewers.test',
      title: 'Title A01',
    });
    expect(fake.state.docs.get('blindAbstracts/A01__aga@reviewers.test')).not.toHaveProperty('authors');
    expect(logLines()).toEqual([
      'Assigned reviewers automatically: 2 assignments to 1 abstract (part 2 of 2)',
      'Assigned reviewers automatically: 24 assignments to 12 abstracts (part 1 of 2)',
    ]);
    expect(await screen.findByText('13 of 14 submitted abstracts have their 2 reviewers (the call’s number).')).toBeInTheDocument();
    expect(column(screen.getByRole('table', { name: 'Reviewers and their assignments' }), 'Assigned')).toEqual(['13', '13', '0']);
    // A second run finds nothing to add.
    await user.click(screen.getByRole('button', { name: 'Assign automatically' }));
    expect(screen.getByText('Nothing to add: every abstract has what it can be given. 1 abstract cannot get all 2 reviewers.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Store 0 assignments' })).toBeDisabled();
  });

  it('says how far it got when a commit fails, and a second run tops up the rest', async () => {
    // The connection drops after the first commit.
    const now = fake.state.now;
    fake.state.now = () => {
      if (fake.state.commits.length === 1) fake.state.failCommits = new Error('unavailable');
      return now();
    };
    renderStaffScreen(AssignPage);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign automatically' }));
    await user.click(screen.getByRole('button', { name: 'Store 26 assignments' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Stopped after 1 of 2 commits: 24 assignments stored, the rest not. Check your connection, then press “Assign automatically” again: it starts from what is stored and adds the rest.',
    );
    expect(assignmentsStored()).toHaveLength(24);
    expect(screen.queryByRole('button', { name: /^Store/ })).toBeNull();

    fake.state.failCommits = null;
    fake.state.now = now;
    await user.click(screen.getByRole('button', { name: 'Assign automatically' }));
    expect(await screen.findByText('2 new assignments to 1 abstract. 1 abstract cannot get all 2 reviewers.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Store 2 assignments' }));
    expect(await screen.findByText('Stored 2 assignments.')).toBeInTheDocument();
    expect(assignmentsStored()).toHaveLength(26);
  });

  it('assigns one reviewer by hand, refusing one from an author’s institution, and unassigns', async () => {
    renderStaffScreen(AssignPage);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Abstract'), 'A03');
    expect(screen.getByText('None yet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Reviewer to add/), 'knh@reviewers.test');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(screen.getByRole('alert')).toHaveTextContent('knh@reviewers.test works where one of its authors does');
    expect(fake.state.commits).toEqual([]);

    await user.selectOptions(screen.getByLabelText(/^Reviewer to add/), 'aga@reviewers.test');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    const unassign = await screen.findByRole('button', { name: 'Unassign aga@reviewers.test' });
    expect(assignmentsStored()).toEqual(['blindAbstracts/A03__aga@reviewers.test']);
    expect(logLines()).toEqual(['Assigned aga@reviewers.test to review abstract A03']);
    // Already assigned: no longer offered.
    expect(within(screen.getByLabelText(/^Reviewer to add/)).queryByRole('option', { name: /aga@/ })).toBeNull();

    await user.click(unassign);
    expect(await screen.findByText('None yet.')).toBeInTheDocument();
    expect(assignmentsStored()).toEqual([]);
    expect(logLines()).toContain('Unassigned aga@reviewers.test from abstract A03');
  });

  it('refuses while the call is open: the rules would refuse every assignment', async () => {
    storeCall(fake.state, { open: true });
    renderStaffScreen(AssignPage);
    expect(await screen.findByText(/Reviewers can be assigned once it has closed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign automatically' })).toBeNull();
  });

  it('says where reviewers come from when there are none', async () => {
    for (const path of [...fake.state.docs.keys()].filter((p) => p.startsWith('staff/'))) fake.state.docs.delete(path);
    renderStaffScreen(AssignPage);
    expect(await screen.findByText(/No reviewer yet: add them on Manage Users/)).toBeInTheDocument();
  });
});
