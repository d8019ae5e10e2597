import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderStaffScreen } from '../../../tests/render-staff.tsx';

type Filter = [string, string, unknown];
const fake = vi.hoisted(() => ({ counts: {} as Record<string, number>, queries: [] as Filter[][] }));

vi.mock('../../lib/data.ts', () => {
  const db = {
    fetchDocument: async () => ({ capacity: 10, unpaidHoldHours: 72, offerHours: 48 }),
    // One aggregation per state (and, for holds and offers, either side of the lapse).
    fetchCount: async (_collection: string, where: Filter[]) => {
      fake.queries.push(where);
      const [[, , state], range] = where;
      return fake.counts[`${String(state)}${range ? range[1] : ''}`] ?? 0;
    },
  };
  // The public reads (over REST in the app) answer alike.
  return { db, publicReads: db };
});

const { SeatFigures, seatNote } = await import('./SeatFigures.tsx');

describe('the seat figures', () => {
  it('show capacity, taken, held unpaid, offered and free, each from an aggregation', async () => {
    fake.counts = { taken: 4, 'held>=': 2, 'offered>=': 1, free: 2, 'held<': 1 };
    renderStaffScreen(() => <SeatFigures />);
    const region = screen.getByRole('region', { name: 'Seats' });
    expect(await within(region).findByText('Held unpaid')).toBeInTheDocument();
    const value = (label: string) => within(region).getByText(label).nextElementSibling?.textContent;
    expect([value('Capacity'), value('Taken'), value('Held unpaid'), value('Offered'), value('Free')]).toEqual(['10', '4', '2', '1', '3']);
    expect(fake.queries.every((w) => w[0][0] === 'state')).toBe(true);
    expect(region).not.toHaveTextContent('above the capacity');
  });

  it('say when slots above a lowered capacity are still held', () => {
    expect(seatNote({ taken: 8, held: 3, offered: 0, free: 0 }, 10)).toBe(
      '1 seat is held above the capacity of 10 (a move below it failed): press Save in Settings to move it.',
    );
    expect(seatNote({ taken: 8, held: 0, offered: 0, free: 2 }, 10)).toBe('');
  });
});
