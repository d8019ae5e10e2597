// The writes of a commit: parsing with the backend's validation, then applying them in order
// over the current state, all or nothing. Pure: it reads documents through `lookup` and returns
// the state after the commit; the service authorises it and the store makes it durable.
//
// Preconditions and their errors (the codes the SDK maps and its transaction retry relies on):
//   exists: true on a missing document   → NOT_FOUND "No document to update: <name>"
//   exists: false on an existing one     → ALREADY_EXISTS "Document already exists: <name>"
//   updateTime that is not the stored one → FAILED_PRECONDITION "the stored version (…) does not
//                                           match the required base version (…)"
import { ApiError, invalid } from './errors.ts';
import { documentSize, MAX_DOCUMENT_BYTES } from './document-size.ts';
import { getField, setField } from './fields.ts';
import { parseDocumentName, parseWritableFieldPath, type ResourceName } from './paths.ts';
import { decodeFields, decodeTimestamp } from './proto-json.ts';
import type { AccessMethod } from './rules/contract.ts';
import { applyTransform, parseFieldTransforms, type FieldTransform } from './transforms.ts';
import type { Fields, StoredDocument, Value } from './value-types.ts';
import { compareTimestamps, identicalFields, timestampMicros } from './values.ts';

export interface Precondition {
  exists?: boolean;
  updateTime?: string;
}

export interface ParsedWrite {
  kind: 'update' | 'delete' | 'transform' | 'verify';
  name: string;
  /** Path relative to the documents root. */
  path: string;
  /** update: the fields sent. */
  fields?: Fields;
  /** update: the mask's field paths, or null to replace the whole document. */
  mask?: string[][] | null;
  transforms: FieldTransform[];
  precondition?: Precondition;
}

/** Validates a commit's writes; every document must be in the database the request names. */
export function parseWrites(raw: unknown, database: ResourceName): ParsedWrite[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw invalid('writes must be a list.');
  return raw.map((w) => parseWrite(w, database));
}

function documentIn(name: unknown, database: ResourceName): ResourceName {
  if (typeof name !== 'string') throw invalid('A write must name its document.');
  const doc = parseDocumentName(name);
  if (doc.databaseKey !== database.databaseKey) {
    throw invalid(`Document "${name}" is not in the database of the request (${database.databaseKey}).`);
  }
  return doc;
}

function parsePrecondition(raw: unknown): Precondition | undefined {
  if (raw === undefined || raw === null) return undefined;
  const p = raw as { exists?: unknown; updateTime?: unknown };
  const hasExists = p.exists !== undefined;
  const hasTime = p.updateTime !== undefined;
  if (hasExists && hasTime) throw invalid('A precondition may set exists or updateTime, not both.');
  if (hasExists) {
    if (typeof p.exists !== 'boolean') throw invalid('currentDocument.exists must be a boolean.');
    return { exists: p.exists };
  }
  if (hasTime) return { updateTime: decodeTimestamp(p.updateTime) };
  return undefined;
}

function parseWrite(raw: unknown, database: ResourceName): ParsedWrite {
  const w = (raw ?? {}) as Record<string, unknown>;
  const kinds = (['update', 'delete', 'transform', 'verify'] as const).filter((k) => w[k] !== undefined);
  if (kinds.length !== 1) throw invalid('A write must have exactly one of update, delete, transform or verify.');
  const kind = kinds[0];
  const precondition = parsePrecondition(w.currentDocument);
  if (kind === 'delete' || kind === 'verify') {
    if (w.updateMask !== undefined || w.updateTransforms !== undefined) throw invalid(`A ${kind} write cannot have an update mask or transforms.`);
    const doc = documentIn(w[kind], database);
    return { kind, name: w[kind] as string, path: doc.path, transforms: [], precondition };
  }
  if (kind === 'transform') {
    const t = w.transform as { document?: unknown; fieldTransforms?: unknown };
    const doc = documentIn(t?.document, database);
    return { kind, name: t.document as string, path: doc.path, transforms: parseFieldTransforms(t.fieldTransforms), precondition };
  }
  const update = w.update as { name?: unknown; fields?: unknown };
  const doc = documentIn(update?.name, database);
  const fields = decodeFields(update.fields ?? {}, { checkFieldNames: true });
  let mask: string[][] | null = null;
  if (w.updateMask !== undefined) {
    const paths = (w.updateMask as { fieldPaths?: unknown })?.fieldPaths ?? [];
    if (!Array.isArray(paths)) throw invalid('updateMask.fieldPaths must be a list.');
    mask = paths.map((p) => {
      if (typeof p !== 'string') throw invalid('updateMask.fieldPaths must be strings.');
      return parseWritableFieldPath(p);
    });
  }
  return { kind, name: update.name as string, path: doc.path, fields, mask, transforms: parseFieldTransforms(w.updateTransforms), precondition };
}

export interface WriteResult {
  updateTime?: string;
  transformResults?: Value[];
}

/** One document's change, for the rules: the method and its states before and after the commit. */
export interface DocumentAccess {
  method: AccessMethod;
  path: string;
  before: StoredDocument | null;
  after: StoredDocument | null;
}

export interface AppliedCommit {
  /** State after the commit of every document the commit changes (no-op writes excluded). */
  changes: Map<string, StoredDocument | null>;
  /** State after the commit of every document written (for rules' getAfter). */
  after: Map<string, StoredDocument | null>;
  accesses: DocumentAccess[];
  writeResults: WriteResult[];
}

function checkPrecondition(p: Precondition | undefined, current: StoredDocument | null, w: ParsedWrite) {
  if (!p) return;
  if (p.exists === true && !current) throw new ApiError('NOT_FOUND', `No document to ${w.kind === 'delete' ? 'delete' : 'update'}: ${w.name}`);
  if (p.exists === false && current) throw new ApiError('ALREADY_EXISTS', `Document already exists: ${w.name}`);
  // Compared as instants: the stored version has six fractional digits, the request's is canonical.
  if (p.updateTime !== undefined && (!current || compareTimestamps(current.updateTime, p.updateTime) !== 0)) {
    const stored = current ? timestampMicros(current.updateTime) : 0n;
    throw new ApiError('FAILED_PRECONDITION', `the stored version (${stored}) does not match the required base version (${timestampMicros(p.updateTime)})`);
  }
}

/**
 * Applies the writes in order; each sees the ones before it. Throws (and changes nothing) on the
 * first failed precondition or an oversized document.
 */
export function applyWrites(writes: ParsedWrite[], lookup: (path: string) => StoredDocument | null, commitTime: string): AppliedCommit {
  const after = new Map<string, StoredDocument | null>();
  const current = (path: string) => (after.has(path) ? after.get(path)! : lookup(path));
  const writeResults: WriteResult[] = [];
  for (const w of writes) {
    const before = current(w.path);
    checkPrecondition(w.precondition, before, w);
    if (w.kind === 'verify') {
      writeResults.push({});
      continue;
    }
    if (w.kind === 'delete') {
      after.set(w.path, null);
      writeResults.push({});
      continue;
    }
    let fields: Fields;
    if (w.kind === 'update' && !w.mask) fields = w.fields!;
    else {
      fields = before?.fields ?? {};
      for (const segments of w.mask ?? []) fields = setField(fields, segments, getField(w.fields!, segments));
    }
    const transformResults: Value[] = [];
    for (const t of w.transforms) {
      const outcome = applyTransform(t, getField(fields, t.path), commitTime);
      fields = setField(fields, t.path, outcome.value);
      transformResults.push(outcome.result);
    }
    const size = documentSize(w.path, fields);
    if (size > MAX_DOCUMENT_BYTES) {
      throw invalid(
        `Document '${w.name}' cannot be written because its size (${size.toLocaleString('en-US')} bytes) exceeds the maximum allowed size of ${MAX_DOCUMENT_BYTES.toLocaleString('en-US')} bytes.`,
      );
    }
    // A write that leaves the document as it was keeps its update time (and is not logged).
    const unchanged = before !== null && identicalFields(before.fields, fields);
    const doc: StoredDocument = unchanged ? before : { name: w.name, fields, createTime: before?.createTime ?? commitTime, updateTime: commitTime };
    after.set(w.path, doc);
    writeResults.push(w.transforms.length ? { updateTime: doc.updateTime, transformResults } : { updateTime: doc.updateTime });
  }
  const changes = new Map<string, StoredDocument | null>();
  const accesses: DocumentAccess[] = [];
  for (const [path, doc] of after) {
    const original = lookup(path);
    if (doc !== original) changes.set(path, doc);
    const method: AccessMethod = doc === null ? 'delete' : original ? 'update' : 'create';
    accesses.push({ method, path, before: original, after: doc });
  }
  return { changes, after, accesses, writeResults };
}

/** Paths a commit writes (to pick a commit time later than their update times). */
export function writtenPaths(writes: ParsedWrite[]): string[] {
  return writes.filter((w) => w.kind !== 'verify').map((w) => w.path);
}
