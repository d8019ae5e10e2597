// Document access calls made by rules (get, exists, getAfter, existsAfter), with Cloud Firestore's
// limits (limits.ts): each operation may read 10 documents, and a request 10 when it is one
// operation or 20 when it is several (a commit of several writes, a batchGet of several
// documents), shared by all its operations.
//
// How calls are counted (the documentation says only "some document access calls may be
// cached, and cached calls do not count"):
// - the same document read again by the same operation is cached: counted once for it;
// - `get` and `getAfter` of one path are two different reads (before and after the commit);
// - a document that another operation of the same request already read is served from the
//   request's cache, but still counts for this operation (its own limit of 10 is its own), and
//   once for the request.
import type { AccessRequest, RequestReads } from './contract.ts';
import type { Fields } from '../value-types.ts';
import { evaluationError } from './errors.ts';
import { FIRESTORE_LIMITS, RulesLimitError, type RuntimeLimits } from './limits.ts';
import { RPath, typeName, RUnknown, type RValue } from './values.ts';

// One cache per request: a commit passes the same RequestReads to each of its writes, so they share it.
const caches = new WeakMap<RequestReads, Map<string, Fields | null>>();

/** What `get('x/1')` counts as: `get:x/1`, or `getAfter:x/1` for the state after the commit. */
export function readKey(path: string, after: boolean): string {
  return `${after ? 'getAfter' : 'get'}:${path}`;
}

/** How limit errors name the calls and the limits: Firestore's own functions, or Cloud Storage's cross-service ones. */
export interface ReadLabels {
  calls: string;
  perOperation: string;
  perRequest: string;
}

export const FIRESTORE_READ_LABELS: ReadLabels = {
  calls: 'get, exists, getAfter, existsAfter',
  perOperation: 'document access calls per operation',
  perRequest: 'document access calls per request',
};

export class DocumentReads {
  private readonly cache: Map<string, Fields | null>;
  /** The documents this operation's rules read, in order (readKey form). */
  readonly own: string[] = [];
  private readonly ownSet = new Set<string>();

  constructor(
    private readonly request: Pick<AccessRequest, 'lookup' | 'lookupAfter' | 'database' | 'method' | 'path'>,
    readonly shared: RequestReads = { documents: new Set(), operations: 1 },
    private readonly limits: RuntimeLimits = FIRESTORE_LIMITS,
    private readonly labels: ReadLabels = FIRESTORE_READ_LABELS,
  ) {
    let cache = caches.get(shared);
    if (!cache) caches.set(shared, (cache = new Map()));
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

  private requestCap(): number {
    return this.shared.operations > 1 ? this.limits.readsPerMultiRequest : this.limits.readsPerSingleRequest;
  }

  /** The document's fields, or null when it does not exist (before or after the commit). */
  read(path: string, after: boolean): Fields | null {
    const key = readKey(path, after);
    if (!this.ownSet.has(key)) {
      const operation = `'${this.request.method}' on /${this.request.path}`;
      if (this.own.length >= this.limits.readsPerOperation) {
        throw new RulesLimitError(
          this.labels.perOperation,
          `${operation} needs more than ${this.limits.readsPerOperation} document access calls (${this.labels.calls}) for one operation (reading ${key} after ${this.own.join(', ')})`,
        );
      }
      if (!this.shared.documents.has(key)) {
        const cap = this.requestCap();
        if (this.shared.documents.size >= cap) {
          throw new RulesLimitError(
            this.labels.perRequest,
            `${operation} takes its request over ${cap} document access calls (${this.labels.calls}) for a ${this.shared.operations > 1 ? `request of ${this.shared.operations} operations` : 'single-operation request'} (reading ${key})`,
          );
        }
        this.shared.documents.add(key);
      }
      this.ownSet.add(key);
      this.own.push(key);
    }
    if (this.cache.has(key)) return this.cache.get(key)!;
    const data = after ? this.request.lookupAfter(path) : this.request.lookup(path);
    this.cache.set(key, data);
    return data;
  }
}
