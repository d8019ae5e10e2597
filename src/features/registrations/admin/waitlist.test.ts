import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/data.ts', () => ({ db: { newId: () => 'mail-1' } }));

const { movedPosition } = await import('./waitlist.ts');

const row = (minute: number) => ({ position: new Date(Date.UTC(2027, 2, 1, 8, minute)) });

describe('moving someone up or down', () => {
  const rows = [row(0), row(10), row(20)];
  it('places them between the two neighbours on that side, or a minute beyond the end', () => {
    expect(movedPosition(rows, 2, 'up')).toEqual(new Date(Date.UTC(2027, 2, 1, 8, 5)));
    expect(movedPosition(rows, 1, 'up')).toEqual(new Date(Date.UTC(2027, 2, 1, 7, 59)));
    expect(movedPosition(rows, 0, 'down')).toEqual(new Date(Date.UTC(2027, 2, 1, 8, 15)));
    expect(movedPosition(rows, 1, 'down')).toEqual(new Date(Date.UTC(2027, 2, 1, 8, 21)));
  });
  it('offers no move past either end', () => {
    expect(movedPosition(rows, 0, 'up')).toBeNull();
    expect(movedPosition(rows, 2, 'down')).toBeNull();
  });
});
