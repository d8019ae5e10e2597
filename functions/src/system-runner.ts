// One run of the timed work as the system identity: signed in with a custom token (minted by
// firebase-admin: in production by the scheduled function, locally by the stack's runner against
// the Auth emulator), through the client SDK and therefore through firestore.rules, exactly as a
// browser acts. Nothing here bypasses the rules: production and the local stack run this same code.
import { deleteApp, initializeApp, type FirebaseOptions } from 'firebase/app';
import { connectAuthEmulator, inMemoryPersistence, initializeAuth, signInWithCustomToken } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { createDb, type Db } from '../../src/lib/db.ts';
import { readPassTimes, runTimedWork } from '../../src/data/timed-work/run.ts';
import { RETENTION_BUDGET_MS, runRetention } from '../../src/data/timed-work/retention.ts';
import { SCHEDULE_ACTOR, scheduleStatusWrite, type TimedWorkOutcome } from '../../src/data/timed-work/status.ts';

export interface SystemRunnerOptions {
  firebase: FirebaseOptions;
  /** A custom token for SYSTEM_UID with SYSTEM_CLAIMS (firebase-admin's createCustomToken). */
  mintToken: () => Promise<string>;
  /** Locally: the emulators' "host:port". */
  emulators?: { auth: string; firestore: string };
  /** Each runner its own app, so two of them (a test racing them) sign in separately. */
  name?: string;
  /**
   * How far the database's clock runs ahead of this machine's, read once per run: 0 in production
   * (both keep Google's time); locally the emulator's clock may be moved forward (clock:advance), and
   * the decisions must be made on the time the rules check them against.
   */
  clockOffsetMs?: () => Promise<number>;
}

export interface SystemRunner {
  /** The data module, signed in as the system identity. */
  signedIn(): Promise<Db>;
  runOnce(): Promise<{ outcome: TimedWorkOutcome; ms: number }>;
  close(): Promise<void>;
}

export function createSystemRunner({ firebase, mintToken, emulators, name = 'timed-work', clockOffsetMs = async () => 0 }: SystemRunnerOptions): SystemRunner {
  const app = initializeApp(firebase, name);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  const firestore = getFirestore(app);
  if (emulators) {
    connectAuthEmulator(auth, `http://${emulators.auth}`, { disableWarnings: true });
    const [host, port] = emulators.firestore.split(':');
    connectFirestoreEmulator(firestore, host, Number(port));
  }
  const db = createDb(() => firestore);
  // Signed in once; the SDK refreshes the ID token as it nears its hour.
  const signedIn = async () => {
    if (!auth.currentUser) await signInWithCustomToken(auth, await mintToken());
    return db;
  };
  return {
    signedIn,
    async runOnce() {
      const started = performance.now();
      await signedIn();
      const offset = await clockOffsetMs();
      const now = () => new Date(Date.now() + offset);
      const waitlist = await runTimedWork(db, await readPassTimes(db), { who: SCHEDULE_ACTOR, by: 'schedule', now });
      // Retention after the waiting list's work, in what is left of the run (RETENTION_BUDGET_MS from its start).
      const retained = await runRetention(db, await db.fetchDocument<{ endDate?: Date | null; retentionMonths?: unknown }>('settings', 'site'), {
        now: now(),
        inTime: () => performance.now() - started < RETENTION_BUDGET_MS,
      });
      const outcome = { ...waitlist, anonymised: retained.anonymised, failed: waitlist.failed + retained.failed };
      const ms = performance.now() - started;
      await db.commit([scheduleStatusWrite(outcome, ms)]);
      return { outcome, ms };
    },
    close: () => deleteApp(app),
  };
}
