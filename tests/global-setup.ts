// Integration tests run against a real local stack with firestore.rules enforced. Unless the
// caller names running emulators (SUMMIT_STACK_FIRESTORE + SUMMIT_STACK_AUTH, host:port), start a
// throw-away one on ports that do not collide with a developer's `npm start` (8080/9099).
// The address reaches the tests through `provide`, not process.env, so the conformance project
// (which reads FIRESTORE_EMULATOR_HOST) is never pointed at this stack by accident.
import type { TestProject } from 'vitest/node';
import { startStack } from '../emulator/stack.ts';
import { DEMO_PROJECT_ID } from '../emulator/seed/demo-data.ts';

export default async function setup(project: TestProject) {
  const { SUMMIT_STACK_FIRESTORE: firestore, SUMMIT_STACK_AUTH: auth } = process.env;
  if (firestore && auth) {
    project.provide('stackAddress', { projectId: DEMO_PROJECT_ID, firestore, auth });
    return;
  }
  const stack = await startStack({ firestorePort: 18080, authPort: 19099, fresh: true });
  project.provide('stackAddress', stack.address);
  return () => stack.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    stackAddress: { projectId: string; firestore: string; auth: string };
  }
}
