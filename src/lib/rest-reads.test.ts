// The REST reader against Firestore's REST API as it answers: each test hands fetch the responses
// Cloud Firestore (and the emulator) send, and checks the requests made and the values returned.
// The same reads against the real emulator, side by side with the SDK's, are in
// tests/integration/rest-reads.test.ts.
import { describe, expect, it, vi } from 'vitest';
import { createRestReads, FirestoreRestError, type RestEndpoint, type RestReads } from './rest-reads.ts';

const DOCUMENTS = 'http://127.0.0.1:8080/v1/projects/demo-p/databases/(default)/documents';
const NAME = 'projects/demo-p/databases/(default)/documents';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A fetch answering each request with the next response; what was asked is in `sent`. */
function fakeFetch(...responses: Array<{ status?: number; json?: unknown; text?: string }>) {
  const sent: Sent[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), method: init?.method ?? 'GET', headers: init?.headers as Record<string, string>, body: JSON.parse(String(init?.body)) });
    const next = responses.shift();
    if (!next) throw new Error('No more responses');
    return new Response(next.text ?? JSON.stringify(next.json), { status: next.status ?? 200 });
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

const reads = (fetch: typeof globalThis.fetch, more: Partial<RestEndpoint> = {}) => createRestReads(() => ({ documents: DOCUMENTS, fetch, ...more }));

const doc = (path: string, fields: Record<string, unknown>) => ({
  document: { name: `${NAME}/${path}`, fields, createTime: '2027-01-01T00:00:00Z', updateTime: '2027-01-01T00:00:00Z' },
  readTime: '2027-05-01T09:00:00.000001Z',
});
const READ_TIME_ONLY = { readTime: '2027-05-01T09:00:00.000001Z' };

const published = { fieldFilter: { field: { fieldPath: 'published' }, op: 'EQUAL', value: { booleanValue: true } } };

describe('reading a list', () => {
  it('asks as the SDK does and hands back plain documents with their ids', async () => {
    const { fetch, sent } = fakeFetch({
      json: [
        doc('publications/a1', {
          title: { stringValue: 'Early detection' },
          publishedAt: { timestampValue: '2027-04-02T08:00:00.123456Z' },
          views: { integerValue: '12' },
          tags: { arrayValue: { values: [{ stringValue: 'screening' }] } },
          id: { stringValue: 'stale' },
        }),
        doc('publications/a0', { title: { stringValue: 'Registry' }, publishedAt: { timestampValue: '2027-03-01T08:00:00Z' } }),
      ],
    });
    const items = await reads(fetch).fetchDocuments('publications', {
      where: [
        ['published', '==', true],
        ['category', 'in', ['blog', 'news']],
      ],
      orderBy: ['publishedAt', 'desc'],
      limit: 3,
    });
    expect(items).toEqual([
      { id: 'a1', title: 'Early detection', publishedAt: new Date('2027-04-02T08:00:00.123Z'), views: 12, tags: ['screening'] },
      { id: 'a0', title: 'Registry', publishedAt: new Date('2027-03-01T08:00:00Z') },
    ]);
    expect(sent).toEqual([
      {
        url: `${DOCUMENTS}:runQuery`,
        method: 'POST',
        // A "simple" request: no preflight in a browser.
        headers: { 'Content-Type': 'text/plain' },
        body: {
          structuredQuery: {
            from: [{ collectionId: 'publications' }],
            where: {
              compositeFilter: {
                op: 'AND',
                filters: [
                  published,
                  {
                    fieldFilter: {
                      field: { fieldPath: 'category' },
                      op: 'IN',
                      value: { arrayValue: { values: [{ stringValue: 'blog' }, { stringValue: 'news' }] } },
                    },
                  },
                ],
              },
            },
            orderBy: [
              { field: { fieldPath: 'publishedAt' }, direction: 'DESCENDING' },
              { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
            ],
            limit: 3,
          },
        },
      },
    ]);
  });

  it('orders newest first by default, by id alone when asked for no order, and finds nothing as an empty list', async () => {
    const { fetch, sent } = fakeFetch({ json: [READ_TIME_ONLY] }, { json: [READ_TIME_ONLY] });
    expect(await reads(fetch).fetchDocuments('speakers')).toEqual([]);
    expect(await reads(fetch).fetchDocuments('speakers', { where: [['published', '==', true]], orderBy: null })).toEqual([]);
    expect(sent[0].body).toEqual({
      structuredQuery: {
        from: [{ collectionId: 'speakers' }],
        orderBy: [
          { field: { fieldPath: 'timestamp' }, direction: 'DESCENDING' },
          { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
        ],
      },
    });
    expect(sent[1].body).toEqual({
      structuredQuery: { from: [{ collectionId: 'speakers' }], where: published, orderBy: [{ field: { fieldPath: '__name__' }, direction: 'ASCENDING' }] },
    });
  });

  it('orders by inequality fields the SDK’s way (by name, then id, in the last order’s direction); null and NaN as unary filters', async () => {
    const { fetch, sent } = fakeFetch({ json: [] }, { json: [] });
    const cutoff = new Date('2027-05-01T06:00:00Z');
    await reads(fetch).fetchDocuments('seats', {
      where: [
        ['state', '==', 'held'],
        ['heldSince', '<', cutoff],
        ['claim', '!=', null],
        ['score', '==', NaN],
      ],
      orderBy: null,
    });
    expect(sent[0].body.structuredQuery).toEqual({
      from: [{ collectionId: 'seats' }],
      where: {
        compositeFilter: {
          op: 'AND',
          filters: [
            { fieldFilter: { field: { fieldPath: 'state' }, op: 'EQUAL', value: { stringValue: 'held' } } },
            { fieldFilter: { field: { fieldPath: 'heldSince' }, op: 'LESS_THAN', value: { timestampValue: '2027-05-01T06:00:00.000000000Z' } } },
            { unaryFilter: { field: { fieldPath: 'claim' }, op: 'IS_NOT_NULL' } },
            { unaryFilter: { field: { fieldPath: 'score' }, op: 'IS_NAN' } },
          ],
        },
      },
      orderBy: [
        { field: { fieldPath: 'claim' }, direction: 'ASCENDING' },
        { field: { fieldPath: 'heldSince' }, direction: 'ASCENDING' },
        { field: { fieldPath: '__name__' }, direction: 'ASCENDING' },
      ],
    });
    await reads(fetch).fetchDocuments('events', {
      where: [
        ['startsAt', '>=', cutoff],
        ['endsAt', '>', cutoff],
      ],
      orderBy: ['startsAt', 'desc'],
    });
    expect((sent[1].body.structuredQuery as { orderBy: unknown }).orderBy).toEqual([
      { field: { fieldPath: 'startsAt' }, direction: 'DESCENDING' },
      { field: { fieldPath: 'endsAt' }, direction: 'DESCENDING' },
      { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
    ]);
  });

  it('reads a collection under a document (an archive) from its parent', async () => {
    const { fetch, sent } = fakeFetch({ json: [doc('archive/events/items/e1', { title: { stringValue: 'Gone' } })] });
    expect(await reads(fetch).fetchDocuments('archive/events/items', { orderBy: null })).toEqual([{ id: 'e1', title: 'Gone' }]);
    expect(sent[0].url).toBe(`${DOCUMENTS}/archive/events:runQuery`);
    expect((sent[0].body.structuredQuery as { from: unknown }).from).toEqual([{ collectionId: 'items' }]);
  });
});

describe('reading a page', () => {
  const event = (id: string, startsAt: string) => doc(`events/${id}`, { title: { stringValue: id }, startsAt: { timestampValue: startsAt } });

  it('reads one more than a page, and carries the last item’s exact time and id as the next cursor', async () => {
    const { fetch, sent } = fakeFetch({
      json: [event('e1', '2027-05-01T09:00:00.123456789Z'), event('e2', '2027-05-01T09:00:00.123456789Z'), event('e3', '2027-05-02T09:00:00Z')],
    });
    const page = await reads(fetch).fetchPage('events', { where: [['published', '==', true]], orderBy: ['startsAt', 'asc'], limit: 2 });
    expect(page.items.map((e) => e.id)).toEqual(['e1', 'e2']);
    expect(page.next).toEqual({ value: { seconds: 1809162000, nanoseconds: 123_456_789 }, id: 'e2' });
    expect(sent[0].body.structuredQuery).toEqual({
      from: [{ collectionId: 'events' }],
      where: published,
      orderBy: [
        { field: { fieldPath: 'startsAt' }, direction: 'ASCENDING' },
        { field: { fieldPath: '__name__' }, direction: 'ASCENDING' },
      ],
      limit: 3,
    });
  });

  it('starts after a cursor (one that travelled as JSON, in a prerendered page): its value to the microsecond, as Firestore keeps it, then its document', async () => {
    const { fetch, sent } = fakeFetch({ json: [event('e3', '2027-05-02T09:00:00Z'), READ_TIME_ONLY] });
    const after = JSON.parse(JSON.stringify({ value: { seconds: 1809162000, nanoseconds: 123_456_789 }, id: 'e2' }));
    const page = await reads(fetch).fetchPage('events', { orderBy: ['startsAt', 'asc'], limit: 2, after });
    expect(page).toEqual({ items: [{ id: 'e3', title: 'e3', startsAt: new Date('2027-05-02T09:00:00Z') }], next: null });
    expect((sent[0].body.structuredQuery as { startAt: unknown }).startAt).toEqual({
      before: false,
      values: [{ timestampValue: '2027-05-01T09:00:00.123456000Z' }, { referenceValue: `${NAME}/events/e2` }],
    });
  });

  it('pages by text, numbers, true/false and missing values as they are, newest first by default', async () => {
    const { fetch, sent } = fakeFetch(
      { json: [doc('tags/x', { label: { stringValue: 'x' } }), doc('tags/y', { label: { stringValue: 'y' } })] },
      { json: [doc('tags/x', { order: { integerValue: '3' } }), doc('tags/y', {})] },
      { json: [doc('tags/x', { on: { booleanValue: true } }), doc('tags/y', {})] },
      { json: [doc('tags/x', { share: { doubleValue: 0.5 }, timestamp: { nullValue: null } }), doc('tags/y', {})] },
    );
    const r = reads(fetch);
    expect((await r.fetchPage('tags', { limit: 1, orderBy: ['label', 'asc'], after: { value: 'w', id: 'w' } })).next).toEqual({ value: 'x', id: 'x' });
    expect((await r.fetchPage('tags', { limit: 1, orderBy: ['order', 'asc'] })).next).toEqual({ value: 3, id: 'x' });
    expect((await r.fetchPage('tags', { limit: 1, orderBy: ['on', 'desc'] })).next).toEqual({ value: true, id: 'x' });
    expect((await r.fetchPage('tags', { limit: 1 })).next).toEqual({ value: null, id: 'x' });
    expect((sent[0].body.structuredQuery as { startAt: unknown }).startAt).toEqual({
      before: false,
      values: [{ stringValue: 'w' }, { referenceValue: `${NAME}/tags/w` }],
    });
    expect((sent[3].body.structuredQuery as { orderBy: unknown }).orderBy).toEqual([
      { field: { fieldPath: 'timestamp' }, direction: 'DESCENDING' },
      { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
    ]);
  });

  it('reaches into a map for a sort field, and refuses to page by a map or a list', async () => {
    const { fetch } = fakeFetch(
      { json: [doc('t/a', { venue: { mapValue: { fields: { room: { stringValue: 'Hall A' } } } } }), doc('t/b', {})] },
      { json: [doc('t/a', { tags: { arrayValue: {} } }), doc('t/b', {})] },
    );
    expect((await reads(fetch).fetchPage('t', { limit: 1, orderBy: ['venue.room', 'asc'] })).next).toEqual({ value: 'Hall A', id: 'a' });
    await expect(reads(fetch).fetchPage('t', { limit: 1, orderBy: ['tags', 'asc'] })).rejects.toThrow('A list cannot be paged by a arrayValue field');
  });
});

describe('reading a document', () => {
  it('gets it as the SDK does (batchGet), or null when it does not exist', async () => {
    const { fetch, sent } = fakeFetch(
      { json: [{ found: doc('settings/site', { venue: { stringValue: 'KICC' } }).document, readTime: '2027-05-01T09:00:00Z' }] },
      { json: [{ missing: `${NAME}/settings/none`, readTime: '2027-05-01T09:00:00Z' }] },
    );
    expect(await reads(fetch).fetchDocument('settings', 'site')).toEqual({ id: 'site', venue: 'KICC' });
    expect(await reads(fetch).fetchDocument('settings', 'none')).toBeNull();
    expect(sent.map((s) => [s.url, s.body])).toEqual([
      [`${DOCUMENTS}:batchGet`, { documents: [`${NAME}/settings/site`] }],
      [`${DOCUMENTS}:batchGet`, { documents: [`${NAME}/settings/none`] }],
    ]);
  });
});

describe('counting and summing', () => {
  it('counts with an aggregation over the filters (no ordering), and sums with a count', async () => {
    const { fetch, sent } = fakeFetch(
      { json: [{ result: { aggregateFields: { aggregate_0: { integerValue: '17' } } }, readTime: '2027-05-01T09:00:00Z' }] },
      {
        json: [
          { result: { aggregateFields: { aggregate_0: { integerValue: '4500' }, aggregate_1: { integerValue: '3' } } }, readTime: '2027-05-01T09:00:00Z' },
        ],
      },
      { json: [{ result: { aggregateFields: { aggregate_0: { doubleValue: 10.5 }, aggregate_1: { integerValue: '2' } } } }] },
      { json: [{ result: { aggregateFields: { aggregate_0: { nullValue: null }, aggregate_1: { integerValue: '0' } } } }] },
    );
    const r = reads(fetch);
    expect(await r.fetchCount('seats', [['state', '==', 'free']])).toBe(17);
    expect(await r.fetchSum('payments', 'amount', [['status', '==', 'verified']])).toEqual({ count: 3, sum: 4500 });
    expect(await r.fetchSum('payments', 'amount')).toEqual({ count: 2, sum: 10.5 });
    expect(await r.fetchSum('payments', 'amount')).toEqual({ count: 0, sum: 0 });
    expect(sent[0]).toMatchObject({
      url: `${DOCUMENTS}:runAggregationQuery`,
      body: {
        structuredAggregationQuery: {
          aggregations: [{ alias: 'aggregate_0', count: {} }],
          structuredQuery: {
            from: [{ collectionId: 'seats' }],
            where: { fieldFilter: { field: { fieldPath: 'state' }, op: 'EQUAL', value: { stringValue: 'free' } } },
          },
        },
      },
    });
    expect(sent[1].body).toEqual({
      structuredAggregationQuery: {
        aggregations: [
          { alias: 'aggregate_0', sum: { field: { fieldPath: 'amount' } } },
          { alias: 'aggregate_1', count: {} },
        ],
        structuredQuery: {
          from: [{ collectionId: 'payments' }],
          where: { fieldFilter: { field: { fieldPath: 'status' }, op: 'EQUAL', value: { stringValue: 'verified' } } },
        },
      },
    });
  });

  it('fails when the answer has no result', async () => {
    const { fetch } = fakeFetch({ json: [READ_TIME_ONLY] });
    await expect(reads(fetch).fetchCount('seats')).rejects.toThrow('runAggregationQuery on seats returned no result');
  });
});

describe('failures', () => {
  it('throws Firestore’s status and message, with the SDK’s code, so a page tells an error from an empty list', async () => {
    const { fetch } = fakeFetch(
      { status: 403, json: { error: { code: 403, message: 'Missing or insufficient permissions.', status: 'PERMISSION_DENIED' } } },
      { status: 400, json: { error: { code: 400, message: 'The query requires an index.', status: 'FAILED_PRECONDITION' } } },
    );
    const denied = reads(fetch).fetchDocuments('registrations');
    await expect(denied).rejects.toBeInstanceOf(FirestoreRestError);
    await expect(denied).rejects.toMatchObject({
      code: 'permission-denied',
      message: 'Firestore runQuery failed: 403 PERMISSION_DENIED Missing or insufficient permissions.',
    });
    await expect(reads(fetch).fetchCount('seats')).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'Firestore runAggregationQuery failed: 400 FAILED_PRECONDITION The query requires an index.',
    });
  });

  it('throws on an answer that is not Firestore’s (a proxy’s error page), by its HTTP status', async () => {
    const { fetch } = fakeFetch({ status: 503, text: '<html>Service Unavailable</html>' }, { status: 502, text: 'Bad gateway' });
    await expect(reads(fetch).fetchDocument('settings', 'site')).rejects.toMatchObject({ code: 'unavailable', message: 'Firestore batchGet failed: 503 ' });
    await expect(reads(fetch).fetchDocument('settings', 'site')).rejects.toMatchObject({ code: 'unknown' });
  });

  it('throws an error streamed in the middle of a query’s results', async () => {
    const { fetch } = fakeFetch({ json: [doc('events/e1', {}), { error: { code: 500, message: 'Internal error.', status: 'INTERNAL' } }] });
    await expect(reads(fetch).fetchDocuments('events')).rejects.toMatchObject({
      code: 'internal',
      message: 'Firestore runQuery failed: 200 INTERNAL Internal error.',
    });
  });

  it('passes on a network failure as it is', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    await expect(reads(offline).fetchDocument('settings', 'site')).rejects.toThrow('Failed to fetch');
  });
});

describe('the project’s key and App Check', () => {
  it('sends the API key when there is one (Cloud Firestore), none to the emulator', async () => {
    const { fetch, sent } = fakeFetch({ json: [READ_TIME_ONLY] }, { json: [READ_TIME_ONLY] });
    await reads(fetch, { apiKey: 'AIza key/+' }).fetchDocuments('speakers');
    await reads(fetch).fetchDocuments('speakers');
    expect(sent.map((s) => s.url)).toEqual([`${DOCUMENTS}:runQuery?key=AIza%20key%2F%2B`, `${DOCUMENTS}:runQuery`]);
  });

  it('sends the App Check token when App Check gives one, and no header when it gives none', async () => {
    const { fetch, sent } = fakeFetch({ json: [READ_TIME_ONLY] }, { json: [READ_TIME_ONLY] });
    await reads(fetch, { appCheckToken: async () => 'app-check-token' }).fetchDocuments('speakers');
    await reads(fetch, { appCheckToken: async () => null }).fetchDocuments('speakers');
    expect(sent.map((s) => s.headers)).toEqual([{ 'Content-Type': 'text/plain', 'X-Firebase-AppCheck': 'app-check-token' }, { 'Content-Type': 'text/plain' }]);
  });
});

describe('the same requests as the SDK', () => {
  // The SDK (through lib/sdk-db.ts, as the app calls it) and the REST reader make each read; the
  // requests must be the same, so the indexes and rules that serve one serve the other.
  const READS: Array<[string, (r: Pick<RestReads, keyof RestReads>) => Promise<unknown>]> = [
    ['a published list in display order', (r) => r.fetchDocuments('speakers', { where: [['published', '==', true]], orderBy: ['order', 'asc'], limit: 100 })],
    ['newest first by default', (r) => r.fetchDocuments('logs')],
    ['by id', (r) => r.fetchDocuments('seats', { where: [['state', '==', 'free']], orderBy: null, limit: 40 })],
    [
      'inequalities, null and in',
      (r) =>
        r.fetchDocuments('seats', {
          where: [
            ['state', 'in', ['held', 'offered']],
            ['heldSince', '<', new Date('2027-05-01T06:00:00.123Z')],
            ['claim', '!=', null],
            ['note', '==', null],
          ],
          orderBy: null,
        }),
    ],
    ['a first page', (r) => r.fetchPage('publications', { where: [['published', '==', true]], orderBy: ['publishedAt', 'desc'], limit: 9 })],
    [
      'a next page, after a timestamp',
      (r) => r.fetchPage('events', { orderBy: ['startsAt', 'asc'], limit: 2, after: { value: { seconds: 1809162000, nanoseconds: 123_456_789 }, id: 'e2' } }),
    ],
    ['a next page, after a number', (r) => r.fetchPage('speakers', { orderBy: ['order', 'desc'], limit: 2, after: { value: 2.5, id: 's' } })],
    ['a document', (r) => r.fetchDocument('settings', 'site')],
    ['a count', (r) => r.fetchCount('seats', [['state', '==', 'held']])],
    ['a sum', (r) => r.fetchSum('payments', 'amount', [['status', '==', 'verified']])],
  ];

  /** Answers any read with nothing (an empty list, a missing document, zero). */
  async function answer(url: string, body: { documents?: string[]; structuredAggregationQuery?: { aggregations: Array<{ alias: string }> } }) {
    if (url.includes(':batchGet')) return Response.json(body.documents!.map((missing) => ({ missing, readTime: '2027-05-01T09:00:00Z' })));
    if (url.includes(':runAggregationQuery')) {
      const fields = Object.fromEntries(body.structuredAggregationQuery!.aggregations.map((a) => [a.alias, { integerValue: '0' }]));
      return Response.json([{ result: { aggregateFields: fields }, readTime: '2027-05-01T09:00:00Z' }]);
    }
    return Response.json([READ_TIME_ONLY]);
  }

  it.each(READS)('%s', async (_, read) => {
    const requests: Array<[string, unknown]> = [];
    const record = (async (url: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      requests.push([String(url).replace(/\?.*$/, ''), body]);
      return answer(String(url), body);
    }) as typeof fetch;
    const [{ initializeApp, deleteApp }, { getFirestore, connectFirestoreEmulator }, { createSdkDb }] = await Promise.all([
      import('firebase/app'),
      import('firebase/firestore/lite'),
      import('./sdk-db.ts'),
    ]);
    const app = initializeApp({ projectId: 'demo-p', apiKey: 'demo-key' }, `parity-${Math.random()}`);
    const firestore = getFirestore(app);
    connectFirestoreEmulator(firestore, '127.0.0.1', 8080);
    vi.stubGlobal('fetch', record);
    try {
      await read(createSdkDb(() => firestore));
    } finally {
      vi.unstubAllGlobals();
      await deleteApp(app);
    }
    await read(reads(record));
    expect(requests).toHaveLength(2);
    expect(requests[1]).toEqual(requests[0]);
  });
});
