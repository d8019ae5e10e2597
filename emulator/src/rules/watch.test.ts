import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Authorizer } from './contract.ts';
import { loadRulesAuthorizer, RulesSyntaxError, watchRules, type RulesWatcher } from './index.ts';
import { request, wrap } from './test-support.ts';

const allowGet = (condition: string) => wrap(`match /a/{id} { allow get: if ${condition}; }`);

function waitFor<T>(get: () => T | undefined, ms = 5000): Promise<T> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      const v = get();
      if (v !== undefined) resolve(v);
      else if (Date.now() - start > ms) reject(new Error('timed out'));
      else setTimeout(tick, 20);
    };
    tick();
  });
}

describe('loading and watching the rules file', () => {
  const dirs: string[] = [];
  const watchers: RulesWatcher[] = [];
  afterEach(() => {
    watchers.splice(0).forEach((w) => w.close());
    dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  function rulesFile(text: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'rules-'));
    dirs.push(dir);
    const file = join(dir, 'firestore.rules');
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
    const loaded: Authorizer[] = [];
    const errors: unknown[] = [];
    watchers.push(
      watchRules(
        file,
        (a) => loaded.push(a),
        (e) => errors.push(e),
        { debounceMs: 20, pollMs: 50 },
      ),
    );

    writeFileSync(file, allowGet('true'));
    const first = await waitFor(() => loaded[0]);
    expect(first.authorize(request()).allowed).toBe(true);

    writeFileSync(file, allowGet('true &&'));
    const error = await waitFor(() => errors[0]);
    expect(error).toBeInstanceOf(RulesSyntaxError);
    expect(loaded).toHaveLength(1); // nothing replaced the good rules

    // Editors that save by renaming a temporary file over the original are seen too.
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, allowGet("request.method == 'get'"));
    renameSync(tmp, file);
    const fixed = await waitFor(() => loaded[1]);
    expect(fixed.authorize(request()).allowed).toBe(true);
  });

  it('ignores saves that do not change the text, and stops on close', async () => {
    const file = rulesFile(allowGet('true'));
    const loaded: Authorizer[] = [];
    const watcher = watchRules(
      file,
      (a) => loaded.push(a),
      () => undefined,
      { debounceMs: 20, pollMs: 50 },
    );
    writeFileSync(file, allowGet('true'));
    await new Promise((r) => setTimeout(r, 300));
    expect(loaded).toHaveLength(0);
    watcher.close();
    writeFileSync(file, allowGet('false'));
    await new Promise((r) => setTimeout(r, 300));
    expect(loaded).toHaveLength(0);
  });
});
