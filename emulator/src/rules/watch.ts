// Reloads the rules when the file changes. Editors save in different ways (write in place, or
// write a temporary file and rename it over the original), so we watch the directory for the
// file's name and also poll its stat as a fallback; events are debounced and an unchanged text
// is ignored. A broken edit is reported and the last good rules stay in force.
import { readFileSync, unwatchFile, watch, watchFile, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { compileRules, compileStorageRules, rulesFileLabel, type CompileOptions } from './compile.ts';
import type { Authorizer } from './contract.ts';
import type { StorageAuthorizer } from './storage-contract.ts';

export interface RulesWatcher {
  close(): void;
}

export interface WatchOptions extends CompileOptions {
  /** Quiet period after the last change before reloading (ms). */
  debounceMs?: number;
  /** Stat polling interval of the fallback watcher (ms). */
  pollMs?: number;
}

/**
 * Calls `onChange` with freshly compiled rules after each edit of the file at `path`. A broken
 * edit goes to `onError` (by default the console) and `onChange` is not called, so the caller's
 * last good rules stay in force. Does not keep the process alive; `close()` stops watching.
 */
export function watchRules(
  path: string,
  onChange: (authorizer: Authorizer) => void,
  onError?: (error: unknown) => void,
  options: WatchOptions = {},
): RulesWatcher {
  return watchRulesWith(compileRules, path, onChange, onError, options);
}

/** watchRules for Cloud Storage rules (`storage.rules`): `onChange` receives a StorageAuthorizer. */
export function watchStorageRules(
  path: string,
  onChange: (authorizer: StorageAuthorizer) => void,
  onError?: (error: unknown) => void,
  options: WatchOptions = {},
): RulesWatcher {
  return watchRulesWith(compileStorageRules, path, onChange, onError, options);
}

/** Watches the file at `path`, compiling each new text with `compile`. */
export function watchRulesWith<A>(
  compile: (source: string, filename: string, options: CompileOptions) => A,
  path: string,
  onChange: (authorizer: A) => void,
  onError: (error: unknown) => void = (error) => console.error(`Keeping the previous rules: ${error instanceof Error ? error.message : String(error)}`),
  options: WatchOptions = {},
): RulesWatcher {
  const file = resolve(path);
  const load = (source: string) => compile(source, rulesFileLabel(path), options);
  const debounceMs = options.debounceMs ?? 100;
  let lastText: string | null = null;
  try {
    lastText = readFileSync(file, 'utf8');
  } catch {
    // Not there yet: the first successful read will load it.
  }
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const reload = () => {
    timer = null;
    if (closed) return;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      // Deleted or mid-rename: keep the rules in force until the file is back.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') onError(error);
      return;
    }
    if (text === lastText) return;
    lastText = text;
    let authorizer: A;
    try {
      authorizer = load(text);
    } catch (error) {
      onError(error);
      return;
    }
    onChange(authorizer);
  };

  const schedule = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(reload, debounceMs);
    timer.unref();
  };

  let dirWatcher: FSWatcher | null = null;
  try {
    dirWatcher = watch(dirname(file), (_event, name) => {
      if (name === null || name === basename(file)) schedule();
    });
    dirWatcher.on('error', () => undefined); // the stat poller still runs
    dirWatcher.unref();
  } catch {
    // Some file systems cannot be watched; polling below covers them.
  }
  const poll = () => schedule();
  watchFile(file, { interval: options.pollMs ?? 500, persistent: false }, poll);

  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      dirWatcher?.close();
      unwatchFile(file, poll);
    },
  };
}
