import { describe, expect, it } from 'vitest';
import { fileUrl } from '../../../lib/storage-urls.ts';
import { describeObject, isRecent, RECENT_MS, unusedObjects } from './unused-files.ts';
import { deletedLine } from './files-api.ts';

const A = 'aaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbb';
const C = 'cccccccccccccccccccc';
const S1 = 'content/speakers/s1/';
const S2 = 'content/speakers/s2/';
const images = (folder: string, id: string) => [`${folder}${id}-320.webp`, `${folder}${id}-960.webp`];

describe('unused files: listed − named', () => {
  it('a record’s 960 image keeps its 320 sibling; a file nothing names is unused', () => {
    const listed = [...images(S1, A), ...images(S1, B)];
    expect(unusedObjects(listed, [[{ id: 's1', photoUrl: fileUrl(`${S1}${A}-960.webp`) }]])).toEqual(images(S1, B));
  });

  it('an original keeps its web sizes (the CPD logo)', () => {
    const cpd = 'settings/cpd/';
    const listed = [`${cpd}${A}-orig.png`, ...images(cpd, A), `${cpd}${B}-orig.png`];
    expect(unusedObjects(listed, [{ id: 'cpd', logoUrl: fileUrl(`${cpd}${A}-orig.png`) }])).toEqual([`${cpd}${B}-orig.png`]);
  });

  it('images in rich text and documents in lists are named', () => {
    const pub = 'content/publications/p1/';
    const tender = 'content/tenders/t1/';
    const listed = [...images(pub, A), `${tender}${B}.pdf`, `${tender}${C}.pdf`];
    const records = [
      { id: 'p1', body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'image', attrs: { src: fileUrl(`${pub}${A}-960.webp`) } }] }] } },
      { id: 't1', documents: [{ title: 'Terms', url: fileUrl(`${tender}${B}.pdf`) }] },
    ];
    expect(unusedObjects(listed, records)).toEqual([`${tender}${C}.pdf`]);
  });

  it('archived records keep their files', () => {
    const listed = images(S1, A);
    expect(unusedObjects(listed, [[], [{ id: 's1', photoUrl: fileUrl(`${S1}${A}-960.webp`) }]])).toEqual([]);
  });

  it('a file of the same name in another record’s folder is not confused with the one named', () => {
    const listed = [...images(S1, A), ...images(S2, A)];
    expect(unusedObjects(listed, [{ id: 's1', photoUrl: fileUrl(`${S1}${A}-960.webp`) }])).toEqual(images(S2, A));
  });

  it('a file another record’s address names is kept (nothing a page shows is unused)', () => {
    expect(unusedObjects(images(S2, B), [{ id: 's1', photoUrl: fileUrl(`${S2}${B}-960.webp`) }])).toEqual([]);
  });

  it('foreign addresses name nothing, not even an object of the same path', () => {
    const listed = images(S1, A);
    const foreign = `https://example.org/v0/b/other/o/${encodeURIComponent(`${S1}${A}-960.webp`)}?alt=media`;
    expect(unusedObjects(listed, [{ id: 's1', photoUrl: foreign, website: 'https://example.org/a.png' }])).toEqual(images(S1, A));
  });

  it('the abstract book’s record names its PDF by object name: the current book is kept, an older one is unused', () => {
    const book = 'settings/abstract-book/';
    const listed = [`${book}${A}.pdf`, `${book}${B}.pdf`];
    expect(unusedObjects(listed, [[{ id: 'abstractBook', file: `${book}${A}.pdf`, abstracts: 3, bytes: 10 }]])).toEqual([`${book}${B}.pdf`]);
    expect(describeObject(`${book}${B}.pdf`)).toEqual({ id: `${book}${B}.pdf`, folder: 'Abstract book', file: `${B}.pdf` });
  });

  it('objects whose names were not made here are unused, once each, sorted', () => {
    expect(unusedObjects(['content/zz/readme.txt', 'content/aa/x.png', 'content/zz/readme.txt'], [])).toEqual(['content/aa/x.png', 'content/zz/readme.txt']);
  });
});

describe('an unused file as the screen shows it', () => {
  it('names its record’s folder and its own name', () => {
    expect(describeObject(`${S1}${A}-960.webp`)).toEqual({ id: `${S1}${A}-960.webp`, folder: 'speakers / s1', file: `${A}-960.webp` });
    expect(describeObject(`settings/cpd/${A}-orig.png`)).toEqual({ id: `settings/cpd/${A}-orig.png`, folder: 'CPD settings', file: `${A}-orig.png` });
    expect(describeObject('content/stray.txt')).toEqual({ id: 'content/stray.txt', folder: 'content', file: 'stray.txt' });
  });

  it('logs one file by name, several by count within the log’s 500 characters', () => {
    expect(deletedLine([])).toBe('');
    expect(deletedLine(['content/speakers/s1/x.pdf'])).toBe('Deleted unused file content/speakers/s1/x.pdf');
    expect(deletedLine(['a', 'b'])).toBe('Deleted 2 unused files: a, b');
    const long = deletedLine(Array.from({ length: 40 }, () => `${S1}${A}-960.webp`));
    expect(long).toHaveLength(500);
    expect(long).toMatch(/^Deleted 40 unused files: .*…$/);
  });
});

describe('a file uploaded in the last day may still be on its way into a record', () => {
  const now = new Date('2027-05-01T12:00:00Z');
  it.each([
    [new Date(now.getTime() - 60_000), true],
    [new Date(now.getTime() - RECENT_MS + 1), true],
    [new Date(now.getTime() - RECENT_MS), false],
    [new Date(now.getTime() - 3 * RECENT_MS), false],
    [null, true],
  ])('uploaded %s: recent %s', (uploaded, recent) => {
    expect(isRecent(uploaded, now)).toBe(recent);
  });
});
