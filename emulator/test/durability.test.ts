// Every acknowledged commit survives `kill -9` of the emulator at any moment, and no commit is
// ever half there. Runs our CLI as a child process with a temporary data folder (the official
// emulator has its own persistence story, so this file is ours alone).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { collection, doc, getCount, getDoc, getDocs, increment, setDoc, updateDoc, writeBatch } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { children, cli, exited, freePort, killHard, sdk, startCli, tempDir } from './cli-process.ts';

/** `promise`'s value, or a failure saying what had not happened once `ms` had passed. */
async function within<T>(promise: Promise<T>, ms: number, failure: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(`${failure()} (after ${ms / 1000} s)`)), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('durability', () => {
  it('keeps every acknowledged commit across kill -9, and --fresh starts empty', async () => {
    const dataDir = tempDir('durability-');
    const port = await freePort();
    const first = await startCli(port, dataDir);
    const a = sdk(port);
    await setDoc(doc(a.db, 'registrations/r1'), { name: 'Wanjiru', seats: 1 });
    await updateDoc(doc(a.db, 'registrations/r1'), { seats: increment(2) });
    const batch = writeBatch(a.db);
    for (let i = 0; i < 50; i++) batch.set(doc(a.db, `bulk/d${i}`), { i });
    await batch.commit();
    // Acknowledged writes fired concurrently, then an immediate kill.
    await Promise.all(Array.from({ length: 20 }, (_, i) => setDoc(doc(a.db, `burst/b${i}`), { i })));
    await killHard(first.child);
    await a.close();

    const second = await startCli(port, dataDir);
    const b = sdk(port);
    expect((await getDoc(doc(b.db, 'registrations/r1'))).data()).toEqual({ name: 'Wanjiru', seats: 3 });
    expect((await getCount(collection(b.db, 'bulk'))).data().count).toBe(50);
    expect((await getCount(collection(b.db, 'burst'))).data().count).toBe(20);
    await killHard(second.child);

    const third = await startCli(port, dataDir, ['--fresh']);
    expect((await getDoc(doc(b.db, 'registrations/r1'))).exists()).toBe(false);
    await b.close();
    await killHard(third.child);
  });

  it('a kill in the middle of a stream of commits loses nothing acknowledged and tears no batch', async () => {
    const dataDir = tempDir('durability-');
    const port = await freePort();
    const first = await startCli(port, dataDir);
    const a = sdk(port);
    const acknowledged: number[] = [];
    const KILL_AFTER = 40;
    let reached = () => {};
    const enoughAcknowledged = new Promise<void>((resolve) => (reached = resolve));
    let stop = false;
    // Eight writers, each committing batches of five documents that share a batch number.
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const n = w * 100_000 + i;
        const batch = writeBatch(a.db);
        for (let k = 0; k < 5; k++) batch.set(doc(a.db, `stream/b${n}-${k}`), { batch: n });
        try {
          await batch.commit();
          if (acknowledged.push(n) === KILL_AFTER) reached();
        } catch {
          return; // the emulator died under this commit: it was not acknowledged
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    // The kill comes as soon as 40 commits are acknowledged, with more on their way.
    const writersGaveUp = Promise.all(writers).then(() => {
      throw new Error(`Every writer stopped on a failed commit after ${acknowledged.length} acknowledged, before the kill.`);
    });
    await within(
      Promise.race([enoughAcknowledged, writersGaveUp]),
      20_000,
      () => `Only ${acknowledged.length} of ${KILL_AFTER} commits were acknowledged: is the emulator answering?`,
    );
    await killHard(first.child);
    stop = true;
    await Promise.all(writers);
    await a.close();

    const second = await startCli(port, dataDir);
    const b = sdk(port);
    const byBatch = new Map<number, number>();
    for (const d of (await getDocs(collection(b.db, 'stream'))).docs) byBatch.set(d.data().batch, (byBatch.get(d.data().batch) ?? 0) + 1);
    for (const n of acknowledged) expect(byBatch.get(n), `acknowledged batch ${n}`).toBe(5);
    for (const [n, count] of byBatch) expect(count, `batch ${n} is whole`).toBe(5);
    await b.close();
    await killHard(second.child);
  });

  it('Ctrl-C (SIGINT) stops cleanly with exit code 0; the data is there after a restart', async () => {
    const dataDir = tempDir('durability-');
    const port = await freePort();
    const first = await startCli(port, dataDir);
    const a = sdk(port);
    await setDoc(doc(a.db, 'settings/site'), { name: 'Summit' });
    await a.close();
    const code = exited(first.child);
    first.child.kill('SIGINT');
    expect(await code).toBe(0);
    const second = await startCli(port, dataDir);
    const b = sdk(port);
    expect((await getDoc(doc(b.db, 'settings/site'))).data()).toEqual({ name: 'Summit' });
    await b.close();
    await killHard(second.child);
  });

  it('survives kill -9 across compactions (snapshot + new log segment)', async () => {
    const dataDir = tempDir('durability-');
    const port = await freePort();
    const env = { FIRESTORE_EMULATOR_COMPACT_BYTES: '20000' };
    const first = await startCli(port, dataDir, [], env);
    const a = sdk(port);
    for (let round = 0; round < 6; round++) {
      const batch = writeBatch(a.db);
      for (let i = 0; i < 40; i++) batch.set(doc(a.db, `items/i${i}`), { round, text: 'x'.repeat(100) });
      await batch.commit();
    }
    await setDoc(doc(a.db, 'items/last'), { ok: true });
    expect(readdirSync(dataDir)).toContain('snapshot.jsonl');
    await killHard(first.child);
    await a.close();
    const second = await startCli(port, dataDir, [], env);
    const b = sdk(port);
    expect((await getCount(collection(b.db, 'items'))).data().count).toBe(41);
    expect((await getDoc(doc(b.db, 'items/i39'))).data()!.round).toBe(5);
    expect((await getDoc(doc(b.db, 'items/last'))).data()).toEqual({ ok: true });
    await b.close();
    await killHard(second.child);
  });

  it('refuses to start on a port in use, with a message', async () => {
    const dataDir = tempDir('durability-');
    const port = await freePort();
    const first = await startCli(port, dataDir);
    const second = spawn(process.execPath, ['--import', 'tsx', cli, '--port', String(port), '--data', tempDir('durability-')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(second);
    let err = '';
    second.stderr!.on('data', (c) => (err += c));
    expect(await exited(second)).toBe(1);
    expect(err).toMatch(/EADDRINUSE/);
    await killHard(first.child);
  });
});
