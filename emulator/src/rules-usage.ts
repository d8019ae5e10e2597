// What the rules spent on each request: per operation, the documents read (get, exists, getAfter,
// existsAfter) and the expressions evaluated; per request, the distinct documents read. Kept for
// the latest requests so that a tool can measure an app's paths against Cloud Firestore's limits
// (`npm run rules-budget`): GET /emulator/v1/projects/{p}:rulesUsage, DELETE to forget them.
import type { AccessDecision, AccessMethod } from './rules/contract.ts';

export type RequestKind = 'commit' | 'get' | 'batchGet' | 'query' | 'aggregation' | 'listDocuments';

export interface OperationRecord {
  method: AccessMethod;
  /** Relative to the documents root: `registrations/abc`, or the collection for a query. */
  path: string;
  allowed: boolean;
  /** The documents read, in order: `get:settings/site`, `getAfter:seats/3`. */
  reads: string[];
  expressions: number;
  /** Expressions by the function that evaluated them (callees apart); `allow` for the conditions themselves. */
  byFunction: Record<string, number>;
  /** The limit that denied it, if one did. */
  limit?: string;
}

export interface RequestRecord {
  /** Increases with every request recorded, across projects. */
  seq: number;
  project: string;
  kind: RequestKind;
  /** Who asked: the ID token's email, else its uid; '' when anonymous. */
  caller: string;
  operations: OperationRecord[];
  /** Distinct documents read by the whole request (what its limit of 10 or 20 counts). */
  documentReads: number;
}

/** How many requests are kept (the oldest are forgotten first). */
export const USAGE_CAPACITY = 5000;

export class RulesUsageLog {
  private records: RequestRecord[] = [];
  private seq = 0;

  start(project: string, kind: RequestKind, caller: string): RequestRecord {
    const record: RequestRecord = { seq: ++this.seq, project, kind, caller, operations: [], documentReads: 0 };
    this.records.push(record);
    if (this.records.length > USAGE_CAPACITY) this.records.splice(0, this.records.length - USAGE_CAPACITY);
    return record;
  }

  /** Adds an operation's spending to its request. */
  add(record: RequestRecord, method: AccessMethod, path: string, decision: AccessDecision) {
    if (!decision.usage) return;
    const { reads, expressions, byFunction = {} } = decision.usage;
    const op: OperationRecord = { method, path, allowed: decision.allowed, reads, expressions, byFunction };
    if (decision.limit) op.limit = decision.limit;
    record.operations.push(op);
    record.documentReads = new Set(record.operations.flatMap((o) => o.reads)).size;
  }

  /** A project's requests after `since` (a seq), oldest first. */
  list(project: string, since = 0): RequestRecord[] {
    return this.records.filter((r) => r.project === project && r.seq > since);
  }

  reset(project: string) {
    this.records = this.records.filter((r) => r.project !== project);
  }
}
