// An in-memory stand-in for lib/data.ts's `db` in component tests: documents by path, the reads
// and writes the registration and statement pages use, server values filled in. It enforces no
// rules (the integration tests run the same commits against the emulator and firestore.rules).
import { DEFAULT_SORT, ServerValue, serverValues, type BatchWrite, type Filter, type ListOptions, type Page } from '../src/lib/db.ts';

type Data = Record<string, unknown>;

export interface FakeDb {
  docs: Map<string, Data>;
  commits: BatchWrite[][];
  now: () => Date;
  /** Makes the next commits fail (e.g. a lost connection). */
  failCommits: Error | null;
}

export const createFakeState = (): FakeDb => ({ docs: new Map(), commits: [], now: () => new Date(), failCommits: null });

// `time` is the commit's one time: Firestore gives every serverTimestamp() in a commit the same value.
function resolveValue(time: Date, value: unknown, before: unknown): unknown {
  if (value instanceof ServerValue) return value.kind === 'time' ? time : Number(before ?? 0) + value.by;
  if (value instanceof Date || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value as Data).map(([k, v]) => [k, resolveValue(time, v, (before as Data | undefined)?.[k])]));
}

const compare = (a: unknown, b: unknown) => {
  const x = a instanceof Date ? a.getTime() : a;
  const y = b instanceof Date ? b.getTime() : b;
  return x === y ? 0 : (x as number) < (y as number) ? -1 : 1;
};

function matches(d: Data, [field, op, value]: Filter): boolean {
  const v = d[field];
  if (v === undefined) return false;
  switch (op) {
    case '==':
      return compare(v, value) === 0;
    case '<':
      return compare(v, value) < 0;
    case '<=':
      return compare(v, value) <= 0;
    case '>':
      return compare(v, value) > 0;
    case '>=':
      return compare(v, value) >= 0;
    case 'in':
      return (value as unknown[]).some((x) => compare(v, x) === 0);
    case 'array-contains':
      return Array.isArray(v) && v.some((x) => compare(x, value) === 0);
    default:
      throw new Error(`fake db: no ${op}`);
  }
}

export function applyWrites(state: FakeDb, writes: BatchWrite[]) {
  const time = state.now();
  for (const w of writes) {
    if ('delete' in w) state.docs.delete(w.delete);
    else if ('set' in w) state.docs.set(w.set, resolveValue(time, w.data, w.merge ? state.docs.get(w.set) : undefined) as Data);
    else {
      const current = state.docs.get(w.update);
      if (!current) throw Object.assign(new Error(`fake db: no document ${w.update}`), { code: 'not-found' });
      const next = { ...current };
      for (const [key, value] of Object.entries(w.data)) {
        const [head, ...rest] = key.split('.');
        const removed = value instanceof ServerValue && value.kind === 'remove';
        if (rest.length) {
          const map = { ...(next[head] as Data) };
          if (removed) delete map[rest.join('.')];
          else map[rest.join('.')] = resolveValue(time, value, map[rest.join('.')]);
          next[head] = map;
        } else if (removed) delete next[key];
        else next[key] = resolveValue(time, value, current[key]);
      }
      state.docs.set(w.update, next);
    }
  }
}

export function fakeDb(state: FakeDb) {
  const get = (path: string) => {
    const d = state.docs.get(path);
    return d ? { ...d, id: path.split('/').pop()! } : null;
  };
  const list = (name: string, where: Filter[] = []) =>
    [...state.docs.entries()]
      .filter(([path]) => path.startsWith(`${name}/`) && path.split('/').length === 2)
      .map(([path, d]) => ({ ...d, id: path.split('/')[1] }))
      .filter((d) => where.every((f) => matches(d, f)));
  /** Sorted as Firestore sorts a query: by the field, then by document id. */
  const sorted = <T extends Data & { id: string }>(items: T[], [field, direction]: [string, 'asc' | 'desc']) =>
    items.sort((a, b) => (direction === 'desc' ? -1 : 1) * (compare(a[field], b[field]) || compare(a.id, b.id)));
  const ordered = (name: string, options: ListOptions) =>
    options.orderBy === null ? list(name, options.where) : sorted(list(name, options.where), options.orderBy ?? DEFAULT_SORT);
  const newId = () => Math.random().toString(36).slice(2, 18);
  const commit = async (writes: BatchWrite[]) => {
    if (state.failCommits) throw state.failCommits;
    state.commits.push(writes);
    applyWrites(state, writes);
  };
  return {
    load: async () => {},
    fetchDocument: async (name: string, id: string) => get(`${name}/${id}`),
    // Left in stored order without an explicit sort, as the pages' tests seed it.
    fetchDocuments: async (name: string, options: ListOptions = {}) =>
      (options.orderBy ? sorted(list(name, options.where), options.orderBy) : list(name, options.where)).slice(0, options.limit ?? Infinity),
    // The first page only, with no cursor: the tests' lists fit in one.
    fetchPage: async <T>(name: string, options: ListOptions & { limit: number }): Promise<Page<T>> => ({
      items: ordered(name, options).slice(0, options.limit) as unknown as Page<T>['items'],
      next: null,
    }),
    fetchEvery: async (name: string, options: ListOptions = {}) => ordered(name, options),
    fetchCount: async (name: string, filters: Filter[] = []) => list(name, filters).length,
    newId,
    activityWrite: (message: string, userEmail: string): BatchWrite => {
      const id = newId();
      return { set: `logs/${id}`, data: { id, message, userEmail, timestamp: serverValues.now() } };
    },
    commit,
    /** A log entry written after the action it records (useStaffTask). */
    recordActivity: async (message: string, userEmail: string) => {
      const id = newId();
      await commit([{ set: `logs/${id}`, data: { id, message, userEmail, timestamp: serverValues.now() } }]);
      return id;
    },
    transact: async <R>(
      paths: string[],
      decide: (
        docs: Array<Data | null>,
        read: (path: string) => Promise<Data | null>,
      ) => Promise<{ writes: BatchWrite[]; result?: R }> | { writes: BatchWrite[]; result?: R },
    ) => {
      const { writes, result } = await decide(paths.map(get), async (path) => get(path));
      await commit(writes);
      return result as R;
    },
  };
}
