// Our emulator's CLI as a child process, for the tests that need the real command line: free
// ports, temporary data folders removed after each test, children killed after each test.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, setLogLevel } from 'firebase/firestore/lite';
import { afterEach } from 'vitest';
import { tempDir as makeTempDir } from '../src/temp-dirs.ts';
import { PROJECT_ID } from './harness.ts';

setLogLevel('silent');
export const cli = resolve(fileURLToPath(new URL('../src/cli.ts', import.meta.url)));
export const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

export const tempDir = (prefix = 'emulator-cli-') => makeTempDir(prefix);

export function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

export async function startCli(port: number, dataDir: string, extra: string[] = [], env: Record<string, string> = {}) {
  // The Cloud Storage server on a free port with its objects in the test's folder, unless `extra` says otherwise.
  const storage = ['--storage-port', '0', '--storage-data', join(dataDir, 'storage')];
  const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', String(port), '--data', dataDir, ...storage, ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error(`the emulator exited: ${output}`);
    if (
      await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      )
    )
      return { child, output: () => output };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the emulator did not start: ${output}`);
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

export async function killHard(child: ChildProcess) {
  const done = exited(child);
  child.kill('SIGKILL');
  await done;
}

export function sdk(port: number) {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'k' }, `d-${port}-${Math.random()}`);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', port);
  return { db, close: () => deleteApp(app) };
}
