// Integration tests run against a real local stack. Unless the caller points us at running
// emulators (FIRESTORE_EMULATOR_HOST + FIREBASE_AUTH_EMULATOR_HOST), start a throw-away one on
// ports that do not collide with a developer's `npm start` (8080/9099).
import type { TestProject } from 'vitest/node';
import { startStack } from '../emulator/stack.ts';

export const TEST_FIRESTORE_PORT = 18080;
export const TEST_AUTH_PORT = 19099;

export default async function setup(project: TestProject) {
  if (process.env.SKIP_GLOBAL_STACK) return;
  if (process.env.FIRESTORE_EMULATOR_HOST && process.env.FIREBASE_AUTH_EMULATOR_HOST) return;
  const stack = await startStack({ firestorePort: TEST_FIRESTORE_PORT, authPort: TEST_AUTH_PORT, fresh: true });
  process.env.FIRESTORE_EMULATOR_HOST = stack.address.firestore;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = stack.address.auth;
  project.provide('stackAddress', stack.address);
  return () => stack.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    stackAddress: { projectId: string; firestore: string; auth: string };
  }
}
