// Every acknowledged commit survives `kill -9` of the emulator process. Runs our CLI as a child
// process (the official emulator has its own persistence story, so this suite is ours alone).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, getDoc, getFirestore, increment, setDoc, setLogLevel, updateDoc, writeBatch } from 'firebase/firestore/lite';
import { afterEach, describe, expect, it } from 'vitest';

setLogLevel('silent');
const cli = resolve(fileURLToPath(new URL('../src/cli.ts', import.meta.url)));
const children: ChildProcess[] = [];
afterEach(() => children.splice(0).forEach((c) => c.kill('SIGKILL')));

function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

async function startCli(port: number, dataDir: string, ...extra: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', String(port), '--data', dataDir, ...extra], { stdio: 'ignore' });
  children.push(child);
  for (let i = 0; i < 200; i++) {
    if (await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false)) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('emulator did not start');
}

function killHard(child: ChildProcess) {
  return new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });
}

function sdk(port: number) {
  const app = initializeApp({ projectId: 'demo-durability', apiKey: 'k' }, `d-${port}-${Math.random()}`);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', port);
  return { db, close: () => deleteApp(app) };
}

describe('durability', () => {
  it('keeps every acknowledged commit across kill -9, and --fresh starts empty', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'durability-'));
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
    await killHard(first);
    await a.close();

    const second = await startCli(port, dataDir);
    const b = sdk(port);
    expect((await getDoc(doc(b.db, 'registrations/r1'))).data()).toEqual({ name: 'Wanjiru', seats: 3 });
    expect((await getDoc(doc(b.db, 'bulk/d49'))).data()).toEqual({ i: 49 });
    for (let i = 0; i < 20; i++) expect((await getDoc(doc(b.db, `burst/b${i}`))).exists()).toBe(true);
    await killHard(second);

    await startCli(port, dataDir, '--fresh');
    expect((await getDoc(doc(b.db, 'registrations/r1'))).exists()).toBe(false);
    await b.close();
  });
});
