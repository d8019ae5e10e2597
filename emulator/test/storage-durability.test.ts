// Every acknowledged upload survives `kill -9` of the emulator, with its metadata and download
// token, and no object is ever torn. Drives our CLI as a child process (ours alone).
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectStorageEmulator, getBytes, getStorage, getDownloadURL, getMetadata, listAll, ref, uploadBytes, uploadBytesResumable } from 'firebase/storage';
import { describe, expect, it } from 'vitest';
import { exited, freePort, killHard, startCli, tempDir } from './cli-process.ts';
import { PROJECT_ID } from './harness.ts';
import { BUCKET } from './storage-harness.ts';

function storageClient(port: number) {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'k', storageBucket: BUCKET }, `sd-${port}-${Math.random()}`);
  const storage = getStorage(app);
  connectStorageEmulator(storage, '127.0.0.1', port);
  return { storage, close: () => deleteApp(app) };
}

const payload = (i: number, size: number) => Uint8Array.from({ length: size }, (_, k) => (k * 31 + i) & 0xff);

describe('storage durability', () => {
  it('keeps acknowledged objects and their tokens across kill -9, tears none, and --fresh empties', async () => {
    const dataDir = tempDir('storage-durability-');
    const [port, storagePort] = [await freePort(), await freePort()];
    const args = ['--storage-port', String(storagePort)];
    const first = await startCli(port, dataDir, args);
    const a = storageClient(storagePort);
    await uploadBytes(ref(a.storage, 'keep/small.txt'), new TextEncoder().encode('Karibu'), { contentType: 'text/plain', customMetadata: { by: 'ann' } });
    await uploadBytesResumable(ref(a.storage, 'keep/big.bin'), payload(0, 700_000), { contentType: 'application/pdf' });
    const url = await getDownloadURL(ref(a.storage, 'keep/small.txt'));
    // A stream of uploads, killed once 20 are acknowledged with more under way.
    const acknowledged: number[] = [];
    let stop = false;
    let reached = () => {};
    const enough = new Promise<void>((resolve) => (reached = resolve));
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const n = w * 1000 + i;
        try {
          await uploadBytes(ref(a.storage, `stream/o${n}`), payload(n, 50_000 + n));
        } catch {
          return;
        }
        if (acknowledged.push(n) === 20) reached();
      }
    };
    const writers = Array.from({ length: 4 }, (_, w) => writer(w));
    await enough;
    await killHard(first.child);
    stop = true;
    await Promise.race([Promise.all(writers), new Promise((r) => setTimeout(r, 3000))]);
    await a.close();

    const second = await startCli(port, dataDir, args);
    const b = storageClient(storagePort);
    expect(await getMetadata(ref(b.storage, 'keep/small.txt'))).toMatchObject({ size: 6, contentType: 'text/plain', customMetadata: { by: 'ann' } });
    expect(new Uint8Array(await getBytes(ref(b.storage, 'keep/big.bin')))).toEqual(payload(0, 700_000));
    expect(await (await fetch(url)).text()).toBe('Karibu');
    const stored = (await listAll(ref(b.storage, 'stream'))).items.map((i) => Number(i.name.slice(1)));
    for (const n of acknowledged) expect(stored, `acknowledged upload ${n}`).toContain(n);
    for (const n of stored) {
      const md = await getMetadata(ref(b.storage, `stream/o${n}`));
      expect(md.size, `object ${n} is whole`).toBe(50_000 + n);
      expect(md.md5Hash).toBe(
        createHash('md5')
          .update(payload(n, 50_000 + n))
          .digest('base64'),
      );
    }
    await killHard(second.child);

    const third = await startCli(port, dataDir, [...args, '--fresh']);
    expect((await listAll(ref(b.storage, ''))).items).toEqual([]);
    expect((await listAll(ref(b.storage, ''))).prefixes).toEqual([]);
    await b.close();
    await killHard(third.child);
  });
});

describe('--storage-rules', () => {
  it('is refused with a message until the rules engine exports loadStorageRulesAuthorizer, and used once it does', async () => {
    const rules = (await import('../src/rules/index.ts')) as Record<string, unknown>;
    const dataDir = tempDir('storage-rules-');
    const file = `${dataDir}/storage.rules`;
    writeFileSync(
      file,
      "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /{all=**} {\n      allow read: if true;\n    }\n  }\n}\n",
    );
    const started = startCli(await freePort(), dataDir, ['--storage-rules', file]);
    if (typeof rules.loadStorageRulesAuthorizer === 'function') {
      await killHard((await started).child);
      return;
    }
    // The Firestore port may answer before the rules are loaded: the refusal is the exit that follows.
    const said = await started.then(
      async ({ child, output }) => {
        expect(await exited(child)).toBe(1);
        return output();
      },
      (error: Error) => error.message,
    );
    expect(said).toMatch(/--storage-rules: emulator\/src\/rules\/index.ts does not export loadStorageRulesAuthorizer\(path\) yet/);
  });
});
