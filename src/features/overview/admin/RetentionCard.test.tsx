import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';
import { DEFAULT_SETTINGS } from '../../../content/site.ts';
import { RETENTION_MONTH_MINUTES } from '../../../content/retention.ts';
import type { SiteSettings } from '../../../data/site-settings-schema.ts';

const fake = vi.hoisted(() => ({ counts: {} as Record<string, number>, asked: [] as unknown[][] }));

vi.mock('../../../lib/data.ts', () => ({
  db: {
    fetchCount: async (collection: string, filters: unknown[] = []) => {
      fake.asked.push([collection, ...filters]);
      return fake.counts[collection] ?? 0;
    },
  },
}));

const { RetentionCard } = await import('./RetentionCard.tsx');

const MONTH = RETENTION_MONTH_MINUTES * 60_000;
const DAY = 86_400_000;
const now = new Date('2029-03-01T09:00:00Z');
/** Settings whose keeping time (3 months) ends `inMs` after now. */
const endingIn = (inMs: number): SiteSettings => ({ ...DEFAULT_SETTINGS, endDate: new Date(now.getTime() + inMs - 3 * MONTH), retentionMonths: 3 });

function renderCard(settings: SiteSettings) {
  renderStaffScreen(() => <RetentionCard settings={settings} now={now} />);
  return screen.getByRole('region', { name: 'Personal data' });
}

beforeEach(() => {
  fake.counts = {};
  fake.asked.length = 0;
});

describe('the overview’s personal data card', () => {
  it('without an end date, says the clock waits for it, with a link to Settings', () => {
    const card = renderCard({ ...DEFAULT_SETTINGS, endDate: null });
    expect(card).toHaveTextContent('is kept 24 months after the summit ends. Set the summit’s end date in Settings');
    expect(within(card).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
    expect(fake.asked).toEqual([]);
  });

  it('more than a week ahead, names the date and counts nothing', () => {
    const card = renderCard(endingIn(7 * DAY + 60_000));
    expect(card).toHaveTextContent(/kept until .+2029.+ \(3 months after the summit ends\), then anonymised\. From 7 days before/);
    expect(fake.asked).toEqual([]);
  });

  it('within the week, lists what will be anonymised, each place still holding an address, and leaves out the empty ones', async () => {
    fake.counts = { registrations: 1200, waitlist: 3, certificates: 950 };
    const card = renderCard(endingIn(7 * DAY));
    expect(card).toHaveTextContent(/On .+, the timed work starts anonymising personal data/);
    expect(await within(card).findByText('It will anonymise:')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Registrations: 1,200', 'Waiting-list entries: 3', 'Certificates (kept verifiable, without the address): 950']);
    // Counted by the filters the retention itself finds records with.
    expect(fake.asked).toContainEqual(['registrations', ['email', '>', '']]);
    expect(fake.asked).toContainEqual(['attendees']);
  });

  it('once reached, says since when and what is left, or that nothing is', async () => {
    fake.counts = { 'archive/registrations/items': 2 };
    const card = renderCard(endingIn(-DAY));
    expect(card).toHaveTextContent(/Anonymising personal data since .+ \(3 months after the summit ended/);
    expect(await within(card).findByText('Still to anonymise:')).toBeInTheDocument();
    expect(within(card).getByRole('listitem')).toHaveTextContent('Archived registrations: 2');
  });

  it('once reached with nothing left, says so', async () => {
    const card = renderCard(endingIn(-DAY));
    expect(await within(card).findByText('Nothing is left to anonymise.')).toBeInTheDocument();
  });
});
