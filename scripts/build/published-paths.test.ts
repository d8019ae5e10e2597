import { describe, expect, it } from 'vitest';
import { articlePaths, runQueryUrl } from './published-paths.ts';

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
