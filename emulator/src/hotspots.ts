// Hot documents. Cloud Firestore sustains about one write per second to a single document; past
// that, writes queue, transactions contend and commits fail with ABORTED or DEADLINE_EXCEEDED. A
// local stack never shows it, so the emulator keeps a write meter per document: it warns once per
// window when a document is written more than once a second over a 10 s window, and reports the
// documents with the highest peak rate (GET /emulator/v1/projects/{p}:hotspots).

/** The window Firestore's guidance is measured over, and the rate it sustains. */
export const HOT_WINDOW_MS = 10_000;
export const SUSTAINED_WRITES_PER_SECOND = 1;
const HOT_THRESHOLD = (HOT_WINDOW_MS / 1000) * SUSTAINED_WRITES_PER_SECOND;

export interface HotDocument {
  /** projects/{p}/databases/{d}/documents/… */
  name: string;
  /** Writes since the meter started (or was reset). */
  writes: number;
  /** Most writes seen within one window. */
  peakWindowWrites: number;
  /** The same, per second. */
  peakPerSecond: number;
}

interface Meter {
  /** Write times within the current window, oldest first. */
  recent: number[];
  writes: number;
  peak: number;
  warnedAt: number;
}

export type HotWarning = (name: string, writesInWindow: number) => void;

export const warnOnConsole: HotWarning = (name, n) =>
  console.warn(
    `Firestore emulator: hot document ${name} was written ${n} times in ${HOT_WINDOW_MS / 1000} s (${(n / (HOT_WINDOW_MS / 1000)).toFixed(1)}/s); Cloud Firestore sustains about ${SUSTAINED_WRITES_PER_SECOND} write per second to one document.`,
  );

export class WriteMeter {
  private readonly documents = new Map<string, Meter>();

  constructor(
    private readonly warn: HotWarning = warnOnConsole,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one write to each named document (a commit writing a document twice counts once). */
  record(names: Iterable<string>) {
    const t = this.now();
    for (const name of new Set(names)) {
      let m = this.documents.get(name);
      if (!m) this.documents.set(name, (m = { recent: [], writes: 0, peak: 0, warnedAt: -Infinity }));
      m.recent.push(t);
      // Only the window's writes are kept, so memory follows the write rate, not the history.
      let drop = 0;
      while (m.recent[drop] <= t - HOT_WINDOW_MS) drop++;
      if (drop) m.recent.splice(0, drop);
      m.writes++;
      m.peak = Math.max(m.peak, m.recent.length);
      if (m.recent.length > HOT_THRESHOLD && t - m.warnedAt >= HOT_WINDOW_MS) {
        m.warnedAt = t;
        this.warn(name, m.recent.length);
      }
    }
  }

  /** The documents of a project (all when null) by peak rate, highest first. */
  top(project: string | null, n = 10): HotDocument[] {
    const prefix = project === null ? '' : `projects/${project}/`;
    return [...this.documents]
      .filter(([name]) => name.startsWith(prefix))
      .sort(([a, x], [b, y]) => y.peak - x.peak || y.writes - x.writes || (a < b ? -1 : 1))
      .slice(0, n)
      .map(([name, m]) => ({ name, writes: m.writes, peakWindowWrites: m.peak, peakPerSecond: m.peak / (HOT_WINDOW_MS / 1000) }));
  }

  /** Forgets a project's documents (all when null), so a scenario can be measured on its own. */
  reset(project: string | null) {
    const prefix = project === null ? '' : `projects/${project}/`;
    for (const name of [...this.documents.keys()]) if (name.startsWith(prefix)) this.documents.delete(name);
  }
}
