// `npm run emulator -- --indexes FILE`: the command line loads the file, refuses a broken one at
// start, and picks up an edit while running (ours alone: the official emulator has no such option).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collection, getDocs, orderBy, query, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { freePort, sdk, startCli, tempDir } from './cli-process.ts';

const STATUS_BY_TIME = {
  collectionGroup: 'orders',
  queryScope: 'COLLECTION',
  fields: [
    { fieldPath: 'status', order: 'ASCENDING' },
    { fieldPath: 't', order: 'DESCENDING' },
  ],
};

describe('--indexes', () => {
  it('enforces the file and reloads it when it changes', async () => {
    const dir = tempDir();
    const file = join(dir, 'firestore.indexes.json');
    writeFileSync(file, JSON.stringify({ indexes: [], fieldOverrides: [] }));
    const port = await freePort();
    const emulator = await startCli(port, join(dir, 'data'), ['--indexes', file]);
    expect(emulator.output()).toContain(`0 composite indexes enforced from ${file}`);
    const client = sdk(port);
    const q = query(collection(client.db, 'orders'), where('status', '==', 'paid'), orderBy('t', 'desc'));
    await expect(getDocs(q)).rejects.toMatchObject({ code: 'failed-precondition' });

    writeFileSync(file, JSON.stringify({ indexes: [STATUS_BY_TIME], fieldOverrides: [] }));
    let served = false;
    for (let i = 0; i < 100 && !served; i++) {
      served = await getDocs(q).then(
        () => true,
        () => false,
      );
      if (!served) await new Promise((r) => setTimeout(r, 100));
    }
    expect(served).toBe(true);
    expect(emulator.output()).toContain(`reloaded ${file}`);

    // A broken edit keeps the indexes in force.
    writeFileSync(file, '{ "indexes": [ ');
    for (let i = 0; i < 100 && !emulator.output().includes('keeping the previous indexes'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(emulator.output()).toContain('keeping the previous indexes');
    expect((await getDocs(q)).size).toBe(0);
    await client.close();
  });

  it('refuses to start on a broken file, saying what is wrong', async () => {
    const dir = tempDir();
    const file = join(dir, 'firestore.indexes.json');
    writeFileSync(
      file,
      JSON.stringify({
        indexes: [
          {
            collectionGroup: 'orders',
            fields: [
              { fieldPath: 'a', order: 'UP' },
              { fieldPath: 'b', order: 'ASCENDING' },
            ],
          },
        ],
      }),
    );
    await expect(startCli(await freePort(), join(dir, 'data'), ['--indexes', file])).rejects.toThrow(/indexes\[0\]\.fields\[0\].*ASCENDING or DESCENDING/);
  });
});
