import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../tests/fake-db.ts';
import { LONG } from '../../../tests/lazy-wait.ts';
import { storePublished, storeTracks } from '../../../tests/published-abstracts.ts';
import { renderPage } from '../../../tests/render-public.tsx';
import { formatDeadline } from '../../lib/nairobi-time.ts';
import { fileUrl } from '../../lib/storage-urls.ts';

const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState>, reads: 'answer' as 'answer' | 'hang' | 'fail' }));
vi.mock('../../lib/data.ts', () => {
  const reads = () => {
    const db = fakeDb(fake.state);
    if (fake.reads === 'hang') return { ...db, fetchDocuments: () => new Promise(() => {}) };
    if (fake.reads === 'fail') return { ...db, fetchDocuments: () => Promise.reject(new Error('offline')) };
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

const { default: AbstractBookPage } = await import('./AbstractBookPage.tsx');

beforeEach(() => {
  fake.state = createFakeState();
  fake.reads = 'answer';
  storeTracks(fake.state);
});

const MADE = new Date('2027-04-02T12:30:00Z');

describe('/abstract-book', () => {
  it('lists every published abstract by track in the call’s order, removed tracks last, with a table of contents and counts', async () => {
    storePublished(fake.state, 'a1', { title: 'Survivorship clinics', track: 'survivorship' });
    storePublished(fake.state, 'a2', { title: 'Radiotherapy waiting times', track: 'treatment', presentation: 'poster', presenting: 0 });
    storePublished(fake.state, 'a3', { title: 'Breast screening in Nakuru', track: 'prevention' });
    storePublished(fake.state, 'a4', { title: 'Accessible chemotherapy', track: 'treatment', sessionId: 's1' });
    renderPage(AbstractBookPage, '/abstract-book');

    const contents = await screen.findByRole('navigation', { name: 'Contents' }, LONG);
    const entries = within(contents).getAllByRole('listitem');
    expect(entries.map((li) => li.textContent)).toEqual([
      'Prevention and early detection (1 abstract)',
      'Treatment and care (2 abstracts)',
      'survivorship (1 abstract)',
    ]);
    const tracks = screen.getAllByRole('heading', { level: 2 }).slice(1);
    expect(tracks.map((h) => h.textContent)).toEqual(['Prevention and early detection', 'Treatment and care', 'survivorship']);
    // Each contents link leads to its track's section.
    entries.forEach((li, i) => {
      const target = within(li).getByRole('link').getAttribute('href')!.slice(1);
      expect(document.getElementById(target)).toBe(tracks[i].closest('section'));
    });

    const treatment = screen.getByRole('region', { name: 'Treatment and care' });
    expect(within(treatment).getByText('2 abstracts')).toBeInTheDocument();
    const items = within(treatment).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual(['Accessible chemotherapy', 'Radiotherapy waiting times']);
    expect(within(items[0]).getByRole('link', { name: 'Accessible chemotherapy' })).toHaveAttribute('href', '/abstracts/a4');
    expect(items[0]).toHaveTextContent('Achieng Otieno, Kiprop Kemboi (presenting), Wanjiru Mwangi');
    expect(within(items[0]).getByText('Kiprop Kemboi').tagName).toBe('STRONG');
    expect(items[0]).toHaveTextContent('Oral presentation');
    expect(items[1]).toHaveTextContent('Achieng Otieno (presenting), Kiprop Kemboi, Wanjiru Mwangi');
    expect(items[1]).toHaveTextContent('Poster');
    expect(screen.queryByRole('link', { name: 'Download the abstract book' })).toBeNull();

    const { violations } = await axe.run(document.body, { rules: { region: { enabled: false } } });
    expect(violations.map((v) => v.id)).toEqual([]);
  });

  it('links the PDF once one is made, with its size, how many abstracts it holds and when it was made', async () => {
    storePublished(fake.state, 'a1');
    fake.state.docs.set('settings/abstractBook', { file: 'content/abstract-book-x.pdf', abstracts: 300, bytes: 1_258_291, generatedAt: MADE });
    renderPage(AbstractBookPage, '/abstract-book');
    const link = await screen.findByRole('link', { name: 'Download the abstract book' }, LONG);
    expect(link).toHaveAttribute('href', fileUrl('content/abstract-book-x.pdf'));
    expect(link.parentElement).toHaveTextContent(`Download the abstract book (PDF, 1.2 MB, 300 abstracts, made ${formatDeadline(MADE)})`);
  });

  it('with nothing published: says when the book comes, and no contents', async () => {
    renderPage(AbstractBookPage, '/abstract-book');
    expect(await screen.findByText('The abstract book is published once the committee has accepted abstracts.', {}, LONG)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Contents' })).toBeNull();
  });

  it('says it is loading while the list is read', async () => {
    fake.reads = 'hang';
    renderPage(AbstractBookPage, '/abstract-book');
    expect(await screen.findByRole('status', {}, LONG)).toHaveTextContent('Loading the abstract book…');
  });

  it('says so when the list cannot be read', async () => {
    fake.reads = 'fail';
    renderPage(AbstractBookPage, '/abstract-book');
    expect(await screen.findByText('We could not load the abstract book. Check your connection and reload the page.', {}, LONG)).toBeInTheDocument();
  });
});
