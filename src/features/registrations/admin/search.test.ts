import { describe, expect, it } from 'vitest';
import { searchTerms } from '../../../data/search-tokens.ts';
import type { StaffRecord } from './records.ts';
import { searchOptions, searchRecords } from './search.ts';

describe('searchOptions', () => {
  it('asks for one token per query under the tab’s filters, newest first', () => {
    const options = searchOptions('booths', searchTerms('esther@pharma.example.org')!, { status: 'pending', type: 'standard' }, 20);
    expect(options).toEqual([
      {
        where: [
          ['kind', '==', 'booth'],
          ['status', '==', 'pending'],
          ['boothType', '==', 'standard'],
          ['searchTokens', 'array-contains', 'example'],
        ],
        orderBy: ['timestamp', 'desc'],
        limit: 20,
      },
      {
        where: [
          ['kind', '==', 'booth'],
          ['status', '==', 'pending'],
          ['boothType', '==', 'standard'],
          ['searchTokens', 'array-contains', 'esther@pharma.example.org'],
        ],
        orderBy: ['timestamp', 'desc'],
        limit: 20,
      },
    ]);
  });

  it('ignores the list’s sort (a search is read newest first, shown by name)', () => {
    expect(searchOptions('attendees', searchTerms('wanjiru')!, { sort: 'name' }, 5)).toEqual([
      { where: [['searchTokens', 'array-contains', 'wanjiru']], orderBy: ['timestamp', 'desc'], limit: 5 },
    ]);
  });
});

describe('searchRecords', () => {
  const record = (id: string, fullName: string, searchTokens?: unknown): StaffRecord =>
    ({
      id,
      fullName,
      searchTokens,
      status: 'pending',
      paymentStatus: 'unpaid',
      fee: 0,
      currency: 'KES',
      email: '',
      phone: '',
      organisation: '',
    }) as StaffRecord;

  it('merges the queries’ results once each by name, keeps only full matches, and says when a query was capped', async () => {
    const asked: string[] = [];
    const lists: Record<string, StaffRecord[]> = {
      odhiambo: [record('1', 'Brian Odhiambo', ['brian', 'b', 'odhiambo']), record('2', 'Agnes Odhiambo', ['agnes', 'odhiambo'])],
    };
    const db = {
      fetchDocuments: async <T>(collection: string, o: { where?: unknown[][] } = {}) => {
        const token = String(o.where!.at(-1)![2]);
        asked.push(`${collection}:${token}`);
        return (lists[token] ?? []) as T[];
      },
    };
    const result = await searchRecords(db as never, 'attendees', 'b odhiambo', {}, 2);
    expect(asked).toEqual(['registrations:odhiambo']);
    expect(result).toEqual({ items: [lists.odhiambo[0]], capped: true });
  });

  it('treats a record without tokens as matching nothing, and asks nothing for an empty search', async () => {
    let calls = 0;
    const db = { fetchDocuments: async () => (calls++, [record('3', 'Old Record')]) };
    expect(await searchRecords(db as never, 'attendees', 'old', {}, 20)).toEqual({ items: [], capped: false });
    expect(await searchRecords(db as never, 'attendees', '   ', {}, 20)).toEqual({ items: [], capped: false });
    expect(calls).toBe(1);
  });
});
