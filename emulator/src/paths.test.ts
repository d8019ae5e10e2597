import { describe, expect, it } from 'vitest';
import { documentPath, formatFieldPath, parseFieldPath, parseResourceName } from './paths.ts';

const root = 'projects/p/databases/(default)/documents';

describe('resource names', () => {
  it('accepts documents with an even number of segments', () => {
    expect(documentPath(`${root}/a/b/c/d`)).toBe('a/b/c/d');
  });

  it.each(['a', 'a/b/c'])('refuses %s as a document (odd segments)', (p) => {
    expect(() => documentPath(`${root}/${p}`)).toThrow(/odd number of segments/);
  });

  it('refuses empty and reserved segments', () => {
    expect(() => parseResourceName(`${root}/a//b`)).toThrow(/empty/);
    expect(() => parseResourceName(`${root}/__x__/b`)).toThrow(/reserved/);
    expect(() => parseResourceName('nonsense')).toThrow(/Invalid resource name/);
  });
});

describe('field paths', () => {
  it('splits dotted paths and honours backquotes', () => {
    expect(parseFieldPath('a.b.c')).toEqual(['a', 'b', 'c']);
    expect(parseFieldPath('`a.b`.c')).toEqual(['a.b', 'c']);
    expect(formatFieldPath(['a.b', 'c'])).toBe('`a.b`.c');
  });

  it.each(['', '.a', 'a.', 'a..b', 'a*b', 'a~b', 'a/b', 'a[0]'])('refuses %j', (p) => {
    expect(() => parseFieldPath(p)).toThrow();
  });
});
