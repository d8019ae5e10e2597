import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../../tests/fake-db.ts';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';
import { DEFAULT_WORD_LIMITS } from '../../../data/abstracts.ts';

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

function abstract(id: string, fields: Record<string, unknown>) {
  fake.state.docs.set(`abstracts/${id}`, {
    id,
    email: `${id.toLowerCase()}@example.org`,
    status: 'submitted',
    title: `Title ${id}`,
    authors: ['Achieng Otieno', 'Kiprop Kemboi'],
    affiliations: ['KNH', 'Moi University'],
    presenting: 1,
    track: 'prevention',
    presentation: 'oral',
    background: 'Background text.',
    methods: 'Methods text.',
    results: 'Results text.',
    conclusions: 'Conclusions text.',
    keywords: 'a, b',
    conflicts: 'None.',
    consent: true,
    createdAt: new Date(now - 5 * HOUR),
    updatedAt: new Date(now - 4 * HOUR),
    submittedAt: new Date(now - 4 * HOUR),
    ...fields,
  });
}

beforeEach(() => {
  fake.state = createFakeState();
  fake.state.docs.set('settings/abstracts', {
    opensAt: new Date(now - 48 * HOUR),
    closesAt: new Date(now - HOUR),
    tracks: { prevention: 'Prevention', treatment: 'Treatment' },
    wordLimits: DEFAULT_WORD_LIMITS,
    guidelines: '',
  });
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
