// The local stack: the Firebase Auth emulator (firebase-tools, pure Node), our Firestore emulator,
// MailDev and the mail worker (every email the product sends lands there), the demo seed and,
// with --app, the Vite dev server. `npm start` = `tsx emulator/stack.ts --app`,
// `npm run emulators` = the same without the app. Tests import `startStack` to get their own stack
// on other ports with throw-away data.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemo } from './seed/seed.ts';
import { DEMO_PROJECT_ID, DEMO_REVIEWERS, DEMO_STAFF } from './seed/demo-data.ts';
import type { StackAddress } from './seed/rest.ts';
import { MAIL_PORTS } from './mail/ports.ts';
import { startMailWorker, type MailWorker } from './mail/worker.ts';
import { startAuthMailer } from './mail/auth-mail.ts';
import { startTimedWork } from './timed-work.ts';
import { rulesBudgetArg } from './rules-budget.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const firebaseJson = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));

export interface StackOptions {
  firestorePort?: number;
  authPort?: number;
  /** The Cloud Storage emulator's port, served by the same process as Firestore (it reads Firestore for storage.rules). */
  storagePort?: number;
  /** Folder for persistent data; a temporary one when omitted (tests). */
  dataDir?: string;
  fresh?: boolean;
  seed?: boolean;
  /** Persist Auth accounts across runs (export on exit, import on start). */
  persistAuth?: boolean;
  /** MailDev's SMTP and web ports (MAIL_PORTS by default). */
  smtpPort?: number;
  mailWebPort?: number;
  /** Run the mail worker and Auth's mailer (default true; a test of the worker itself starts its own). */
  mailWorker?: boolean;
  /** Run the timed work every few seconds (default: with the mail worker, whose emails it writes). */
  timedWork?: boolean;
  /** Where the seeded email links point (the app's address). */
  siteUrl?: string;
  /** Count each allow's and function's outcomes (the emulator's --rules-coverage; `npm run rules-coverage`). */
  rulesCoverage?: boolean;
  log?: (line: string) => void;
}

export interface Stack {
  address: StackAddress;
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const firestorePort = options.firestorePort ?? firebaseJson.emulators.firestore.port;
  const authPort = options.authPort ?? firebaseJson.emulators.auth.port;
  const storagePort = options.storagePort ?? firebaseJson.emulators.storage.port;
  // A throw-away folder when none is given (tests): removed again when the stack stops.
  const ownDir = options.dataDir ? null : mkdtempSync(join(tmpdir(), 'nci-stack-'));
  const dataDir = options.dataDir ?? ownDir!;
  const log = options.log ?? (() => {});
  mkdirSync(dataDir, { recursive: true });
  const smtpPort = options.smtpPort ?? MAIL_PORTS.smtp;
  const mailWebPort = options.mailWebPort ?? MAIL_PORTS.web;
  const children: ChildProcess[] = [];
  let worker: MailWorker | null = null;
  let authMailer: MailWorker | null = null;
  let timedWork: { stop(): Promise<void> } | null = null;
  const tempDirs = ownDir ? [ownDir] : [];
  const stop = async () => {
    await Promise.all([worker?.stop(), authMailer?.stop(), timedWork?.stop()]);
    await Promise.all(children.map((c) => stopChild(c)));
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    // A port already taken means another stack is running: say so, rather than talk to it.
    await Promise.all([firestorePort, storagePort, authPort, smtpPort, mailWebPort].map(assertPortFree));
    children.push(startFirestore(firestorePort, storagePort, dataDir, options.fresh ?? false, options.rulesCoverage ?? false, log));
    children.push(startAuth(authPort, join(dataDir, 'auth'), options.persistAuth ?? false, log, tempDirs));
    children.push(startMailDev(smtpPort, mailWebPort, log));
    const address: StackAddress = {
      projectId: DEMO_PROJECT_ID,
      firestore: `127.0.0.1:${firestorePort}`,
      storage: `127.0.0.1:${storagePort}`,
      auth: `127.0.0.1:${authPort}`,
      mail: `127.0.0.1:${mailWebPort}`,
    };
    await Promise.all([
      waitForHttp(`http://${address.firestore}/`, children[0]),
      waitForHttp(`http://${address.auth}/`, children[1]),
      waitForHttp(`http://${address.mail}/api/healthz`, children[2]),
    ]);
    if (options.seed ?? true) await seedDemo(address, { fresh: options.fresh, siteUrl: options.siteUrl });
    if (options.mailWorker ?? true) {
      const smtp = { host: '127.0.0.1', port: smtpPort };
      worker = startMailWorker({ stack: address, smtp, log });
      authMailer = await startAuthMailer({ stack: address, smtp, siteUrl: options.siteUrl ?? 'http://localhost:5173', log });
    }
    if (options.timedWork ?? options.mailWorker ?? true) timedWork = startTimedWork({ stack: address, log });
    return { address, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The emulator's process: Firestore, and Cloud Storage on its own port (its data beside Firestore's). */
function startFirestore(port: number, storagePort: number, dataDir: string, fresh: boolean, coverage: boolean, log: (l: string) => void) {
  const args = ['--import', 'tsx', join(root, 'emulator/src/cli.ts'), '--port', String(port), '--data', join(dataDir, 'firestore')];
  args.push('--storage-port', String(storagePort), '--storage-data', join(dataDir, 'storage'));
  if (fresh) args.push('--fresh');
  // Cloud Storage's rules, as firebase.json names them (storage.rules).
  const storageRules = (firebaseJson.storage as { rules?: string } | undefined)?.rules;
  if (storageRules) args.push('--storage-rules', join(root, storageRules));
  // Within the project's rules budget, a margin under Cloud Firestore's limits (rules-budget.ts);
  // SUMMIT_RULES_LIMITS=firestore enforces Cloud Firestore's own, to check that no test's verdict
  // depends on the margin.
  if (existsSync(join(root, 'firestore.rules'))) {
    args.push('--rules', join(root, 'firestore.rules'));
    if (process.env.SUMMIT_RULES_LIMITS !== 'firestore') args.push('--rules-limits', rulesBudgetArg());
    if (coverage) args.push('--rules-coverage');
  }
  // The composite indexes firebase.json names, enforced as Cloud Firestore does.
  const indexes = (firebaseJson.firestore as { indexes?: string } | undefined)?.indexes;
  if (indexes) args.push('--indexes', join(root, indexes));
  // A hot document is news to whoever is developing, even when the stack's log is quiet.
  return spawnLogged('firestore', process.execPath, args, (line) => (line.includes('hot document') ? console.warn(line) : log(line)));
}

function startMailDev(smtpPort: number, webPort: number, log: (l: string) => void) {
  const args = ['--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--silent'];
  return spawnLogged('maildev', join(root, 'node_modules/.bin/maildev'), args, log);
}

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`Port ${port} is already in use: is another stack (npm start, a test run) still running? Stop it first.`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

function startAuth(port: number, dataDir: string, persist: boolean, log: (l: string) => void, tempDirs: string[]) {
  // firebase-tools reads ports from a config file, so tests get a generated one with their ports.
  const configDir = mkdtempSync(join(tmpdir(), 'nci-auth-'));
  tempDirs.push(configDir);
  const config = {
    emulators: { auth: { host: '127.0.0.1', port }, ui: { enabled: false }, hub: { port: port + 1 }, logging: { port: port + 2 }, singleProjectMode: true },
  };
  writeFileSync(join(configDir, 'firebase.json'), JSON.stringify(config));
  const args = ['emulators:start', '--only', 'auth', '--project', DEMO_PROJECT_ID, '--config', join(configDir, 'firebase.json')];
  if (persist) {
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(join(dataDir, 'firebase-export-metadata.json'))) args.push('--import', dataDir);
    args.push('--export-on-exit', dataDir);
  }
  return spawnLogged('auth', join(root, 'node_modules/.bin/firebase'), args, log);
}

function spawnLogged(name: string, command: string, args: string[], log: (l: string) => void) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[${name}] ${line}`);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  return child;
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGINT');
  });
}

async function main() {
  const args = process.argv.slice(2);
  const withApp = args.includes('--app');
  const fresh = args.includes('--fresh');
  const verbose = args.includes('--verbose');
  const dataDir = join(root, '.emulator-data');
  console.log(fresh ? 'Starting the local stack from scratch (--fresh)…' : 'Starting the local stack…');
  const stack = await startStack({ dataDir, fresh, persistAuth: true, siteUrl: 'http://localhost:5173', log: verbose ? console.log : () => {} });
  const children: ChildProcess[] = [];
  if (withApp) {
    children.push(
      spawn(join(root, 'node_modules/.bin/react-router'), ['dev', '--port', '5173', '--strictPort', '--host', '127.0.0.1'], { cwd: root, stdio: 'inherit' }),
    );
  }
  console.log(`
  Firestore emulator  http://${stack.address.firestore}   (data: .emulator-data/firestore)
  Storage emulator    http://${stack.address.storage}   (files: .emulator-data/storage)
  Auth emulator       http://${stack.address.auth}
  Mail (MailDev)      http://localhost:${MAIL_PORTS.web}   (every email the product sends)
  ${withApp ? 'App                 http://localhost:5173\n  Staff sign-in       http://localhost:5173/admin-login' : ''}
  Demo staff: ${[...DEMO_STAFF, ...DEMO_REVIEWERS].map((s) => `${s.email} / ${s.password} (${s.role})`).join('\n              ')}
  Ctrl-C stops everything.
`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(children.map((c) => stopChild(c)));
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
