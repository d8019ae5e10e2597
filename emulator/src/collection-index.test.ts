import { describe, expect, it } from 'vitest';
import { CollectionIndex } from './collection-index.ts';
import type { StoredDocument, Value } from './value-types.ts';

const doc = (id: string, fields: Record<string, Value>): StoredDocument => ({
  name: `projects/p/databases/(default)/documents/c/${id}`,
  fields,
  createTime: '',
  updateTime: '',
});
const int = (n: number): Value => ({ integerValue: String(n) });
const ids = (it: Iterable<StoredDocument>) => [...it].map((d) => d.name.split('/').pop()).join(',');

describe('collection index', () => {
  it('walks a field in (value, id) order and backwards, skipping documents without it', () => {
    const c = new CollectionIndex();
    c.set('b', doc('b', { n: int(2) }));
    c.set('a', doc('a', { n: int(2) }));
    c.set('c', doc('c', { n: { stringValue: 'x' } }));
    c.set('d', doc('d', {}));
    c.set('e', doc('e', { n: { nullValue: null } }));
    expect(ids(c.walk('n', false))).toBe('e,a,b,c');
    expect(ids(c.walk('n', true))).toBe('c,b,a,e');
    expect(ids(c.walk('__name__', false))).toBe('a,b,c,d,e');
  });

  it('seeks to a value in either direction', () => {
    const c = new CollectionIndex();
    for (let i = 0; i < 10; i++) c.set(`d${i}`, doc(`d${i}`, { n: int(i) }));
    expect(ids(c.walk('n', false, int(7)))).toBe('d7,d8,d9');
    expect(ids(c.walk('n', true, { doubleValue: 2.5 }))).toBe('d2,d1,d0');
    expect(ids(c.walk('__name__', true, 'd1'))).toBe('d1,d0');
    expect(ids(c.walk('__name__', false, 'd85'))).toBe('d9');
  });

  it('keeps built indexes in order through inserts, updates and deletes', () => {
    const c = new CollectionIndex();
    for (let i = 0; i < 50; i++) c.set(`d${i}`, doc(`d${i}`, { n: int(i % 7) }));
    c.walk('n', false).next(); // builds the index
    expect(c.indexCount).toBe(1);
    for (let i = 0; i < 50; i += 3) c.set(`d${i}`, doc(`d${i}`, { n: int(100 - i) })); // moves
    for (let i = 1; i < 50; i += 5) c.set(`d${i}`, null); // deletes
    c.set('new', doc('new', { n: int(-1) }));
    c.set('d2', doc('d2', {})); // loses the field
    const walked = [...c.walk('n', false)];
    const expected = [...c.docs.values()]
      .filter((d) => d.fields.n)
      .sort(
        (x, y) =>
          Number((x.fields.n as { integerValue: string }).integerValue) - Number((y.fields.n as { integerValue: string }).integerValue) ||
          (x.name < y.name ? -1 : 1),
      );
    expect(ids(walked)).toBe(ids(expected));
    expect(c.size).toBe(50 - 10 + 1);
  });
});
