import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../tests/fake-db.ts';
import { HOUR, renderPage } from '../../../tests/render-public.tsx';
import { LONG } from '../../../tests/lazy-wait.ts';
import { formatDeadline } from '../../components/format.ts';

const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState> }));
vi.mock('../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
  get publicReads() {
    return fakeDb(fake.state);
  },
}));

const { default: AbstractsPage } = await import('./AbstractsPage.tsx');

const now = Date.now();
const CALL = {
  opensAt: new Date(now - 24 * HOUR),
  closesAt: new Date(now + 7 * 24 * HOUR),
  tracks: { treatment: 'Treatment and care', prevention: 'Prevention and early detection' },
  wordLimits: { background: 100, methods: 120, results: 150, conclusions: 75, total: 1500 },
  guidelines: 'Original work only.\n\nNo author names in the text:\nreviewers read it blind.',
};

beforeEach(() => {
  fake.state = createFakeState();
});

const call = (change: Record<string, unknown> = {}) => fake.state.docs.set('settings/abstracts', { ...CALL, ...change });

describe('/abstracts', () => {
  it('while open: until when, the way in, the tracks, both presentations, the limits and the guidelines', async () => {
    call();
    renderPage(AbstractsPage, '/abstracts');
    expect(await screen.findByText(/^The call is open until/, {}, LONG)).toHaveTextContent(
      `The call is open until ${formatDeadline(CALL.closesAt)}. Until then you can save drafts, submit, edit and withdraw.`,
    );
    expect(screen.getByRole('link', { name: 'Submit an abstract' })).toHaveAttribute('href', '/my-abstracts');
    const tracks = screen.getByRole('region', { name: 'Tracks' });
    expect(
      within(tracks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Prevention and early detection', 'Treatment and care']);
    expect(screen.getByRole('region', { name: 'Presentation' })).toHaveTextContent('oral presentation or present a poster');
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['PartWords at most', 'Background100', 'Methods120', 'Results150', 'Conclusions75', 'The whole abstract1,500']);
    const guidelines = within(screen.getByRole('region', { name: 'Guidelines' })).getAllByRole('paragraph');
    expect(guidelines.map((p) => p.textContent)).toEqual(['Original work only.', 'No author names in the text:\nreviewers read it blind.']);
    expect(screen.getByRole('link', { name: 'my registration' })).toHaveAttribute('href', '/my-registration');
    expect(screen.getByRole('link', { name: 'abstract book' })).toHaveAttribute('href', '/abstract-book');
  });

  it('before it opens: both dates, no way in yet', async () => {
    call({ opensAt: new Date(now + HOUR), closesAt: new Date(now + 48 * HOUR) });
    renderPage(AbstractsPage, '/abstracts');
    expect(await screen.findByText(/^The call opens on/, {}, LONG)).toHaveTextContent(
      `The call opens on ${formatDeadline(new Date(now + HOUR))} and closes on ${formatDeadline(new Date(now + 48 * HOUR))}.`,
    );
    expect(screen.queryByRole('link', { name: 'Submit an abstract' })).toBeNull();
  });

  it('once closed: when it closed, and where authors read theirs', async () => {
    call({ opensAt: new Date(now - 48 * HOUR), closesAt: new Date(now - 1000) });
    renderPage(AbstractsPage, '/abstracts');
    expect(await screen.findByText(/^The call closed on/, {}, LONG)).toHaveTextContent(`The call closed on ${formatDeadline(new Date(now - 1000))}.`);
    expect(screen.queryByRole('link', { name: 'Submit an abstract' })).toBeNull();
  });

  it('with no call set: not open yet, no tracks, no guidelines', async () => {
    renderPage(AbstractsPage, '/abstracts');
    expect(await screen.findByText('The call for abstracts is not open yet. Its dates will be announced here.', {}, LONG)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tracks' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Guidelines' })).toBeNull();
  });

  it('has no accessibility violations', async () => {
    call();
    renderPage(AbstractsPage, '/abstracts');
    await screen.findByRole('link', { name: 'Submit an abstract' }, LONG);
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
