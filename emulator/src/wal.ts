// Durability: every commit is a record appended to a log file and fsynced before the emulator
// answers, so an acknowledged write survives `kill -9` at any moment. Records that arrive while
// an fsync is in flight share the next one (group commit), and the fsync runs off the event loop.
//
// On disk (the data dir):
//   snapshot.jsonl           header {"seq": S, …}, then one [database, document] per line
//   log-<first seq>.jsonl    one record per line: {"seq", "db", "ops": [[path, doc | null], …]}
//                            or {"seq", "db", "clear": true}
// Start-up loads the snapshot and replays log records with seq > S in order. A torn last line
// (a crash mid-append, never acknowledged) is cut off. Compaction, once the current log segment
// passes a size threshold: start a new segment, write a snapshot of the state in memory (documents
// are immutable objects, so capturing them is a cheap list of references; the file is written in
// chunks without blocking requests), rename it into place, then delete the old segments. A crash
// at any point leaves either the old snapshot with every segment, or the new one.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredDocument } from './value-types.ts';

export type LogRecord = { seq: number; db: string; ops: Array<[path: string, doc: StoredDocument | null]> } | { seq: number; db: string; clear: true };

/** State to snapshot: everything applied up to `seq`. */
export interface Capture {
  seq: number;
  documents: Array<[db: string, doc: StoredDocument]>;
}

export interface WalOptions {
  /** Start a new segment and snapshot once the current segment is larger than this. */
  compactBytes?: number;
}

export interface Recovered {
  snapshotSeq: number;
  documents: Array<[db: string, doc: StoredDocument]>;
  records: LogRecord[];
  /** Bytes of log replayed: a large replay is worth compacting at once. */
  replayedBytes: number;
  /** The folder held the first format (snapshot.json + commits.log): compact, then drop those. */
  legacy: boolean;
}

const SNAPSHOT = 'snapshot.jsonl';
const SEGMENT = /^log-(\d{16})\.jsonl$/;
const segmentName = (firstSeq: number) => `log-${String(firstSeq).padStart(16, '0')}.jsonl`;
export const DEFAULT_COMPACT_BYTES = 64 * 1024 * 1024;

function fsyncDir(dir: string) {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some platforms cannot open directories; the rename is still atomic there.
  }
}

function segments(dir: string): Array<{ file: string; firstSeq: number }> {
  return readdirSync(dir)
    .map((file) => ({ file, m: SEGMENT.exec(file) }))
    .filter((s): s is { file: string; m: RegExpExecArray } => !!s.m)
    .map((s) => ({ file: s.file, firstSeq: Number(s.m[1]) }))
    .sort((a, b) => a.firstSeq - b.firstSeq);
}

/** Removes everything the log keeps in `dir` (`--fresh`). */
export function eraseLog(dir: string) {
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir)) {
    if (file === SNAPSHOT || file === `${SNAPSHOT}.tmp` || SEGMENT.test(file)) rmSync(join(dir, file), { force: true });
  }
}

/** Reads the snapshot and the log records after it; cuts a torn tail off the last segment. */
export function recover(dir: string): Recovered {
  mkdirSync(dir, { recursive: true });
  rmSync(join(dir, `${SNAPSHOT}.tmp`), { force: true });
  let snapshotSeq = 0;
  const documents: Array<[string, StoredDocument]> = [];
  const snapshotPath = join(dir, SNAPSHOT);
  if (existsSync(snapshotPath)) {
    const lines = readFileSync(snapshotPath, 'utf8').split('\n');
    const header = JSON.parse(lines[0]) as { seq: number; documents: number };
    snapshotSeq = header.seq;
    for (let i = 1; i < lines.length; i++) if (lines[i]) documents.push(JSON.parse(lines[i]) as [string, StoredDocument]);
    if (documents.length !== header.documents) throw new Error(`${snapshotPath} is incomplete (${documents.length} of ${header.documents} documents)`);
  }
  const records: LogRecord[] = [];
  let replayedBytes = 0;
  const legacy = documents.length === 0 && segments(dir).length === 0 && readLegacy(dir, documents);
  for (const { file } of segments(dir)) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    const end = text.lastIndexOf('\n') + 1;
    if (end < text.length) truncateSync(path, Buffer.byteLength(text.slice(0, end))); // torn tail
    for (const line of text.slice(0, end).split('\n')) {
      if (!line) continue;
      const record = JSON.parse(line) as LogRecord;
      if (record.seq > snapshotSeq) {
        records.push(record);
        replayedBytes += line.length + 1;
      }
    }
  }
  return { snapshotSeq, documents, records, replayedBytes, legacy };
}

// The emulator's first on-disk format: snapshot.json ({databases: {name: documents[]}}) and
// commits.log (one {db, ops} per line), keyed by database name alone. Read once, so that a
// developer's local data survives the upgrade; the project comes from the documents' names.
const LEGACY_FILES = ['snapshot.json', 'commits.log'];

function readLegacy(dir: string, into: Array<[string, StoredDocument]>): boolean {
  if (!LEGACY_FILES.some((f) => existsSync(join(dir, f)))) return false;
  const state = new Map<string, StoredDocument | null>();
  const keyOf = (doc: StoredDocument) => doc.name.slice(0, doc.name.indexOf('/documents/'));
  const snapshotPath = join(dir, 'snapshot.json');
  if (existsSync(snapshotPath)) {
    const snapshot = JSON.parse(readFileSync(snapshotPath, 'utf8')) as { databases?: Record<string, StoredDocument[]> };
    for (const docs of Object.values(snapshot.databases ?? {})) for (const doc of docs) state.set(doc.name, doc);
  }
  const logPath = join(dir, 'commits.log');
  if (existsSync(logPath)) {
    for (const line of readFileSync(logPath, 'utf8').split('\n')) {
      let entry: { ops?: Array<[string, StoredDocument | null]> };
      try {
        entry = JSON.parse(line);
      } catch {
        continue; // empty or torn line
      }
      const known = [...state.values()].find((d) => d) ?? entry.ops?.find(([, d]) => d)?.[1];
      for (const [path, doc] of entry.ops ?? []) {
        if (doc) state.set(doc.name, doc);
        else if (known) state.delete(`${keyOf(known)}/documents/${path}`);
      }
    }
  }
  for (const doc of state.values()) if (doc) into.push([keyOf(doc), doc]);
  return true;
}

/** Removes the first format's files once their content is in a snapshot of the current one. */
export function removeLegacy(dir: string) {
  for (const f of LEGACY_FILES) rmSync(join(dir, f), { force: true });
}

export class WriteAheadLog {
  private handle: FileHandle | null = null;
  private segmentFile = '';
  private segmentBytes = 0;
  private freshSegment = false;
  private pending: Array<{ line: string; seq: number; resolve: () => void; reject: (e: unknown) => void }> = [];
  private waiters: Array<{ seq: number; resolve: () => void; reject: (e: unknown) => void }> = [];
  private flushing: Promise<void> | null = null;
  private compacting: Promise<void> | null = null;
  private compactRequested = false;
  private failure: unknown = null;
  private closed = false;
  /** Highest seq known to be on disk. */
  durableSeq: number;
  private readonly compactBytes: number;

  private constructor(
    private readonly dir: string,
    lastSeq: number,
    private readonly capture: () => Capture,
    options: WalOptions,
  ) {
    this.durableSeq = lastSeq;
    this.compactBytes = options.compactBytes ?? DEFAULT_COMPACT_BYTES;
  }

  /** Opens the log for appending after `recover`, continuing its last segment. */
  static async open(dir: string, lastSeq: number, capture: () => Capture, options: WalOptions = {}): Promise<WriteAheadLog> {
    const wal = new WriteAheadLog(dir, lastSeq, capture, options);
    const last = segments(dir).at(-1);
    await wal.openSegment(last ? last.file : segmentName(lastSeq + 1));
    return wal;
  }

  private async openSegment(file: string) {
    const path = join(this.dir, file);
    const existed = existsSync(path);
    this.handle = await open(path, 'a');
    this.segmentFile = file;
    this.segmentBytes = existed ? statSync(path).size : 0;
    this.freshSegment = !existed;
  }

  /** Resolves once the record is on disk. Records are written in the order appended. */
  append(record: LogRecord): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('The write-ahead log is closed.'));
    return new Promise((resolve, reject) => {
      this.pending.push({ line: `${JSON.stringify(record)}\n`, seq: record.seq, resolve, reject });
      this.flushing ??= this.flushLoop();
    });
  }

  private async flushLoop(): Promise<void> {
    for (;;) {
      // Between two flushes nothing is in flight: the moment to switch to a new segment.
      if (this.compactRequested && !this.compacting && !this.failure) {
        this.compactRequested = false;
        await this.startCompaction();
      }
      if (!this.pending.length || this.failure) break;
      const batch = this.pending;
      this.pending = [];
      const data = batch.map((p) => p.line).join('');
      try {
        await this.handle!.write(data);
        await this.handle!.datasync();
        if (this.freshSegment) {
          fsyncDir(this.dir); // the new file's directory entry must be durable too
          this.freshSegment = false;
        }
      } catch (error) {
        this.failure = error;
        for (const p of [...batch, ...this.pending, ...this.waiters]) p.reject(error);
        this.pending = [];
        this.waiters = [];
        break;
      }
      this.segmentBytes += Buffer.byteLength(data);
      this.durableSeq = batch[batch.length - 1].seq;
      for (const p of batch) p.resolve();
      this.releaseWaiters();
      if (this.segmentBytes >= this.compactBytes && !this.compacting) this.compactRequested = true;
    }
    this.flushing = null;
  }

  /** Resolves once every record up to `seq` is on disk. */
  whenDurable(seq: number): Promise<void> {
    if (this.durableSeq >= seq) return Promise.resolve();
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiters.push({ seq, resolve, reject }));
  }

  private releaseWaiters() {
    if (!this.waiters.length) return;
    const still: typeof this.waiters = [];
    for (const w of this.waiters) {
      if (w.seq <= this.durableSeq) w.resolve();
      else still.push(w);
    }
    this.waiters = still;
  }

  /** Compacts now: a new segment at once, the snapshot in the background; resolves when written. */
  async compact(): Promise<void> {
    this.compactRequested = true;
    this.flushing ??= this.flushLoop();
    await this.flushing;
    await this.compacting;
  }

  private async startCompaction() {
    const state = this.capture();
    const oldSegments = segments(this.dir).map((s) => s.file);
    await this.handle!.close();
    // Every record on disk so far has seq <= durableSeq <= state.seq: the snapshot covers them all.
    await this.openSegment(segmentName(this.durableSeq + 1));
    const keep = this.segmentFile;
    this.compacting = this.writeSnapshot(state)
      .then(async () => {
        for (const file of oldSegments) if (file !== keep) await rm(join(this.dir, file), { force: true });
      })
      .catch((error) => console.error(`Firestore emulator: compaction failed (the log is intact): ${String(error)}`))
      .finally(() => {
        this.compacting = null;
      });
  }

  private async writeSnapshot(state: Capture) {
    const tmp = join(this.dir, `${SNAPSHOT}.tmp`);
    const file = await open(tmp, 'w');
    try {
      await file.write(`${JSON.stringify({ format: 'nci-firestore-emulator-snapshot', version: 1, seq: state.seq, documents: state.documents.length })}\n`);
      let chunk: string[] = [];
      let size = 0;
      for (const entry of state.documents) {
        const line = `${JSON.stringify(entry)}\n`;
        chunk.push(line);
        size += line.length;
        if (size > 1 << 20) {
          await file.write(chunk.join(''));
          chunk = [];
          size = 0;
        }
      }
      if (chunk.length) await file.write(chunk.join(''));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(tmp, join(this.dir, SNAPSHOT));
    fsyncDir(this.dir);
  }

  /** Size of the current segment (for tests and the bench). */
  get currentSegmentBytes(): number {
    return this.segmentBytes;
  }

  get failed(): unknown {
    return this.failure;
  }

  /** Waits for pending records and a running compaction, then closes the file. */
  async close() {
    this.closed = true;
    while (this.flushing) await this.flushing;
    while (this.compacting) await this.compacting;
    await this.handle?.close();
    this.handle = null;
  }
}
