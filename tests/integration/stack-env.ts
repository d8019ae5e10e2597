// Runs inside the integration workers only: point the Firebase SDKs at the stack that the global
// setup started (FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST are the SDKs' own variables).
import { afterEach, inject } from 'vitest';

const address = inject('stackAddress');
process.env.FIRESTORE_EMULATOR_HOST = address.firestore;
process.env.FIREBASE_AUTH_EMULATOR_HOST = address.auth;
process.env.GCLOUD_PROJECT = address.projectId;

// One stack serves every file, and while anyone waits no free slot may be claimed (firestore.rules:
// nobodyWaiting): a test that joined the waiting list leaves the count of people waiting at zero
// again, past the rules, so no later test finds the summit closed to registering by a list it never saw.
afterEach(async () => {
  const { resetWaitingCount } = await import('./support/waiting.ts');
  await resetWaitingCount();
});
