// The seam between the emulator's request handling and the security-rules engine.
// The server builds one AccessRequest per operation it must authorise and asks an Authorizer.
// With no rules file loaded the emulator uses `allowAll` (issue: "everything is allowed").

import type { Fields } from '../value-types.ts';

export type AccessMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

/** Decoded identity of the caller; null for an anonymous request. */
export interface AuthContext {
  uid: string;
  /** All claims of the (unsigned, emulator) ID token: email, email_verified, firebase.sign_in_provider, ... */
  token: Record<string, unknown>;
}

/** A document as rules see it. `path` is relative to `/databases/{db}/documents`, e.g. "registrations/abc". */
export interface DocumentSnapshotForRules {
  path: string;
  data: Fields;
}

/** What a list query asks for, for `request.query` and for the "rules are not filters" check. */
export interface QueryDescription {
  limit?: number;
  offset?: number;
  /** Equality constraints the query guarantees on every result: field path -> value. */
  equalities: Record<string, import('../value-types.ts').Value>;
  /** The documents the query matches, ignoring limit/offset (the candidates rules must cover). */
  candidates: DocumentSnapshotForRules[];
}

/**
 * An instant with Cloud Firestore's precision: seconds since the epoch and nanoseconds
 * (0 ≤ nanos < 1e9). Commit times have microseconds, which a `Date` cannot hold.
 */
export interface Instant {
  seconds: number;
  nanos: number;
}

/** A `Date` as an Instant (whole milliseconds). */
export function instantFromDate(d: Date): Instant {
  const ms = d.getTime();
  const seconds = Math.floor(ms / 1000);
  return { seconds, nanos: (ms - seconds * 1000) * 1_000_000 };
}

export interface AccessRequest {
  method: AccessMethod;
  database: string; // "(default)"
  /** Target document path relative to documents root; for `list`, the collection path + "/{any}" is matched with each candidate. */
  path: string;
  auth: AuthContext | null;
  /**
   * request.time. For a commit, its commit time exactly (microseconds), which is also what
   * serverTimestamp() writes; for a read, the time of the read.
   */
  time: Instant;
  /** Existing document (null when it does not exist). For list, unused (candidates carry data). */
  resource: DocumentSnapshotForRules | null;
  /** For create/update: the document as it would be after this write. */
  requestResource?: DocumentSnapshotForRules | null;
  query?: QueryDescription;
  /** Document state before the commit (get / exists). */
  lookup(path: string): Fields | null;
  /** Document state after the whole commit (getAfter / existsAfter); equals lookup outside commits. */
  lookupAfter(path: string): Fields | null;
  /**
   * What the operations of one request share (a commit's writes, a batchGet's documents): the
   * documents their rules read, so the request's limit applies to them together. Without it the
   * operation is a request of its own.
   */
  requestReads?: RequestReads;
}

/** The documents rules read for one request, and how many operations it has (the limit is 10 for one, 20 for more). */
export interface RequestReads {
  documents: Set<string>;
  operations: number;
}

/** What one operation's rules spent: the documents read (`get:x/1`, `getAfter:x/1`, in order) and the expressions evaluated. */
export interface OperationUsage {
  reads: string[];
  expressions: number;
  /** The expressions by the function that evaluated them (not counting its callees'); `allow` for conditions themselves. */
  byFunction?: Record<string, number>;
}

export interface AccessDecision {
  allowed: boolean;
  /** Human-readable reason, surfaced in the PERMISSION_DENIED message. */
  reason?: string;
  /** Set when a rules limit (limits.ts) denied the request: which one, as the documentation names it. */
  limit?: string;
  /** What evaluating the rules spent (rules engines report it; the emulator logs it per request). */
  usage?: OperationUsage;
}

export interface Authorizer {
  authorize(request: AccessRequest): AccessDecision;
}

export const allowAll: Authorizer = { authorize: () => ({ allowed: true }) };
