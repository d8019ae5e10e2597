// The deployed function is the bundle `npm run build:functions` makes: it must import only the
// packages functions/package.json installs in the cloud, and export the scheduled trigger.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const pkg = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));
// Built next to the project's node_modules, so the bundle's imports resolve as in the cloud.
const dir = mkdtempSync(join(root, 'functions', '.bundle-test-'));
const outfile = join(dir, 'index.js');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const build = () => {
  const [command, ...args] = String(pkg('package.json').scripts['build:functions']).split(/\s+/);
  expect(command).toBe('esbuild');
  execFileSync(join(root, 'node_modules/.bin/esbuild'), [...args.filter((a) => !a.startsWith('--outfile=')), `--outfile=${outfile}`], {
    cwd: root,
    stdio: 'pipe',
  });
  return readFileSync(outfile, 'utf8');
};

describe('the functions bundle', () => {
  const code = build();

  it('imports only what functions/package.json installs (and Node’s own modules)', () => {
    const imported = new Set([...code.matchAll(/from "([^"]+)"/g), ...code.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]));
    const installed = Object.keys(pkg('functions/package.json').dependencies);
    const outside = [...imported].filter((s) => !s.startsWith('node:') && !installed.some((p) => s === p || s.startsWith(`${p}/`)));
    expect(outside).toEqual([]);
    expect(installed.every((p) => pkg('package.json').devDependencies[p] || pkg('package.json').dependencies[p])).toBe(true);
  });

  it('exports the timed work, scheduled every minute in Nairobi time, one instance, no retries', async () => {
    const { timedWork } = (await import(outfile)) as { timedWork: { __endpoint: Record<string, unknown> } };
    expect(timedWork.__endpoint).toMatchObject({
      platform: 'gcfv2',
      scheduleTrigger: { schedule: 'every 1 minutes', timeZone: 'Africa/Nairobi', retryConfig: { retryCount: 0 } },
      maxInstances: 1,
    });
  });
});
