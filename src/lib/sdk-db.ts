// The data module's work on Firestore through the SDK (firebase/firestore/lite): the only module
// that reads or writes with it (lib/app-firestore.ts makes the app's instance). lib/db.ts loads it the first time a call needs it, and is what everything else
// uses (its calls, types and write helpers), so a page that only reads public data over REST never
// downloads this module or the SDK.
import {
  collection,
  doc,
  documentId,
  count,
  getAggregate,
  getCount,
  sum,
  getDoc,
  getDocs,
  limit as limitTo,
  orderBy as orderByField,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  startAfter,
  updateDoc,
  deleteDoc,
  deleteField,
  where as whereField,
  writeBatch,
  increment,
  Timestamp,
  type DocumentData,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore/lite';
import {
  DEFAULT_SORT,
  ServerValue,
  writePath,
  type BatchWrite,
  type Cursor,
  type Filter,
  type ListOptions,
  type MoveAlsoWrite,
  type Page,
  type ReadInTransaction,
  type WithId,
} from './db-shapes.ts';

/** What a batch and a transaction have in common: the three kinds of write. */
interface Writer {
  set(ref: ReturnType<typeof doc>, data: DocumentData, options: { merge: boolean }): unknown;
  update(ref: ReturnType<typeof doc>, data: DocumentData): unknown;
  delete(ref: ReturnType<typeof doc>): unknown;
}

/** Write data with db.ts's plain server values as the SDK's sentinels (inside maps and arrays too). */
function toSdk(value: unknown): unknown {
  if (value instanceof ServerValue) return value.kind === 'time' ? serverTimestamp() : value.kind === 'remove' ? deleteField() : increment(value.by);
  if (Array.isArray(value)) return value.map(toSdk);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toSdk(v)]));
  }
  return value;
}

/** Write data as the SDK takes it (tests that write with the SDK itself use it too). */
export const sdkData = (data: DocumentData) => toSdk(data) as DocumentData;

const EVERY_PAGE = 1000;

function constraints(options: ListOptions): QueryConstraint[] {
  const out: QueryConstraint[] = (options.where ?? []).map(([f, op, v]) => whereField(f, op, v));
  if (options.orderBy !== null) out.push(orderByField(...(options.orderBy ?? DEFAULT_SORT)));
  if (options.limit !== undefined) out.push(limitTo(options.limit));
  return out;
}

/** Firestore Timestamps become Dates, so nothing outside this module needs the SDK's types. */
function plain(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

function toCursorValue(value: unknown): Cursor['value'] {
  if (value instanceof Timestamp) return { seconds: value.seconds, nanoseconds: value.nanoseconds };
  if (value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value)) return (value ?? null) as Cursor['value'];
  throw new Error(`A list cannot be paged by a ${typeof value} field`);
}

function fromCursorValue(value: Cursor['value']): unknown {
  return value && typeof value === 'object' ? new Timestamp(value.seconds, value.nanoseconds) : value;
}

function withId<T>(snap: { id: string; data(): DocumentData }): WithId<T> {
  return { ...(plain(snap.data()) as T), id: snap.id };
}

export function createSdkDb(firestore: () => Firestore) {
  const fetchDocuments = async <T = DocumentData>(name: string, options: ListOptions = {}): Promise<WithId<T>[]> => {
    const snap = await getDocs(query(collection(firestore(), name), ...constraints(options)));
    return snap.docs.map((d) => withId<T>(d));
  };

  /**
   * One page of a list, and the cursor of the next. Ties in the sort field are broken by document
   * id (what Firestore does implicitly with a snapshot cursor), so a cursor of two plain values
   * continues exactly where the page ended.
   */
  const fetchPage = async <T = DocumentData>(name: string, options: ListOptions & { limit: number; after?: Cursor | null }): Promise<Page<T>> => {
    const [field, direction] = options.orderBy ?? DEFAULT_SORT;
    const c = constraints({ where: options.where, orderBy: [field, direction] });
    c.push(orderByField(documentId(), direction));
    if (options.after) c.push(startAfter(fromCursorValue(options.after.value), options.after.id));
    c.push(limitTo(options.limit + 1));
    const snap = await getDocs(query(collection(firestore(), name), ...c));
    const docs = snap.docs.slice(0, options.limit);
    const last = docs[docs.length - 1];
    return {
      items: docs.map((d) => withId<T>(d)),
      next: snap.docs.length > options.limit ? { value: toCursorValue(last.get(field)), id: last.id } : null,
    };
  };

  /**
   * Every matching document, read a thousand at a time with a cursor (20,000 registrations are 20
   * reads of a bounded size, never one unbounded query). `onProgress` gets the count read so far.
   */
  const fetchEvery = async <T = DocumentData>(name: string, options: ListOptions = {}, onProgress?: (read: number) => void): Promise<WithId<T>[]> => {
    const items: WithId<T>[] = [];
    let after: Cursor | null = null;
    do {
      const page: Page<T> = await fetchPage<T>(name, { ...options, limit: EVERY_PAGE, after });
      items.push(...page.items);
      onProgress?.(items.length);
      after = page.next;
    } while (after);
    return items;
  };

  const fetchDocument = async <T = DocumentData>(name: string, id: string): Promise<WithId<T> | null> => {
    const snap = await getDoc(doc(firestore(), name, id));
    return snap.exists() ? withId<T>(snap) : null;
  };

  const fetchCount = async (name: string, filters: Filter[] = []): Promise<number> => {
    const snap = await getCount(query(collection(firestore(), name), ...filters.map(([f, op, v]) => whereField(f, op, v))));
    return snap.data().count;
  };

  /** Count and sum of a numeric field over the documents matching the filters, in one aggregation. */
  const fetchSum = async (name: string, field: string, filters: Filter[] = []): Promise<{ count: number; sum: number }> => {
    const q = query(collection(firestore(), name), ...filters.map(([f, op, v]) => whereField(f, op, v)));
    const snap = await getAggregate(q, { total: sum(field), count: count() });
    return { count: snap.data().count, sum: snap.data().total ?? 0 };
  };

  /** Creates a document whose `id` field is its own id and whose `timestamp` is server time. */
  const createDocument = async (name: string, data: DocumentData, id?: string): Promise<string> => {
    const ref = id ? doc(firestore(), name, id) : doc(collection(firestore(), name));
    await setDoc(ref, { ...sdkData(data), id: ref.id, timestamp: serverTimestamp() });
    return ref.id;
  };

  const update = (name: string, id: string, data: DocumentData) => updateDoc(doc(firestore(), name, id), sdkData(data));
  const remove = (name: string, id: string) => deleteDoc(doc(firestore(), name, id));

  /** A transaction's reads, as `transact` hands them to `decide`. */
  const reader =
    (tx: Parameters<Parameters<typeof runTransaction>[1]>[0]): ReadInTransaction =>
    async (path: string) => {
      const snap = await tx.get(doc(firestore(), path));
      return snap.exists() ? withId<DocumentData>(snap) : null;
    };

  /** What joins a move's transaction: fixed writes, or writes decided on the moved document as stored (and more reads). */
  const alsoWrites = (alsoWrite: MoveAlsoWrite, moved: DocumentData, read: ReadInTransaction) =>
    typeof alsoWrite === 'function' ? alsoWrite(moved, read) : alsoWrite;

  /**
   * One transaction: read, copy to archive/{collection}/items/{id}, delete the original. `alsoWrite`
   * joins the same transaction (the staff member's log entry; a registration's checkout and seat).
   */
  const moveToArchive = (name: string, id: string, alsoWrite: MoveAlsoWrite = []) =>
    runTransaction(firestore(), async (tx) => {
      const source = doc(firestore(), name, id);
      const snap = await tx.get(source);
      if (!snap.exists()) throw new Error(`Document ${id} not found in ${name}`);
      const extra = await alsoWrites(alsoWrite, snap.data(), reader(tx));
      tx.set(doc(firestore(), 'archive', name, 'items', id), snap.data());
      tx.delete(source);
      applyWrites(tx, extra);
    });

  /** The reverse of archiving: the original comes back with the same id. */
  const restoreFromArchive = (name: string, id: string, alsoWrite: MoveAlsoWrite = []) =>
    runTransaction(firestore(), async (tx) => {
      const archived = doc(firestore(), 'archive', name, 'items', id);
      const snap = await tx.get(archived);
      if (!snap.exists()) throw new Error(`Document ${id} not found in archive/${name}`);
      const extra = await alsoWrites(alsoWrite, snap.data(), reader(tx));
      tx.set(doc(firestore(), name, id), snap.data());
      tx.delete(archived);
      applyWrites(tx, extra);
    });

  const applyWrites = (writer: Writer, writes: BatchWrite[]) => {
    for (const w of writes) {
      const ref = doc(firestore(), writePath(w));
      if ('set' in w) writer.set(ref, sdkData(w.data), { merge: w.merge ?? false });
      else if ('update' in w) writer.update(ref, sdkData(w.data));
      else writer.delete(ref);
    }
  };

  /** Several writes as one all-or-nothing commit (paths are "collection/id"). */
  const commit = async (writes: BatchWrite[]) => {
    const batch = writeBatch(firestore());
    applyWrites(batch, writes);
    await batch.commit();
  };

  /**
   * A read-decide-write transaction: reads the documents at `paths` ("collection/id"), hands their
   * data (null when missing) to `decide`, and commits the writes it returns. When another client
   * changed a read document meanwhile, Firestore retries and `decide` sees the new data, so a
   * decision (a ticket admits once, the next invoice number) is never made on stale data.
   * `decide` may throw to abort with its own error. It may `read` more documents in the same
   * transaction, for paths that only the first reads name (a registration's seat).
   */
  const transact = <R = void>(
    paths: string[],
    decide: (
      docs: Array<WithId<DocumentData> | null>,
      read: ReadInTransaction,
    ) => { writes: BatchWrite[]; result?: R } | Promise<{ writes: BatchWrite[]; result?: R }>,
  ) =>
    runTransaction(firestore(), async (tx) => {
      const read = reader(tx);
      const docs = [];
      for (const path of paths) docs.push(await read(path));
      const { writes, result } = await decide(docs, read);
      applyWrites(tx, writes);
      return result as R;
    });

  return {
    fetchDocuments,
    fetchPage,
    fetchEvery,
    fetchDocument,
    fetchCount,
    fetchSum,
    createDocument,
    update,
    remove,
    moveToArchive,
    restoreFromArchive,
    commit,
    transact,
  };
}

export type SdkDb = ReturnType<typeof createSdkDb>;
