// Command-line options of `npm run emulator -- [--port N] [--host H] [--data DIR] [--fresh] [--rules FILE] [--rules-limits K=V,…] [--rules-coverage] [--indexes FILE]
// [--storage-port N] [--storage-data DIR] [--storage-rules FILE] [--storage-max-bytes N]`.
// Defaults: the ports in firebase.json (emulators.firestore.port, else 8080; emulators.storage.port,
// else 9199), data in .emulator-data/firestore and .emulator-data/storage (git-ignored), no rules
// (everything allowed), no indexes (every query served), objects up to 100 MiB.
import { resolve } from 'node:path';
import { tighterLimits, type RuntimeLimits } from './rules/limits.ts';
import { DEFAULT_MAX_OBJECT_BYTES } from './storage/http.ts';

export interface CliOptions {
  port: number;
  host: string;
  dataDir: string;
  fresh: boolean;
  rules: string | null;
  /** Tighter rules limits than Cloud Firestore's (a project's margin), or null for Cloud Firestore's own. */
  rulesLimits: RuntimeLimits | null;
  /** Count each allow's and function's outcomes, served at GET /emulator/v1/projects/{p}:rulesCoverage. */
  rulesCoverage: boolean;
  indexes: string | null;
  /** The Cloud Storage server's port (0: a free one). */
  storagePort: number;
  storageDataDir: string;
  storageRules: string | null;
  storageMaxBytes: number;
  help: boolean;
}

export interface CliDefaults {
  /** The repository root: relative defaults resolve against it. */
  root: string;
  /** Parsed firebase.json, if any. */
  firebaseJson?: { emulators?: { firestore?: { port?: number; host?: string }; storage?: { port?: number } } } | null;
}

export const USAGE = `Usage: npm run emulator -- [--port N] [--host H] [--data DIR] [--fresh] [--rules FILE] [--rules-limits K=V,…] [--rules-coverage] [--indexes FILE]
                        [--storage-port N] [--storage-data DIR] [--storage-rules FILE] [--storage-max-bytes N]

  --port N      port to listen on (default: firebase.json emulators.firestore.port, or 8080)
  --host H      interface to listen on (default: firebase.json's host, or 127.0.0.1)
  --data DIR    folder for the durable log and snapshots (default: .emulator-data/firestore)
  --fresh       start empty, erasing what DIR holds
  --rules FILE  enforce these security rules, reloading them when the file changes
  --rules-limits K=V,…  tighter limits than Cloud Firestore's for the rules (a margin), e.g.
                readsPerOperation=8,readsPerMultiRequest=16,expressionsPerOperation=600
  --rules-coverage  count how often each allow statement and function of the rules evaluated
                true, false or to an error (GET /emulator/v1/projects/{p}:rulesCoverage)
  --indexes FILE  refuse, as Cloud Firestore does, queries that these composite indexes
                (firestore.indexes.json) do not serve, reloading them when the file changes
  --storage-port N   the Cloud Storage server's port (default: firebase.json emulators.storage.port,
                or 9199; 0 picks a free port)
  --storage-data DIR folder for the stored objects (default: .emulator-data/storage; --fresh erases it too)
  --storage-rules FILE  enforce these Cloud Storage rules (storage.rules), reloading them when the file changes
  --storage-max-bytes N  refuse objects larger than N bytes (default ${DEFAULT_MAX_OBJECT_BYTES}, 100 MiB)`;

export function parseCliArgs(argv: string[], defaults: CliDefaults): CliOptions {
  const firestore = defaults.firebaseJson?.emulators?.firestore;
  const options: CliOptions = {
    port: firestore?.port ?? 8080,
    host: firestore?.host ?? '127.0.0.1',
    dataDir: resolve(defaults.root, '.emulator-data/firestore'),
    fresh: false,
    rules: null,
    rulesLimits: null,
    rulesCoverage: false,
    indexes: null,
    storagePort: defaults.firebaseJson?.emulators?.storage?.port ?? 9199,
    storageDataDir: resolve(defaults.root, '.emulator-data/storage'),
    storageRules: null,
    storageMaxBytes: DEFAULT_MAX_OBJECT_BYTES,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value.\n\n${USAGE}`);
      return v;
    };
    const integer = (min: number, max: number, what: string) => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${flag} must be ${what}.`);
      return n;
    };
    const port = () => integer(0, 65535, 'a port number (0-65535)');
    switch (flag) {
      case '--port':
        options.port = port();
        break;
      case '--storage-port':
        options.storagePort = port();
        break;
      case '--storage-data':
        options.storageDataDir = resolve(value());
        break;
      case '--storage-rules':
        options.storageRules = resolve(value());
        break;
      case '--storage-max-bytes':
        options.storageMaxBytes = integer(1, Number.MAX_SAFE_INTEGER, 'a positive number of bytes');
        break;
      case '--host':
        options.host = value();
        break;
      case '--data':
        options.dataDir = resolve(value());
        break;
      case '--rules':
        options.rules = resolve(value());
        break;
      case '--rules-limits':
        options.rulesLimits = parseLimits(value());
        break;
      case '--rules-coverage':
        options.rulesCoverage = true;
        break;
      case '--indexes':
        options.indexes = resolve(value());
        break;
      case '--fresh':
        options.fresh = true;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new Error(`Unknown option ${arg}.\n\n${USAGE}`);
    }
  }
  if (options.rulesCoverage && !options.rules && !options.help) throw new Error(`--rules-coverage needs --rules FILE.\n\n${USAGE}`);
  return options;
}

/** `readsPerOperation=8,expressionsPerOperation=600` → limits no looser than Cloud Firestore's. */
export function parseLimits(text: string): RuntimeLimits {
  const overrides: Record<string, number> = {};
  for (const pair of text.split(',')) {
    const [key, raw] = pair.split('=');
    if (!key || raw === undefined) throw new Error(`--rules-limits takes K=V pairs separated by commas, not "${pair}".`);
    overrides[key.trim()] = Number(raw);
  }
  try {
    return tighterLimits(overrides);
  } catch (error) {
    throw new Error(`--rules-limits: ${(error as Error).message}`);
  }
}
