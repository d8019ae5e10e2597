import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './temp-dirs.ts';
import type { StoredDocument } from './value-types.ts';
import { recover, WriteAheadLog, type Capture, type LogRecord } from './wal.ts';

const DB = 'projects/p/databases/(default)';
const doc = (id: string, n: number): StoredDocument => ({
  name: `${DB}/documents/c/${id}`,
  fields: { n: { integerValue: String(n) } },
  createTime: 'T',
  updateTime: 'T',
});
const put = (seq: number, id: string, n: number): LogRecord => ({ seq, db: DB, ops: [[`c/${id}`, doc(id, n)]] });
const dir = () => tempDir('wal-test-');
const none = (): Capture => ({ seq: 0, documents: [] });

describe('write-ahead log', () => {
  it('replays appended records in order after a crash (no close)', async () => {
    const d = dir();
    const wal = await WriteAheadLog.open(d, 0, none);
    await Promise.all([wal.append(put(1, 'a', 1)), wal.append(put(2, 'b', 1)), wal.append(put(3, 'a', 2))]);
    expect(wal.durableSeq).toBe(3);
    // No close(): the process "dies" here.
    const r = recover(d);
    expect(r.records.map((x) => x.seq)).toEqual([1, 2, 3]);
    expect(r.snapshotSeq).toBe(0);
    await wal.close();
  });

  it('cuts a torn last line off, so that later appends are not lost behind it', async () => {
    const d = dir();
    const wal = await WriteAheadLog.open(d, 0, none);
    await wal.append(put(1, 'a', 1));
    await wal.close();
    const [segment] = readdirSync(d);
    appendFileSync(join(d, segment), '{"seq":2,"db":"projects/p/data'); // crash mid-append
    expect(recover(d).records.map((x) => x.seq)).toEqual([1]);
    const again = await WriteAheadLog.open(d, 1, none);
    await again.append(put(2, 'b', 1));
    await again.close();
    expect(recover(d).records.map((x) => x.seq)).toEqual([1, 2]);
  });

  it('compacts into a snapshot and a new segment; recovery skips what the snapshot holds', async () => {
    const d = dir();
    let state: Capture = none();
    const wal = await WriteAheadLog.open(d, 0, () => state, { compactBytes: 1 });
    // As the store does: the state holds a record before the record is appended (a compaction the
    // log starts on its own right after writing it must never capture a state older than the log).
    state = { seq: 1, documents: [[DB, doc('a', 1)]] };
    await wal.append(put(1, 'a', 1));
    await wal.compact();
    state = {
      seq: 2,
      documents: [
        [DB, doc('a', 1)],
        [DB, doc('b', 1)],
      ],
    };
    await wal.append(put(2, 'b', 1));
    await wal.close();
    expect(readdirSync(d).filter((f) => f.startsWith('log-'))).toHaveLength(1);
    const r = recover(d);
    // Record 2 may have been compacted too (compactBytes: 1); either way nothing is lost or doubled.
    expect(r.snapshotSeq).toBeGreaterThanOrEqual(1);
    expect(r.snapshotSeq + r.records.length).toBe(2);
    expect(r.documents[0]).toEqual([DB, doc('a', 1)]);
  });

  it('a crash between snapshot and segment deletion replays nothing twice', async () => {
    const d = dir();
    const wal = await WriteAheadLog.open(d, 0, none);
    await wal.append(put(1, 'a', 1));
    await wal.append(put(2, 'a', 2));
    await wal.close();
    // A snapshot at seq 2 landed, the old segment is still there.
    writeFileSync(join(d, 'snapshot.jsonl'), `${JSON.stringify({ seq: 2, documents: 1 })}\n${JSON.stringify([DB, doc('a', 2)])}\n`);
    const r = recover(d);
    expect(r.records).toEqual([]);
    expect(r.documents[0][1].fields.n).toEqual({ integerValue: '2' });
  });

  it('ignores a half-written snapshot temp file and refuses a truncated snapshot', async () => {
    const d = dir();
    writeFileSync(join(d, 'snapshot.jsonl.tmp'), 'garbage');
    expect(recover(d).documents).toEqual([]);
    expect(existsSync(join(d, 'snapshot.jsonl.tmp'))).toBe(false);
    writeFileSync(join(d, 'snapshot.jsonl'), `${JSON.stringify({ seq: 2, documents: 2 })}\n${JSON.stringify([DB, doc('a', 2)])}\n`);
    expect(() => recover(d)).toThrow(/incomplete/);
  });

  it('writes one record per line, fsynced before the append resolves', async () => {
    const d = dir();
    const wal = await WriteAheadLog.open(d, 0, none);
    const pending = wal.append(put(1, 'a', 1));
    expect(wal.durableSeq).toBe(0);
    await pending;
    expect(wal.durableSeq).toBe(1);
    const [segment] = readdirSync(d);
    expect(
      readFileSync(join(d, segment), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).seq),
    ).toEqual([1]);
    await wal.close();
  });
});
