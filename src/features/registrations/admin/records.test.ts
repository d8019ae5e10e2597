import { describe, expect, it } from 'vitest';
import { listOptions, mergeResults } from './records.ts';

describe('registration queries', () => {
  it('lists attendees newest first, with the chosen filters', () => {
    expect(listOptions('attendees', {})).toEqual({ where: [], orderBy: ['timestamp', 'desc'] });
    expect(listOptions('attendees', { status: 'pending', type: 'student', sort: 'oldest' })).toEqual({
      where: [
        ['status', '==', 'pending'],
        ['category', '==', 'student'],
      ],
      orderBy: ['timestamp', 'asc'],
    });
  });

  it('narrows partners and booths by kind and sorts them by organisation', () => {
    expect(listOptions('booths', { sort: 'name', type: 'premium' })).toEqual({
      where: [
        ['kind', '==', 'booth'],
        ['boothType', '==', 'premium'],
      ],
      orderBy: ['organisation', 'asc'],
    });
  });

  it('merges search results once each, by name', () => {
    const a = { id: '1', n: 'Brian' };
    const b = { id: '2', n: 'Amina' };
    expect(mergeResults([[a], [b, a]], (r) => r.n)).toEqual([b, a]);
  });
});
