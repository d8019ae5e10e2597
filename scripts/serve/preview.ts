// `npm run preview`: the production build (build/client) served by the Firebase Hosting emulator
// (firebase-tools: pure Node, nothing to download, no login with a `demo-` project), so every answer
// is Hosting's own: firebase.json's rewrites and headers, cleanUrls and trailingSlash (an address
// ending in a slash or in .html is redirected), 404.html with status 404, and compression (brotli
// or gzip, as the browser accepts). The only change to firebase.json is the preview's
// connect-src (scripts/serve/preview-config.ts). Works offline: no update check, no remote config.
// `--port` serves on another port than firebase.json's `emulators.hosting` (4173, where the demo
// data's links point). The e2e run (playwright.config.ts) and the bench (scripts/bench/bench.ts)
// serve the build through `startPreview`.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PREVIEW_CONFIG, PREVIEW_PROJECT, previewConfig } from './preview-config.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface Preview {
  /** Where the build answers, e.g. http://localhost:4173. */
  url: string;
  /** Resolves with the emulator's exit code once it has exited (on its own or after `stop`). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Starts the Hosting emulator on the build, resolving once it answers. `output: 'inherit'` shows
 * its log (every request it serves); the default keeps it quiet.
 */
export async function startPreview({ port, output = 'ignore' }: { port?: number; output?: 'inherit' | 'ignore' } = {}): Promise<Preview> {
  if (!existsSync(join(root, 'build/client/404.html'))) throw new Error('No production build: run `npm run build` first.');
  const config = previewConfig(undefined, port);
  const { host, port: servedPort } = config.emulators.hosting;
  await assertPortFree(host, servedPort);
  const configPath = join(root, PREVIEW_CONFIG);
  writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
  const child = spawn(
    join(root, 'node_modules/.bin/firebase'),
    ['emulators:start', '--only', 'hosting', '--project', PREVIEW_PROJECT, '--config', configPath],
    {
      // Its debug log (firebase-debug.log, removed on a clean exit) goes next to the build.
      cwd: dirname(configPath),
      stdio: ['ignore', output, output],
      env: {
        ...process.env,
        // Offline, and nothing fetched: no npm update check, and (CI set) no remote "message of the day".
        NO_UPDATE_NOTIFIER: '1',
        CI: 'true',
      },
    },
  );
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const preview: Preview = { url: `http://localhost:${servedPort}`, exited, stop: () => stopChild(child, exited) };
  try {
    await waitUntilAnswering(`http://${host}:${servedPort}/`, child);
  } catch (error) {
    await preview.stop();
    throw error;
  }
  return preview;
}

function assertPortFree(host: string, port: number): Promise<void> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', () =>
      fail(new Error(`Port ${port} is already in use: is another preview (npm run preview, an e2e run, the bench) running? Stop it first.`)),
    );
    probe.listen(port, host, () => probe.close(() => done()));
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The Hosting emulator exited (${child.exitCode ?? child.signalCode}) before serving ${url}.`);
    const answered = await fetch(url).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The Hosting emulator did not answer at ${url} within ${timeoutMs / 1000} s.`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode === null && child.signalCode === null) {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(force);
  }
}

async function main() {
  const portArg = process.argv.indexOf('--port');
  const port = portArg > 0 ? Number(process.argv[portArg + 1]) : undefined;
  const preview = await startPreview({ port, output: 'inherit' });
  console.log(`\nProduction build at ${preview.url} (the Firebase Hosting emulator). Ctrl-C stops it.`);
  // Ctrl-C reaches the emulator too (the terminal signals the whole group; it ignores the echo
  // within 100 ms); a signal to this process alone (a test run, the bench) is passed on.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => preview.stop());
  process.exit((await preview.exited) ?? 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
