import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './temp-dirs.ts';
import { Store } from './store.ts';
import type { StoredDocument } from './value-types.ts';

const DB = 'projects/p/databases/(default)';
const doc = (path: string, n: number, time = '2027-01-01T00:00:00Z'): StoredDocument => ({
  name: `${DB}/documents/${path}`,
  fields: { n: { integerValue: String(n) } },
  createTime: time,
  updateTime: time,
});
const dir = () => tempDir('store-test-');

describe('store', () => {
  it('keeps documents per project and database, by collection', async () => {
    const store = await Store.open();
    await store.commit(DB, [
      ['a/1', doc('a/1', 1)],
      ['a/1/b/2', doc('a/1/b/2', 2)],
      ['x/1/b/3', doc('x/1/b/3', 3)],
    ]);
    await store.commit('projects/q/databases/(default)', [['a/1', doc('a/1', 9)]]);
    expect(store.get(DB, 'a/1')!.fields.n).toEqual({ integerValue: '1' });
    expect(store.get('projects/q/databases/(default)', 'a/1')!.fields.n).toEqual({ integerValue: '9' });
    expect([...store.collection(DB, 'a').scan()]).toHaveLength(1);
    expect([...store.group(DB, '', 'b').scan()].map((d) => d.name.split('/').pop()).sort()).toEqual(['2', '3']);
    expect([...store.group(DB, 'a/1', 'b').scan()]).toHaveLength(1);
    expect(store.collectionIds(DB, '')).toEqual(['a', 'x']);
    expect(store.collectionIds(DB, 'a/1')).toEqual(['b']);
    await store.commit(DB, [['a/1', null]]);
    expect(store.get(DB, 'a/1')).toBeNull();
    expect(store.count(DB)).toBe(2);
  });

  it('reads the first on-disk format (snapshot.json + commits.log) once, then keeps it in the current one', async () => {
    const d = dir();
    writeFileSync(join(d, 'snapshot.json'), JSON.stringify({ databases: { '(default)': [doc('c/a', 1), doc('c/b', 1)] } }));
    writeFileSync(
      join(d, 'commits.log'),
      [
        JSON.stringify({
          db: '(default)',
          ops: [
            ['c/b', null],
            ['c/c', doc('c/c', 3)],
          ],
        }),
        '{"torn',
      ].join('\n'),
    );
    const store = await Store.open({ dataDir: d });
    expect(store.get(DB, 'c/a')!.fields.n).toEqual({ integerValue: '1' });
    expect(store.get(DB, 'c/b')).toBeNull();
    expect(store.get(DB, 'c/c')!.fields.n).toEqual({ integerValue: '3' });
    expect(existsSync(join(d, 'snapshot.json')) || existsSync(join(d, 'commits.log'))).toBe(false);
    await store.close();
    const reopened = await Store.open({ dataDir: d });
    expect(reopened.count(DB)).toBe(2);
    await reopened.close();
  });

  it('replays every acknowledged commit and clear after a crash (no close)', async () => {
    const d = dir();
    const store = await Store.open({ dataDir: d });
    await store.commit(DB, [['c/a', doc('c/a', 1)]]);
    await store.commit(DB, [['c/b', doc('c/b', 1)]]);
    await store.clear(DB);
    await store.commit(DB, [
      ['c/c', doc('c/c', 1)],
      ['c/a', doc('c/a', 2)],
    ]);
    const reopened = await Store.open({ dataDir: d });
    expect(reopened.get(DB, 'c/a')!.fields.n).toEqual({ integerValue: '2' });
    expect(reopened.get(DB, 'c/b')).toBeNull();
    expect(reopened.count(DB)).toBe(2);
    await Promise.all([store.close(), reopened.close()]);
  });

  it('compacts at the size threshold without losing or duplicating anything', async () => {
    const d = dir();
    const store = await Store.open({ dataDir: d, compactBytes: 2000 });
    for (let i = 0; i < 60; i++) await store.commit(DB, [[`c/d${i % 20}`, doc(`c/d${i % 20}`, i)]]);
    await store.compact();
    await store.commit(DB, [['c/last', doc('c/last', 1)]]);
    await store.close();
    expect(readdirSync(d)).toContain('snapshot.jsonl');
    const reopened = await Store.open({ dataDir: d });
    expect(reopened.count(DB)).toBe(21);
    expect(reopened.get(DB, 'c/d19')!.fields.n).toEqual({ integerValue: '59' });
    await reopened.close();
  });

  it('--fresh starts empty', async () => {
    const d = dir();
    const store = await Store.open({ dataDir: d });
    await store.commit(DB, [['c/a', doc('c/a', 1)]]);
    await store.close();
    const fresh = await Store.open({ dataDir: d, fresh: true });
    expect(fresh.count(DB)).toBe(0);
    await fresh.close();
  });

  it('hands out commit times later than the touched documents and never before the last one', async () => {
    const store = await Store.open();
    const future = new Date(Date.now() + 60_000).toISOString().replace(/\.\d+Z$/, '.500Z');
    await store.commit(DB, [['c/a', doc('c/a', 1, future)]]);
    const t1 = store.commitTime(DB, ['c/a']);
    expect(t1).toBe(future.replace('.500Z', '.500001Z'));
    const t2 = store.commitTime(DB, ['c/other']);
    expect(t2 >= t1).toBe(true);
    expect(store.readTime() >= t2).toBe(true);
  });

  it('commit and read times have microseconds, six digits, never a whole millisecond', async () => {
    let now = 1_800_000_000_000_000; // a clock standing still on a whole millisecond
    const store = await Store.open({ clock: () => now });
    const t1 = store.commitTime(DB, ['c/a']);
    expect(t1).toBe('2027-01-15T08:00:00.000001Z');
    await store.commit(DB, [['c/a', doc('c/a', 1, t1)]]);
    // The same document again within the same microsecond: strictly later.
    const t2 = store.commitTime(DB, ['c/a']);
    expect(t2).toBe('2027-01-15T08:00:00.000002Z');
    await store.commit(DB, [['c/a', doc('c/a', 2, t2)]]);
    // Another document shares the time of the last commit rather than going back.
    expect(store.commitTime(DB, ['c/b'])).toBe(t2);
    now += 999; // …000999 + 1 would be a whole millisecond
    await store.commit(DB, [['c/a', doc('c/a', 3, '2027-01-15T08:00:00.000999Z')]]);
    expect(store.commitTime(DB, ['c/a'])).toBe('2027-01-15T08:00:00.001001Z');
    now += 5_000;
    expect(store.readTime()).toBe('2027-01-15T08:00:00.005999Z');
  });

  it('consecutive commit times of one document from the real clock strictly increase', async () => {
    const store = await Store.open();
    let last = '';
    for (let i = 0; i < 500; i++) {
      const t = store.commitTime(DB, ['c/a']);
      expect(t).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
      expect(t > last).toBe(true);
      expect(t.slice(20, 26).endsWith('000')).toBe(false);
      await store.commit(DB, [['c/a', doc('c/a', i, t)]]);
      last = t;
    }
  });

  it('replays a log written with millisecond times: versions get six digits, later commits stay later', async () => {
    const d = dir();
    const old = await Store.open({ dataDir: d });
    const ms = new Date(Date.now() + 60_000).toISOString(); // "….123Z", as logs used to hold
    await old.commit(DB, [['c/a', doc('c/a', 1, ms)]]);
    await old.close();
    const standing = Date.now() * 1000; // a clock standing still, a minute before the replayed version
    const reopened = await Store.open({ dataDir: d, clock: () => standing });
    const a = reopened.get(DB, 'c/a')!;
    expect(a.updateTime).toBe(ms.replace(/Z$/, '000Z'));
    expect(a.createTime).toBe(a.updateTime);
    // The replayed version counts for later commit times, whatever the clock says.
    expect(reopened.commitTime(DB, ['c/other']) >= a.updateTime).toBe(true);
    expect(reopened.commitTime(DB, ['c/a'])).toBe(ms.replace(/Z$/, '001Z'));
    await reopened.compact();
    await reopened.close();
    const again = await Store.open({ dataDir: d });
    expect(again.get(DB, 'c/a')!.updateTime).toBe(ms.replace(/Z$/, '000Z'));
    await again.close();
  });

  it('advancing the clock moves commit and read times forward, and they keep their microseconds', async () => {
    const now = 1_800_000_000_000_000;
    const store = await Store.open({ clock: () => now });
    const t1 = store.commitTime(DB, ['c/a']);
    await store.commit(DB, [['c/a', doc('c/a', 1, t1)]]);
    store.clock.advance(73 * 3600);
    expect(store.readTime()).toBe('2027-01-18T09:00:00.000000Z');
    expect(store.commitTime(DB, ['c/a'])).toBe('2027-01-18T09:00:00.000001Z'); // never a whole millisecond
    store.clock.advance(0.5);
    expect(store.commitTime(DB, ['c/b'])).toBe('2027-01-18T09:00:00.500001Z');
    expect(store.clock.offsetMicros).toBe(73 * 3600 * 1e6 + 500_000);
  });

  it('after a restart, time carries on from the latest replayed commit instead of standing still', async () => {
    const d = dir();
    let base = 1_800_000_000_000_000;
    const before = await Store.open({ dataDir: d, clock: () => base });
    before.clock.advance(73 * 3600);
    const t = before.commitTime(DB, ['c/a']);
    expect(t).toBe('2027-01-18T09:00:00.000001Z');
    await before.commit(DB, [['c/a', doc('c/a', 1, t)]]);
    await before.close();
    const after = await Store.open({ dataDir: d, clock: () => base });
    expect(after.clock.offsetMicros).toBe(73 * 3600 * 1e6 + 1); // resumed from the commit, not stored
    expect(after.readTime()).toBe(t);
    base += 10_000_000; // ten seconds later, database time has moved ten seconds too
    expect(after.readTime()).toBe('2027-01-18T09:00:10.000001Z');
    await after.close();
    // Nothing to resume from: a fresh start, or an advance no commit recorded, runs on the base clock.
    const fresh = await Store.open({ dataDir: d, fresh: true, clock: () => base });
    expect(fresh.clock.offsetMicros).toBe(0);
    await fresh.close();
  });

  it('indexes collections that grow big enough, and keeps answering the same', async () => {
    const store = await Store.open();
    const ops: Array<[string, StoredDocument]> = [];
    for (let i = 0; i < 300; i++) ops.push([`big/d${i}`, doc(`big/d${i}`, i % 10)]);
    await store.commit(DB, ops);
    const source = store.collection(DB, 'big');
    expect(source.walk).toBeDefined();
    expect([...source.walk!('n', true)].slice(0, 2).map((d) => d.name.split('/').pop())).toEqual(['d99', 'd9']); // n = 9, ids descending by UTF-8 bytes
    expect(store.collection(DB, 'missing').size).toBe(0);
  });
});
