import { describe, expect, it } from 'vitest';
import { shareUnchanged } from './share-unchanged.ts';

const session = (title: string) => ({ id: 's1', title, startsAt: new Date('2027-04-22T06:00:00Z'), speakerIds: ['a', 'b'] });

describe('structural sharing with Dates', () => {
  it('keeps the previous data when a refetch returns equal documents, Dates included', () => {
    const prev = [session('Opening plenary')];
    expect(shareUnchanged(prev, [session('Opening plenary')])).toBe(prev);
  });

  it('replaces only what changed and keeps the rest by reference', () => {
    const prev = [session('Opening plenary'), session('Closing plenary')];
    const next = shareUnchanged(prev, [session('Opening plenary'), session('Closing plenary and declaration')]) as typeof prev;
    expect(next).not.toBe(prev);
    expect(next[0]).toBe(prev[0]);
    expect(next[1].title).toBe('Closing plenary and declaration');
    expect(next[1].startsAt).toBe(prev[1].startsAt);
  });

  it('sees a moved Date, an added or removed field, and a longer list as changes', () => {
    const prev = session('A');
    expect(shareUnchanged(prev, { ...session('A'), startsAt: new Date('2027-04-22T07:00:00Z') })).not.toBe(prev);
    expect(shareUnchanged(prev, { ...session('A'), room: 'Hall' })).not.toBe(prev);
    const { speakerIds: _, ...fewer } = session('A');
    expect(shareUnchanged(prev, fewer)).not.toBe(prev);
    const list = [prev];
    expect(shareUnchanged(list, [session('A'), session('B')])).not.toBe(list);
  });

  it('takes anything else (a Firestore cursor) as new', () => {
    class Cursor {}
    const prev = { items: [session('A')], next: new Cursor() };
    const next = shareUnchanged(prev, { items: [session('A')], next: new Cursor() }) as typeof prev;
    expect(next).not.toBe(prev);
    expect(next.items).toBe(prev.items);
  });
});
