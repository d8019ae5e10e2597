// The public site's reads over REST (src/lib/rest-reads.ts) and the SDK's (src/lib/db.ts), side by
// side, as an anonymous visitor against the real stack with firestore.rules and the project's
// indexes: the same collections, filters, orderings, pages across ties, counts and sums give the
// same results, and what the rules refuse one they refuse the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Cursor, type Db, type Filter, type ListOptions } from '../../src/lib/db.ts';
import { firestoreDocumentsUrl } from '../../src/lib/firestore-rest.ts';
import { createRestReads } from '../../src/lib/rest-reads.ts';
import { countFreeSeats, countSeats, DEFAULT_SEAT_TIMES } from '../../src/data/seats.ts';
import { eventsView } from '../../src/features/events/api.ts';
import { DEMO_STAFF } from '../../emulator/seed/demo-data.ts';
import { docsRoot, ownerHeaders } from '../../emulator/seed/rest.ts';
import { encodeFields } from '../../src/lib/firestore-rest.ts';
import { client, closeClients, stack } from './support/clients.ts';
import { ownerDelete } from './support/owner.ts';

type Reads = Pick<Db, 'fetchDocuments' | 'fetchPage' | 'fetchDocument' | 'fetchCount' | 'fetchSum'>;

let sdk: Reads;
let rest: Reads;

const TAG = `rest-${Date.now().toString(36)}`;
const fixtures: string[] = [];

/** Writes documents past the rules, with fields as given (timestamps to the microsecond, which a Date cannot carry). */
async function ownerWrite(docs: Array<[string, Record<string, unknown>]>) {
  const writes = docs.map(([path, data]) => ({ update: { name: `${docsRoot(stack())}/${path}`, fields: data } }));
  const res = await fetch(`http://${stack().firestore}/v1/${docsRoot(stack())}:commit`, {
    method: 'POST',
    headers: ownerHeaders,
    body: JSON.stringify({ writes }),
  });
  if (!res.ok) throw new Error(`Fixtures failed: ${res.status} ${await res.text()}`);
  fixtures.push(...docs.map(([path]) => path));
}

const at = (text: string) => ({ timestampValue: text });

beforeAll(async () => {
  const anonymous = await client();
  sdk = createDb(() => anonymous);
  rest = createRestReads(() => ({ documents: firestoreDocumentsUrl(stack().projectId, stack().firestore) }));
  // Events in 2091: five starting at the very same microsecond (ties broken by id), one a
  // microsecond later, one a microsecond earlier, a draft among them, and one of every value type.
  const event = (id: string, startsAt: string, published = true) =>
    [`events/${TAG}-${id}`, { ...encodeFields({ tag: TAG, title: id, published, timestamp: new Date() }), startsAt: at(startsAt) }] as [
      string,
      Record<string, unknown>,
    ];
  await ownerWrite([
    ...['c', 'a', 'e', 'b', 'd'].map((id) => event(id, '2091-03-01T09:00:00.123456Z')),
    event('later', '2091-03-01T09:00:00.123457Z'),
    event('earlier', '2091-03-01T09:00:00.123455Z'),
    event('draft', '2091-03-01T09:00:00.123456Z', false),
    [
      `events/${TAG}-values`,
      {
        ...encodeFields({
          tag: TAG,
          title: 'values',
          published: true,
          timestamp: new Date(),
          count: 3,
          share: 0.5,
          none: null,
          yes: false,
          list: [1, 'two', { three: 3 }],
        }),
        nested: { mapValue: { fields: { when: at('2091-03-02T10:00:00.987654Z'), deep: { mapValue: { fields: { n: { integerValue: '-7' } } } } } } },
        startsAt: at('2091-03-05T09:00:00Z'),
        odd: { doubleValue: 'NaN' },
      },
    ],
  ]);
});
afterAll(async () => {
  await ownerDelete(...fixtures);
  await closeClients();
});

type Outcome = { value: unknown } | { failed: string };

async function outcome(read: Promise<unknown>): Promise<Outcome> {
  try {
    return { value: await read };
  } catch (error) {
    return { failed: String((error as { code?: string }).code) };
  }
}

/** Runs `read` through both; the outcomes must be equal. Returns the REST one. */
async function same(read: (r: Reads) => Promise<unknown>): Promise<Outcome> {
  const [viaRest, viaSdk] = [await outcome(read(rest)), await outcome(read(sdk))];
  expect(viaRest).toEqual(viaSdk);
  return viaRest;
}

const published: Filter = ['published', '==', true];
const upcoming2091: Filter = ['startsAt', '>=', new Date('2091-01-01T00:00:00Z')];

describe('public lists', () => {
  const LISTS: Array<[string, string, ListOptions]> = [
    ['speakers in display order', 'speakers', { where: [published], orderBy: ['order', 'asc'], limit: 100 }],
    ['sessions by start', 'sessions', { where: [published], orderBy: ['startsAt', 'asc'], limit: 300 }],
    ['partners, newest first', 'sponsors', { where: [published], limit: 60 }],
    ['the latest articles', 'publications', { where: [published], orderBy: ['publishedAt', 'desc'], limit: 3 }],
    [
      'articles of some categories',
      'publications',
      {
        where: [published, ['category', 'in', ['blog', 'news']]],
        orderBy: ['publishedAt', 'desc'],
        limit: 9,
      },
    ],
    [
      'an article by its slug',
      'publications',
      {
        where: [published, ['slug', '==', 'why-early-detection-saves-lives']],
        orderBy: null,
        limit: 1,
      },
    ],
    ['upcoming events (with ties)', 'events', { where: [published, ...eventsView('upcoming').where], orderBy: ['startsAt', 'asc'] }],
    ['past events', 'events', { where: [published, ...eventsView('past').where], orderBy: ['startsAt', 'desc'] }],
    ['jobs', 'jobs', { where: [published], limit: 10 }],
    ['free seat slots', 'seats', { where: [['state', '==', 'free']], orderBy: null, limit: 40 }],
  ];

  it.each(LISTS)('%s', async (_, collection, options) => {
    const result = await same((r) => r.fetchDocuments(collection, options));
    expect(result).toEqual({ value: expect.any(Array) });
    if (collection !== 'jobs') expect((result as { value: unknown[] }).value.length).toBeGreaterThan(0);
  });

  it('reads every kind of value alike (timestamps to the millisecond as Dates, maps, lists, null, NaN)', async () => {
    const result = await same((r) => r.fetchDocument('events', `${TAG}-values`));
    expect(result).toEqual({
      value: expect.objectContaining({
        count: 3,
        share: 0.5,
        none: null,
        yes: false,
        list: [1, 'two', { three: 3 }],
        nested: { when: new Date('2091-03-02T10:00:00.987Z'), deep: { n: -7 } },
        odd: NaN,
      }),
    });
  });
});

describe('pages across ties', () => {
  /** Every page of a list, each page's ids and cursor, read through `reads` alone. */
  async function pages(reads: Reads, options: ListOptions, size: number, collection = 'events') {
    const seen: Array<{ ids: string[]; next: Cursor | null }> = [];
    let after: Cursor | null = null;
    do {
      const page: Awaited<ReturnType<Reads['fetchPage']>> = await reads.fetchPage(collection, { ...options, limit: size, after });
      seen.push({ ids: page.items.map((e) => e.id), next: page.next });
      // As a prerendered page carries it.
      after = page.next && (JSON.parse(JSON.stringify(page.next)) as Cursor);
    } while (after);
    return seen;
  }

  it.each([1, 2, 3])('pages the same, %i at a time, soonest first, each event once (microsecond ties by id)', async (size) => {
    const options: ListOptions = { where: [published, upcoming2091], orderBy: ['startsAt', 'asc'] };
    const viaRest = await pages(rest, options, size);
    expect(viaRest).toEqual(await pages(sdk, options, size));
    expect(viaRest.flatMap((p) => p.ids)).toEqual(['earlier', 'a', 'b', 'c', 'd', 'e', 'later', 'values'].map((id) => `${TAG}-${id}`));
  });

  it('pages the same newest first, and a cursor made by one continues in the other', async () => {
    const options: ListOptions = { where: [published, upcoming2091], orderBy: ['startsAt', 'desc'] };
    const viaRest = await pages(rest, options, 2);
    expect(viaRest).toEqual(await pages(sdk, options, 2));
    expect(viaRest.flatMap((p) => p.ids)).toEqual(['values', 'later', 'e', 'd', 'c', 'b', 'a', 'earlier'].map((id) => `${TAG}-${id}`));
    for (const { next } of viaRest.slice(0, -1)) {
      const [fromRest, fromSdk] = [
        await rest.fetchPage('events', { ...options, limit: 3, after: next }),
        await sdk.fetchPage('events', { ...options, limit: 3, after: next }),
      ];
      expect(fromRest).toEqual(fromSdk);
    }
  });

  it('pages a published list by its default order (newest first) the same', async () => {
    const viaRest = await pages(rest, { where: [published] }, 1, 'resources');
    expect(viaRest.length).toBeGreaterThan(1);
    expect(viaRest).toEqual(await pages(sdk, { where: [published] }, 1, 'resources'));
  });
});

describe('documents, counts and sums', () => {
  it('reads the settings and the content version alike, and a missing seat as null', async () => {
    expect(await same((r) => r.fetchDocument('settings', 'site'))).toEqual({ value: expect.objectContaining({ id: 'site', startDate: expect.any(Date) }) });
    expect(await same((r) => r.fetchDocument('counters', 'content'))).toEqual({ value: expect.anything() });
    expect(await same((r) => r.fetchDocument('seats', '999999'))).toEqual({ value: null });
  });

  it('counts the free seats and every seat state alike (timestamp filters)', async () => {
    const now = new Date();
    const freeRest = await countFreeSeats(DEFAULT_SEAT_TIMES, now, rest);
    expect(freeRest).toBe(await countFreeSeats(DEFAULT_SEAT_TIMES, now, sdk));
    expect(freeRest).toBeGreaterThan(0);
    expect(await countSeats(DEFAULT_SEAT_TIMES, now, rest)).toEqual(await countSeats(DEFAULT_SEAT_TIMES, now, sdk));
    expect(await same((r) => r.fetchCount('events', [published, upcoming2091]))).toEqual({ value: 8 });
  });

  it('sums alike (over what an index holds, as Cloud Firestore needs), and an empty sum is 0', async () => {
    const speakers = await same((r) => r.fetchSum('speakers', 'order', [published]));
    expect(speakers).toEqual({ value: { count: expect.any(Number), sum: expect.any(Number) } });
    expect((speakers as { value: { count: number; sum: number } }).value.sum).toBeGreaterThan(0);
    expect(await same((r) => r.fetchSum('speakers', 'order', [published, ['order', '>', 1e6]]))).toEqual({ value: { count: 0, sum: 0 } });
    expect(await same((r) => r.fetchSum('events', 'count', [published, upcoming2091]))).toEqual({ failed: 'failed-precondition' });
  });
});

describe('what the rules refuse an anonymous visitor', () => {
  it.each<[string, (r: Reads) => Promise<unknown>]>([
    ['registrations', (r) => r.fetchDocuments('registrations', { orderBy: null, limit: 5 })],
    ['drafts among the speakers (no published filter)', (r) => r.fetchDocuments('speakers', { orderBy: ['order', 'asc'] })],
    ['a page of payments', (r) => r.fetchPage('payments', { limit: 5 })],
    ['a staff entry', (r) => r.fetchDocument('staff', DEMO_STAFF[0].email)],
    ['another settings document', (r) => r.fetchDocument('settings', 'invoices')],
    ['a speaker that does not exist', (r) => r.fetchDocument('speakers', 'nobody')],
    ['counting registrations', (r) => r.fetchCount('registrations')],
    ['summing payments', (r) => r.fetchSum('payments', 'amount')],
  ])('%s: both refused', async (_, read) => {
    expect(await same(read)).toEqual({ failed: 'permission-denied' });
  });

  it('a query no index serves: both refused alike, as Cloud Firestore would', async () => {
    expect(await same((r) => r.fetchDocuments('speakers', { where: [published], orderBy: ['name', 'desc'] }))).toEqual({ failed: 'failed-precondition' });
  });
});
