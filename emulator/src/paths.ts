// Resource names and field paths, with the backend's own validation rules.
import { invalid } from './errors.ts';

export interface DatabaseName {
  project: string;
  database: string;
}

/** "projects/p/databases/d/documents/a/b" → { db, segments: ["a","b"] } */
export function parseResourceName(name: string): DatabaseName & { segments: string[] } {
  const m = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/(.*))?$/.exec(name);
  if (!m) throw invalid(`Invalid resource name: "${name}"`);
  const segments = m[3] ? m[3].split('/') : [];
  if (segments.some((s) => s === '')) throw invalid(`Resource name "${name}" has an empty path segment.`);
  for (const s of segments) validateSegment(s);
  return { project: m[1], database: m[2], segments };
}

function validateSegment(s: string) {
  if (s === '.' || s === '..') throw invalid(`Path segment "${s}" is not allowed.`);
  if (/^__.*__$/.test(s)) throw invalid(`Path segment "${s}" is reserved.`);
  if (Buffer.byteLength(s) > 1500) throw invalid('A document or collection id must be at most 1500 bytes.');
}

/** A document name: an even number of segments after /documents. */
export function documentPath(name: string): string {
  const { segments } = parseResourceName(name);
  if (segments.length === 0 || segments.length % 2 !== 0) {
    throw invalid(`Document name "${name}" has odd number of segments, but a document path must have an even number.`);
  }
  return segments.join('/');
}

export function rootOf(name: string): string {
  const i = name.indexOf('/documents');
  return name.slice(0, i + '/documents'.length);
}

/** The collection a document path lives in: "a/b/c/d" → "a/b/c". */
export function parentCollection(docPath: string): string {
  return docPath.slice(0, docPath.lastIndexOf('/'));
}

export function collectionId(docPath: string): string {
  const parts = docPath.split('/');
  return parts[parts.length - 2];
}

// ---------- field paths ----------

const SIMPLE = /^[_a-zA-Z][_a-zA-Z0-9]*$/;

/** Parses a field path as the REST API writes it: dotted segments, `backquoted` where needed. */
export function parseFieldPath(path: string): string[] {
  if (path === '') throw invalid('Field path must not be empty.');
  const out: string[] = [];
  let i = 0;
  while (i < path.length) {
    let seg = '';
    if (path[i] === '`') {
      i++;
      while (i < path.length && path[i] !== '`') {
        if (path[i] === '\\') i++;
        seg += path[i++];
      }
      if (path[i] !== '`') throw invalid(`Unterminated backquote in field path "${path}".`);
      i++;
      if (seg === '') throw invalid(`Field path "${path}" has an empty segment.`);
    } else {
      while (i < path.length && path[i] !== '.') seg += path[i++];
      if (seg === '') throw invalid(`Field path "${path}" has an empty segment (a leading, trailing or double dot).`);
      if (!SIMPLE.test(seg) && !/^[0-9]+$/.test(seg)) {
        if (/[~*/[\]`]/.test(seg)) throw invalid(`Field path "${path}" contains one of ~ * / [ ] and must be quoted.`);
      }
    }
    out.push(seg);
    if (i < path.length) {
      if (path[i] !== '.') throw invalid(`Invalid field path "${path}".`);
      i++;
      if (i === path.length) throw invalid(`Field path "${path}" ends with a dot.`);
    }
  }
  return out;
}

export function formatFieldPath(segments: string[]): string {
  return segments.map((s) => (SIMPLE.test(s) ? s : `\`${s.replace(/[\\`]/g, '\\$&')}\``)).join('.');
}

/** Field names stored in documents: not empty, not a reserved __name__-style name. */
export function validateFieldName(name: string) {
  if (name === '') throw invalid('Field names must not be empty.');
  if (/^__.*__$/.test(name)) throw invalid(`Field name "${name}" is reserved.`);
  if (Buffer.byteLength(name) > 1500) throw invalid('Field names must be at most 1500 bytes.');
}
