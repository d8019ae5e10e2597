// The data module's own decisions: default order, pages and their cursors, Timestamps as Dates,
// archive moves, commits, transactions and SPEC's quiet failure results. Firestore itself is
// replaced by a small in-memory stand-in for the SDK calls the module makes (the real SDK against
// the emulator is tests/integration/db.test.ts); Timestamp stays the SDK's own.
import { Timestamp } from 'firebase/firestore/lite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Data = Record<string, unknown>;
type Constraint =
  | { type: 'where'; field: string; op: string; value: unknown }
  | { type: 'orderBy'; field: string; direction: 'asc' | 'desc' }
  | { type: 'limit'; n: number }
  | { type: 'startAfter'; values: unknown[] };
interface Ref {
  path: string;
  id: string;
}

const fake = vi.hoisted(() => ({
  store: new Map<string, Record<string, unknown>>(),
  queries: [] as Array<{ collection: string; constraints: unknown[] }>,
  /** A collection whose reads and writes fail (offline, or refused by the rules). */
  failing: '',
  nextId: 0,
  now: 0,
}));

vi.mock('firebase/firestore/lite', async (original) => {
  const sdk = await original<typeof import('firebase/firestore/lite')>();
  const ID = '__name__';
  const SERVER_TIME = { serverTime: true };
  class Increment {
    constructor(readonly by: number) {}
  }
  const check = (path: string) => {
    if (fake.failing && path.split('/')[0] === fake.failing)
      throw Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
  };
  // The SDK's sentinels, in maps too: the server's time, and a number moved by an increment.
  const resolveValue = (v: unknown, before: unknown): unknown =>
    v === SERVER_TIME
      ? sdk.Timestamp.fromMillis(fake.now)
      : v instanceof Increment
        ? Number(before ?? 0) + v.by
        : v && Object.getPrototypeOf(v) === Object.prototype
          ? resolve(v as Data, before as Data | undefined)
          : v;
  const resolve = (data: Data, before?: Data): Data => Object.fromEntries(Object.entries(data).map(([k, v]) => [k, resolveValue(v, before?.[k])]));
  const snapshot = (path: string) => {
    const data = fake.store.get(path);
    return {
      id: path.split('/').pop()!,
      exists: () => data !== undefined,
      data: () => (data ? { ...data } : undefined),
      get: (field: string) => data?.[field],
    };
  };
  const compare = (a: unknown, b: unknown) => {
    const key = (v: unknown) => (v instanceof sdk.Timestamp ? v.toMillis() : (v as number | string));
    return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  };
  const run = (q: { collection: string; constraints: Constraint[] }) => {
    check(q.collection);
    fake.queries.push(q);
    let rows = [...fake.store.keys()]
      .filter((p) => p.startsWith(`${q.collection}/`) && p.split('/').length === q.collection.split('/').length + 1)
      .map(snapshot);
    const value = (row: ReturnType<typeof snapshot>, field: string) => (field === ID ? row.id : row.get(field));
    for (const c of q.constraints)
      if (c.type === 'where')
        rows = rows.filter((r) =>
          c.op === '==' ? compare(value(r, c.field), c.value) === 0 : c.op === '>=' ? compare(value(r, c.field), c.value) >= 0 : false,
        );
    const orders = q.constraints.filter((c) => c.type === 'orderBy');
    const sorted = (a: ReturnType<typeof snapshot>, b: ReturnType<typeof snapshot>) => {
      for (const o of orders) {
        const d = compare(value(a, o.field), value(b, o.field)) * (o.direction === 'desc' ? -1 : 1);
        if (d) return d;
      }
      return compare(a.id, b.id);
    };
    rows.sort(sorted);
    const after = q.constraints.find((c) => c.type === 'startAfter');
    if (after) {
      rows = rows.filter((r) => {
        for (const [i, o] of orders.entries()) {
          const d = compare(value(r, o.field), after.values[i]) * (o.direction === 'desc' ? -1 : 1);
          if (d) return d > 0;
        }
        return false;
      });
    }
    const limit = q.constraints.find((c) => c.type === 'limit');
    return limit ? rows.slice(0, limit.n) : rows;
  };
  const write = (ref: Ref, data: Data, merge = false) => {
    check(ref.path);
    const before = fake.store.get(ref.path);
    fake.store.set(ref.path, merge ? { ...before, ...resolve(data, before) } : resolve(data, before));
  };
  const update = (ref: Ref, data: Data) => {
    check(ref.path);
    if (!fake.store.has(ref.path)) throw Object.assign(new Error(`No document to update: ${ref.path}`), { code: 'not-found' });
    write(ref, data, true);
  };
  const remove = (ref: Ref) => {
    check(ref.path);
    fake.store.delete(ref.path);
  };
  const writer = () => {
    const pending: Array<() => void> = [];
    return {
      pending,
      set: (ref: Ref, data: Data, options?: { merge?: boolean }) => void pending.push(() => write(ref, data, options?.merge)),
      update: (ref: Ref, data: Data) => void pending.push(() => update(ref, data)),
      delete: (ref: Ref) => void pending.push(() => remove(ref)),
    };
  };
  return {
    Timestamp: sdk.Timestamp,
    serverTimestamp: () => SERVER_TIME,
    increment: (n: number) => new Increment(n),
    documentId: () => ID,
    collection: (_db: unknown, ...segments: string[]) => ({ collection: segments.join('/') }),
    doc: (parent: { collection?: string }, ...segments: string[]) => {
      const path = segments.length ? segments.join('/') : `${parent.collection}/auto-${++fake.nextId}`;
      return { path, id: path.split('/').pop()! };
    },
    where: (field: string, op: string, value: unknown) => ({ type: 'where', field, op, value }),
    orderBy: (field: string, direction: 'asc' | 'desc' = 'asc') => ({ type: 'orderBy', field, direction }),
    limit: (n: number) => ({ type: 'limit', n }),
    startAfter: (...values: unknown[]) => ({ type: 'startAfter', values }),
    query: (c: { collection: string }, ...constraints: Constraint[]) => ({ collection: c.collection, constraints }),
    getDocs: async (q: { collection: string; constraints: Constraint[] }) => ({ docs: run(q) }),
    getDoc: async (ref: Ref) => (check(ref.path), snapshot(ref.path)),
    getCount: async (q: { collection: string; constraints: Constraint[] }) => {
      const count = run(q).length;
      return { data: () => ({ count }) };
    },
    count: () => ({ aggregate: 'count' }),
    sum: (field: string) => ({ aggregate: 'sum', field }),
    getAggregate: async (q: { collection: string; constraints: Constraint[] }, spec: { total: { field: string } }) => {
      const rows = run(q);
      const total = rows.length ? rows.reduce((s, r) => s + Number(r.get(spec.total.field) ?? 0), 0) : null;
      return { data: () => ({ count: rows.length, total }) };
    },
    setDoc: async (ref: Ref, data: Data) => write(ref, data),
    updateDoc: async (ref: Ref, data: Data) => update(ref, data),
    deleteDoc: async (ref: Ref) => remove(ref),
    writeBatch: () => {
      const w = writer();
      return { ...w, commit: async () => w.pending.forEach((apply) => apply()) };
    },
    runTransaction: async (_db: unknown, body: (tx: unknown) => Promise<unknown>) => {
      const w = writer();
      const result = await body({ ...w, get: async (ref: Ref) => (check(ref.path), snapshot(ref.path)) });
      w.pending.forEach((apply) => apply());
      return result;
    },
  };
});

const { createDb, createWrite, DEFAULT_SORT, serverValues, writePath } = await import('./db.ts');
const db = createDb(() => ({}) as never);

const at = (iso: string) => Timestamp.fromDate(new Date(iso));
const put = (path: string, data: Data) => fake.store.set(path, data);
let errors: unknown[][];

beforeEach(() => {
  fake.store.clear();
  fake.queries.length = 0;
  fake.failing = '';
  fake.nextId = 0;
  fake.now = Date.parse('2027-05-12T09:00:00Z');
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('reading lists', () => {
  beforeEach(() => {
    put('posts/a', { title: 'Oldest', kind: 'news', timestamp: at('2027-01-01T00:00:00Z') });
    put('posts/b', { title: 'Newest', kind: 'news', timestamp: at('2027-03-01T00:00:00Z') });
    put('posts/c', { title: 'Middle', kind: 'blog', timestamp: at('2027-02-01T00:00:00Z') });
  });

  it('lists newest first by default, with each id and its times as Dates', async () => {
    const posts = await db.fetchDocuments<{ title: string; timestamp: Date }>('posts');
    expect(posts.map((p) => p.title)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(posts[0]).toEqual({ id: 'b', title: 'Newest', kind: 'news', timestamp: new Date('2027-03-01T00:00:00Z') });
    expect(DEFAULT_SORT).toEqual(['timestamp', 'desc']);
  });

  it('filters, orders as asked, in id order when the order is moot, and limits', async () => {
    expect((await db.fetchDocuments('posts', { where: [['kind', '==', 'news']] })).map((p) => p.id)).toEqual(['b', 'a']);
    expect((await db.fetchDocuments('posts', { orderBy: ['title', 'asc'] })).map((p) => p.id)).toEqual(['c', 'b', 'a']);
    expect((await db.fetchDocuments('posts', { orderBy: null })).map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(fake.queries.at(-1)!.constraints).toEqual([]);
    expect((await db.fetchDocuments('posts', { limit: 2 })).map((p) => p.id)).toEqual(['b', 'c']);
    expect((await db.fetchDocuments('posts', { limit: 0 })).map((p) => p.id)).toEqual([]);
  });

  it('turns Timestamps into Dates inside lists and nested maps, and leaves other values as they are', async () => {
    put('events/e', {
      days: [at('2027-05-12T06:00:00Z'), at('2027-05-13T06:00:00Z')],
      venue: { opens: at('2027-05-12T05:00:00Z'), name: 'KICC', rooms: ['A', 'B'] },
      capacity: 300,
      note: null,
    });
    expect(await db.fetchDocument('events', 'e')).toEqual({
      id: 'e',
      days: [new Date('2027-05-12T06:00:00Z'), new Date('2027-05-13T06:00:00Z')],
      venue: { opens: new Date('2027-05-12T05:00:00Z'), name: 'KICC', rooms: ['A', 'B'] },
      capacity: 300,
      note: null,
    });
  });

  it('reads one document, or null when there is none', async () => {
    expect(await db.fetchDocument('posts', 'a')).toMatchObject({ id: 'a', title: 'Oldest' });
    expect(await db.fetchDocument('posts', 'zzz')).toBeNull();
  });

  it('counts, and sums a field (0 over nothing)', async () => {
    put('payments/p1', { amount: 5000, status: 'verified' });
    put('payments/p2', { amount: 2500, status: 'verified' });
    put('payments/p3', { amount: 100, status: 'rejected' });
    expect(await db.fetchCount('posts')).toBe(3);
    expect(await db.fetchCount('posts', [['kind', '==', 'blog']])).toBe(1);
    expect(await db.fetchSum('payments', 'amount', [['status', '==', 'verified']])).toEqual({ count: 2, sum: 7500 });
    expect(await db.fetchSum('payments', 'amount')).toEqual({ count: 3, sum: 7600 });
    expect(await db.fetchSum('payments', 'amount', [['status', '==', 'pending']])).toEqual({ count: 0, sum: 0 });
  });
});

describe('pages of a list', () => {
  beforeEach(() => {
    // Two posts share a time: the id breaks the tie.
    put('posts/a', { title: 'A', rank: 1, timestamp: at('2027-01-01T00:00:00Z') });
    put('posts/b', { title: 'B', rank: 2, timestamp: at('2027-02-01T00:00:00Z') });
    put('posts/c', { title: 'C', rank: 2, timestamp: at('2027-02-01T00:00:00Z') });
    put('posts/d', { title: 'D', rank: 3, timestamp: at('2027-03-01T00:00:00Z') });
    put('posts/e', { title: 'E', rank: 4, timestamp: at('2027-04-01T00:00:00Z') });
  });

  it('goes through every item once, newest first, and says when there is no next page', async () => {
    const first = await db.fetchPage('posts', { limit: 2 });
    expect(first.items.map((p) => p.id)).toEqual(['e', 'd']);
    expect(first.next).toEqual({ value: { seconds: Date.parse('2027-03-01T00:00:00Z') / 1000, nanoseconds: 0 }, id: 'd' });
    // A cursor is plain data: it survives being written into a prerendered page.
    const second = await db.fetchPage('posts', { limit: 2, after: JSON.parse(JSON.stringify(first.next)) });
    expect(second.items.map((p) => p.id)).toEqual(['c', 'b']);
    const third = await db.fetchPage('posts', { limit: 2, after: second.next });
    expect(third.items.map((p) => p.id)).toEqual(['a']);
    expect(third.next).toBeNull();
  });

  it('has no next page when the last page is exactly full', async () => {
    const page = await db.fetchPage('posts', { limit: 5 });
    expect(page.items).toHaveLength(5);
    expect(page.next).toBeNull();
    const almost = await db.fetchPage('posts', { limit: 4 });
    expect(almost.next).toEqual({ value: { seconds: Date.parse('2027-02-01T00:00:00Z') / 1000, nanoseconds: 0 }, id: 'b' });
  });

  it('pages by another field, breaking ties by id in the same direction', async () => {
    const first = await db.fetchPage('posts', { limit: 2, orderBy: ['rank', 'asc'] });
    expect(first.items.map((p) => p.id)).toEqual(['a', 'b']);
    expect(first.next).toEqual({ value: 2, id: 'b' });
    const second = await db.fetchPage('posts', { limit: 2, orderBy: ['rank', 'asc'], after: first.next });
    expect(second.items.map((p) => p.id)).toEqual(['c', 'd']);
    expect(fake.queries.at(-1)!.constraints).toEqual([
      { type: 'orderBy', field: 'rank', direction: 'asc' },
      { type: 'orderBy', field: '__name__', direction: 'asc' },
      { type: 'startAfter', values: [2, 'b'] },
      { type: 'limit', n: 3 },
    ]);
  });

  it('filters a paged list', async () => {
    const page = await db.fetchPage('posts', { limit: 1, where: [['rank', '==', 2]] });
    expect(page.items.map((p) => p.id)).toEqual(['c']);
    expect(page.next).toEqual({ value: { seconds: Date.parse('2027-02-01T00:00:00Z') / 1000, nanoseconds: 0 }, id: 'c' });
  });

  it('gives a null cursor value for an item without the sort field, and refuses a field that is a map', async () => {
    put('tags/x', { label: 'x' });
    put('tags/y', { label: 'y' });
    expect((await db.fetchPage('tags', { limit: 1, orderBy: ['missing', 'asc'] })).next).toEqual({ value: null, id: 'x' });
    put('tags/x', { meta: { a: 1 } });
    put('tags/y', { meta: { a: 2 } });
    await expect(db.fetchPage('tags', { limit: 1, orderBy: ['meta', 'asc'] })).rejects.toThrow('A list cannot be paged by a object field');
  });

  it('pages by text and true/false fields as they are', async () => {
    put('tags/x', { label: 'x', on: true });
    put('tags/y', { label: 'y', on: false });
    expect((await db.fetchPage('tags', { limit: 1, orderBy: ['label', 'asc'] })).next).toEqual({ value: 'x', id: 'x' });
    expect((await db.fetchPage('tags', { limit: 1, orderBy: ['on', 'desc'] })).next).toEqual({ value: true, id: 'x' });
  });
});

describe('loading the SDK', () => {
  it('loads it, and the Firestore, only when a call needs them, and once', async () => {
    const firestore = vi.fn(() => ({}) as never);
    const lazy = createDb(firestore);
    lazy.newId('messages');
    lazy.activityWrite('Archived post', 'editor@summit.test');
    expect(firestore).not.toHaveBeenCalled();
    await Promise.all([lazy.fetchDocuments('posts', { orderBy: null }), lazy.fetchCount('posts')]);
    await lazy.fetchDocument('posts', 'p');
    expect(firestore).toHaveBeenCalledTimes(1);
  });

  it('keeps SPEC’s failure results when the SDK cannot be loaded (offline), and the fetch variants throw', async () => {
    const offline = createDb(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    expect(await offline.getDocuments('posts')).toEqual([]);
    expect(await offline.getDocument('posts', 'p')).toBeNull();
    expect(await offline.countDocuments('posts')).toBe(0);
    expect(await offline.addDocument('posts', {})).toBeNull();
    expect(await offline.updateDocument('posts', 'p', {})).toBe(false);
    expect(await offline.deleteDocument('posts', 'p')).toBe(false);
    expect(await offline.archiveDocument('posts', 'p')).toBe(false);
    expect(await offline.logActivity('x', 'y')).toBe(false);
    expect(errors).toHaveLength(8);
    await expect(offline.fetchDocuments('posts')).rejects.toThrow('Failed to fetch dynamically imported module');
  });
});

describe('writing', () => {
  it('creates a document carrying its own id and the server’s time, under a chosen id or a new one', async () => {
    const id = await db.createDocument('messages', { subject: 'Hello' });
    expect(id).toBe('auto-1');
    expect(fake.store.get('messages/auto-1')).toEqual({ subject: 'Hello', id: 'auto-1', timestamp: Timestamp.fromMillis(fake.now) });
    expect(await db.createDocument('messages', { subject: 'Again', id: 'spoofed' }, 'chosen')).toBe('chosen');
    expect(fake.store.get('messages/chosen')).toMatchObject({ subject: 'Again', id: 'chosen' });
  });

  it('chooses new ids as the SDK does, without it: 20 characters of [A-Za-z0-9], every one of them used', () => {
    const ids = Array.from({ length: 500 }, () => db.newId('messages'));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.join('')).size).toBe(62);
  });

  it('builds the same creation as one write of a commit', () => {
    expect(createWrite('messages', 'm1', { subject: 'Hi', id: 'x' })).toEqual({
      set: 'messages/m1',
      data: { subject: 'Hi', id: 'm1', timestamp: serverValues.now() },
    });
  });

  it('fills in server values as the SDK does wherever they are, in every kind of write', async () => {
    put('c/n', { count: 3, nested: { count: 1 } });
    fake.now = 1_700_000_000_000;
    await db.commit([
      { set: 'c/t', data: { at: serverValues.now(), inner: { at: serverValues.now() } } },
      { update: 'c/n', data: { count: serverValues.increment(2), nested: { count: serverValues.increment(-1) } } },
    ]);
    const time = Timestamp.fromMillis(fake.now);
    expect(fake.store.get('c/t')).toEqual({ at: time, inner: { at: time } });
    expect(fake.store.get('c/n')).toEqual({ count: 5, nested: { count: 0 } });
    await db.createDocument('c', { also: serverValues.increment(1) }, 'made');
    expect(fake.store.get('c/made')).toMatchObject({ also: 1, timestamp: time });
    expect(await db.updateDocument('c', 'made', { also: serverValues.increment(1), at: serverValues.now() })).toBe(true);
    expect(fake.store.get('c/made')).toMatchObject({ also: 2, at: time });
  });

  it('names the document each kind of write touches', () => {
    expect(writePath({ set: 'a/1', data: {} })).toBe('a/1');
    expect(writePath({ update: 'b/2', data: {} })).toBe('b/2');
    expect(writePath({ delete: 'c/3' })).toBe('c/3');
  });

  it('commits sets (replacing, or merging when asked), updates and deletes together', async () => {
    put('a/1', { keep: true, old: 1 });
    put('a/2', { keep: true, old: 1 });
    put('a/3', { keep: true, old: 1 });
    put('a/4', { gone: true });
    await db.commit([
      { set: 'a/1', data: { fresh: 1 } },
      { set: 'a/2', data: { fresh: 2 }, merge: true },
      { update: 'a/3', data: { old: 2 } },
      { delete: 'a/4' },
    ]);
    expect(Object.fromEntries(fake.store)).toEqual({ 'a/1': { fresh: 1 }, 'a/2': { keep: true, old: 1, fresh: 2 }, 'a/3': { keep: true, old: 2 } });
  });

  it('logs an activity with who did it and when, alone or as one write of a commit', async () => {
    await db.recordActivity('Verified payment p1', 'finance@summit.test');
    expect(fake.store.get('logs/auto-1')).toEqual({
      message: 'Verified payment p1',
      userEmail: 'finance@summit.test',
      id: 'auto-1',
      timestamp: Timestamp.fromMillis(fake.now),
    });
    const entry = db.activityWrite('Archived post', 'editor@summit.test') as { set: string; data: { id: string } };
    expect(entry).toEqual({
      set: `logs/${entry.data.id}`,
      data: { id: expect.stringMatching(/^[A-Za-z0-9]{20}$/), message: 'Archived post', userEmail: 'editor@summit.test', timestamp: serverValues.now() },
    });
  });
});

describe('the archive', () => {
  it('moves a document to archive/{collection}/items/{id} with the log entry, and back again', async () => {
    put('posts/p', { title: 'Old news' });
    await db.moveToArchive('posts', 'p', [{ set: 'logs/l1', data: { message: 'Archived' } }]);
    expect(Object.fromEntries(fake.store)).toEqual({ 'archive/posts/items/p': { title: 'Old news' }, 'logs/l1': { message: 'Archived' } });
    await db.restoreFromArchive('posts', 'p', [{ set: 'logs/l2', data: { message: 'Restored' } }]);
    expect(Object.fromEntries(fake.store)).toEqual({
      'posts/p': { title: 'Old news' },
      'logs/l1': { message: 'Archived' },
      'logs/l2': { message: 'Restored' },
    });
  });

  it('refuses to move what is not there, writing nothing', async () => {
    await expect(db.moveToArchive('posts', 'nope', [{ set: 'logs/l1', data: {} }])).rejects.toThrow('Document nope not found in posts');
    await expect(db.restoreFromArchive('posts', 'nope', [{ set: 'logs/l1', data: {} }])).rejects.toThrow('Document nope not found in archive/posts');
    expect(fake.store.size).toBe(0);
  });

  it('archives and restores without a log entry too', async () => {
    put('posts/p', { title: 'Old news' });
    await db.moveToArchive('posts', 'p');
    expect([...fake.store.keys()]).toEqual(['archive/posts/items/p']);
    await db.restoreFromArchive('posts', 'p');
    expect([...fake.store.keys()]).toEqual(['posts/p']);
  });
});

describe('read-decide-write transactions', () => {
  it('hands the decision each document read (with its id, null when missing) and commits what it decides', async () => {
    put('counters/invoices', { last: 7 });
    const seen: unknown[] = [];
    const result = await db.transact(['counters/invoices', 'settings/site'], (docs) => {
      seen.push(...docs);
      return { writes: [{ set: 'counters/invoices', data: { last: 8 } }], result: 'INV-0008' };
    });
    expect(seen).toEqual([{ id: 'invoices', last: 7 }, null]);
    expect(result).toBe('INV-0008');
    expect(fake.store.get('counters/invoices')).toEqual({ last: 8 });
  });

  it('writes nothing when the decision refuses', async () => {
    put('counters/invoices', { last: 7 });
    await expect(
      db.transact(['counters/invoices'], () => {
        throw new Error('Numbering is not set');
      }),
    ).rejects.toThrow('Numbering is not set');
    expect(fake.store.get('counters/invoices')).toEqual({ last: 7 });
  });

  it('waits for a decision that is itself asynchronous', async () => {
    await db.transact(['a/1'], async () => ({ writes: [{ set: 'a/1', data: { v: 1 } }] }));
    expect(fake.store.get('a/1')).toEqual({ v: 1 });
  });
});

describe("SPEC's helpers: log, then a harmless result", () => {
  beforeEach(() => {
    put('posts/p', { title: 'Post', timestamp: at('2027-01-01T00:00:00Z') });
  });

  it('give the data when all is well', async () => {
    expect((await db.getDocuments('posts')).map((p) => p.id)).toEqual(['p']);
    expect(await db.getDocument('posts', 'p')).toMatchObject({ title: 'Post' });
    expect(await db.countDocuments('posts')).toBe(1);
    expect(await db.addDocument('posts', { title: 'New' })).toBe('auto-1');
    expect(await db.updateDocument('posts', 'p', { title: 'Edited' })).toBe(true);
    expect(fake.store.get('posts/p')).toMatchObject({ title: 'Edited' });
    expect(await db.archiveDocument('posts', 'p')).toBe(true);
    expect(await db.deleteDocument('posts', 'auto-1')).toBe(true);
    expect(await db.logActivity('Edited post', 'editor@summit.test')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('give [], null, 0, null or false on failure, each logged with what failed', async () => {
    fake.failing = 'posts';
    expect(await db.getDocuments('posts')).toEqual([]);
    expect(await db.getDocument('posts', 'p')).toBeNull();
    expect(await db.countDocuments('posts')).toBe(0);
    expect(await db.addDocument('posts', { title: 'New' })).toBeNull();
    expect(await db.deleteDocument('posts', 'p')).toBe(false);
    expect(await db.archiveDocument('posts', 'p')).toBe(false);
    fake.failing = 'logs';
    expect(await db.logActivity('Edited post', 'editor@summit.test')).toBe(false);
    fake.failing = '';
    expect(await db.updateDocument('posts', 'missing', { title: 'x' })).toBe(false);
    expect(errors.map((e) => e[0])).toEqual([
      'Reading posts failed:',
      'Reading posts/p failed:',
      'Counting posts failed:',
      'Adding to posts failed:',
      'Deleting posts/p failed:',
      'Archiving posts/p failed:',
      'Logging activity failed:',
      'Updating posts/missing failed:',
    ]);
    expect(errors[0][1]).toMatchObject({ code: 'permission-denied' });
  });
});
