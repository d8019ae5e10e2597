import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../tests/render-public.tsx';
import { LONG } from '../../../tests/lazy-wait.ts';

// Only the data boundary is faked: the public REST reader (one document read) and the SDK client,
// which the page must never touch.
const reads = vi.hoisted(() => ({ fetchDocument: vi.fn() }));
vi.mock('../../lib/data.ts', () => ({
  publicReads: reads,
  db: new Proxy({}, { get: (_t, key) => () => Promise.reject(new Error(`db.${String(key)} used`)) }),
}));

const { default: VerifyCertificatePage, meta } = await import('./VerifyCertificatePage.tsx');

const ID = 'AbCdEfGhIjKlMnOpQrSt';
const NEW_ID = 'ZyXwVuTsRqPoNmLkJiHg';
const check = (over: Record<string, unknown> = {}) => ({
  id: ID,
  status: 'valid',
  fullName: 'Dr. Achieng Otieno',
  activityName: 'National Cancer Summit 2027',
  accreditingBody: 'Kenya Medical Practitioners and Dentists Council',
  providerNumber: 'KMPDC/CPD/0042',
  points: 4,
  issuedAt: new Date('2027-03-12T21:30:00Z'),
  revokedAt: null,
  replacedBy: '',
  ...over,
});

const open = (id: string) => renderPage(VerifyCertificatePage, `/certificates/${id}`, '/certificates/:id');
const field = (dl: HTMLElement, term: string) => within(dl).getByText(term).nextElementSibling?.textContent;

beforeEach(() => reads.fetchDocument.mockReset());

describe('the public certificate check', () => {
  it('says a valid certificate is valid, in words, with who, what, the body, the provider number, the points and the day issued', async () => {
    reads.fetchDocument.mockResolvedValue(check());
    open(ID);
    const verdict = await screen.findByRole('region', { name: 'Valid certificate' }, LONG);
    expect(screen.getByRole('heading', { level: 1, name: 'Certificate check' })).toBeInTheDocument();
    const dl = verdict.querySelector('dl')!;
    expect(field(dl, 'Certificate number')).toBe(ID);
    expect(field(dl, 'Issued to')).toBe('Dr. Achieng Otieno');
    expect(field(dl, 'Activity')).toBe('National Cancer Summit 2027');
    expect(field(dl, 'Accrediting body')).toBe('Kenya Medical Practitioners and Dentists Council');
    expect(field(dl, 'Provider number')).toBe('KMPDC/CPD/0042');
    expect(field(dl, 'CPD points')).toBe('4 CPD points');
    expect(field(dl, 'Issued on')).toBe('13 March 2027'); // the day in Nairobi
    expect(verdict).not.toHaveTextContent(/revoked on/i);
    // One read, of the public projection, and nothing else.
    expect(reads.fetchDocument.mock.calls).toEqual([['certificateChecks', ID]]);
  });

  it('says a revoked one is revoked, since when, and links to the certificate replacing it', async () => {
    reads.fetchDocument.mockResolvedValue(check({ status: 'revoked', revokedAt: new Date('2027-04-01T09:00:00Z'), replacedBy: NEW_ID, points: 1 }));
    open(ID);
    const verdict = await screen.findByRole('region', { name: 'Revoked certificate' }, LONG);
    expect(verdict).toHaveTextContent('This certificate was revoked on 1 April 2027 and is no longer valid.');
    expect(within(verdict).getByRole('link', { name: 'check the replacement certificate' })).toHaveAttribute('href', `/certificates/${NEW_ID}`);
    expect(field(verdict.querySelector('dl')!, 'CPD points')).toBe('1 CPD point');
    expect(screen.queryByText(/Valid certificate/)).toBeNull();
  });

  it('offers no replacement link when a certificate was revoked without one', async () => {
    reads.fetchDocument.mockResolvedValue(check({ status: 'revoked', revokedAt: new Date('2027-04-01T09:00:00Z') }));
    open(ID);
    const verdict = await screen.findByRole('region', { name: 'Revoked certificate' }, LONG);
    expect(within(verdict).queryByRole('link')).toBeNull();
  });

  it('answers "not found" for a number nobody issued', async () => {
    reads.fetchDocument.mockResolvedValue(null);
    open(ID);
    const verdict = await screen.findByRole('region', { name: 'Certificate not found' }, LONG);
    expect(verdict).toHaveTextContent(`No certificate has the number ${ID}.`);
  });

  it.each([
    ['too short', 'AbCdEfGhIjKlMnOpQrS'],
    ['too long', 'AbCdEfGhIjKlMnOpQrStU'],
    ['a dot', 'AbCdEfGhIjKlMnOpQr.t'],
    ['an encoded slash', 'AbCdEfGhIj%2FlMnOpQrSt'],
    ['a space', 'AbCdEfGhIj%20lMnOpQrS'],
  ])('answers "not found" without any read for an odd number (%s)', async (_case, id) => {
    open(id);
    expect(await screen.findByRole('region', { name: 'Certificate not found' }, LONG)).toBeInTheDocument();
    expect(reads.fetchDocument).not.toHaveBeenCalled();
  });

  it('never calls a certificate valid when its status is something else: it says it could not check it', async () => {
    reads.fetchDocument.mockResolvedValue(check({ status: 'pending' }));
    open(ID);
    expect(await screen.findByRole('alert', {}, LONG)).toHaveTextContent('We could not check this certificate just now.');
    expect(screen.queryByText('Valid certificate')).toBeNull();
  });

  it('says when it could not read, and reads again on "Try again"', async () => {
    reads.fetchDocument.mockRejectedValue(new Error('offline'));
    open(ID);
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('We could not check this certificate just now. Check your connection and try again.');
    const calls = reads.fetchDocument.mock.calls.length;
    reads.fetchDocument.mockResolvedValue(check());
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Valid certificate' }, LONG)).toBeInTheDocument();
    expect(reads.fetchDocument.mock.calls.length).toBe(calls + 1);
  }, 15_000);

  it('shows that it is checking, in a live region that announces the verdict', async () => {
    let answer!: (v: unknown) => void;
    reads.fetchDocument.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    open(ID);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Checking the certificate…');
    expect(status.closest('[aria-live="polite"]')).not.toBeNull();
    answer(check());
    const verdict = await screen.findByRole('region', { name: 'Valid certificate' }, LONG);
    expect(verdict.closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('asks search engines not to index it', () => {
    expect(meta({} as Parameters<typeof meta>[0])).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});
