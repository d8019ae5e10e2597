// What the measuring scripts share (`npm run rules-budget`, `npm run rules-coverage`): a local
// stack of their own, on ports of their own, with the integration suites run against it
// (`vitest --project integration`, through SUMMIT_STACK_* as tests/global-setup.ts reads them).
import { spawn } from 'node:child_process';
import { startStack, type StackOptions } from '../../emulator/stack.ts';
import type { StackAddress } from '../../emulator/seed/rest.ts';

/** The stack's ports: away from a developer's `npm start` (8080 …) and the test runs' own (18080 …). */
export interface MeasurePorts {
  firestore: number;
  storage: number;
  auth: number;
  smtp: number;
  mailWeb: number;
}

export interface IntegrationRunOptions {
  ports: MeasurePorts;
  /** More of the stack's options (what the emulator records). */
  stack?: Pick<StackOptions, 'rulesCoverage'>;
  /** Test files (or filters) to run; every integration suite when empty. */
  files?: string[];
}

/** Runs the integration suites against `address`; resolves with vitest's exit code. */
function runSuites(address: StackAddress, smtpPort: number, files: string[]): Promise<number> {
  const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'integration', '--reporter=dot', ...files], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      SUMMIT_STACK_FIRESTORE: address.firestore,
      SUMMIT_STACK_STORAGE: address.storage,
      SUMMIT_STACK_AUTH: address.auth,
      SUMMIT_STACK_MAIL: address.mail,
      // The mail worker's own tests send to the stack's MailDev.
      SUMMIT_STACK_SMTP: String(smtpPort),
    },
  });
  return new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
}

/**
 * Starts a fresh stack (no mail worker: its tests start their own), calls `measure` with its
 * address and a function that runs the integration suites against it, and stops the stack.
 */
export async function onMeasuringStack<T>(
  options: IntegrationRunOptions,
  measure: (address: StackAddress, run: () => Promise<number>) => Promise<T>,
): Promise<T> {
  const { ports } = options;
  const stack = await startStack({
    firestorePort: ports.firestore,
    storagePort: ports.storage,
    authPort: ports.auth,
    smtpPort: ports.smtp,
    mailWebPort: ports.mailWeb,
    mailWorker: false,
    fresh: true,
    ...options.stack,
  });
  try {
    return await measure(stack.address, () => runSuites(stack.address, ports.smtp, options.files ?? []));
  } finally {
    await stack.stop();
  }
}
