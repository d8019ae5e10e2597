import { describe, expect, it } from 'vitest';
import { listOptions, mergeResults, searchOptions } from './records.ts';

describe('registration queries', () => {
  it('lists attendees newest first, with the chosen filters', () => {
    expect(listOptions('attendees', {})).toEqual({ where: [], orderBy: ['timestamp', 'desc'] });
    expect(listOptions('attendees', { status: 'pending', type: 'student', sort: 'oldest' })).toEqual({
      where: [['status', '==', 'pending'], ['category', '==', 'student']],
      orderBy: ['timestamp', 'asc'],
    });
  });

  it('narrows partners and booths by kind and sorts them by organisation', () => {
    expect(listOptions('booths', { sort: 'name', type: 'premium' })).toEqual({
      where: [['kind', '==', 'booth'], ['boothType', '==', 'premium']],
      orderBy: ['organisation', 'asc'],
    });
  });

  it('searches name as typed and capitalised, email in lower case and organisation, by prefix', () => {
    const options = searchOptions('attendees', ' wanjiru k ', { status: 'confirmed' }, 20);
    const ranges = options.map((o) => [o.orderBy![0], o.where!.at(-2)![2]]);
    expect(ranges).toEqual([
      ['fullName', 'wanjiru k'],
      ['fullName', 'Wanjiru K'],
      ['email', 'wanjiru k'],
      ['organisation', 'wanjiru k'],
      ['organisation', 'Wanjiru K'],
    ]);
    expect(options[0].where![0]).toEqual(['status', '==', 'confirmed']);
    expect(options[0].where!.at(-1)).toEqual(['fullName', '<', 'wanjiru k\uf8ff']);
    expect(options.every((o) => o.limit === 20)).toBe(true);
    expect(searchOptions('attendees', '   ', {}, 20)).toEqual([]);
  });

  it('does not repeat a query when capitalising changes nothing', () => {
    expect(searchOptions('partners', 'Global', {}, 10).map((o) => o.orderBy![0])).toEqual(['organisation', 'email']);
  });

  it('merges search results once each, by name', () => {
    const a = { id: '1', n: 'Brian' };
    const b = { id: '2', n: 'Amina' };
    expect(mergeResults([[a], [b, a]], (r) => r.n)).toEqual([b, a]);
  });
});
