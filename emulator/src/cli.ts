// `npm run emulator -- [--port N] [--data DIR] [--fresh] [--rules FILE]`
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmulator } from './server.ts';
import type { Authorizer } from './rules/contract.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const config = JSON.parse(readFileSync(resolve(root, 'firebase.json'), 'utf8'));
  const port = Number(option('port') ?? config.emulators.firestore.port);
  const dataDir = resolve(option('data') ?? resolve(root, '.emulator-data/firestore'));
  const fresh = process.argv.includes('--fresh');
  const rulesPath = option('rules');
  const emulator = await createEmulator({ port, dataDir, fresh });
  if (rulesPath) await enforceRules(rulesPath, (a) => emulator.setAuthorizer(a));
  console.log(`Firestore emulator on ${emulator.url} (data: ${dataDir}${rulesPath ? `, rules: ${rulesPath}` : ', no rules: everything allowed'})`);
  const stop = () => {
    void emulator.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Loads the rules (refusing to start on a syntax error) and reloads them when the file changes. */
async function enforceRules(path: string, use: (a: Authorizer) => void) {
  if (!existsSync(path)) throw new Error(`Rules file not found: ${path}`);
  const rules = (await import('./rules/index.ts')) as {
    loadRulesAuthorizer(path: string): Authorizer;
    watchRules(path: string, onChange: (a: Authorizer) => void, onError: (e: unknown) => void): unknown;
  };
  use(rules.loadRulesAuthorizer(path));
  rules.watchRules(
    path,
    (a) => {
      use(a);
      console.log(`Reloaded ${path}`);
    },
    (e) => console.error(`Keeping the previous rules: ${e instanceof Error ? e.message : String(e)}`),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
