// Integration tests run against a real local stack with firestore.rules enforced. Unless the
// caller names running emulators (SUMMIT_STACK_FIRESTORE + SUMMIT_STACK_AUTH, and SUMMIT_STACK_STORAGE
// and SUMMIT_STACK_MAIL for Cloud Storage and MailDev, host:port), start a throw-away one on ports that do not collide with a developer's
// `npm start` (8080/9199/9099/1025/1080).
// The address reaches the tests through `provide`, not process.env, so the conformance project
// (which reads FIRESTORE_EMULATOR_HOST) is never pointed at this stack by accident.
import type { TestProject } from 'vitest/node';
import { startStack } from '../emulator/stack.ts';
import { DEMO_PROJECT_ID } from '../emulator/seed/demo-data.ts';

export default async function setup(project: TestProject) {
  const { SUMMIT_STACK_FIRESTORE: firestore, SUMMIT_STACK_STORAGE: storage, SUMMIT_STACK_AUTH: auth, SUMMIT_STACK_MAIL: mail } = process.env;
  if (firestore && auth) {
    project.provide('stackAddress', { projectId: DEMO_PROJECT_ID, firestore, storage, auth, mail });
    return;
  }
  // No mail worker: tests/integration/mail-worker.test.ts starts its own, to control when it runs.
  const stack = await startStack({
    firestorePort: 18080,
    storagePort: 19199,
    authPort: 19099,
    smtpPort: 11025,
    mailWebPort: 11080,
    mailWorker: false,
    fresh: true,
  });
  project.provide('stackAddress', stack.address);
  return () => stack.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    stackAddress: { projectId: string; firestore: string; storage?: string; auth: string; mail?: string };
  }
}
