// Resource names, document and collection paths, field paths, with the backend's own validation:
// documents have an even number of segments, collections an odd one; ids are not empty, not "."
// or "..", not reserved (__x__) and at most 1500 bytes; field paths are dotted segments where a
// segment holding anything but [A-Za-z0-9_] is `backquoted`.
import { invalid } from './errors.ts';

/** "projects/p/databases/d": the key one database's documents are stored under. */
export type DatabaseKey = string;

export interface ResourceName {
  project: string;
  database: string;
  /** "projects/p/databases/d" */
  databaseKey: DatabaseKey;
  /** "projects/p/databases/d/documents" */
  root: string;
  /** Path segments after /documents (empty for the root). */
  segments: string[];
  /** The same, joined: "registrations/r1" (empty for the root). */
  path: string;
}

const NAME = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/(.*))?$/;
const MAX_ID_BYTES = 1500;

/** Parses "projects/p/databases/d/documents[/a/b…]", validating every segment. */
export function parseResourceName(name: string): ResourceName {
  const m = NAME.exec(name);
  if (!m) throw invalid(`Invalid resource name "${name}": expected projects/{project_id}/databases/{database_id}/documents[/{path}].`);
  const [, project, database, rest] = m;
  const segments = rest === undefined ? [] : rest.split('/');
  for (const s of segments) validateId(s, name);
  const databaseKey = `projects/${project}/databases/${database}`;
  return { project, database, databaseKey, root: `${databaseKey}/documents`, segments, path: segments.join('/') };
}

function validateId(s: string, name: string) {
  if (s === '') throw invalid(`Resource name "${name}" has an empty path segment.`);
  if (s === '.' || s === '..') throw invalid(`Resource name "${name}": a document or collection id cannot be "${s}".`);
  if (isReservedName(s)) {
    throw invalid(`Resource name "${name}": ids matching __.*__ are reserved ("${s}").`);
  }
  if (Buffer.byteLength(s, 'utf8') > MAX_ID_BYTES) throw invalid(`Resource name "${name}": an id must be at most ${MAX_ID_BYTES} bytes.`);
}

/** A document name: an even, non-zero number of segments after /documents. */
export function parseDocumentName(name: string): ResourceName {
  const r = parseResourceName(name);
  if (r.segments.length === 0 || r.segments.length % 2 !== 0) {
    throw invalid(
      `Document name "${name}" has ${r.segments.length} segment${r.segments.length === 1 ? '' : 's'}, but a document path must have an even number of segments.`,
    );
  }
  return r;
}

/** The parent of a query or a list: the database root or a document. */
export function parseParentName(name: string): ResourceName {
  const r = parseResourceName(name);
  if (r.segments.length % 2 !== 0) {
    throw invalid(`Parent "${name}" must be a document or the database root; a collection path (odd number of segments) cannot be a parent.`);
  }
  return r;
}

/** A collection id as a query's `from` names it: one segment, a valid id. */
export function validateCollectionId(id: unknown): string {
  if (typeof id !== 'string' || id === '') throw invalid('A collection id must be a non-empty string.');
  if (id.includes('/')) throw invalid(`Collection id "${id}" must not contain "/".`);
  validateId(id, id);
  return id;
}

/** The collection a document path lives in: "a/b/c/d" → "a/b/c". */
export function parentCollection(docPath: string): string {
  return docPath.slice(0, docPath.lastIndexOf('/'));
}

/** The last segment of a path. */
export function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** "a/b/c/d" → "c" */
export function collectionIdOf(docPath: string): string {
  return lastSegment(parentCollection(docPath));
}

// ---------- field paths ----------

const SIMPLE = /^[_a-zA-Z][_a-zA-Z0-9]*$/;
const FORBIDDEN_UNQUOTED = /[~*/[\]`]/;

const parsedFieldPaths = new Map<string, string[]>();

/**
 * Parses a field path as the REST API writes it: dotted segments, `backquoted` (with \` and \\
 * escapes) where a segment is not a simple name. Results are cached: queries name the same few
 * fields over and over.
 */
export function parseFieldPath(path: string): string[] {
  const cached = parsedFieldPaths.get(path);
  if (cached) return cached;
  const segments = parseFieldPathUncached(path);
  if (parsedFieldPaths.size > 10_000) parsedFieldPaths.clear();
  parsedFieldPaths.set(path, segments);
  return segments;
}

function parseFieldPathUncached(path: string): string[] {
  if (typeof path !== 'string' || path === '') throw invalid('Field path must not be empty.');
  if (path.startsWith('.') || path.endsWith('.')) throw invalid(`Invalid field path "${path}": it must not start or end with ".".`);
  const out: string[] = [];
  let i = 0;
  while (i < path.length) {
    let seg = '';
    if (path[i] === '`') {
      i++;
      while (i < path.length && path[i] !== '`') {
        if (path[i] === '\\') {
          i++;
          if (i >= path.length) break;
        }
        seg += path[i++];
      }
      if (path[i] !== '`') throw invalid(`Invalid field path "${path}": unterminated backquote.`);
      i++;
      if (seg === '') throw invalid(`Invalid field path "${path}": empty segment.`);
    } else {
      while (i < path.length && path[i] !== '.') seg += path[i++];
      if (seg === '') throw invalid(`Invalid field path "${path}": it must not contain "..".`);
      if (FORBIDDEN_UNQUOTED.test(seg)) {
        throw invalid(`Invalid field path "${path}": a segment containing ~ * / [ ] or \` must be quoted with backquotes.`);
      }
    }
    out.push(seg);
    if (i < path.length) {
      if (path[i] !== '.') throw invalid(`Invalid field path "${path}": expected "." after a backquoted segment.`);
      i++;
    }
  }
  return out;
}

export function formatFieldPath(segments: string[]): string {
  return segments.map((s) => (SIMPLE.test(s) ? s : `\`${s.replace(/[\\`]/g, '\\$&')}\``)).join('.');
}

/** A field name stored in a document: not empty, not reserved (__x__), at most 1500 bytes. */
export function validateFieldName(name: string) {
  if (name === '') throw invalid('Field names must not be empty.');
  if (isReservedName(name)) throw invalid(`Field name "${name}" is reserved: names matching __.*__ cannot be written.`);
  if (Buffer.byteLength(name, 'utf8') > MAX_ID_BYTES) throw invalid(`Field name "${name.slice(0, 40)}…" is longer than ${MAX_ID_BYTES} bytes.`);
}

export function isReservedName(name: string): boolean {
  return name.length >= 4 && name.startsWith('__') && name.endsWith('__');
}

/** A field path used to write (update mask, transform): parses, and no segment is reserved. */
export function parseWritableFieldPath(path: string): string[] {
  const segments = parseFieldPath(path);
  for (const s of segments) validateFieldName(s);
  return segments;
}
