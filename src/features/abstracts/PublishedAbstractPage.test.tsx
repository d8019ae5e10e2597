import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../tests/fake-db.ts';
import { LONG } from '../../../tests/lazy-wait.ts';
import { storePublished, storeSession, storeTracks } from '../../../tests/published-abstracts.ts';

// The fake db, or reads that never answer (loading) or fail (offline).
const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState>, reads: 'answer' as 'answer' | 'hang' | 'fail' }));
vi.mock('../../lib/data.ts', () => {
  const reads = () => {
    const db = fakeDb(fake.state);
    if (fake.reads === 'hang') return { ...db, fetchDocument: () => new Promise(() => {}) };
    if (fake.reads === 'fail') return { ...db, fetchDocument: () => Promise.reject(new Error('offline')) };
    return db;
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

const { default: PublishedAbstractPage, ErrorBoundary } = await import('./PublishedAbstractPage.tsx');

function show(id: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Stub = createRoutesStub([{ path: '/abstracts/:id', Component: PublishedAbstractPage, ErrorBoundary }]);
  render(
    <QueryClientProvider client={client}>
      <Stub initialEntries={[`/abstracts/${id}`]} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fake.state = createFakeState();
  fake.reads = 'answer';
  storeTracks(fake.state);
});

describe('/abstracts/:id', () => {
  it('shows the abstract: title, authors with shared affiliation numbers, the presenting author, track, presentation, session, parts, keywords', async () => {
    storeSession(fake.state, 's1', { title: 'Screening that reaches people' });
    storePublished(fake.state, 'abc1', { title: 'HPV self-sampling in Kisumu', sessionId: 's1', sessionOrder: 2 });
    show('abc1');
    expect(await screen.findByRole('heading', { level: 1, name: 'HPV self-sampling in Kisumu' }, LONG)).toBeInTheDocument();
    expect(document.title).toBe('HPV self-sampling in Kisumu | National Cancer Summit');

    // Three authors, two distinct affiliations: the first and third share number 1.
    const authors = screen.getByText(/Achieng Otieno/).closest('p')!;
    expect(authors).toHaveTextContent('Achieng Otieno1, Kiprop Kemboi2 (presenting), Wanjiru Mwangi1');
    expect(within(authors).getByText('Kiprop Kemboi').tagName).toBe('STRONG');
    const marks = within(authors).getAllByRole('link');
    expect(marks.map((a) => [a.textContent, a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ['1', 'affiliation 1', '#affiliation-1'],
      ['2', 'affiliation 2', '#affiliation-2'],
      ['1', 'affiliation 1', '#affiliation-1'],
    ]);
    const affiliations = screen.getAllByRole('listitem').filter((li) => li.id.startsWith('affiliation-'));
    expect(affiliations.map((li) => [li.id, li.textContent])).toEqual([
      ['affiliation-1', '1 Kenyatta National Hospital'],
      ['affiliation-2', '2 Moi University'],
    ]);

    const facts = screen.getByText('Track').parentElement!;
    expect(facts).toHaveTextContent('TrackPrevention and early detection');
    expect(facts).toHaveTextContent('Accepted asOral presentation');
    expect(facts).toHaveTextContent('SessionScreening that reaches people, Wednesday, 12 May 2027, 09:00–10:30 (Nairobi time), Tsavo Hall');
    expect(screen.getByRole('link', { name: 'Screening that reaches people' })).toHaveAttribute('href', '/program');

    for (const part of ['Background', 'Methods', 'Results', 'Conclusions']) expect(screen.getByRole('heading', { level: 2, name: part })).toBeInTheDocument();
    expect(screen.getByText('Background of abc1.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Keywords' })).toHaveTextContent('screening, cervical cancer');
    expect(screen.getByRole('link', { name: 'All accepted abstracts, in the abstract book' })).toHaveAttribute('href', '/abstract-book');
  });

  it('not yet placed: says so; a track the call no longer has shows under its key; a poster', async () => {
    storePublished(fake.state, 'abc2', { track: 'survivorship', presentation: 'poster', presenting: 0 });
    show('abc2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Title abc2' }, LONG)).toBeInTheDocument();
    const facts = screen.getByText('Track').parentElement!;
    expect(facts).toHaveTextContent('TracksurvivorshipAccepted asPosterSessionNot yet placed in the programme.');
    expect(screen.getByText(/Achieng Otieno/).closest('p')).toHaveTextContent('Achieng Otieno1 (presenting), Kiprop Kemboi2, Wanjiru Mwangi1');
  });

  it('a session since unpublished (or deleted) is not named', async () => {
    storeSession(fake.state, 's9', { published: false });
    storePublished(fake.state, 'abc3', { sessionId: 's9' });
    show('abc3');
    expect(await screen.findByText('Not yet placed in the programme.', {}, LONG)).toBeInTheDocument();
    expect(screen.queryByText(/Session s9/)).toBeNull();
  });

  it('an author without an affiliation gets no number', async () => {
    storePublished(fake.state, 'abc4', { authors: ['Solo Author'], affiliations: [''], presenting: 0 });
    show('abc4');
    const authors = (await screen.findByText('Solo Author', {}, LONG)).closest('p')!;
    expect(authors).toHaveTextContent('Solo Author (presenting)');
    expect(within(authors).queryByRole('link')).toBeNull();
  });

  it('an unknown id is not found (and not indexed)', async () => {
    show('nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Abstract not found' }, LONG)).toBeInTheDocument();
    expect(document.title).toBe('Abstract not found | National Cancer Summit');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(screen.getByRole('link', { name: 'abstract book' })).toHaveAttribute('href', '/abstract-book');
  });

  it('a listing without its text (half published) is not found either', async () => {
    storePublished(fake.state, 'half');
    fake.state.docs.delete('publishedAbstractTexts/half');
    show('half');
    expect(await screen.findByRole('heading', { level: 1, name: 'Abstract not found' }, LONG)).toBeInTheDocument();
  });

  it('an id the site never makes is not found without a read', async () => {
    fake.reads = 'fail';
    show('a%20b');
    expect(await screen.findByRole('heading', { level: 1, name: 'Abstract not found' }, LONG)).toBeInTheDocument();
  });

  it('says it is loading while the abstract is read', async () => {
    fake.reads = 'hang';
    show('abc1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loading abstract…' }, LONG)).toBeInTheDocument();
    expect(document.title).toBe('Abstract | National Cancer Summit');
  });

  it('says so when the abstract cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fake.reads = 'fail';
    show('abc1');
    expect(await screen.findByText('We could not load this abstract. Check your connection and reload the page.', {}, LONG)).toBeInTheDocument();
  });
});
