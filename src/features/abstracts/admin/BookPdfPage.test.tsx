import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeState, fakeDb } from '../../../../tests/fake-db.ts';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';
import { fakeUploader, type FakeUploader } from '../../../admin/uploads/fake-uploads.test-support.ts';
import { fileUrl } from '../../../lib/storage-urls.ts';

const fake = vi.hoisted(() => ({ state: null as unknown as ReturnType<typeof createFakeState> }));
vi.mock('../../../lib/data.ts', () => ({
  get db() {
    return fakeDb(fake.state);
  },
  get publicReads() {
    return fakeDb(fake.state);
  },
}));

const { AbstractBookScreen } = await import('./BookPdfPage.tsx');

const OLD = 'settings/abstract-book/aaaaaaaaaaaaaaaaaaaa.pdf';
let uploads: FakeUploader;

function publish(id: string, title: string) {
  fake.state.docs.set(`publishedAbstracts/${id}`, {
    id,
    title,
    authors: ['Achieng Otieno', 'Brian Kiprono'],
    affiliations: ['Kenyatta National Hospital', 'Moi University'],
    presenting: 0,
    track: 'prevention',
    presentation: 'poster',
    keywords: 'screening',
    sessionId: '',
    sessionOrder: 0,
    publishedAt: new Date('2027-01-20T08:00:00Z'),
  });
  fake.state.docs.set(`publishedAbstractTexts/${id}`, { id, background: 'B.', methods: 'M.', results: 'R.', conclusions: 'C.' });
}

beforeEach(() => {
  fake.state = createFakeState();
  fake.state.docs.set('settings/abstracts', { tracks: { prevention: 'Prevention' } });
  fake.state.docs.set('settings/site', { summitName: 'National Cancer Summit 2027', startDate: null, endDate: null, venue: 'KICC' });
  uploads = fakeUploader();
});

const render = () => renderStaffScreen(() => <AbstractBookScreen uploader={uploads} />);
const regenerate = () => userEvent.click(screen.getByRole('button', { name: 'Regenerate the PDF' }));
const record = () => fake.state.docs.get('settings/abstractBook') as Record<string, unknown> | undefined;

describe('Abstract book', () => {
  it('with no book yet, says so; regenerating uploads the PDF, names it in the record with its count and size, and logs it', async () => {
    publish('a1', 'Screening in Kisumu');
    publish('a2', 'Survival in Eldoret');
    render();
    expect(await screen.findByText(/No PDF has been made yet/)).toBeInTheDocument();
    await regenerate();
    expect(await screen.findByText(/The abstract book now holds 2 abstracts on 4 pages/)).toBeInTheDocument();
    expect(uploads.stored).toHaveLength(1);
    const [name] = uploads.stored;
    expect(name).toMatch(/^settings\/abstract-book\/[a-z0-9]{20}\.pdf$/);
    expect(record()).toMatchObject({ file: name, abstracts: 2, bytes: expect.any(Number), generatedAt: expect.any(Date) });
    expect(record()!.bytes).toBeGreaterThan(1000);
    expect([...fake.state.docs].filter(([p]) => p.startsWith('logs/')).map(([, d]) => d.message)).toEqual([
      expect.stringMatching(/^Regenerated the abstract book: 2 abstracts, \d+ KB$/),
    ]);
    // The screen shows the new record, with its link.
    expect(await screen.findByRole('link', { name: /Open the current PDF/ })).toHaveAttribute('href', fileUrl(name));
  });

  it('shows the current book, and regenerating deletes its file only once the new one is named', async () => {
    publish('a1', 'Screening in Kisumu');
    fake.state.docs.set('settings/abstractBook', { file: OLD, abstracts: 7, bytes: 2 * 1024 * 1024, generatedAt: new Date('2027-02-01T09:00:00Z') });
    render();
    expect(await screen.findByText('7 abstracts')).toBeInTheDocument();
    expect(screen.getByText('2 MB')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open the current PDF/ })).toHaveAttribute('href', fileUrl(OLD));
    await regenerate();
    expect(await screen.findByText(/now holds 1 abstract on 3 pages/)).toBeInTheDocument();
    expect(uploads.removed).toEqual([OLD]);
    expect(record()!.file).toBe(uploads.stored[0]);
  });

  it('when the upload fails: says so, and the current book and its record stay', async () => {
    publish('a1', 'Screening in Kisumu');
    const before = { file: OLD, abstracts: 7, bytes: 2048, generatedAt: new Date('2027-02-01T09:00:00Z') };
    fake.state.docs.set('settings/abstractBook', before);
    uploads.failNext = true;
    render();
    await screen.findByText('7 abstracts');
    await regenerate();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not upload the PDF, so the current book is unchanged');
    expect(record()).toEqual(before);
    expect(uploads.removed).not.toContain(OLD);
    expect(screen.getByRole('button', { name: 'Regenerate the PDF' })).toBeEnabled();
  });

  it('when the record cannot be saved: the new file is deleted again and the current book stays', async () => {
    publish('a1', 'Screening in Kisumu');
    const before = { file: OLD, abstracts: 7, bytes: 2048, generatedAt: new Date('2027-02-01T09:00:00Z') };
    fake.state.docs.set('settings/abstractBook', before);
    render();
    await screen.findByText('7 abstracts');
    fake.state.failCommits = Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
    await regenerate();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save the book’s record, so the current book is unchanged');
    expect(uploads.stored).toHaveLength(1);
    expect(uploads.removed).toEqual([uploads.stored[0]]);
    expect(record()).toEqual(before);
  });

  it('with nothing published: refuses, uploading nothing', async () => {
    render();
    await screen.findByText(/No PDF has been made yet/);
    await regenerate();
    expect(await screen.findByRole('alert')).toHaveTextContent('No abstract is published yet, so there is nothing to put in the book.');
    expect(uploads.stored).toEqual([]);
    expect(record()).toBeUndefined();
  });

  it('tells each step while it works, and has no accessibility violations', async () => {
    publish('a1', 'Screening in Kisumu');
    uploads.holding = true;
    render();
    await screen.findByText(/No PDF has been made yet/);
    await regenerate();
    expect(await screen.findByText(/^Uploading the PDF: 50%$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Regenerating…' })).toBeDisabled();
    // (Outside the admin layout, whose landmarks hold the screen; jsdom cannot compute contrast.)
    const found = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(found.violations.map((v) => v.id)).toEqual([]);
    uploads.release();
    await waitFor(() => expect(record()).toBeDefined());
  });
});
