import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { keysShowing } from './query-keys.ts';
import { speakersQuery } from './speakers.ts';
import { publishedPartnersQuery } from './partners.ts';
import { latestArticlesQuery, publicationsQuery } from './publications.ts';
import { sessionsQuery } from './sessions.ts';

/** Whether a change to `collection` refreshes a cached query with this key, as a staff action does. */
function refreshes(collection: string, queryKey: readonly unknown[]): boolean {
  const client = new QueryClient();
  client.setQueryData(queryKey, []);
  for (const key of keysShowing(collection)) void client.invalidateQueries({ queryKey: key, refetchType: 'none' });
  return client.getQueryState(queryKey)?.isInvalidated ?? false;
}

describe('query keys: a change to a collection refreshes every read showing it', () => {
  it.each([
    ['speakers', speakersQuery.queryKey],
    ['sponsors', publishedPartnersQuery.queryKey],
    ['publications', publicationsQuery(['blog']).queryKey],
    ['publications', latestArticlesQuery.queryKey],
    ['sessions', sessionsQuery.queryKey],
  ])('the public %s list', (collection, key) => {
    expect(refreshes(collection, key)).toBe(true);
  });

  it('the back office lists and the archive of the collection, not another collection’s', () => {
    expect(refreshes('events', ['admin', 'events', 'list', {}, 'page', 0])).toBe(true);
    expect(refreshes('events', ['archive', 'events', 'items', 'page', 0])).toBe(true);
    expect(refreshes('events', ['admin', 'jobs', 'list'])).toBe(false);
    expect(refreshes('events', ['published', 'eventsX'])).toBe(false);
    expect(refreshes('sessions', speakersQuery.queryKey)).toBe(false);
  });
});
