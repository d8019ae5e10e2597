// Document reads made by rules (get, exists, getAfter, existsAfter), with Firestore's limits:
// 10 distinct documents for a single-document request or a query, 20 for a commit of several
// writes, shared by all the writes of that commit. Reading the same document again is served
// from a cache and not counted again, as in Cloud Firestore.
import type { AccessRequest } from './contract.ts';
import type { Fields } from '../value-types.ts';
import { evaluationError } from './errors.ts';
import { RPath, typeName, RUnknown, type RValue } from './values.ts';

export const SINGLE_REQUEST_READS = 10;
export const MULTI_WRITE_READS = 20;

export interface ReadBudget {
  reads: Set<string>;
  maxReads: number;
}

// One cache per budget: a commit passes the same budget to each of its writes, so they share it.
const caches = new WeakMap<ReadBudget, Map<string, Fields | null>>();

export class DocumentReads {
  private readonly cache: Map<string, Fields | null>;

  constructor(
    private readonly request: Pick<AccessRequest, 'lookup' | 'lookupAfter' | 'database'>,
    readonly budget: ReadBudget = { reads: new Set(), maxReads: SINGLE_REQUEST_READS },
  ) {
    let cache = caches.get(budget);
    if (!cache) caches.set(budget, (cache = new Map()));
    this.cache = cache;
  }

  /** The document path (relative to the documents root) that a rules path names. */
  documentPath(v: RValue, fn: string): string {
    if (v instanceof RUnknown) return v.use();
    if (!(v instanceof RPath)) return evaluationError(`${fn}() needs a path, not ${typeName(v)}`);
    const s = v.segments;
    if (s[0] !== 'databases' || s[2] !== 'documents' || s.length < 5 || (s.length - 3) % 2 !== 0) {
      return evaluationError(`${fn}(): '${v.toString()}' is not a document path (/databases/{database}/documents/{collection}/{id}…)`);
    }
    if (s[1] !== this.request.database) return evaluationError(`${fn}(): rules can only read documents of database '${this.request.database}'`);
    const rest = s.slice(3);
    for (const segment of rest) {
      if (segment === '' || segment.includes('/')) return evaluationError(`${fn}(): invalid path segment ${JSON.stringify(segment)}`);
    }
    return rest.join('/');
  }

  /** The document's fields, or null when it does not exist (before or after the commit). */
  read(path: string, after: boolean): Fields | null {
    const key = `${after ? 'after' : 'before'}:${path}`;
    if (this.cache.has(key)) return this.cache.get(key)!;
    if (!this.budget.reads.has(key)) {
      if (this.budget.reads.size >= this.budget.maxReads) {
        evaluationError(`more than ${this.budget.maxReads} document reads (get, exists, getAfter, existsAfter) in one request`);
      }
      this.budget.reads.add(key);
    }
    const data = after ? this.request.lookupAfter(path) : this.request.lookup(path);
    this.cache.set(key, data);
    return data;
  }
}
