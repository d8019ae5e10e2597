// The Firestore operations, independent of HTTP: commit, batchGet, runQuery, runAggregationQuery,
// transactions. Every read and write is authorised by the Authorizer unless the caller is `owner`.
import { randomBytes } from 'node:crypto';
import { ApiError, invalid } from './errors.ts';
import { getField, setField, validateFields } from './fields.ts';
import { documentPath, parseFieldPath, parseResourceName, rootOf } from './paths.ts';
import { aggregate, equalityConstraints, runStructuredQuery, type Aggregation, type StructuredQuery } from './query.ts';
import { allowAll, type AccessMethod, type AccessRequest, type Authorizer, type DocumentSnapshotForRules } from './rules/contract.ts';
import type { Caller } from './auth-token.ts';
import { Store } from './store.ts';
import { applyTransform, type FieldTransform } from './transforms.ts';
import type { Fields, StoredDocument, Value } from './value-types.ts';
import { fieldsSize, formatTimestamp, normalizeFields, parseTimestamp } from './values.ts';

const MAX_DOCUMENT_BYTES = 1_048_576;
const MAX_WRITES_PER_COMMIT = 500;

export interface Write {
  update?: { name: string; fields?: Fields };
  delete?: string;
  transform?: { document: string; fieldTransforms?: FieldTransform[] };
  updateMask?: { fieldPaths?: string[] };
  updateTransforms?: FieldTransform[];
  currentDocument?: { exists?: boolean; updateTime?: string };
}

export class FirestoreService {
  private authorizer: Authorizer = allowAll;
  private readonly transactions = new Set<string>();

  constructor(readonly store: Store) {}

  setAuthorizer(a: Authorizer) {
    this.authorizer = a;
  }

  // ---------- authorisation ----------

  private authorize(
    caller: Caller,
    database: string,
    partial: Omit<AccessRequest, 'auth' | 'database' | 'time' | 'lookup' | 'lookupAfter'>,
    overlay?: Map<string, StoredDocument | null>,
    time = new Date(),
  ) {
    if (caller.kind === 'owner') return;
    const lookup = (path: string) => this.store.get(database, stripRoot(path))?.fields ?? null;
    const lookupAfter = (path: string) => {
      const p = stripRoot(path);
      if (overlay?.has(p)) return overlay.get(p)?.fields ?? null;
      return lookup(p);
    };
    const decision = this.authorizer.authorize({
      ...partial,
      database,
      auth: caller.kind === 'user' ? caller.auth : null,
      time,
      lookup,
      lookupAfter,
    });
    if (!decision.allowed) {
      throw new ApiError('PERMISSION_DENIED', `Missing or insufficient permissions.${decision.reason ? ` (${decision.reason})` : ''}`);
    }
  }

  // ---------- writes ----------

  async commit(caller: Caller, rootName: string, body: { writes?: Write[]; transaction?: string }) {
    const { database } = parseResourceName(rootName);
    const writes = body.writes ?? [];
    if (writes.length > MAX_WRITES_PER_COMMIT) throw invalid(`A commit may contain at most ${MAX_WRITES_PER_COMMIT} writes.`);
    if (body.transaction) this.endTransaction(body.transaction);
    const commitTime = this.store.nextCommitTime();
    // Everything below is synchronous until store.commit: commits are atomic and serialised.
    const overlay = new Map<string, StoredDocument | null>();
    const current = (path: string) => (overlay.has(path) ? overlay.get(path)! : this.store.get(database, path));
    const writeResults: Array<{ updateTime: string; transformResults?: Value[] }> = [];
    const checks: Array<{ method: AccessMethod; path: string; before: StoredDocument | null }> = [];
    for (const write of writes) {
      const name = write.update?.name ?? write.delete ?? write.transform?.document;
      if (!name) throw invalid('A write must have update, delete or transform.');
      const path = documentPath(name);
      const before = current(path);
      checkPrecondition(write.currentDocument, before, name);
      if (write.delete) {
        overlay.set(path, null);
        checks.push({ method: 'delete', path, before: this.store.get(database, path) });
        writeResults.push({ updateTime: commitTime });
        continue;
      }
      let fields: Fields;
      if (write.update) {
        const incoming = normalizeFields(write.update.fields ?? {});
        validateFields(incoming);
        if (write.updateMask) {
          fields = before?.fields ?? {};
          for (const fp of write.updateMask.fieldPaths ?? []) {
            const segs = parseFieldPath(fp);
            fields = setField(fields, segs, getField(incoming, segs));
          }
        } else {
          fields = incoming;
        }
      } else {
        fields = before?.fields ?? {};
      }
      const transforms = write.updateTransforms ?? write.transform?.fieldTransforms ?? [];
      const transformResults: Value[] = [];
      for (const t of transforms) {
        const segs = parseFieldPath(t.fieldPath);
        const value = applyTransform(t, getField(fields, segs), commitTime);
        fields = setField(fields, segs, value);
        transformResults.push(value);
      }
      const size = fieldsSize(fields) + Buffer.byteLength(path) + 16 + 32;
      if (size > MAX_DOCUMENT_BYTES) {
        throw invalid(`Document '${name}' cannot be written because its size (${size.toLocaleString('en-US')} bytes) exceeds the maximum allowed size of 1,048,576 bytes.`);
      }
      overlay.set(path, { name, fields, createTime: before?.createTime ?? commitTime, updateTime: commitTime });
      const existing = this.store.get(database, path);
      checks.push({ method: existing ? 'update' : 'create', path, before: existing });
      writeResults.push(transforms.length ? { updateTime: commitTime, transformResults } : { updateTime: commitTime });
    }
    // Rules see each write against the state after the whole commit (getAfter), and the reads
    // they make count toward one limit for the whole commit, as in Cloud Firestore.
    const readBudget = { reads: new Set<string>(), maxReads: checks.length > 1 ? 20 : 10 };
    for (const check of checks) {
      const after = overlay.get(check.path) ?? null;
      this.authorize(
        caller,
        database,
        {
          method: check.method,
          path: check.path,
          resource: check.before ? snapshotForRules(check.before) : null,
          requestResource: after ? snapshotForRules(after) : null,
          readBudget,
        },
        overlay,
        // request.time is the commit time, which is also what serverTimestamp() writes.
        new Date(Date.parse(commitTime)),
      );
    }
    await this.store.commit({ db: database, ops: [...overlay.entries()] });
    return { writeResults, commitTime };
  }

  // ---------- reads ----------

  batchGet(caller: Caller, rootName: string, body: { documents?: string[]; mask?: { fieldPaths?: string[] }; transaction?: string; newTransaction?: unknown }) {
    const { database } = parseResourceName(rootName);
    const readTime = this.store.nextCommitTime();
    const results = (body.documents ?? []).map((name) => {
      const path = documentPath(name);
      const doc = this.store.get(database, path);
      this.authorize(caller, database, { method: 'get', path, resource: doc ? snapshotForRules(doc) : null });
      if (!doc) return { missing: name, readTime };
      return { found: this.present(doc, name, body.mask?.fieldPaths), readTime };
    });
    if (body.newTransaction) {
      const transaction = this.beginTransaction().transaction;
      return results.length ? results.map((r, i) => (i === 0 ? { ...r, transaction } : r)) : [{ transaction, readTime }];
    }
    return results;
  }

  getDocument(caller: Caller, name: string) {
    const { database } = parseResourceName(name);
    const path = documentPath(name);
    const doc = this.store.get(database, path);
    this.authorize(caller, database, { method: 'get', path, resource: doc ? snapshotForRules(doc) : null });
    if (!doc) throw new ApiError('NOT_FOUND', `Document "${name}" not found.`);
    return this.present(doc, name);
  }

  /** Runs a query as the given caller; `parentName` is the documents root or a document. */
  private plan(caller: Caller, parentName: string, query: StructuredQuery, ordered = true) {
    const { database, segments } = parseResourceName(parentName);
    if (segments.length % 2 !== 0) throw invalid(`Parent "${parentName}" must be a document or the database root.`);
    const from = query.from?.[0];
    if (!from?.collectionId) throw invalid('A query needs a collection (from.collectionId).');
    if ((query.from?.length ?? 0) > 1) throw invalid('Only one collection selector is supported.');
    const parent = segments.join('/');
    const docs = from.allDescendants
      ? this.store.group(database, parent, from.collectionId)
      : this.store.collection(database, parent ? `${parent}/${from.collectionId}` : from.collectionId);
    const plan = runStructuredQuery(query, docs, { ordered });
    const collectionPath = parent ? `${parent}/${from.collectionId}` : from.collectionId;
    this.authorize(caller, database, {
      method: 'list',
      // The collection being listed; each candidate carries its own path for the rules.
      path: collectionPath,
      resource: null,
      query: {
        limit: query.limit === undefined ? undefined : typeof query.limit === 'number' ? query.limit : query.limit.value,
        offset: query.offset,
        equalities: equalityConstraints(query.where),
        candidates: plan.candidates.map(snapshotForRules),
      },
    });
    return plan;
  }

  runQuery(caller: Caller, parentName: string, body: { structuredQuery?: StructuredQuery; newTransaction?: unknown }) {
    if (!body.structuredQuery) throw invalid('runQuery needs a structuredQuery.');
    const plan = this.plan(caller, parentName, body.structuredQuery);
    const readTime = this.store.nextCommitTime();
    const root = rootOf(parentName);
    const out: Array<Record<string, unknown>> = plan.results.map((doc) => ({ document: this.present(doc, `${root}/${stripRoot(doc.name)}`), readTime }));
    if (body.newTransaction) {
      const transaction = this.beginTransaction().transaction;
      if (out.length) out[0] = { ...out[0], transaction };
      else out.push({ transaction, readTime });
    }
    return out.length ? out : [{ readTime }];
  }

  runAggregationQuery(caller: Caller, parentName: string, body: { structuredAggregationQuery?: { structuredQuery?: StructuredQuery; aggregations?: Aggregation[] } }) {
    const agg = body.structuredAggregationQuery;
    if (!agg?.structuredQuery) throw invalid('runAggregationQuery needs a structuredAggregationQuery.');
    if (!agg.aggregations?.length) throw invalid('At least one aggregation is required.');
    if (agg.aggregations.length > 5) throw invalid('At most 5 aggregations are allowed.');
    const plan = this.plan(caller, parentName, agg.structuredQuery, false);
    return [{ result: { aggregateFields: aggregate(agg.aggregations, plan.results) }, readTime: this.store.nextCommitTime() }];
  }

  // ---------- transactions ----------
  // Reads are not locked: like the lite SDK's own protocol, consistency comes from the commit's
  // preconditions (updateTime / exists), which are checked atomically.

  beginTransaction() {
    const transaction = randomBytes(16).toString('base64');
    this.transactions.add(transaction);
    return { transaction };
  }

  rollback(body: { transaction?: string }) {
    if (!body.transaction) throw invalid('rollback needs a transaction.');
    this.endTransaction(body.transaction);
    return {};
  }

  private endTransaction(id: string) {
    if (!this.transactions.delete(id)) throw new ApiError('INVALID_ARGUMENT', 'The referenced transaction has expired or is no longer valid.');
  }

  private present(doc: StoredDocument, name: string, mask?: string[]): StoredDocument {
    let fields = doc.fields;
    if (mask) {
      let out: Fields = {};
      for (const fp of mask) {
        const segs = parseFieldPath(fp);
        const v = getField(fields, segs);
        if (v !== undefined) out = setField(out, segs, v);
      }
      fields = out;
    }
    return { name, fields, createTime: doc.createTime, updateTime: doc.updateTime };
  }
}

function checkPrecondition(pre: Write['currentDocument'], before: StoredDocument | null, name: string) {
  if (!pre) return;
  if (pre.exists === true && !before) throw new ApiError('NOT_FOUND', `No document to update: ${name}`);
  if (pre.exists === false && before) throw new ApiError('ALREADY_EXISTS', `Document already exists: ${name}`);
  if (pre.updateTime !== undefined) {
    if (!before) throw new ApiError('NOT_FOUND', `No document to update: ${name}`);
    if (before.updateTime !== normalizeTime(pre.updateTime)) {
      throw new ApiError('FAILED_PRECONDITION', `The document was modified after it was read: ${name}`);
    }
  }
}

function normalizeTime(t: string) {
  return formatTimestamp(...parseTimestamp(t));
}

function stripRoot(pathOrName: string): string {
  const i = pathOrName.indexOf('/documents/');
  return i >= 0 ? pathOrName.slice(i + '/documents/'.length) : pathOrName.replace(/^\/+/, '');
}

export function snapshotForRules(doc: StoredDocument): DocumentSnapshotForRules {
  return { path: stripRoot(doc.name), data: doc.fields };
}
