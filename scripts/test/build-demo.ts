// The production build made against a fresh demo stack, so the prerendered pages carry the demo's
// data and its published articles are prerendered, as they would be from production Firestore
// (`npm run build` alone, with no database to read, prerenders the pages without data and serves
// every article from the SPA fallback). `npm test` builds this way for the e2e run.
import { spawnSync } from 'node:child_process';
import { startStack } from '../../emulator/stack.ts';

// The build is served by the preview server (port 4173): the demo's images and links point there.
const stack = await startStack({ fresh: true, siteUrl: 'http://localhost:4173' });
let status = 1;
try {
  status = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' }).status ?? 1;
} finally {
  await stack.stop();
}
process.exit(status);
