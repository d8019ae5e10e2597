import { describe, expect, it } from 'vitest';
import type { ListOptions } from '../../../lib/db.ts';
import { recordSearchTokens } from '../../../data/search-tokens.ts';
import { searchCheckedIn, searchQueries } from './attendee-search.ts';

const person = (id: string, fullName: string, status = 'checked-in') => {
  const r = { id, fullName, email: `${id}@example.org`, status };
  return { ...r, searchTokens: recordSearchTokens(r) };
};

const PEOPLE = [person('r1', 'Wanjiru Kamau'), person('r2', 'Daniel Kiprono'), person('r3', 'Daniel Otieno'), person('r4', 'Daniel Kamau', 'confirmed')];

/** A stand-in for Firestore that applies the equality and array-contains filters the search asks for. */
function fakeDb(records = PEOPLE) {
  const asked: ListOptions[] = [];
  return {
    asked,
    fetchDocuments: async <T>(collection: string, o: ListOptions = {}) => {
      expect(collection).toBe('registrations');
      asked.push(o);
      const found = records.filter((r) =>
        (o.where ?? []).every(([field, op, value]) =>
          op === 'array-contains' ? (r.searchTokens as string[]).includes(String(value)) : (r as Record<string, unknown>)[field] === value,
        ),
      );
      return found.slice(0, o.limit) as unknown as Array<T & { id: string }>;
    },
  };
}

describe('finding an attendee on the issuing screen', () => {
  it('asks for the checked-in only, by token, newest first (the index the Registrations search uses)', () => {
    expect(searchQueries(['dan'], 50)).toEqual([
      {
        where: [
          ['status', '==', 'checked-in'],
          ['searchTokens', 'array-contains', 'dan'],
        ],
        orderBy: ['timestamp', 'desc'],
        limit: 50,
      },
    ]);
  });

  it('finds by the beginning of any word, among the checked-in only, in name order', async () => {
    const { items, capped } = await searchCheckedIn(fakeDb(), 'dan');
    expect(items.map((r) => r.fullName)).toEqual(['Daniel Kiprono', 'Daniel Otieno']);
    expect(capped).toBe(false);
  });

  it('keeps only those matching every word typed, in any order', async () => {
    expect((await searchCheckedIn(fakeDb(), 'kip dan')).items.map((r) => r.id)).toEqual(['r2']);
    expect((await searchCheckedIn(fakeDb(), 'kamau')).items.map((r) => r.id)).toEqual(['r1']);
  });

  it('finds by a whole email address', async () => {
    expect((await searchCheckedIn(fakeDb(), 'R3@example.org')).items.map((r) => r.id)).toEqual(['r3']);
  });

  it('reads nothing for a search with nothing searchable in it', async () => {
    const db = fakeDb();
    expect(await searchCheckedIn(db, ' , ; ')).toEqual({ items: [], capped: false });
    expect(db.asked).toEqual([]);
  });

  it('says when there may be more matches than it shows', async () => {
    const many = Array.from({ length: 4 }, (_, i) => person(`m${i}`, `Mary Atieno ${i}`));
    const { items, capped } = await searchCheckedIn(fakeDb(many), 'mary', 3);
    expect(items).toHaveLength(3);
    expect(capped).toBe(true);
  });
});
