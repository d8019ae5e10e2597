// HTTP: the Firebase Storage v0 API as the `firebase/storage` SDK speaks it (connectStorageEmulator
// points it at http://host:port/v0/…).
//
//   POST   /v0/b/{bucket}/o?name=…        upload: X-Goog-Upload-Protocol multipart | resumable (start,
//                                          then the upload URL: upload / upload, finalize / finalize /
//                                          query / cancel) | none (raw bytes, Content-Type as given)
//   GET    /v0/b/{bucket}/o?prefix=&delimiter=&maxResults=&pageToken=   list
//   GET    /v0/b/{bucket}/o/{name}        metadata (with downloadTokens)
//   GET    /v0/b/{bucket}/o/{name}?alt=media[&token=]   the bytes (Range served)
//   PATCH  /v0/b/{bucket}/o/{name}        metadata update      DELETE /v0/b/{bucket}/o/{name}
//   GET /  "Ok" (readiness)               OPTIONS *  CORS preflight
import { readFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Caller } from '../auth-token.ts';
import { corsHeaders, serve } from '../http-common.ts';
import type { Store } from '../store.ts';
import type { StorageAuthorizer } from '../rules/storage-contract.ts';
import { StorageAccess, storageCaller } from './access.ts';
import { badRequest, notFound, StorageFailure, toStorageFailure, tooLarge } from './errors.ts';
import { parseMultipart } from './multipart.ts';
import { checkObjectName, forRules, newObject, parseDeclared, patched, resourceJson, type DeclaredMetadata, type StoredObject } from './object-metadata.ts';
import { ObjectStore } from './object-store.ts';
import { ResumableUploads, type UploadSession } from './resumable.ts';
import { download } from './download.ts';
import { listObjects } from './listing.ts';

/** The default largest object (`--storage-max-bytes`): enough for any upload the product makes, too little to fill a disk. */
export const DEFAULT_MAX_OBJECT_BYTES = 100 * 1024 * 1024;
/** Room for the multipart body's metadata part and boundaries on top of the object. */
const MULTIPART_OVERHEAD = 64 * 1024;

const EXPOSED =
  'X-Goog-Upload-URL, X-Goog-Upload-Status, X-Goog-Upload-Size-Received, X-Goog-Upload-Chunk-Granularity, X-Goog-Upload-Control-URL, Content-Range, Content-Length, Content-Type, Content-Disposition, ETag';

function headersFor(req: IncomingMessage): Record<string, string> {
  return { ...corsHeaders(req), 'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS', 'Access-Control-Expose-Headers': EXPOSED };
}

function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headersFor(req), ...extra, 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** The request body, refused (413) past `limit` bytes. */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) throw tooLarge(`The request body (${declared} bytes) exceeds this emulator's limit of ${limit} bytes (--storage-max-bytes).`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge(`The request body exceeds this emulator's limit of ${limit} bytes (--storage-max-bytes).`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function jsonObject(body: Buffer): Record<string, unknown> {
  const text = body.toString('utf8');
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw badRequest('The request body must be a JSON object.');
}

export interface StorageServerOptions {
  port?: number;
  host?: string;
  /** Folder for the objects; null: a temporary folder removed on close. */
  dataDir?: string | null;
  fresh?: boolean;
  /** The largest object accepted, in bytes (DEFAULT_MAX_OBJECT_BYTES). */
  maxBytes?: number;
  authorizer?: StorageAuthorizer;
  /** The Firestore emulator's store in the same process, read by the rules' firestore.get(). */
  firestore?: Store | null;
}

export interface RunningStorage {
  port: number;
  url: string;
  objects: ObjectStore;
  setAuthorizer(authorizer: StorageAuthorizer): void;
  close(): Promise<void>;
}

class StorageApi {
  readonly uploads = new ResumableUploads();
  readonly access: StorageAccess;

  constructor(
    readonly objects: ObjectStore,
    readonly maxBytes: number,
    firestore: Store | null,
  ) {
    this.access = new StorageAccess(firestore);
  }

  async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'OPTIONS') return void res.writeHead(204, headersFor(req)).end();
    if (url.pathname === '/' && req.method === 'GET') return void res.writeHead(200, { ...headersFor(req), 'Content-Type': 'text/plain' }).end('Ok');
    const route = /^\/v0\/b\/([^/]+)\/o(?:\/(.+))?$/.exec(url.pathname);
    if (!route) throw notFound(`Not found: ${req.method} ${url.pathname}`);
    let bucket: string;
    let name: string | undefined;
    try {
      bucket = decodeURIComponent(route[1]);
      name = route[2] === undefined ? undefined : decodeURIComponent(route[2]);
    } catch {
      throw badRequest(`Malformed URL path: ${url.pathname}`);
    }
    const caller = storageCaller(req.headers.authorization, bucket);
    if (name === undefined) {
      if (req.method === 'GET') return sendJson(req, res, 200, this.list(caller, bucket, url));
      if (req.method === 'POST') return this.upload(req, res, caller, bucket, url);
      throw badRequest(`${req.method} is not supported on a bucket's objects.`);
    }
    checkObjectName(name);
    switch (req.method) {
      case 'GET':
      case 'HEAD':
        if (url.searchParams.get('alt') === 'media') return this.download(req, res, caller, bucket, name, url.searchParams.get('token'));
        return sendJson(req, res, 200, resourceJson(this.readable(caller, bucket, name)));
      case 'PATCH':
        return sendJson(req, res, 200, resourceJson(await this.patch(caller, bucket, name, jsonObject(await readBody(req, MULTIPART_OVERHEAD)))));
      case 'DELETE':
        await this.delete(caller, bucket, name);
        return void res.writeHead(204, headersFor(req)).end();
      default:
        throw badRequest(`${req.method} is not supported on an object.`);
    }
  }

  /** The object, if the caller may read it (`get`); 404 when it does not exist. */
  private readable(caller: Caller, bucket: string, name: string): StoredObject {
    const object = this.objects.get(bucket, name);
    this.access.check(caller, { method: 'get', bucket, path: name, resource: object && forRules(object), requestResource: null });
    if (!object) throw notFound(`Object ${name} does not exist.`);
    return object;
  }

  private list(caller: Caller, bucket: string, url: URL) {
    const prefix = url.searchParams.get('prefix') ?? '';
    this.access.check(caller, { method: 'list', bucket, path: prefix.replace(/\/$/, ''), resource: null, requestResource: null });
    const maxResults = Number(url.searchParams.get('maxResults') ?? 1000);
    if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > 1000) throw badRequest('maxResults must be an integer from 1 to 1000.');
    return listObjects(this.objects.list(bucket, prefix), {
      bucket,
      prefix,
      delimiter: url.searchParams.get('delimiter') ?? '',
      maxResults,
      pageToken: url.searchParams.get('pageToken'),
    });
  }

  /** A valid download token is enough (as in production: it bypasses the rules); otherwise the rules decide. */
  private download(req: IncomingMessage, res: ServerResponse, caller: Caller, bucket: string, name: string, token: string | null) {
    const stored = this.objects.get(bucket, name);
    const object = stored && token && stored.downloadTokens.includes(token) ? stored : this.readable(caller, bucket, name);
    const path = this.objects.blobPath(bucket, name)!;
    download(req, res, object, (range) => createReadStream(path, range), headersFor(req));
  }

  /** Asks the rules about writing `object`: create, or update when one exists under its name. */
  private authorizeWrite(caller: Caller, object: StoredObject) {
    const existing = this.objects.get(object.bucket, object.name);
    this.access.check(caller, {
      method: existing ? 'update' : 'create',
      bucket: object.bucket,
      path: object.name,
      resource: existing && forRules(existing),
      requestResource: forRules(object),
    });
  }

  /** Creates or replaces the object after asking the rules. */
  private async store(caller: Caller, object: StoredObject, bytes: Buffer | { file: string }) {
    this.authorizeWrite(caller, object);
    await this.objects.put(object, bytes);
    return object;
  }

  private async upload(req: IncomingMessage, res: ServerResponse, caller: Caller, bucket: string, url: URL) {
    const uploadId = url.searchParams.get('upload_id');
    const name = url.searchParams.get('name');
    if (name === null) throw badRequest('An upload names its object: ?name=….');
    checkObjectName(name);
    if (uploadId) return this.continueUpload(req, res, bucket, name, this.uploads.get(uploadId, bucket, name));
    const protocol = String(req.headers['x-goog-upload-protocol'] ?? '').toLowerCase();
    if (protocol === 'resumable') return this.startUpload(req, res, caller, bucket, name, url);
    if (protocol === 'multipart') {
      const body = parseMultipart(req.headers['content-type'], await readBody(req, this.maxBytes + MULTIPART_OVERHEAD));
      if (body.bytes.length > this.maxBytes) throw this.overLimit(body.bytes.length);
      const object = newObject(bucket, name, body.bytes, parseDeclared(body.metadata), new Date(), body.contentType);
      return sendJson(req, res, 200, resourceJson(await this.store(caller, object, body.bytes)));
    }
    if (protocol) throw badRequest(`Unknown X-Goog-Upload-Protocol "${protocol}".`);
    const bytes = await readBody(req, this.maxBytes);
    const object = newObject(bucket, name, bytes, {}, new Date(), req.headers['content-type']);
    return sendJson(req, res, 200, resourceJson(await this.store(caller, object, bytes)));
  }

  private overLimit(size: number) {
    return tooLarge(`The object (${size} bytes) exceeds this emulator's limit of ${this.maxBytes} bytes (--storage-max-bytes).`);
  }

  private async startUpload(req: IncomingMessage, res: ServerResponse, caller: Caller, bucket: string, name: string, url: URL) {
    if (String(req.headers['x-goog-upload-command'] ?? '').toLowerCase() !== 'start')
      throw badRequest('A resumable upload begins with X-Goog-Upload-Command: start.');
    const declaredSize = req.headers['x-goog-upload-header-content-length'];
    const size = declaredSize === undefined ? null : Number(declaredSize);
    if (size !== null && !(Number.isInteger(size) && size >= 0)) throw badRequest('X-Goog-Upload-Header-Content-Length must be a byte count.');
    if (size !== null && size > this.maxBytes) throw this.overLimit(size);
    const declared: DeclaredMetadata = parseDeclared(jsonObject(await readBody(req, MULTIPART_OVERHEAD)));
    const contentTypeHeader = req.headers['x-goog-upload-header-content-type'] as string | undefined;
    // The rules are asked now, with the declared size (no bytes sent in vain), and again at finalize with the real one.
    const announced = newObject(bucket, name, Buffer.alloc(0), declared, new Date(), contentTypeHeader);
    this.authorizeWrite(caller, { ...announced, size: size ?? 0, md5Hash: '', crc32c: '' });
    const session = this.uploads.start({ bucket, name, declared, contentTypeHeader, size, file: this.objects.uploadPath(), caller });
    const uploadUrl = new URL(`http://${req.headers.host ?? 'localhost'}${url.pathname}`);
    uploadUrl.searchParams.set('name', name);
    uploadUrl.searchParams.set('upload_id', session.id);
    uploadUrl.searchParams.set('upload_protocol', 'resumable');
    sendJson(
      req,
      res,
      200,
      {},
      {
        'X-Goog-Upload-URL': uploadUrl.toString(),
        'X-Goog-Upload-Control-URL': uploadUrl.toString(),
        'X-Goog-Upload-Status': 'active',
        'X-Goog-Upload-Chunk-Granularity': String(256 * 1024),
      },
    );
  }

  private async continueUpload(req: IncomingMessage, res: ServerResponse, bucket: string, name: string, session: UploadSession) {
    const commands = String(req.headers['x-goog-upload-command'] ?? '')
      .split(',')
      .map((c) => c.trim().toLowerCase());
    const status = (extra: Record<string, string> = {}) => ({
      'X-Goog-Upload-Status': session.state,
      'X-Goog-Upload-Size-Received': String(session.received),
      ...extra,
    });
    if (commands.includes('query')) {
      const stored = session.state === 'final' ? this.objects.get(bucket, name) : null;
      return sendJson(req, res, 200, stored ? resourceJson(stored) : {}, status());
    }
    if (commands.includes('cancel')) {
      if (session.state === 'active') await this.uploads.end(session, 'cancelled');
      return sendJson(req, res, 200, {}, status());
    }
    if (!commands.includes('upload') && !commands.includes('finalize')) throw badRequest(`Unknown X-Goog-Upload-Command "${commands.join(', ')}".`);
    if (commands.includes('upload')) {
      const remaining = (session.size ?? this.maxBytes) - session.received;
      let chunk: Buffer;
      try {
        chunk = await readBody(req, remaining);
      } catch (error) {
        if (error instanceof StorageFailure && error.httpStatus === 413) {
          throw badRequest(`The chunk goes beyond the ${session.size ?? this.maxBytes} bytes the upload ${session.size === null ? 'may hold' : 'declared'}.`);
        }
        throw error;
      }
      await this.uploads.append(session, Number(req.headers['x-goog-upload-offset'] ?? session.received), chunk);
    }
    if (!commands.includes('finalize')) return sendJson(req, res, 200, {}, status());
    if (session.state !== 'active') throw badRequest(`The upload session is ${session.state}.`);
    if (session.size !== null && session.received !== session.size) {
      throw badRequest(`The upload declared ${session.size} bytes and ${session.received} were received.`);
    }
    const bytes = await readFile(session.file);
    const object = newObject(bucket, name, bytes, session.declared, new Date(), session.contentTypeHeader);
    try {
      await this.store(session.caller, object, { file: session.file });
    } catch (error) {
      await this.uploads.end(session, 'cancelled');
      throw error;
    }
    await this.uploads.end(session, 'final');
    sendJson(req, res, 200, resourceJson(object), status());
  }

  private async patch(caller: Caller, bucket: string, name: string, body: Record<string, unknown>) {
    const existing = this.objects.get(bucket, name);
    if (!existing) throw notFound(`Object ${name} does not exist.`);
    const next = patched(existing, body, new Date());
    this.access.check(caller, { method: 'update', bucket, path: name, resource: forRules(existing), requestResource: forRules(next) });
    await this.objects.updateMetadata(next);
    return next;
  }

  private async delete(caller: Caller, bucket: string, name: string) {
    const existing = this.objects.get(bucket, name);
    this.access.check(caller, { method: 'delete', bucket, path: name, resource: existing && forRules(existing), requestResource: null });
    if (!existing || !(await this.objects.delete(bucket, name))) throw notFound(`Object ${name} does not exist.`);
  }
}

export async function createStorageServer(options: StorageServerOptions = {}): Promise<RunningStorage> {
  const objects = ObjectStore.open(options.dataDir ?? null, options.fresh);
  const api = new StorageApi(objects, options.maxBytes ?? DEFAULT_MAX_OBJECT_BYTES, options.firestore ?? null);
  if (options.authorizer) api.access.authorizer = options.authorizer;
  const server = createServer((req, res) => {
    api.handle(req, res).catch((error: unknown) => {
      const failure = toStorageFailure(error);
      if (failure.httpStatus >= 500) console.error('Storage emulator: internal error', error);
      if (res.headersSent) return void res.end();
      // A refused body still on its way (too large): answer, then drop the connection.
      if (!req.complete) {
        res.setHeader('Connection', 'close');
        res.once('finish', () => req.destroy());
      }
      sendJson(req, res, failure.httpStatus, failure.toJSON());
    });
  });
  const { port, url, close } = await serve(server, options.port ?? 0, options.host ?? '127.0.0.1', () => objects.close());
  return { port, url, objects, setAuthorizer: (a) => (api.access.authorizer = a), close };
}
