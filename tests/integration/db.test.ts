// The data module (src/lib/db.ts) against the real local stack, with firestore.rules enforced,
// signed in as the demo admin: each SPEC helper, archive of a missing document, the default sort
// really applied, and SPEC's failure results.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, serverValues, type Cursor, type Db, type Page } from '../../src/lib/db.ts';
import { DEMO_STAFF } from '../../emulator/seed/demo-data.ts';
import { client, closeClients } from './support/clients.ts';

const admin = DEMO_STAFF[0];
let db: Db;
let anonymous: Db;

beforeAll(async () => {
  const firestore = await client(admin);
  db = createDb(() => firestore);
  const anon = await client();
  anonymous = createDb(() => anon);
});
afterAll(closeClients);

describe('data module', () => {
  it('adds a document with its own id and the server time', async () => {
    const before = Date.now();
    const id = await db.addDocument('events', { title: 'Data module test', published: false });
    expect(id).toEqual(expect.any(String));
    const stored = await db.getDocument<{ id: string; timestamp: Date; title: string }>('events', id!);
    expect(stored?.id).toBe(id);
    expect(stored?.timestamp).toBeInstanceOf(Date);
    expect(stored!.timestamp.getTime()).toBeGreaterThanOrEqual(before - 5000);
  });

  it('reads a collection newest first by default', async () => {
    const first = await db.addDocument('events', { title: 'older', published: false });
    const second = await db.addDocument('events', { title: 'newer', published: false });
    const list = await db.getDocuments<{ title: string }>('events');
    const ids = list.map((e) => e.id);
    expect(ids.indexOf(second!)).toBeLessThan(ids.indexOf(first!));
    const times = list.map((e) => (e as unknown as { timestamp: Date }).timestamp.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('filters, limits and pages with a cursor', async () => {
    const published = await db.getDocuments('speakers', { where: [['published', '==', true]], orderBy: ['order', 'asc'], limit: 2 });
    expect(published.map((s) => s.id)).toEqual(['amina-otieno', 'james-mwangi']);
    const page1 = await db.fetchPage('speakers', { orderBy: ['order', 'asc'], limit: 4 });
    const page2 = await db.fetchPage('speakers', { orderBy: ['order', 'asc'], limit: 4, after: page1.next });
    expect(page1.items).toHaveLength(4);
    expect(page2.items.map((s) => s.id)).toEqual(['fatuma-hassan', 'peter-njoroge']);
    expect(page2.next).toBeNull();
  });

  it('pages by timestamp through a cursor that travelled as JSON (a prerendered list), ties included', async () => {
    const tag = `paging-${Date.now()}`;
    // Five documents, two pairs of them written in one commit (so with the same server time).
    await db.commit([0, 1].map((i) => ({ set: `events/${tag}-a${i}`, data: { tag, title: `a${i}`, published: false, timestamp: serverValues.now() } })));
    await db.commit([0, 1].map((i) => ({ set: `events/${tag}-b${i}`, data: { tag, title: `b${i}`, published: false, timestamp: serverValues.now() } })));
    await db.createDocument('events', { tag, title: 'c', published: false });
    // The whole collection newest first (as the archive and content lists read it: no composite
    // index), two at a time; other tests' events are on these pages too and are skipped.
    const seen: string[] = [];
    let after: Cursor | null = null;
    do {
      const page: Page<{ title: string; tag?: string }> = await db.fetchPage<{ title: string; tag?: string }>('events', { limit: 2, after });
      seen.push(...page.items.filter((e) => e.tag === tag).map((e) => e.title));
      after = page.next && JSON.parse(JSON.stringify(page.next));
    } while (after);
    // Newest first; within one commit's time, by id (descending, as the sort); each exactly once.
    expect(seen).toEqual(['c', 'b1', 'b0', 'a1', 'a0']);
  });

  it('counts, updates and deletes', async () => {
    const id = await db.addDocument('events', { title: 'to change', published: false });
    expect(await db.countDocuments('events', [['title', '==', 'to change']])).toBe(1);
    expect(await db.updateDocument('events', id!, { title: 'changed' })).toBe(true);
    expect((await db.getDocument<{ title: string }>('events', id!))?.title).toBe('changed');
    expect(await db.deleteDocument('events', id!)).toBe(true);
    expect(await db.getDocument('events', id!)).toBeNull();
  });

  it('archives in one move and restores with the same id', async () => {
    const id = await db.addDocument('events', { title: 'to archive', published: false });
    expect(await db.archiveDocument('events', id!)).toBe(true);
    expect(await db.getDocument('events', id!)).toBeNull();
    expect((await db.getDocument<{ title: string }>('archive/events/items', id!))?.title).toBe('to archive');
    await db.restoreFromArchive('events', id!);
    expect((await db.getDocument<{ title: string }>('events', id!))?.title).toBe('to archive');
  });

  it("refuses to archive a missing document with 'Document {id} not found in {collection}'", async () => {
    await expect(db.moveToArchive('events', 'no-such-id')).rejects.toThrow('Document no-such-id not found in events');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await db.archiveDocument('events', 'no-such-id')).toBe(false);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('logs activity as the signed-in staff member', async () => {
    expect(await db.logActivity('Ran the data module test', admin.email)).toBe(true);
    const [latest] = await db.getDocuments<{ message: string; userEmail: string }>('logs', { limit: 1 });
    expect(latest).toMatchObject({ message: 'Ran the data module test', userEmail: admin.email });
  });

  it('returns SPEC’s failure results, and the fetch variants throw so pages can show an error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    // An anonymous visitor may not list registrations: the rules refuse.
    expect(await anonymous.getDocuments('registrations')).toEqual([]);
    expect(await anonymous.countDocuments('registrations')).toBe(0);
    expect(await anonymous.getDocument('staff', admin.email)).toBeNull();
    expect(await anonymous.addDocument('logs', { message: 'x', userEmail: 'x@y.z' })).toBeNull();
    expect(await anonymous.updateDocument('settings', 'site', { venue: 'x' })).toBe(false);
    expect(await anonymous.deleteDocument('settings', 'site')).toBe(false);
    expect(await anonymous.logActivity('forged', admin.email)).toBe(false);
    expect(log).toHaveBeenCalledTimes(7);
    log.mockRestore();
    await expect(anonymous.fetchDocuments('registrations')).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('commits an action and its activity-log entry together, or neither', async () => {
    const id = await db.createDocument('events', { title: 'Logged together', published: false });
    await db.commit([{ update: `events/${id}`, data: { published: true } }, db.activityWrite(`Published 'Logged together' ${id}`, admin.email)]);
    expect((await db.fetchDocument<{ published: boolean }>('events', id))?.published).toBe(true);
    expect(await db.fetchDocuments('logs', { where: [['message', '==', `Published 'Logged together' ${id}`]], orderBy: null })).toHaveLength(1);
    // A log entry in someone else's name is refused, and takes the action down with it.
    await expect(db.commit([{ update: `events/${id}`, data: { published: false } }, db.activityWrite('Forged', 'someone@else.org')])).rejects.toMatchObject({
      code: 'permission-denied',
    });
    expect((await db.fetchDocument<{ published: boolean }>('events', id))?.published).toBe(true);
    await db.commit([{ delete: `events/${id}` }, db.activityWrite(`Deleted 'Logged together' ${id}`, admin.email)]);
    expect(await db.fetchDocument('events', id)).toBeNull();
  });

  it('archives and restores together with the log entry, in one transaction', async () => {
    const id = await db.createDocument('events', { title: 'Moved', published: false });
    await db.moveToArchive('events', id, [db.activityWrite(`Archived event ${id}`, admin.email)]);
    expect(await db.fetchDocument('events', id)).toBeNull();
    await db.restoreFromArchive('events', id, [db.activityWrite(`Restored event ${id}`, admin.email)]);
    expect(await db.fetchDocument('events', id)).not.toBeNull();
    for (const message of [`Archived event ${id}`, `Restored event ${id}`])
      expect(await db.fetchDocuments('logs', { where: [['message', '==', message]], orderBy: null })).toHaveLength(1);
  });

  it('decides a transaction on fresh data: two concurrent check-ins of one ticket admit once', async () => {
    const id = await db.createDocument('events', { title: 'Door', published: false, admitted: 0 });
    const admitOnce = () =>
      db.transact([`events/${id}`], ([doc]) => {
        if (doc?.admitted) throw new Error('already admitted');
        return { writes: [{ update: `events/${id}`, data: { admitted: 1 } }], result: 'admitted' };
      });
    const outcomes = await Promise.allSettled([admitOnce(), admitOnce()]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { message: 'already admitted' } });
  });

  it('counts and sums a field in one aggregation', async () => {
    // A field only these two events have: sum() reads the documents that have it (and count()
    // alongside counts those), with no filter and so no composite index.
    const field = `seats${Date.now()}`;
    await db.createDocument('events', { title: 'sum', published: false, [field]: 3 });
    await db.createDocument('events', { title: 'sum', published: false, [field]: 4 });
    expect(await db.fetchSum('events', field, [])).toEqual({ count: 2, sum: 7 });
  });
});
