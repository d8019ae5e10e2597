// The stack's schedule: runs the timed work every few seconds as Cloud Scheduler runs the function
// every minute in production (functions/src/index.ts), with the same code (system-runner.ts): a
// custom token minted by firebase-admin (unsigned, as the Auth emulator accepts), the client SDK,
// the rules. As the mail worker stands in for the Trigger Email extension.
import { initializeApp, deleteApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { createSystemRunner } from '../functions/src/system-runner.ts';
import { SYSTEM_CLAIMS, SYSTEM_UID } from '../src/data/timed-work/status.ts';
import type { StackAddress } from './seed/rest.ts';
import { pollEvery } from './mail/poll-loop.ts';

export const TIMED_WORK_INTERVAL_MS = 5_000;

let runners = 0;

/** How far the emulator's database clock has been moved ahead of the wall clock (clock:advance). */
async function emulatorClockOffsetMs(stack: StackAddress): Promise<number> {
  const res = await fetch(`http://${stack.firestore}/emulator/v1/projects/${stack.projectId}/clock`);
  if (!res.ok) throw new Error(`Reading the emulator's clock failed: ${res.status}`);
  return ((await res.json()) as { offsetSeconds: number }).offsetSeconds * 1000;
}

/** A runner of the timed work on a stack, as the system identity (a test may race two). */
export function systemRunnerFor(stack: StackAddress) {
  // firebase-admin mints an unsigned token when it is told an Auth emulator runs (any address will do).
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= stack.auth;
  const name = `timed-work-${++runners}`;
  const admin = initializeApp({ projectId: stack.projectId }, name);
  const runner = createSystemRunner({
    firebase: { apiKey: 'demo-api-key', projectId: stack.projectId },
    mintToken: () => getAuth(admin).createCustomToken(SYSTEM_UID, { ...SYSTEM_CLAIMS }),
    emulators: { auth: stack.auth, firestore: stack.firestore },
    name,
    clockOffsetMs: () => emulatorClockOffsetMs(stack),
  });
  return { signedIn: runner.signedIn, runOnce: runner.runOnce, close: () => Promise.all([runner.close(), deleteApp(admin)]).then(() => undefined) };
}

export function startTimedWork({
  stack,
  intervalMs = TIMED_WORK_INTERVAL_MS,
  log = () => {},
}: {
  stack: StackAddress;
  intervalMs?: number;
  log?: (line: string) => void;
}) {
  const runner = systemRunnerFor(stack);
  const loop = pollEvery(intervalMs, async () => {
    try {
      const { outcome, ms } = await runner.runOnce();
      if (outcome.offered || outcome.passed || outcome.reminded || outcome.failed) log(`[timed-work] ${JSON.stringify(outcome)} in ${Math.round(ms)} ms`);
    } catch (error) {
      // A run that fails is the next run's to do (the stack may be stopping, or the seed still writing).
      log(`[timed-work] the run failed: ${String(error)}`);
    }
  });
  return {
    async stop() {
      await loop.stop();
      await runner.close();
    },
  };
}
