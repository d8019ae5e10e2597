import { mkdtempSync, readFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store } from './store.ts';

const doc = (id: string, n: number) => ({
  name: `projects/p/databases/(default)/documents/c/${id}`,
  fields: { n: { integerValue: String(n) } },
  createTime: '2027-01-01T00:00:00.000Z',
  updateTime: '2027-01-01T00:00:00.000Z',
});

describe('durable store', () => {
  it('replays the log on reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-'));
    const a = new Store(dir);
    await a.commit({ db: '(default)', ops: [['c/x', doc('x', 1)]] });
    await a.commit({ db: '(default)', ops: [['c/y', doc('y', 2)], ['c/x', null]] });
    a.close();
    const b = new Store(dir);
    expect(b.get('(default)', 'c/x')).toBeNull();
    expect(b.get('(default)', 'c/y')?.fields.n).toEqual({ integerValue: '2' });
    b.close();
  });

  it('compacts into a snapshot and keeps everything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-'));
    const a = new Store(dir, { compactAfter: 5 });
    for (let i = 0; i < 12; i++) await a.commit({ db: '(default)', ops: [[`c/d${i}`, doc(`d${i}`, i)]] });
    a.close();
    expect(readFileSync(join(dir, 'commits.log'), 'utf8').split('\n').filter(Boolean).length).toBeLessThan(12);
    const b = new Store(dir);
    expect(b.size('(default)')).toBe(12);
    b.close();
  });

  it('ignores a torn last line (a crash mid-write was never acknowledged)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-'));
    const a = new Store(dir);
    await a.commit({ db: '(default)', ops: [['c/x', doc('x', 1)]] });
    a.close();
    appendFileSync(join(dir, 'commits.log'), '{"db":"(default)","ops":[["c/y"');
    const b = new Store(dir);
    expect(b.size('(default)')).toBe(1);
    b.close();
  });

  it('starts empty with fresh', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-'));
    const a = new Store(dir);
    await a.commit({ db: '(default)', ops: [['c/x', doc('x', 1)]] });
    a.close();
    expect(new Store(dir, { fresh: true }).size('(default)')).toBe(0);
  });

  it('hands out strictly increasing commit times', () => {
    const s = new Store(null);
    const times = Array.from({ length: 50 }, () => s.nextCommitTime());
    expect(new Set(times).size).toBe(50);
    expect([...times].sort()).toEqual(times);
  });
});
