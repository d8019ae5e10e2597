// Durability: every commit is appended to a log and fsynced before the emulator answers, so an
// acknowledged write survives `kill -9`. Concurrent commits share one fsync (group commit).
// The log is compacted into a snapshot once it grows; start-up loads the snapshot, then replays
// the log (a torn last line, from a crash mid-write, was never acknowledged and is skipped).
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredDocument } from './value-types.ts';

/** One commit: the state after it of every document it touched (null = deleted). */
export interface LogEntry {
  db: string;
  ops: Array<[path: string, doc: StoredDocument | null]>;
}

export interface Snapshot {
  databases: Record<string, StoredDocument[]>;
}

export class WriteAheadLog {
  private fd: number;
  private pending: string[] = [];
  private waiters: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
  private flushing = false;
  private entriesSinceSnapshot = 0;
  private readonly logPath: string;
  private readonly snapshotPath: string;

  constructor(
    dir: string,
    private readonly takeSnapshot: () => Snapshot,
    private readonly compactAfter = 20_000,
  ) {
    mkdirSync(dir, { recursive: true });
    this.logPath = join(dir, 'commits.log');
    this.snapshotPath = join(dir, 'snapshot.json');
    this.fd = openSync(this.logPath, 'a');
  }

  /** Reads what is on disk: the snapshot, then every complete log entry after it. */
  static load(dir: string): { snapshot: Snapshot | null; entries: LogEntry[] } {
    const snapshotPath = join(dir, 'snapshot.json');
    const logPath = join(dir, 'commits.log');
    const snapshot = existsSync(snapshotPath) ? (JSON.parse(readFileSync(snapshotPath, 'utf8')) as Snapshot) : null;
    const entries: LogEntry[] = [];
    if (existsSync(logPath)) {
      for (const line of readFileSync(logPath, 'utf8').split('\n')) {
        if (!line) continue;
        try {
          entries.push(JSON.parse(line) as LogEntry);
        } catch {
          break; // torn tail: never acknowledged
        }
      }
    }
    return { snapshot, entries };
  }

  static erase(dir: string) {
    rmSync(join(dir, 'snapshot.json'), { force: true });
    rmSync(join(dir, 'commits.log'), { force: true });
  }

  /** Resolves once the entry is on disk. */
  append(entry: LogEntry): Promise<void> {
    this.pending.push(`${JSON.stringify(entry)}\n`);
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.flushing) this.scheduleFlush();
    return done;
  }

  private scheduleFlush() {
    this.flushing = true;
    setImmediate(() => this.flush());
  }

  private flush() {
    const lines = this.pending;
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    try {
      writeSync(this.fd, lines.join(''));
      fsyncSync(this.fd);
      this.entriesSinceSnapshot += lines.length;
      waiters.forEach((w) => w.resolve());
    } catch (error) {
      waiters.forEach((w) => w.reject(error));
    }
    if (this.entriesSinceSnapshot >= this.compactAfter && this.pending.length === 0) this.compact();
    if (this.pending.length) this.scheduleFlush();
    else this.flushing = false;
  }

  /** Snapshot of everything applied so far, then an empty log. Runs between flushes. */
  compact() {
    const tmp = `${this.snapshotPath}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.takeSnapshot()));
    const fd = openSync(tmp, 'r');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, this.snapshotPath);
    closeSync(this.fd);
    this.fd = openSync(this.logPath, 'w');
    fsyncSync(this.fd);
    this.entriesSinceSnapshot = 0;
  }

  close() {
    closeSync(this.fd);
  }
}
