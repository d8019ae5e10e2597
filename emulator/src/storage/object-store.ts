// The objects, durable under a folder. Each object is two files:
//   blobs/<key>.<generation>   its bytes
//   meta/<key>.json            its metadata, naming the blob (the commit point)
// where <key> is the SHA-256 of bucket and name. A write puts the bytes in a temporary file,
// fsyncs it and renames it into blobs/, then does the same for the metadata and fsyncs the
// folders; only then is it acknowledged. A kill -9 at any moment leaves either the old object or
// the new one whole: at start-up, temporary files and blobs no metadata names are deleted.
// Resumable uploads collect their bytes in uploads/ (the sessions themselves are in memory and do
// not survive a restart; the SDK then fails the upload, as it does when a session expires).
import { randomUUID, createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredObject } from './object-metadata.ts';

interface MetaFile {
  blob: string;
  object: StoredObject;
}

const keyOf = (bucket: string, name: string) => createHash('sha256').update(`${bucket}\n${name}`).digest('hex');

async function fsyncPath(path: string) {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeDurably(path: string, data: Buffer | string) {
  const temp = `${path}.${randomUUID()}.tmp`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
}

export class ObjectStore {
  private readonly buckets = new Map<string, Map<string, { object: StoredObject; blob: string }>>();
  /** Writes to one object, one after the other (the index follows the order of the renames). */
  private readonly queues = new Map<string, Promise<unknown>>();

  private constructor(
    readonly dir: string,
    private readonly temporary: boolean,
  ) {}

  /** Opens the folder (null: a temporary one, removed by close()), recovering what it holds. */
  static open(dataDir: string | null, fresh = false): ObjectStore {
    const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'storage-emulator-'));
    if (fresh) for (const sub of ['meta', 'blobs', 'uploads']) rmSync(join(dir, sub), { recursive: true, force: true });
    const store = new ObjectStore(dir, dataDir === null);
    for (const sub of ['meta', 'blobs']) mkdirSync(join(dir, sub), { recursive: true });
    rmSync(join(dir, 'uploads'), { recursive: true, force: true });
    mkdirSync(join(dir, 'uploads'));
    const referenced = new Set<string>();
    for (const file of readdirSync(join(dir, 'meta'))) {
      const path = join(dir, 'meta', file);
      if (!file.endsWith('.json')) {
        unlinkSync(path); // a temporary file: that write was never acknowledged
        continue;
      }
      const meta = JSON.parse(readFileSync(path, 'utf8')) as MetaFile;
      referenced.add(meta.blob);
      store.bucket(meta.object.bucket).set(meta.object.name, meta);
    }
    for (const file of readdirSync(join(dir, 'blobs'))) if (!referenced.has(file)) unlinkSync(join(dir, 'blobs', file));
    return store;
  }

  private bucket(bucket: string) {
    let b = this.buckets.get(bucket);
    if (!b) this.buckets.set(bucket, (b = new Map()));
    return b;
  }

  private serially<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => {});
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return run;
  }

  get(bucket: string, name: string): StoredObject | null {
    return this.buckets.get(bucket)?.get(name)?.object ?? null;
  }

  /** The file holding the object's bytes (read it at once: a later write replaces it). */
  blobPath(bucket: string, name: string): string | null {
    const entry = this.buckets.get(bucket)?.get(name);
    return entry ? join(this.dir, 'blobs', entry.blob) : null;
  }

  /** Every object of the bucket whose name starts with `prefix`, by name. */
  list(bucket: string, prefix: string): StoredObject[] {
    const out: StoredObject[] = [];
    for (const [name, entry] of this.buckets.get(bucket) ?? []) if (name.startsWith(prefix)) out.push(entry.object);
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** A new file for a resumable upload's bytes. */
  uploadPath(): string {
    return join(this.dir, 'uploads', randomUUID());
  }

  /**
   * Stores an object durably: its bytes (a buffer, or a file in uploads/ that is moved) and its
   * metadata. Resolves once both are on disk.
   */
  put(object: StoredObject, bytes: Buffer | { file: string }): Promise<void> {
    const key = keyOf(object.bucket, object.name);
    return this.serially(key, async () => {
      const blob = `${key}.${object.generation}`;
      const blobPath = join(this.dir, 'blobs', blob);
      if (Buffer.isBuffer(bytes)) await writeDurably(blobPath, bytes);
      else {
        await fsyncPath(bytes.file);
        await rename(bytes.file, blobPath);
      }
      await fsyncPath(join(this.dir, 'blobs'));
      await this.commit(key, { blob, object });
    });
  }

  /** Replaces the metadata of an existing object (its bytes stay). */
  updateMetadata(object: StoredObject): Promise<void> {
    const key = keyOf(object.bucket, object.name);
    return this.serially(key, async () => {
      const entry = this.buckets.get(object.bucket)?.get(object.name);
      if (!entry) throw new Error(`${object.name} was deleted meanwhile`);
      await this.commit(key, { blob: entry.blob, object });
    });
  }

  private async commit(key: string, meta: MetaFile) {
    await writeDurably(join(this.dir, 'meta', `${key}.json`), JSON.stringify(meta));
    await fsyncPath(join(this.dir, 'meta'));
    const objects = this.bucket(meta.object.bucket);
    const previous = objects.get(meta.object.name);
    objects.set(meta.object.name, meta);
    if (previous && previous.blob !== meta.blob) await unlink(join(this.dir, 'blobs', previous.blob)).catch(() => {});
  }

  /** Deletes the object; false when there was none. */
  delete(bucket: string, name: string): Promise<boolean> {
    const key = keyOf(bucket, name);
    return this.serially(key, async () => {
      const entry = this.buckets.get(bucket)?.get(name);
      if (!entry) return false;
      await unlink(join(this.dir, 'meta', `${key}.json`));
      await fsyncPath(join(this.dir, 'meta'));
      this.buckets.get(bucket)!.delete(name);
      await unlink(join(this.dir, 'blobs', entry.blob)).catch(() => {});
      return true;
    });
  }

  /** Waits for the writes under way; removes the folder if it was a temporary one. */
  async close() {
    await Promise.all([...this.queues.values()]);
    if (this.temporary) rmSync(this.dir, { recursive: true, force: true });
  }
}
