import { startStack } from '../emulator/stack.ts';

export default async function globalSetup() {
  // Email links point at the preview server the tests browse (playwright.config.ts).
  const stack = await startStack({ fresh: true, siteUrl: 'http://localhost:4173' }).catch((error: Error) => {
    throw new Error(`Could not start the e2e stack on ports 8080/9099/1025/1080 (${error.message}). Is \`npm start\` running? Stop it and retry.`);
  });
  return async () => stack.stop();
}
