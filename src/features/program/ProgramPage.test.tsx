import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../tests/fake-db.ts';
import { LONG } from '../../../tests/lazy-wait.ts';
import { storePublished, storeSession } from '../../../tests/published-abstracts.ts';
import { renderPage, seed } from '../../../tests/render-public.tsx';

// The fake db; `failAbstracts` makes the published abstracts' read fail (the sessions' still answers).
const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState>, failAbstracts: false }));
vi.mock('../../lib/data.ts', () => {
  const reads = () => {
    const db = fakeDb(fake.state);
    return {
      ...db,
      fetchDocuments: (name: string, options?: object) =>
        fake.failAbstracts && name === 'publishedAbstracts' ? Promise.reject(new Error('offline')) : db.fetchDocuments(name, options),
    };
  };
  return {
    get db() {
      return reads();
    },
    get publicReads() {
      return reads();
    },
  };
});

const { default: ProgramPage } = await import('./ProgramPage.tsx');

beforeEach(() => {
  fake.state = createFakeState();
  fake.failAbstracts = false;
  seed(fake.state, { seats: 0 });
  storeSession(fake.state, 's1', { title: 'Screening that reaches people' });
  storeSession(fake.state, 's2', { title: 'Opening plenary', startsAt: new Date('2027-05-12T05:00:00Z'), endsAt: new Date('2027-05-12T05:45:00Z') });
});

const session = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li')!;

describe('/program with accepted abstracts', () => {
  it('lists each session’s abstracts in running order, linked, with authors (presenting marked) and Oral or Poster', async () => {
    storePublished(fake.state, 'late', { title: 'Zebra crossings', sessionId: 's1', sessionOrder: 1, presentation: 'poster', presenting: 2 });
    storePublished(fake.state, 'first', { title: 'Mobile screening vans', sessionId: 's1', sessionOrder: 0 });
    storePublished(fake.state, 'tie', { title: 'Apps for follow-up', sessionId: 's1', sessionOrder: 1 });
    storePublished(fake.state, 'unplaced', { title: 'Not in any session' });
    renderPage(ProgramPage, '/program');
    await screen.findByRole('heading', { level: 3, name: 'Screening that reaches people' }, LONG);

    const placed = within(session('Screening that reaches people'));
    expect(placed.getByRole('heading', { level: 4, name: 'Abstracts' })).toBeInTheDocument();
    const abstracts = placed.getAllByRole('listitem');
    expect(abstracts.map((li) => within(li).getByRole('link').textContent)).toEqual(['Mobile screening vans', 'Apps for follow-up', 'Zebra crossings']);
    expect(within(abstracts[0]).getByRole('link')).toHaveAttribute('href', '/abstracts/first');
    expect(abstracts[0]).toHaveTextContent('Mobile screening vans (Oral)Achieng Otieno, Kiprop Kemboi (presenting), Wanjiru Mwangi');
    expect(within(abstracts[0]).getByText('Kiprop Kemboi').tagName).toBe('STRONG');
    expect(abstracts[2]).toHaveTextContent('Zebra crossings (Poster)Achieng Otieno, Kiprop Kemboi, Wanjiru Mwangi (presenting)');
    expect(screen.queryByText('Not in any session')).toBeNull();
  });

  it('a session without abstracts shows as before: no abstracts heading, no list', async () => {
    storePublished(fake.state, 'one', { sessionId: 's1' });
    renderPage(ProgramPage, '/program');
    await screen.findByRole('heading', { level: 3, name: 'Opening plenary' }, LONG);
    const plenary = within(session('Opening plenary'));
    expect(plenary.queryByRole('heading', { name: 'Abstracts' })).toBeNull();
    expect(plenary.queryByRole('list')).toBeNull();
  });

  it('an abstract placed in a session that is not published is not shown', async () => {
    storePublished(fake.state, 'lost', { title: 'In a hidden session', sessionId: 'hidden' });
    renderPage(ProgramPage, '/program');
    await screen.findByRole('heading', { level: 3, name: 'Opening plenary' }, LONG);
    expect(screen.queryByText('In a hidden session')).toBeNull();
  });

  it('the sessions still show when the abstracts cannot be read', async () => {
    fake.failAbstracts = true;
    renderPage(ProgramPage, '/program');
    expect(await screen.findByRole('heading', { level: 3, name: 'Screening that reaches people' }, LONG)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Abstracts' })).toBeNull();
  });
});
