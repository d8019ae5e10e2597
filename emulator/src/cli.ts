// `npm run emulator -- [--port N] [--host H] [--data DIR] [--fresh] [--rules FILE] [--rules-coverage] [--indexes FILE] [--storage-…]`:
// the Firestore emulator, and the Cloud Storage server on its own port, in the foreground. Ctrl-C (or SIGTERM) stops it cleanly: it stops accepting
// requests and waits until every acknowledged commit is on disk (they already are: a commit is
// answered only after its fsync).
import { existsSync, readFileSync, unwatchFile, watchFile } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCliArgs, USAGE } from './cli-args.ts';
import { parseIndexConfig, type IndexConfig } from './indexes.ts';
import { createEmulator } from './server.ts';
import type { Authorizer } from './rules/contract.ts';
import { RulesCoverage } from './rules/coverage.ts';
import type { RuntimeLimits } from './rules/limits.ts';
import type { StorageAuthorizer } from './rules/storage-contract.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function readFirebaseJson() {
  const path = resolve(root, 'firebase.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

/**
 * THE RULES CALL SITE. Loads the rules (refusing to start on an error in them) and reloads them
 * when the file changes, through the rules engine's public face (src/rules/index.ts). If that
 * module does not provide `loadRulesAuthorizer`, the emulator refuses --rules rather than
 * silently allowing everything.
 */
async function enforceRules(path: string, limits: RuntimeLimits | null, coverage: RulesCoverage | null, use: (a: Authorizer) => void) {
  if (!existsSync(path)) throw new Error(`Rules file not found: ${path}`);
  type Options = { limits?: RuntimeLimits; coverage?: RulesCoverage };
  const rules = (await import('./rules/index.ts')) as {
    loadRulesAuthorizer?: (path: string, options?: Options) => Authorizer;
    watchRules?: (path: string, onChange: (a: Authorizer) => void, onError: (e: unknown) => void, options?: Options) => { close(): void };
  };
  if (typeof rules.loadRulesAuthorizer !== 'function') throw new Error('--rules: emulator/src/rules/index.ts does not export loadRulesAuthorizer(path) yet.');
  const options: Options = { ...(limits ? { limits } : {}), ...(coverage ? { coverage } : {}) };
  use(rules.loadRulesAuthorizer(path, options));
  const watcher = rules.watchRules?.(path, ...reloading('Firestore', path, use), options);
  return () => watcher?.close();
}

/** A rules watcher's callbacks: put the new rules in force and say so, or say the old ones stay. */
function reloading<A>(emulator: string, path: string, use: (a: A) => void): [(a: A) => void, (e: unknown) => void] {
  return [
    (a) => {
      use(a);
      console.log(`${emulator} emulator: reloaded ${path}`);
    },
    (e) => console.error(`${emulator} emulator: keeping the previous rules: ${e instanceof Error ? e.message : String(e)}`),
  ];
}

/**
 * THE STORAGE RULES CALL SITE, as enforceRules: `loadStorageRulesAuthorizer(path)` and
 * `watchStorageRules(path, onChange, onError)` from src/rules/index.ts. Until the rules engine
 * exports them, --storage-rules is refused rather than everything silently allowed.
 */
async function enforceStorageRules(path: string, use: (a: StorageAuthorizer) => void) {
  if (!existsSync(path)) throw new Error(`Storage rules file not found: ${path}`);
  const rules = (await import('./rules/index.ts')) as {
    loadStorageRulesAuthorizer?: (path: string) => StorageAuthorizer;
    watchStorageRules?: (path: string, onChange: (a: StorageAuthorizer) => void, onError: (e: unknown) => void) => { close(): void };
  };
  if (typeof rules.loadStorageRulesAuthorizer !== 'function') {
    throw new Error('--storage-rules: emulator/src/rules/index.ts does not export loadStorageRulesAuthorizer(path) yet.');
  }
  use(rules.loadStorageRulesAuthorizer(path));
  const watcher = rules.watchStorageRules?.(path, ...reloading('Storage', path, use));
  return () => watcher?.close();
}

/**
 * Loads the composite indexes to enforce (refusing to start on a broken file) and reloads them
 * when the file changes, so an index added while the stack runs takes effect at once.
 */
function enforceIndexes(path: string, use: (i: IndexConfig) => void) {
  const load = () => parseIndexConfig(JSON.parse(readFileSync(path, 'utf8')));
  if (!existsSync(path)) throw new Error(`Indexes file not found: ${path}`);
  const first = load();
  use(first);
  watchFile(path, { interval: 500, persistent: false }, () => {
    try {
      use(load());
      console.log(`Firestore emulator: reloaded ${path}`);
    } catch (e) {
      console.error(`Firestore emulator: keeping the previous indexes: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
  return { count: first.indexes.length, stop: () => unwatchFile(path) };
}

async function main() {
  const options = parseCliArgs(process.argv.slice(2), { root, firebaseJson: readFirebaseJson() });
  if (options.help) {
    console.log(USAGE);
    return;
  }
  // Tests shrink the compaction threshold to exercise snapshots across restarts.
  const compactBytes = Number(process.env.FIRESTORE_EMULATOR_COMPACT_BYTES) || undefined;
  // Counts each allow's and function's outcomes (`npm run rules-coverage`); a reload starts it over.
  const rulesCoverage = options.rulesCoverage ? new RulesCoverage() : undefined;
  const emulator = await createEmulator({
    port: options.port,
    host: options.host,
    dataDir: options.dataDir,
    fresh: options.fresh,
    compactBytes,
    rulesCoverage,
    storagePort: options.storagePort,
    storageDataDir: options.storageDataDir,
    storageMaxBytes: options.storageMaxBytes,
  });
  let stopWatching = () => {};
  let stopWatchingStorage = () => {};
  let indexes: { count: number; stop: () => void } | null = null;
  try {
    if (options.rules) stopWatching = await enforceRules(options.rules, options.rulesLimits, rulesCoverage ?? null, (a) => emulator.setAuthorizer(a));
    if (options.indexes) indexes = enforceIndexes(options.indexes, (i) => emulator.setIndexes(i));
    if (options.storageRules) stopWatchingStorage = await enforceStorageRules(options.storageRules, (a) => emulator.setStorageAuthorizer(a));
  } catch (error) {
    stopWatching();
    stopWatchingStorage();
    indexes?.stop();
    await emulator.close();
    throw error;
  }
  console.log(
    `Firestore emulator listening on ${emulator.url} (data: ${options.dataDir}${options.fresh ? ', started fresh' : ''}; ${
      options.rules
        ? `rules: ${options.rules}${
            options.rulesLimits
              ? ` within ${Object.entries(options.rulesLimits)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(',')}`
              : ''
          }${rulesCoverage ? ', coverage counted' : ''}`
        : 'no rules: everything allowed'
    }; ${indexes ? `${indexes.count} composite indexes enforced from ${options.indexes}` : 'indexes not enforced'})`,
  );
  console.log(
    `Storage emulator listening on ${emulator.storageUrl} (data: ${options.storageDataDir}; ${
      options.storageRules ? `rules: ${options.storageRules}` : 'no storage rules: everything allowed'
    }; objects up to ${options.storageMaxBytes} bytes)`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      console.log(`Firestore emulator: ${signal} again, exiting now.`);
      process.exit(130);
    }
    stopping = true;
    stopWatching();
    stopWatchingStorage();
    indexes?.stop();
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`Firestore emulator: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
