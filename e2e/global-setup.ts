import { startStack } from '../emulator/stack.ts';

export default async function globalSetup() {
  const stack = await startStack({ fresh: true }).catch((error: Error) => {
    throw new Error(
      `Could not start the e2e stack on ports 8080/9099 (${error.message}). Is \`npm start\` running? Stop it and retry.`,
    );
  });
  return async () => stack.stop();
}
