import { describe, expect, it } from 'vitest';
import { browserQueryClient, createQueryClient, parseQueries, prerenderedQueriesTag } from './prerendered-queries.ts';

function prerenderedClient() {
  const client = createQueryClient();
  client.setQueryData(['publication', 'a'], { title: 'Ends a </script><script>alert(1)</script> tag', publishedAt: new Date('2027-03-03T07:00:00Z') });
  return client;
}

const blockText = (tag: string) => /<script[^>]*>(.*)<\/script>$/s.exec(tag)?.[1] ?? null;

const fakeDocument = (tag: string) => {
  const text = blockText(tag);
  return { getElementById: (id: string) => (id === 'prerendered-queries' ? { textContent: text } : null) } as unknown as Document;
};

describe('queries the prerender read', () => {
  it('travel as JSON that cannot close its script tag, and keep their Dates', () => {
    const tag = prerenderedQueriesTag(prerenderedClient());
    expect(tag.match(/<\/script/g)).toHaveLength(1); // only its own closing tag
    const [query] = parseQueries(blockText(tag)!).queries;
    expect(query.queryKey).toEqual(['publication', 'a']);
    expect(query.state.data).toEqual({ title: 'Ends a </script><script>alert(1)</script> tag', publishedAt: new Date('2027-03-03T07:00:00Z') });
  });

  it('fill the browser cache, marked out of date so the page reads them again however recent the build', () => {
    const browser = browserQueryClient(fakeDocument(prerenderedQueriesTag(prerenderedClient())));
    expect(browser.getQueryData(['publication', 'a'])).toMatchObject({ publishedAt: new Date('2027-03-03T07:00:00Z') });
    expect(browser.getQueryState(['publication', 'a'])!.isInvalidated).toBe(true);
  });

  it('leave the browser cache empty on a page the build read nothing for', () => {
    expect(browserQueryClient(fakeDocument('')).getQueryCache().getAll()).toHaveLength(0);
    expect(browserQueryClient(undefined).getQueryCache().getAll()).toHaveLength(0);
  });
});
