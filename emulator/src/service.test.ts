// Authorisation as the service asks for it: which AccessRequests the Authorizer sees, and what a
// denial does. (The rules engine itself is tested in rules/.)
import { describe, expect, it } from 'vitest';
import type { Caller } from './auth-token.ts';
import type { AccessRequest, Authorizer } from './rules/contract.ts';
import { FirestoreService } from './service.ts';
import { Store } from './store.ts';
import { parseTimestamp } from './values.ts';

const ROOT = 'projects/p/databases/(default)/documents';
const name = (path: string) => `${ROOT}/${path}`;
const anon: Caller = { kind: 'anonymous' };
const owner: Caller = { kind: 'owner' };
const user: Caller = { kind: 'user', auth: { uid: 'u1', token: { sub: 'u1', email: 'ann@example.org' } } };
const str = (s: string) => ({ stringValue: s });

/** An authorizer that records every request and decides with `allow`. */
function recorder(allow: (r: AccessRequest) => boolean = () => true) {
  const seen: AccessRequest[] = [];
  const authorizer: Authorizer = {
    authorize: (r) => {
      seen.push(r);
      return allow(r) ? { allowed: true } : { allowed: false, reason: `no ${r.method} on ${r.path}` };
    },
  };
  return { seen, authorizer };
}

async function service(authorizer?: Authorizer) {
  const s = new FirestoreService(await Store.open());
  await s.commit(owner, ROOT, {
    writes: [
      { update: { name: name('posts/a'), fields: { published: { booleanValue: true }, title: str('A') } } },
      { update: { name: name('posts/b'), fields: { published: { booleanValue: false }, title: str('B') } } },
    ],
  });
  if (authorizer) s.setAuthorizer(authorizer);
  return s;
}

describe('what the Authorizer is asked', () => {
  it('get per document in batchGet, with the caller and the stored document', async () => {
    const { seen, authorizer } = recorder();
    const s = await service(authorizer);
    await s.batchGet(user, ROOT, { documents: [name('posts/a'), name('posts/zz')] });
    expect(seen.map((r) => [r.method, r.path, r.resource?.data.title ?? null])).toEqual([
      ['get', 'posts/a', str('A')],
      ['get', 'posts/zz', null],
    ]);
    expect(seen[0].auth).toEqual({ uid: 'u1', token: { sub: 'u1', email: 'ann@example.org' } });
    expect(seen[0].database).toBe('(default)');
  });

  it('list for a query, with its equalities and every candidate ignoring the limit', async () => {
    const { seen, authorizer } = recorder();
    const s = await service(authorizer);
    await s.runQuery(anon, ROOT, {
      structuredQuery: {
        from: [{ collectionId: 'posts' }],
        where: { fieldFilter: { field: { fieldPath: 'published' }, op: 'EQUAL', value: { booleanValue: true } } },
        limit: 1,
      },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'list', path: 'posts', auth: null, query: { limit: 1, equalities: { published: { booleanValue: true } } } });
    expect(seen[0].query!.candidates.map((c) => c.path)).toEqual(['posts/a']);
  });

  it('list for an aggregation too', async () => {
    const { seen, authorizer } = recorder();
    const s = await service(authorizer);
    await s.runAggregationQuery(anon, ROOT, {
      structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: 'posts' }] }, aggregations: [{ alias: 'n', count: {} }] },
    });
    expect(seen[0].method).toBe('list');
    expect(seen[0].query!.candidates).toHaveLength(2);
  });

  it('create / update / delete per document of a commit, with getAfter seeing the whole commit', async () => {
    const { seen, authorizer } = recorder();
    const s = await service(authorizer);
    // lookup / lookupAfter read the store when called: call them while the rules run.
    const views: Array<Record<string, unknown>> = [];
    s.setAuthorizer({
      authorize: (r) => {
        views.push({ before: r.lookup('posts/b'), afterB: r.lookupAfter('posts/b'), afterC: r.lookupAfter('posts/c') });
        return authorizer.authorize(r);
      },
    });
    await s.commit(user, ROOT, {
      writes: [
        { update: { name: name('posts/c'), fields: { title: str('C') } } },
        { update: { name: name('posts/a'), fields: { title: str('A2') } }, updateMask: { fieldPaths: ['title'] } },
        { delete: name('posts/b') },
      ],
    });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['create posts/c', 'update posts/a', 'delete posts/b']);
    const update = seen[1];
    expect(update.resource!.data.title).toEqual(str('A'));
    expect(update.requestResource!.data).toEqual({ published: { booleanValue: true }, title: str('A2') });
    expect(views[1]).toEqual({ before: { published: { booleanValue: false }, title: str('B') }, afterB: null, afterC: { title: str('C') } });
    expect(update.requestReads).toBe(seen[0].requestReads); // the commit's writes share their reads
    expect(update.requestReads!.operations).toBe(3);
    expect(seen[2].requestResource).toBeNull();
  });

  it('request.time of a commit is its commit time, which is also what serverTimestamp writes', async () => {
    const { seen, authorizer } = recorder();
    const s = await service(authorizer);
    const out = await s.commit(user, ROOT, {
      writes: [{ update: { name: name('posts/t'), fields: {} }, updateTransforms: [{ fieldPath: 'at', setToServerValue: 'REQUEST_TIME' }] }],
    });
    expect(out.commitTime).toMatch(/\.\d{6}Z$/);
    const [seconds, nanos] = parseTimestamp(out.commitTime);
    expect(seen[0].time).toEqual({ seconds, nanos });
    expect(nanos % 1000).toBe(0); // microseconds
    expect(nanos % 1_000_000).not.toBe(0); // never a whole millisecond
    expect(seen[0].requestResource!.data.at).toEqual({ timestampValue: out.commitTime });
  });

  it('request.time of a read is the time of the read, in microseconds', async () => {
    const { seen, authorizer } = recorder();
    const s = await service(authorizer);
    const before = Date.now();
    await s.batchGet(user, ROOT, { documents: [name('posts/a')] });
    const t = seen[0].time;
    expect(t.seconds * 1000 + t.nanos / 1e6).toBeGreaterThanOrEqual(before - 1);
    expect(t.seconds * 1000 + t.nanos / 1e6).toBeLessThanOrEqual(Date.now() + 1);
  });
});

describe('denials and the owner', () => {
  it('a denied write fails the whole commit with PERMISSION_DENIED and writes nothing', async () => {
    const s = await service(recorder((r) => r.path !== 'posts/b').authorizer);
    await expect(s.commit(user, ROOT, { writes: [{ update: { name: name('posts/new'), fields: {} } }, { delete: name('posts/b') }] })).rejects.toMatchObject({
      status: 'PERMISSION_DENIED',
      message: expect.stringMatching(/^Missing or insufficient permissions\./),
    });
    expect(s.store.get('projects/p/databases/(default)', 'posts/new')).toBeNull();
    expect(s.store.get('projects/p/databases/(default)', 'posts/b')).not.toBeNull();
  });

  it('a denied read or query is PERMISSION_DENIED', async () => {
    const s = await service(recorder(() => false).authorizer);
    await expect(s.batchGet(anon, ROOT, { documents: [name('posts/a')] })).rejects.toMatchObject({ status: 'PERMISSION_DENIED' });
    await expect(s.runQuery(anon, ROOT, { structuredQuery: { from: [{ collectionId: 'posts' }] } })).rejects.toMatchObject({ status: 'PERMISSION_DENIED' });
    await expect(s.getDocument(anon, name('posts/a'))).rejects.toMatchObject({ status: 'PERMISSION_DENIED' });
  });

  it('the owner bypasses the rules entirely', async () => {
    const { seen, authorizer } = recorder(() => false);
    const s = await service(authorizer);
    await s.commit(owner, ROOT, { writes: [{ delete: name('posts/a') }] });
    await s.runQuery(owner, ROOT, { structuredQuery: { from: [{ collectionId: 'posts' }] } });
    expect(seen).toEqual([]);
  });

  it('rules can be replaced at runtime', async () => {
    const s = await service(recorder(() => false).authorizer);
    await expect(s.getDocument(anon, name('posts/a'))).rejects.toMatchObject({ status: 'PERMISSION_DENIED' });
    s.setAuthorizer(recorder(() => true).authorizer);
    await expect(s.getDocument(anon, name('posts/a'))).resolves.toMatchObject({ name: name('posts/a') });
  });
});

describe('server-side transactions through the service', () => {
  it('a transaction whose read changed is ABORTED at commit; one that did not commits', async () => {
    const s = await service();
    const [first] = await s.batchGet(owner, ROOT, { documents: [name('posts/a')], newTransaction: { readWrite: {} } });
    const tx = first.transaction as string;
    expect(tx).toMatch(/^[A-Za-z0-9+/]+=*$/);
    await s.commit(owner, ROOT, { writes: [{ update: { name: name('posts/a'), fields: { title: str('changed') } } }] });
    await expect(s.commit(owner, ROOT, { transaction: tx, writes: [{ update: { name: name('posts/a'), fields: {} } }] })).rejects.toMatchObject({
      status: 'ABORTED',
    });

    const { transaction } = s.beginTransaction(ROOT, {});
    await s.runQuery(owner, ROOT, { transaction, structuredQuery: { from: [{ collectionId: 'posts' }] } });
    await expect(
      s.commit(owner, ROOT, { transaction, writes: [{ update: { name: name('posts/b'), fields: { n: { integerValue: '1' } } } }] }),
    ).resolves.toHaveProperty('commitTime');
    await expect(s.commit(owner, ROOT, { transaction, writes: [] })).rejects.toMatchObject({ status: 'INVALID_ARGUMENT' });
  });
});

describe('what the rules spent, per request (:rulesUsage)', () => {
  const rules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function shared() { return exists(/databases/$(database)/documents/flags/shared); }
    match /posts/{id} {
      allow read: if true;
      allow write: if !shared() && !exists(/databases/$(database)/documents/flags/$(id));
    }
  }
}`;

  it('logs each operation of a commit with its reads and expressions, and the request’s distinct reads', async () => {
    const { compileRules } = await import('./rules/index.ts');
    const s = await service(compileRules(rules));
    await s.commit(user, ROOT, {
      writes: [{ update: { name: name('posts/c'), fields: { title: str('C') } } }, { delete: name('posts/b') }],
    });
    const [record] = s.rulesUsage.list('p');
    expect(record).toMatchObject({ seq: 1, project: 'p', kind: 'commit', caller: 'ann@example.org', documentReads: 3 });
    expect(record.operations.map((o) => [o.method, o.path, o.allowed, o.reads])).toEqual([
      ['create', 'posts/c', true, ['get:flags/shared', 'get:flags/c']],
      ['delete', 'posts/b', true, ['get:flags/shared', 'get:flags/b']],
    ]);
    expect(record.operations[0].expressions).toBeGreaterThan(0);
    expect(record.operations[0].byFunction.shared).toBeGreaterThan(0);
  });

  it('logs reads, queries and batchGets as requests of their own; never the owner; forgets a project on reset', async () => {
    const { compileRules } = await import('./rules/index.ts');
    const s = await service(compileRules(rules));
    await s.getDocument(anon, name('posts/a'));
    await s.batchGet(anon, ROOT, { documents: [name('posts/a'), name('posts/b')] });
    await s.runQuery(anon, ROOT, { structuredQuery: { from: [{ collectionId: 'posts' }] } });
    await s.getDocument(owner, name('posts/a'));
    expect(s.rulesUsage.list('p').map((r) => [r.kind, r.caller, r.operations.length])).toEqual([
      ['get', '', 1],
      ['batchGet', '', 2],
      ['query', '', 1],
    ]);
    expect(s.rulesUsage.list('p', 2).map((r) => r.kind)).toEqual(['query']);
    s.rulesUsage.reset('p');
    expect(s.rulesUsage.list('p')).toEqual([]);
  });

  it('a denied operation is logged with the limit that denied it', async () => {
    const { compileRules } = await import('./rules/index.ts');
    const many = Array.from({ length: 11 }, (_, i) => `!exists(/databases/$(database)/documents/flags/f${i})`).join(' && ');
    const s = await service(compileRules(rules.replace('allow read: if true;', `allow read: if ${many};`)));
    await expect(s.getDocument(anon, name('posts/a'))).rejects.toThrow(/rules limit \(document access calls per operation\)/);
    expect(s.rulesUsage.list('p')[0].operations[0]).toMatchObject({ allowed: false, limit: 'document access calls per operation' });
  });
});
