// One collection's documents with ordered indexes, so that a query such as
// `where('status','==','confirmed'), orderBy('timestamp','desc'), limit(25)` walks the timestamp
// order from its end and stops after 25 matches instead of sorting the whole collection.
//
// Indexes are built lazily, the first time a query orders by a field in a collection big enough
// to matter, and from then on kept up to date by each write (binary search + splice). A field
// index holds the documents that have the field, ordered by (value in Firestore's cross-type
// order, document id); the name index orders every document by id.
import { parseFieldPath } from './paths.ts';
import { getField } from './fields.ts';
import type { StoredDocument, Value } from './value-types.ts';
import { compareUtf8, compareValues } from './values.ts';

interface Entry {
  id: string;
  value: Value | null; // null in the name index
  doc: StoredDocument;
}

/** Below this size a query simply scans and sorts; an index would not pay for itself. */
export const INDEX_MIN_DOCUMENTS = 200;

export function documentId(doc: StoredDocument): string {
  return doc.name.slice(doc.name.lastIndexOf('/') + 1);
}

class SortedIndex {
  constructor(
    readonly entries: Entry[],
    private readonly valueOf: ((doc: StoredDocument) => Value | undefined) | null,
  ) {}

  static build(docs: Iterable<StoredDocument>, fieldPath: string | null): SortedIndex {
    const valueOf = fieldPath === null ? null : fieldReader(fieldPath);
    const entries: Entry[] = [];
    for (const doc of docs) {
      const value = valueOf ? valueOf(doc) : null;
      if (value !== undefined) entries.push({ id: documentId(doc), value, doc });
    }
    entries.sort(compareEntries);
    return new SortedIndex(entries, valueOf);
  }

  entryFor(doc: StoredDocument): Entry | null {
    if (!this.valueOf) return { id: documentId(doc), value: null, doc };
    const value = this.valueOf(doc);
    return value === undefined ? null : { id: documentId(doc), value, doc };
  }

  /** First position whose entry is not before `probe`. */
  lowerBound(probe: Entry): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareEntries(this.entries[mid], probe) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First position whose value is not before `value` (ignoring ids). */
  lowerBoundValue(value: Value): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareValues(this.entries[mid].value!, value) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First position whose value is after `value`. */
  upperBoundValue(value: Value): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareValues(this.entries[mid].value!, value) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  remove(doc: StoredDocument) {
    const probe = this.entryFor(doc);
    if (!probe) return;
    const i = this.lowerBound(probe);
    if (i < this.entries.length && this.entries[i].id === probe.id) this.entries.splice(i, 1);
  }

  insert(doc: StoredDocument) {
    const entry = this.entryFor(doc);
    if (entry) this.entries.splice(this.lowerBound(entry), 0, entry);
  }
}

function compareEntries(a: Entry, b: Entry): number {
  if (a.value !== null && b.value !== null) {
    const c = compareValues(a.value, b.value);
    if (c) return c;
  }
  return compareUtf8(a.id, b.id);
}

function fieldReader(fieldPath: string): (doc: StoredDocument) => Value | undefined {
  const segments = parseFieldPath(fieldPath);
  return (doc) => getField(doc.fields, segments);
}

export class CollectionIndex {
  /** Documents by id. */
  readonly docs = new Map<string, StoredDocument>();
  private byName: SortedIndex | null = null;
  private readonly byField = new Map<string, SortedIndex>();

  get size(): number {
    return this.docs.size;
  }

  get(id: string): StoredDocument | undefined {
    return this.docs.get(id);
  }

  /** Puts (or with null, removes) the document with this id, keeping built indexes in order. */
  set(id: string, doc: StoredDocument | null) {
    const previous = this.docs.get(id);
    if (previous) {
      this.byName?.remove(previous);
      for (const index of this.byField.values()) index.remove(previous);
    }
    if (doc) {
      this.docs.set(id, doc);
      this.byName?.insert(doc);
      for (const index of this.byField.values()) index.insert(doc);
    } else {
      this.docs.delete(id);
    }
  }

  /** Number of ordered indexes built so far (for tests and the bench). */
  get indexCount(): number {
    return (this.byName ? 1 : 0) + this.byField.size;
  }

  private index(fieldPath: string): SortedIndex {
    if (fieldPath === '__name__') return (this.byName ??= SortedIndex.build(this.docs.values(), null));
    let index = this.byField.get(fieldPath);
    if (!index) this.byField.set(fieldPath, (index = SortedIndex.build(this.docs.values(), fieldPath)));
    return index;
  }

  /**
   * Documents having `fieldPath`, in (value, id) order, or its reverse when `descending`.
   * `from` skips ahead to the first value not before it (in walking order); `__name__` walks ids
   * and then `from` is a document id.
   */
  *walk(fieldPath: string, descending: boolean, from?: Value | string): Generator<StoredDocument> {
    const index = this.index(fieldPath);
    const entries = index.entries;
    if (!descending) {
      let i = 0;
      if (from !== undefined) i = typeof from === 'string' ? index.lowerBound({ id: from, value: null, doc: null! }) : index.lowerBoundValue(from);
      for (; i < entries.length; i++) yield entries[i].doc;
    } else {
      let i = entries.length - 1;
      if (from !== undefined) {
        i = typeof from === 'string' ? index.lowerBound({ id: from, value: null, doc: null! }) : index.upperBoundValue(from) - 1;
        if (typeof from === 'string' && (i >= entries.length || entries[i].id !== from)) i--;
      }
      for (; i >= 0; i--) yield entries[i].doc;
    }
  }
}
