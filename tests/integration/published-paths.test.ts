// The build's list of article and abstract pages to prerender (scripts/build/published-paths.ts), read
// over REST from the real stack as an anonymous visitor: published articles only, never drafts; every
// published abstract, never an author's own.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type Db } from '../../src/lib/db.ts';
import { DEMO_STAFF } from '../../emulator/seed/demo-data.ts';
import { publishedAbstractPaths, publishedArticlePaths } from '../../scripts/build/published-paths.ts';
import { client, closeClients, stack } from './support/clients.ts';
import { fixture, ownerDelete, uniqueId } from './support/owner.ts';

let db: Db;
beforeAll(async () => {
  const firestore = await client(DEMO_STAFF[0]);
  db = createDb(() => firestore);
});
afterAll(closeClients);

describe('article pages the build prerenders', () => {
  it('are the published articles, not the drafts', async () => {
    await db.addDocument('publications', { title: 'Built', slug: 'prerender-published', category: 'blog', summary: 's', body: null, published: true });
    await db.addDocument('publications', { title: 'Draft', slug: 'prerender-draft', category: 'blog', summary: 's', body: null, published: false });
    const paths = await publishedArticlePaths({ VITE_FIRESTORE_EMULATOR_HOST: stack().firestore });
    expect(paths).toContain('/blogs/prerender-published');
    expect(paths).toContain('/blogs/why-early-detection-saves-lives');
    expect(paths).not.toContain('/blogs/prerender-draft');
  });

  it('are none, with a warning, when the database cannot be reached (the SPA fallback serves them)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await publishedArticlePaths({ VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:9' }, 2_000)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Articles are not prerendered'));
    warn.mockRestore();
  });
});

describe('abstract pages the build prerenders', () => {
  it('are the published abstracts, read as a visitor may (not the authors’ abstracts)', async () => {
    const published = uniqueId('pathsPublished');
    const draft = uniqueId('pathsDraft');
    await fixture(`publishedAbstracts/${published}`, { id: published, title: 'Published', sessionId: '', sessionOrder: 0 });
    await fixture(`abstracts/${draft}`, { id: draft, title: 'An author’s own', email: 'author@example.org', status: 'submitted' });
    try {
      const paths = await publishedAbstractPaths({ VITE_FIRESTORE_EMULATOR_HOST: stack().firestore });
      expect(paths).toContain(`/abstracts/${published}`);
      expect(paths).not.toContain(`/abstracts/${draft}`);
    } finally {
      await ownerDelete(`publishedAbstracts/${published}`, `abstracts/${draft}`);
    }
  });

  it('are none, with a warning, when the database cannot be reached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await publishedAbstractPaths({ VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:9' }, 2_000)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Abstracts are not prerendered'));
    warn.mockRestore();
  });
});
