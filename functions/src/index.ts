// The timed work in production: a scheduled Cloud Function (2nd gen, Cloud Scheduler) every
// minute, so offers, passes, places and reminders happen on time with nobody in the back office.
// It mints a custom token for the system identity and acts through the rules (system-runner.ts).
// Deployed with `firebase deploy --only functions` (README: "Production: the schedule").
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { defineString } from 'firebase-functions/params';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions/v2';
import { SYSTEM_CLAIMS, SYSTEM_UID } from '../../src/data/timed-work/status.ts';
import { createSystemRunner, type SystemRunner } from './system-runner.ts';

// The web app's API key (public: it is in every page) lets the client SDK sign in as the system.
const webApiKey = defineString('WEB_API_KEY', { description: 'The web app’s Firebase API key (VITE_FIREBASE_API_KEY)' });

let runner: SystemRunner | null = null;

const runnerFor = (projectId: string) => {
  if (runner) return runner;
  const admin = initializeApp();
  runner = createSystemRunner({
    firebase: { apiKey: webApiKey.value(), projectId, authDomain: `${projectId}.firebaseapp.com` },
    mintToken: () => getAuth(admin).createCustomToken(SYSTEM_UID, { ...SYSTEM_CLAIMS }),
  });
  return runner;
};

export const timedWork = onSchedule(
  // One instance, no retries: a run that fails is simply the next minute's run (each step is idempotent).
  { schedule: 'every 1 minutes', timeZone: 'Africa/Nairobi', region: 'europe-west1', maxInstances: 1, retryCount: 0, timeoutSeconds: 50 },
  async () => {
    const projectId = process.env.GCLOUD_PROJECT ?? JSON.parse(process.env.FIREBASE_CONFIG ?? '{}').projectId;
    const { outcome, ms } = await runnerFor(projectId).runOnce();
    logger.info('Timed work ran', { ...outcome, ms: Math.round(ms) });
  },
);
