import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Authorizer } from './contract.ts';
import {
  loadRulesAuthorizer,
  loadStorageRulesAuthorizer,
  RulesSyntaxError,
  watchRules,
  watchStorageRules,
  type RulesWatcher,
  type StorageAuthorizer,
} from './index.ts';
import { request, wrap } from './test-support.ts';

const allowGet = (condition: string) => wrap(`match /a/{id} { allow get: if ${condition}; }`);

/**
 * `get()`'s first defined value, asked every 20 ms (node:timers/promises: a clock the tests below
 * do not fake); fails naming `what` never came.
 */
async function waitFor<T>(get: () => T | undefined, what: string, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Waited ${ms} ms for ${what}.`);
    await delay(20);
  }
}

/**
 * The watcher's debounce is a timer: with setTimeout faked, a change the watcher has noticed
 * shows as a reload due (a pending timer), and running it is the reload, done when it returns.
 */
const reloadDue = () => waitFor(() => (vi.getTimerCount() > 0 ? true : undefined), 'the watcher to notice the save');

describe('loading and watching the rules file', () => {
  const dirs: string[] = [];
  const watchers: RulesWatcher[] = [];
  afterEach(() => {
    vi.useRealTimers();
    watchers.splice(0).forEach((w) => w.close());
    dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  /** A watcher of `file` (closed after the test) and what it has loaded and reported so far. */
  function watching(file: string) {
    const loaded: Authorizer[] = [];
    const errors: unknown[] = [];
    const watcher = watchRules(
      file,
      (a) => loaded.push(a),
      (e) => errors.push(e),
      { debounceMs: 20, pollMs: 50 },
    );
    watchers.push(watcher);
    return { loaded, errors, watcher };
  }

  function rulesFile(text: string, name = 'firestore.rules'): string {
    const dir = mkdtempSync(join(tmpdir(), 'rules-'));
    dirs.push(dir);
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  }

  it('loads a file, and refuses a broken one with line and column', () => {
    expect(loadRulesAuthorizer(rulesFile(allowGet('true'))).authorize(request()).allowed).toBe(true);
    const broken = rulesFile("rules_version = '2';\nservice cloud.firestore {\n  match /a/{id} { allow get: if true }\n}\n");
    try {
      loadRulesAuthorizer(broken);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RulesSyntaxError);
      expect([(error as RulesSyntaxError).line, (error as RulesSyntaxError).column]).toEqual([3, 38]);
      expect((error as Error).message).toMatch(/firestore\.rules:3:38: expected ';' but found '}'$/);
    }
  });

  it('reloads after an edit, keeps the last good rules on a broken edit, and picks up the fix', async () => {
    const file = rulesFile(allowGet('false'));
    const { loaded, errors } = watching(file);

    writeFileSync(file, allowGet('true'));
    const first = await waitFor(() => loaded[0], 'the edit loaded');
    expect(first.authorize(request()).allowed).toBe(true);

    writeFileSync(file, allowGet('true &&'));
    const error = await waitFor(() => errors[0], 'the broken edit reported');
    expect(error).toBeInstanceOf(RulesSyntaxError);
    expect(loaded).toHaveLength(1); // nothing replaced the good rules

    // Editors that save by renaming a temporary file over the original are seen too.
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, allowGet("request.method == 'get'"));
    renameSync(tmp, file);
    const fixed = await waitFor(() => loaded[1], 'the fix loaded');
    expect(fixed.authorize(request()).allowed).toBe(true);
  });

  it('ignores a save that does not change the text', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const file = rulesFile(allowGet('true'));
    const { loaded, errors } = watching(file);
    writeFileSync(file, allowGet('true'));
    await reloadDue();
    vi.runOnlyPendingTimers();
    expect(loaded).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('stops on close: an edit another watcher of the file loads does nothing to it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const file = rulesFile(allowGet('true'));
    const closed = watching(file);
    closed.watcher.close();
    // The witness gets the same change events the closed watcher would have.
    const { loaded: seen } = watching(file);
    writeFileSync(file, allowGet('false'));
    await reloadDue();
    vi.runOnlyPendingTimers();
    expect(seen).toHaveLength(1);
    expect(seen[0].authorize(request()).allowed).toBe(false);
    expect(closed.loaded).toEqual([]);
  });

  it('loads and watches storage.rules the same way, with Cloud Storage authorizers', async () => {
    const storageRules = (condition: string) =>
      `rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /{file} { allow get: if ${condition}; }\n  }\n}\n`;
    const ask = (a: StorageAuthorizer) =>
      a.authorize({
        method: 'get',
        bucket: 'b',
        path: 'f.png',
        auth: null,
        time: { seconds: 0, nanos: 0 },
        resource: null,
        requestResource: null,
        firestore: { database: '(default)', lookup: () => null },
      }).allowed;
    const file = rulesFile(storageRules('false'), 'storage.rules');
    expect(ask(loadStorageRulesAuthorizer(file))).toBe(false);
    expect(() => loadStorageRulesAuthorizer(rulesFile(allowGet('true'), 'storage.rules'))).toThrow(
      /storage\.rules:2:9: service 'cloud\.firestore' where 'firebase\.storage'/,
    );

    const loaded: StorageAuthorizer[] = [];
    watchers.push(
      watchStorageRules(
        file,
        (a) => loaded.push(a),
        () => undefined,
        { debounceMs: 20, pollMs: 50 },
      ),
    );
    writeFileSync(file, storageRules('true'));
    expect(ask(await waitFor(() => loaded[0], 'the storage rules edit loaded'))).toBe(true);
  });
});
