import { describe, expect, it } from 'vitest';
import {
  formatFieldPath,
  parseDocumentName,
  parseFieldPath,
  parseParentName,
  parseResourceName,
  parseWritableFieldPath,
  validateCollectionId,
} from './paths.ts';

const root = 'projects/p/databases/(default)/documents';

describe('resource names', () => {
  it('splits project, database and path', () => {
    expect(parseResourceName(`${root}/a/b`)).toMatchObject({
      project: 'p',
      database: '(default)',
      databaseKey: 'projects/p/databases/(default)',
      segments: ['a', 'b'],
      path: 'a/b',
    });
    expect(parseResourceName(root).segments).toEqual([]);
  });

  it('accepts documents with an even number of segments only', () => {
    expect(parseDocumentName(`${root}/a/b/c/d`).path).toBe('a/b/c/d');
    expect(() => parseDocumentName(`${root}/a`)).toThrow(/even number of segments/);
    expect(() => parseDocumentName(`${root}/a/b/c`)).toThrow(/even number of segments/);
    expect(() => parseDocumentName(root)).toThrow(/even number/);
  });

  it('accepts the root or a document as a query parent, not a collection', () => {
    expect(parseParentName(root).path).toBe('');
    expect(parseParentName(`${root}/events/e1`).path).toBe('events/e1');
    expect(() => parseParentName(`${root}/events`)).toThrow(/collection path/);
  });

  it.each([
    ['an empty segment', `${root}/a//b`, /empty path segment/],
    ['"."', `${root}/a/.`, /cannot be "."/],
    ['".."', `${root}/../b`, /cannot be ".."/],
    ['a reserved id', `${root}/__x__/b`, /reserved/],
    ['an id over 1500 bytes', `${root}/a/${'é'.repeat(751)}`, /1500 bytes/],
    ['nonsense', 'projects/p/documents/a/b', /Invalid resource name/],
  ])('refuses %s', (_label, name, message) => {
    expect(() => parseResourceName(name)).toThrow(expect.objectContaining({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }));
  });

  it('checks collection ids of queries', () => {
    expect(validateCollectionId('registrations')).toBe('registrations');
    expect(() => validateCollectionId('a/b')).toThrow(/must not contain/);
    expect(() => validateCollectionId('')).toThrow(/non-empty/);
  });
});

describe('field paths', () => {
  it('splits dotted paths and honours backquotes with escapes', () => {
    expect(parseFieldPath('a.b.c')).toEqual(['a', 'b', 'c']);
    expect(parseFieldPath('`a.b`.c')).toEqual(['a.b', 'c']);
    expect(parseFieldPath('`we\\`ird\\\\`')).toEqual(['we`ird\\']);
    expect(parseFieldPath('`~*/[]`')).toEqual(['~*/[]']);
    expect(parseFieldPath('a-b.1')).toEqual(['a-b', '1']);
  });

  it('formats segments back, quoting what is not a simple name', () => {
    expect(formatFieldPath(['a.b', 'c', 'x-y', 'we`ird'])).toBe('`a.b`.c.`x-y`.`we\\`ird`');
    for (const segs of [['a.b', 'c'], ['~*/[]'], ['back`tick\\']]) expect(parseFieldPath(formatFieldPath(segs))).toEqual(segs);
  });

  it.each([
    ['', /empty/],
    ['.a', /start or end/],
    ['a.', /start or end/],
    ['a..b', /\.\./],
    ['a~b', /quoted/],
    ['a*b', /quoted/],
    ['a/b', /quoted/],
    ['a[0]', /quoted/],
    ['a]', /quoted/],
    ['`a', /unterminated/],
    ['``', /empty segment/],
  ])('refuses %j', (p, message) => {
    expect(() => parseFieldPath(p)).toThrow(expect.objectContaining({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }));
  });

  it('refuses reserved names where a path writes', () => {
    expect(() => parseWritableFieldPath('a.__x__')).toThrow(/reserved/);
    expect(parseFieldPath('__name__')).toEqual(['__name__']); // fine in queries
  });
});
