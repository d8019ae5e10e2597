import { describe, expect, it } from 'vitest';
import { abstractPaths, articlePaths, runQueryUrl } from './published-paths.ts';

describe('published article paths', () => {
  it('reads the local emulator by default and production Firestore, with the web key, when configured', () => {
    expect(runQueryUrl({})).toBe('http://127.0.0.1:8080/v1/projects/demo-nci-summit/databases/(default)/documents:runQuery');
    expect(runQueryUrl({ VITE_FIREBASE_PROJECT_ID: 'nci-summit', VITE_FIREBASE_API_KEY: 'k+1' })).toBe(
      'https://firestore.googleapis.com/v1/projects/nci-summit/databases/(default)/documents:runQuery?key=k%2B1',
    );
  });

  it('turns slugs into sorted article paths, once each, skipping anything that is not a slug', () => {
    const row = (slug?: string) => ({ document: { fields: slug === undefined ? {} : { slug: { stringValue: slug } } } });
    expect(articlePaths([row('b-article'), row('a-article'), row('b-article'), row('../admin'), row(), {}])).toEqual(['/blogs/a-article', '/blogs/b-article']);
  });
});

describe('published abstract paths', () => {
  it('turns the documents’ names into sorted abstract paths, once each, skipping any id the page would not take', () => {
    const row = (id?: string) => ({ document: id === undefined ? {} : { name: `projects/p/databases/(default)/documents/publishedAbstracts/${id}` } });
    expect(abstractPaths([row('bB2'), row('aA1'), row('bB2'), row('a b'), row(), {}])).toEqual(['/abstracts/aA1', '/abstracts/bB2']);
  });
});
