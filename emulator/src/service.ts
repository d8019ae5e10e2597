// The Firestore operations, independent of HTTP: commit, batchGet, get, list, runQuery,
// runAggregationQuery, beginTransaction, rollback, listCollectionIds, and the emulator's clear.
// Every operation that reads or writes documents asks the Authorizer unless the caller is the
// `owner`; a denial is PERMISSION_DENIED and nothing is written.
//
// Each commit runs synchronously from reading the current state to applying the new one, so
// precondition checks and the write are atomic; only waiting for the disk is asynchronous. Reads
// also wait until what they saw is on disk before answering.
import { aggregate, aggregatedFields, parseAggregations, requireAggregatedFields } from './aggregation.ts';
import type { Caller } from './auth-token.ts';
import { applyWrites, parseWrites, writtenPaths } from './commit.ts';
import { ApiError, invalid, PERMISSION_DENIED_MESSAGE, RPC_CODE, toApiError } from './errors.ts';
import { project } from './fields.ts';
import { parseDocumentName, parseFieldPath, parseParentName, parseResourceName, type ResourceName } from './paths.ts';
import { executeQuery, parseStructuredQuery, queryEqualities, type ParsedQuery, type QuerySource } from './query.ts';
import { allowAll, type AccessRequest, type Authorizer, type DocumentSnapshotForRules, type Instant, type RequestReads } from './rules/contract.ts';
import type { RulesCoverage } from './rules/coverage.ts';
import { RulesUsageLog, type RequestKind, type RequestRecord } from './rules-usage.ts';
import type { Store } from './store.ts';
import { WriteMeter } from './hotspots.ts';
import { indexKey, requireIndexes, type IndexConfig } from './indexes.ts';
import { Transactions } from './transactions.ts';
import type { Fields, StoredDocument } from './value-types.ts';
import { parseTimestamp } from './values.ts';

/** A document as the REST API returns it (no `fields` key when it has none). */
export interface DocumentJson {
  name: string;
  fields?: Fields;
  createTime: string;
  updateTime: string;
}

type AccessDetails = Omit<AccessRequest, 'auth' | 'database' | 'time' | 'lookup' | 'lookupAfter'>;

/** One request as the rules see it: the documents its operations read together, and where its spending is logged. */
interface RulesRequest {
  reads: RequestReads;
  record: RequestRecord | null;
}

export function snapshotForRules(path: string, doc: StoredDocument): DocumentSnapshotForRules {
  return { path, data: doc.fields };
}

export function instant(timestamp: string): Instant {
  const [seconds, nanos] = parseTimestamp(timestamp);
  return { seconds, nanos };
}

function relativePath(name: string): string {
  return name.slice(name.indexOf('/documents/') + '/documents/'.length);
}

function present(doc: StoredDocument, mask?: string[][] | null): DocumentJson {
  const fields = mask ? project(doc.fields, mask) : doc.fields;
  const out: DocumentJson = { name: doc.name, createTime: doc.createTime, updateTime: doc.updateTime };
  for (const _ in fields) {
    out.fields = fields;
    break;
  }
  return out;
}

function parseMask(raw: unknown): string[][] | null {
  const paths = (raw as { fieldPaths?: unknown } | undefined)?.fieldPaths;
  if (paths === undefined) return null;
  if (!Array.isArray(paths)) throw invalid('mask.fieldPaths must be a list.');
  return paths.map((p) => parseFieldPath(String(p)));
}

/** The database of a request whose resource is `projects/p/databases/d/documents`. */
function parseDatabase(name: string): ResourceName {
  const r = parseResourceName(name);
  if (r.segments.length) throw invalid(`Expected the database root projects/{project}/databases/{database}/documents, got "${name}".`);
  return r;
}

export class FirestoreService {
  private authorizer: Authorizer = allowAll;
  /** The composite indexes in force, or null to serve every query (the official emulator's way). */
  private indexes: IndexConfig | null = null;
  /** How many queries each composite index served, by indexKey(). */
  readonly indexUse = new Map<string, number>();
  /** Writes per document, to find the ones written faster than Firestore sustains. */
  readonly writeMeter = new WriteMeter();
  readonly transactions = new Transactions();
  /** What the rules spent on the latest requests (GET /emulator/v1/projects/{p}:rulesUsage). */
  readonly rulesUsage = new RulesUsageLog();
  /** Each allow's and function's outcomes, when the rules count them (GET /emulator/v1/projects/{p}:rulesCoverage). */
  rulesCoverage: RulesCoverage | null = null;

  constructor(readonly store: Store) {}

  setAuthorizer(authorizer: Authorizer) {
    this.authorizer = authorizer;
  }

  setIndexes(indexes: IndexConfig | null) {
    this.indexes = indexes;
  }

  /** Each composite index in force with the number of queries it served (0: nothing used it). */
  indexUsageReport() {
    return {
      enforced: this.indexes !== null,
      indexes: (this.indexes?.indexes ?? []).map((index) => ({ ...index, queries: this.indexUse.get(indexKey(index)) ?? 0 })),
    };
  }

  /** Refuses, as production does, a query no index serves; counts the composites used. */
  private checkIndexes(q: ParsedQuery, aggregated: string[] = []) {
    if (!this.indexes) return;
    for (const index of requireIndexes(this.indexes, q, aggregated)) {
      const key = indexKey(index);
      this.indexUse.set(key, (this.indexUse.get(key) ?? 0) + 1);
    }
  }

  // ---------- authorisation ----------

  private needsRules(caller: Caller): boolean {
    return caller.kind !== 'owner' && this.authorizer !== allowAll;
  }

  /** A request of `operations` operations, for authorize(); logged only when rules are asked. */
  private rulesRequest(caller: Caller, db: ResourceName, kind: RequestKind, operations: number): RulesRequest {
    const reads = { documents: new Set<string>(), operations };
    if (!this.needsRules(caller)) return { reads, record: null };
    const who = caller.kind === 'user' ? String(caller.auth.token.email ?? caller.auth.uid) : '';
    return { reads, record: this.rulesUsage.start(db.project, kind, who) };
  }

  /** Asks the rules; `time` is request.time (a read's: now, as the read time is). */
  private authorize(caller: Caller, db: ResourceName, details: AccessDetails, rules: RulesRequest, time?: Instant, after?: Map<string, StoredDocument | null>) {
    if (caller.kind === 'owner') return;
    const lookup = (path: string) => this.store.get(db.databaseKey, path)?.fields ?? null;
    const lookupAfter = (path: string) => (after?.has(path) ? (after.get(path)?.fields ?? null) : lookup(path));
    const decision = this.authorizer.authorize({
      ...details,
      database: db.database,
      auth: caller.kind === 'user' ? caller.auth : null,
      time: time ?? instant(this.store.readTime()),
      lookup,
      lookupAfter,
      requestReads: rules.reads,
    });
    if (rules.record) this.rulesUsage.add(rules.record, details.method, details.path, decision);
    if (!decision.allowed) {
      throw new ApiError('PERMISSION_DENIED', decision.reason ? `${PERMISSION_DENIED_MESSAGE} (${decision.reason})` : PERMISSION_DENIED_MESSAGE);
    }
  }

  // ---------- writes ----------

  async commit(caller: Caller, databaseName: string, body: Record<string, unknown>) {
    const db = parseDatabase(databaseName);
    const writes = parseWrites(body.writes, db);
    const commitTime = this.store.commitTime(db.databaseKey, writtenPaths(writes));
    const lookup = (path: string) => this.store.get(db.databaseKey, path);
    if (body.transaction !== undefined) {
      this.transactions.finish(body.transaction, db.databaseKey, writes.length > 0, (path) => lookup(path)?.updateTime ?? null);
    }
    const applied = applyWrites(writes, lookup, commitTime);
    // Rules see each document against the state after the whole commit (getAfter), the commit's
    // writes sharing one request's document reads; request.time is the commit time (what
    // serverTimestamp writes).
    const rules = this.rulesRequest(caller, db, 'commit', applied.accesses.length);
    const time = instant(commitTime);
    for (const access of applied.accesses) {
      this.authorize(
        caller,
        db,
        {
          method: access.method,
          path: access.path,
          resource: access.before ? snapshotForRules(access.path, access.before) : null,
          requestResource: access.after ? snapshotForRules(access.path, access.after) : null,
        },
        rules,
        time,
        applied.after,
      );
    }
    this.writeMeter.record(writtenPaths(writes).map((path) => `${db.root}/${path}`));
    if (applied.changes.size) await this.store.commit(db.databaseKey, [...applied.changes]);
    else await this.store.durable();
    return { writeResults: applied.writeResults, commitTime };
  }

  /**
   * batchWrite (firebase-admin's BulkWriter): each write on its own, not atomically; a status per
   * write. The writes are still applied in order, each as a commit of one.
   */
  async batchWrite(caller: Caller, databaseName: string, body: Record<string, unknown>) {
    const db = parseDatabase(databaseName);
    const writes = body.writes ?? [];
    if (!Array.isArray(writes)) throw invalid('writes must be a list.');
    const outcomes = writes.map((write) =>
      this.commit(caller, db.root, { writes: [write] }).then(
        (r) => ({ result: r.writeResults[0], status: { code: RPC_CODE.OK } }),
        (error: unknown) => {
          const api = toApiError(error);
          return { result: {}, status: { code: RPC_CODE[api.status], message: api.message } };
        },
      ),
    );
    const done = await Promise.all(outcomes);
    return { writeResults: done.map((d) => d.result), status: done.map((d) => d.status) };
  }

  // ---------- reads ----------

  /** A read's transaction: an existing one (`transaction`) or a new one (`newTransaction`). */
  private readTransaction(db: ResourceName, body: Record<string, unknown>): { id?: string; started?: string } {
    if (body.transaction !== undefined && body.newTransaction !== undefined) throw invalid('A read may set transaction or newTransaction, not both.');
    if (body.transaction !== undefined) {
      this.transactions.use(body.transaction, db.databaseKey);
      return { id: body.transaction as string };
    }
    if (body.newTransaction !== undefined) {
      const id = this.transactions.begin(db.databaseKey, body.newTransaction);
      return { id, started: id };
    }
    return {};
  }

  async batchGet(caller: Caller, databaseName: string, body: Record<string, unknown>) {
    const db = parseDatabase(databaseName);
    const names = body.documents ?? [];
    if (!Array.isArray(names)) throw invalid('documents must be a list of document names.');
    const mask = parseMask(body.mask);
    const docs = names.map((name) => {
      const r = parseDocumentName(String(name));
      if (r.databaseKey !== db.databaseKey) throw invalid(`Document "${name}" is not in the database of the request.`);
      return { name: String(name), path: r.path, doc: this.store.get(db.databaseKey, r.path) };
    });
    const rules = this.rulesRequest(caller, db, 'batchGet', docs.length);
    for (const d of docs) this.authorize(caller, db, { method: 'get', path: d.path, resource: d.doc ? snapshotForRules(d.path, d.doc) : null }, rules);
    const tx = this.readTransaction(db, body);
    if (tx.id) for (const d of docs) this.transactions.recordRead(tx.id, db.databaseKey, d.path, d.doc?.updateTime ?? null);
    const readTime = this.store.readTime();
    const out: Array<Record<string, unknown>> = docs.map((d) => (d.doc ? { found: present(d.doc, mask), readTime } : { missing: d.name, readTime }));
    if (tx.started) {
      if (out.length) out[0] = { transaction: tx.started, ...out[0] };
      else out.push({ transaction: tx.started, readTime });
    }
    await this.store.durable();
    return out;
  }

  /** GET of one document (`mask.fieldPaths` may repeat in the query string). */
  async getDocument(caller: Caller, name: string, options: { mask?: string[]; transaction?: string } = {}) {
    const r = parseDocumentName(name);
    const doc = this.store.get(r.databaseKey, r.path);
    this.authorize(caller, r, { method: 'get', path: r.path, resource: doc ? snapshotForRules(r.path, doc) : null }, this.rulesRequest(caller, r, 'get', 1));
    if (options.transaction) this.transactions.recordRead(options.transaction, r.databaseKey, r.path, doc?.updateTime ?? null);
    await this.store.durable();
    if (!doc) throw new ApiError('NOT_FOUND', `Document "${name}" not found.`);
    return present(doc, options.mask?.length ? options.mask.map((p) => parseFieldPath(p)) : null);
  }

  /** GET of a collection (listDocuments): by id, in pages. */
  async listDocuments(caller: Caller, collectionName: string, options: { pageSize?: number; pageToken?: string; mask?: string[]; showMissing?: boolean } = {}) {
    const r = parseResourceName(collectionName);
    if (r.segments.length % 2 !== 1) throw invalid(`"${collectionName}" is not a collection.`);
    const source = this.store.collection(r.databaseKey, r.path);
    const existing = [...source.scan()];
    // showMissing: also the documents that do not exist but have subcollections (name only).
    const missing: StoredDocument[] = options.showMissing
      ? this.store.missingParents(r.databaseKey, r.path).map((id) => ({ name: `${collectionName}/${id}`, fields: {}, createTime: '', updateTime: '' }))
      : [];
    const all = [...existing, ...missing].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.authorize(
      caller,
      r,
      {
        method: 'list',
        path: r.path,
        resource: null,
        query: { equalities: {}, candidates: this.needsRules(caller) ? existing.map((d) => snapshotForRules(relativePath(d.name), d)) : [] },
      },
      this.rulesRequest(caller, r, 'listDocuments', 1),
    );
    const after = options.pageToken ? Buffer.from(options.pageToken, 'base64url').toString('utf8') : '';
    const start = after ? all.findIndex((d) => d.name > after) : 0;
    const pageSize = options.pageSize && options.pageSize > 0 ? Math.min(options.pageSize, 300) : 300;
    const page = start < 0 ? [] : all.slice(start, start + pageSize);
    const mask = options.mask?.length ? options.mask.map((p) => parseFieldPath(p)) : null;
    await this.store.durable();
    const out: { documents?: DocumentJson[]; nextPageToken?: string } = {};
    if (page.length) out.documents = page.map((d) => (d.createTime ? present(d, mask) : ({ name: d.name } as DocumentJson)));
    if (start >= 0 && start + pageSize < all.length) out.nextPageToken = Buffer.from(page[page.length - 1].name).toString('base64url');
    return out;
  }

  private source(parent: ResourceName, q: ParsedQuery): { source: QuerySource; collectionPath: string } {
    const collectionPath = parent.path ? `${parent.path}/${q.collectionId}` : q.collectionId;
    const source = q.allDescendants
      ? this.store.group(parent.databaseKey, parent.path, q.collectionId)
      : this.store.collection(parent.databaseKey, collectionPath);
    return { source, collectionPath };
  }

  /** Runs a query after asking the rules for `list` with its constraints and candidates. */
  private execute(caller: Caller, parent: ResourceName, q: ParsedQuery, kind: RequestKind, unordered = false, aggregated: string[] = []) {
    this.checkIndexes(q, aggregated);
    const { source, collectionPath } = this.source(parent, q);
    const needsRules = this.needsRules(caller);
    const result = executeQuery(q, source, { allCandidates: needsRules, unordered });
    this.authorize(
      caller,
      parent,
      {
        method: 'list',
        path: collectionPath,
        resource: null,
        query: {
          limit: q.limit,
          offset: q.offset || undefined,
          equalities: queryEqualities(q),
          candidates: (result.candidates ?? []).map((d) => snapshotForRules(relativePath(d.name), d)),
        },
      },
      this.rulesRequest(caller, parent, kind, 1),
    );
    return result;
  }

  async runQuery(caller: Caller, parentName: string, body: Record<string, unknown>) {
    const parent = parseParentName(parentName);
    if (body.structuredQuery === undefined) throw invalid('runQuery needs a structuredQuery.');
    const q = parseStructuredQuery(body.structuredQuery);
    const result = this.execute(caller, parent, q, 'query');
    const tx = this.readTransaction(parent, body);
    if (tx.id) for (const d of result.results) this.transactions.recordRead(tx.id, parent.databaseKey, relativePath(d.name), d.updateTime);
    const readTime = this.store.readTime();
    const out: Array<Record<string, unknown>> = result.results.map((d) => ({ document: present(d, q.projection), readTime }));
    if (!out.length) out.push({ readTime });
    if (result.skipped) out[0] = { ...out[0], skippedResults: result.skipped };
    if (tx.started) out[0] = { transaction: tx.started, ...out[0] };
    await this.store.durable();
    return out;
  }

  async runAggregationQuery(caller: Caller, parentName: string, body: Record<string, unknown>) {
    const parent = parseParentName(parentName);
    const spec = body.structuredAggregationQuery as { structuredQuery?: unknown; aggregations?: unknown } | undefined;
    if (!spec?.structuredQuery) throw invalid('runAggregationQuery needs structuredAggregationQuery.structuredQuery.');
    const aggregations = parseAggregations(spec.aggregations);
    const q = requireAggregatedFields(parseStructuredQuery(spec.structuredQuery), aggregations);
    const result = this.execute(caller, parent, q, 'aggregation', true, aggregatedFields(aggregations));
    const tx = this.readTransaction(parent, body);
    const out: Record<string, unknown> = { result: { aggregateFields: aggregate(aggregations, result.results) }, readTime: this.store.readTime() };
    await this.store.durable();
    return [tx.started ? { transaction: tx.started, ...out } : out];
  }

  // ---------- transactions ----------

  beginTransaction(databaseName: string, body: Record<string, unknown>) {
    const db = parseDatabase(databaseName);
    return { transaction: this.transactions.begin(db.databaseKey, body.options) };
  }

  rollback(databaseName: string, body: Record<string, unknown>) {
    parseDatabase(databaseName);
    this.transactions.rollback(body.transaction);
    return {};
  }

  /** Collection ids under the root or a document (firebase-admin's listCollections); owner only. */
  async listCollectionIds(caller: Caller, parentName: string) {
    const parent = parseParentName(parentName);
    if (caller.kind !== 'owner') throw new ApiError('PERMISSION_DENIED', PERMISSION_DENIED_MESSAGE);
    await this.store.durable();
    return { collectionIds: this.store.collectionIds(parent.databaseKey, parent.path) };
  }

  /** DELETE /emulator/v1/projects/{p}/databases/{d}/documents: every document of the database. */
  async clear(project: string, database: string) {
    await this.store.clear(`projects/${project}/databases/${database}`);
  }
}
