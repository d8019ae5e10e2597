// Runs inside the integration workers only: point the Firebase SDKs at the stack that the global
// setup started (FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST are the SDKs' own variables).
import { inject } from 'vitest';

const address = inject('stackAddress');
process.env.FIRESTORE_EMULATOR_HOST = address.firestore;
process.env.FIREBASE_AUTH_EMULATOR_HOST = address.auth;
process.env.GCLOUD_PROJECT = address.projectId;
