// An object's metadata: what is stored, what the v0 API answers (the resource the SDK's
// getMetadata / getDownloadURL read), what the rules see, and the metadata a client may declare
// on upload or change with PATCH (the SDK's writable mappings: cacheControl, contentDisposition,
// contentEncoding, contentLanguage, contentType, metadata).
import { createHash, randomUUID } from 'node:crypto';
import { instantFromDate } from '../rules/contract.ts';
import type { StorageObjectForRules } from '../rules/storage-contract.ts';
import { badRequest } from './errors.ts';
import { crc32c } from './crc32c.ts';

/** The custom-metadata key through which the Firebase console and admin tools set download tokens. */
export const TOKENS_KEY = 'firebaseStorageDownloadTokens';

const WRITABLE = ['cacheControl', 'contentDisposition', 'contentEncoding', 'contentLanguage', 'contentType'] as const;
type Writable = (typeof WRITABLE)[number];

export interface StoredObject {
  bucket: string;
  name: string;
  size: number;
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  /** Base64, as Cloud Storage gives them. */
  md5Hash: string;
  crc32c: string;
  /** Microseconds since the epoch at upload, as a decimal string (Cloud Storage's generations). */
  generation: string;
  metageneration: string;
  timeCreated: string;
  updated: string;
  metadata: Record<string, string>;
  downloadTokens: string[];
}

/** What a client declared for a new object (multipart part, resumable start, raw upload). */
export type DeclaredMetadata = Partial<Pick<StoredObject, Writable>> & { metadata?: Record<string, string> };

/** Object names as Cloud Storage accepts them: 1–1024 bytes of UTF-8, no CR / LF, not `.` or `..`. */
export function checkObjectName(name: string) {
  if (name === '' || Buffer.byteLength(name) > 1024) throw badRequest(`Object names are 1 to 1024 bytes of UTF-8: "${name.slice(0, 80)}".`);
  if (/[\r\n]/.test(name) || name === '.' || name === '..') throw badRequest(`Invalid object name "${name}".`);
}

function stringOrAbsent(body: Record<string, unknown>, key: string): string | null | undefined {
  const v = body[key];
  if (v === undefined || v === null) return v;
  if (typeof v !== 'string') throw badRequest(`${key} must be a string.`);
  return v;
}

function customMetadata(value: unknown): Record<string, string | null> | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest('metadata must be an object of strings.');
  const out: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v !== null && typeof v !== 'string') throw badRequest(`metadata.${k} must be a string.`);
    out[k] = v;
  }
  return out;
}

/** The metadata a client declared, from its JSON (unknown and read-only fields are ignored, as the service ignores them). */
export function parseDeclared(body: Record<string, unknown>): DeclaredMetadata {
  const declared: DeclaredMetadata = {};
  for (const key of WRITABLE) {
    const v = stringOrAbsent(body, key);
    if (v) declared[key] = v;
  }
  const custom = customMetadata(body.metadata);
  if (custom) declared.metadata = Object.fromEntries(Object.entries(custom).filter((e): e is [string, string] => e[1] !== null));
  return declared;
}

function tokensFrom(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** A new object's metadata, from what was declared and the bytes received. */
export function newObject(bucket: string, name: string, bytes: Buffer, declared: DeclaredMetadata, now: Date, contentTypeHeader?: string): StoredObject {
  const { metadata = {}, ...fields } = declared;
  const { [TOKENS_KEY]: tokens, ...custom } = metadata;
  const time = now.toISOString();
  return {
    bucket,
    name,
    size: bytes.length,
    ...fields,
    contentType: fields.contentType || contentTypeHeader || 'application/octet-stream',
    md5Hash: createHash('md5').update(bytes).digest('base64'),
    crc32c: crc32c(bytes),
    generation: String(now.getTime() * 1000 + Math.floor(Math.random() * 1000)),
    metageneration: '1',
    timeCreated: time,
    updated: time,
    metadata: custom,
    // Every upload gets a download token (what getDownloadURL needs), unless the client set its own.
    downloadTokens: tokens !== undefined ? tokensFrom(tokens) : [randomUUID()],
  };
}

/**
 * PATCH: each writable field replaced, or removed when null; `metadata` merged key by key (a null
 * value removes the key, `metadata: null` removes them all). `firebaseStorageDownloadTokens` in
 * `metadata` replaces the download tokens (comma-separated; '' or null revokes them all).
 */
export function patched(object: StoredObject, body: Record<string, unknown>, now: Date): StoredObject {
  const next: StoredObject = { ...object, metadata: { ...object.metadata } };
  for (const key of WRITABLE) {
    const v = stringOrAbsent(body, key);
    if (v === undefined) continue;
    if (v === null || v === '') delete next[key];
    else next[key] = v;
  }
  if (!next.contentType) next.contentType = 'application/octet-stream';
  const custom = customMetadata(body.metadata);
  if (custom === null) next.metadata = {};
  for (const [k, v] of Object.entries(custom ?? {})) {
    if (k === TOKENS_KEY) next.downloadTokens = tokensFrom(v);
    else if (v === null) delete next.metadata[k];
    else next.metadata[k] = v;
  }
  next.metageneration = String(Number(object.metageneration) + 1);
  next.updated = now.toISOString();
  return next;
}

/** The v0 resource: what getMetadata, getDownloadURL and uploads answer. */
export function resourceJson(o: StoredObject) {
  return {
    name: o.name,
    bucket: o.bucket,
    generation: o.generation,
    metageneration: o.metageneration,
    contentType: o.contentType,
    timeCreated: o.timeCreated,
    updated: o.updated,
    storageClass: 'STANDARD',
    size: String(o.size),
    md5Hash: o.md5Hash,
    contentEncoding: o.contentEncoding ?? 'identity',
    contentDisposition: o.contentDisposition ?? 'inline',
    ...(o.cacheControl ? { cacheControl: o.cacheControl } : {}),
    ...(o.contentLanguage ? { contentLanguage: o.contentLanguage } : {}),
    crc32c: o.crc32c,
    etag: etagOf(o),
    downloadTokens: o.downloadTokens.join(','),
    ...(Object.keys(o.metadata).length ? { metadata: o.metadata } : {}),
  };
}

export function etagOf(o: StoredObject): string {
  return createHash('sha1').update(`${o.generation}/${o.metageneration}/${o.md5Hash}`).digest('base64').slice(0, 16);
}

/** `resource` / `request.resource` in storage rules. */
export function forRules(o: StoredObject): StorageObjectForRules {
  return {
    bucket: o.bucket,
    name: o.name,
    size: o.size,
    contentType: o.contentType,
    ...(o.contentDisposition ? { contentDisposition: o.contentDisposition } : {}),
    ...(o.contentEncoding ? { contentEncoding: o.contentEncoding } : {}),
    ...(o.contentLanguage ? { contentLanguage: o.contentLanguage } : {}),
    ...(o.cacheControl ? { cacheControl: o.cacheControl } : {}),
    md5Hash: o.md5Hash,
    crc32c: o.crc32c,
    etag: etagOf(o),
    generation: o.generation,
    metageneration: o.metageneration,
    timeCreated: instantFromDate(new Date(o.timeCreated)),
    updated: instantFromDate(new Date(o.updated)),
    metadata: o.metadata,
  };
}
