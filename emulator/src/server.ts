// HTTP: the Firestore REST API v1 routes the SDKs use, CORS for the browser app, the emulator's
// own endpoints, and `createEmulator()`.
//
//   POST /v1/{database}/documents:commit | :batchGet | :batchWrite | :beginTransaction | :rollback
//   POST /v1/{parent}:runQuery | :runAggregationQuery | :listCollectionIds
//   GET  /v1/{document}            one document        GET /v1/{collection}  listDocuments
//   PATCH /v1/{document}, DELETE /v1/{document}, POST /v1/{parent}/{collectionId}   (REST conveniences)
//   DELETE /emulator/v1/projects/{p}/databases/{d}/documents   clears the database
//   POST /emulator/v1/projects/{p}/clock:advance {"seconds": n}  moves database time forward
//   GET  /emulator/v1/projects/{p}/clock                          database time and offset
//   GET  /emulator/v1/projects/{p}:rulesCoverage   each allow's and function's outcomes (--rules-coverage); DELETE zeroes them
//   GET /                          "Ok" (readiness)
// The SDK sends JSON bodies as `Content-Type: text/plain` (to skip preflights); any type is read
// as JSON.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { callerFromHeader, projectOf } from './auth-token.ts';
import { ApiError, invalid, toApiError } from './errors.ts';
import { corsHeaders, serve } from './http-common.ts';
import { HOT_WINDOW_MS } from './hotspots.ts';
import { FirestoreService } from './service.ts';
import { Store } from './store.ts';
import type { IndexConfig } from './indexes.ts';
import type { Authorizer } from './rules/contract.ts';
import type { RulesCoverage } from './rules/coverage.ts';
import type { StorageAuthorizer } from './rules/storage-contract.ts';
import { createStorageServer, type RunningStorage } from './storage/http.ts';

/** Cloud Firestore's limit on a request body. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST_BYTES) throw invalid(`Request payload size exceeds the limit: ${MAX_REQUEST_BYTES} bytes.`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid('Invalid JSON payload received.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid('The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

function send(req: IncomingMessage, res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...corsHeaders(req), 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** "/v1/projects/p/databases/(default)/documents/a%20b:commit" → resource name and method. */
export function splitRoute(pathname: string): { resource: string; method: string } {
  const segments = pathname.split('/');
  const last = segments[segments.length - 1];
  const colon = last.lastIndexOf(':');
  let method = '';
  if (colon >= 0) {
    method = last.slice(colon + 1);
    segments[segments.length - 1] = last.slice(0, colon);
  }
  let decoded: string[];
  try {
    decoded = segments.map((s) => decodeURIComponent(s));
  } catch {
    throw invalid(`Malformed URL path: ${pathname}`);
  }
  return { resource: decoded.join('/'), method };
}

function queryList(url: URL, key: string): string[] {
  return url.searchParams.getAll(key);
}

export interface EmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Folder for the durable log and snapshots; null or absent keeps data in memory only. */
  dataDir?: string | null;
  /** Start empty, erasing the data folder's contents. */
  fresh?: boolean;
  authorizer?: Authorizer;
  /** Composite indexes to enforce (firestore.indexes.json's content); absent serves every query. */
  indexes?: IndexConfig | null;
  /** Log segment size that triggers a snapshot (bytes). */
  compactBytes?: number;
  /** The recorder the rules count their outcomes in (compiled with it), served at :rulesCoverage. */
  rulesCoverage?: RulesCoverage;
  /** The Cloud Storage server's port (0, the default, picks a free port). */
  storagePort?: number;
  /** Folder for the Cloud Storage objects; null or absent: a temporary folder, removed on close. */
  storageDataDir?: string | null;
  /** The largest object accepted (bytes); src/storage/http.ts's DEFAULT_MAX_OBJECT_BYTES by default. */
  storageMaxBytes?: number;
  storageAuthorizer?: StorageAuthorizer;
}

export interface RunningEmulator {
  port: number;
  host: string;
  /** http://host:port */
  url: string;
  service: FirestoreService;
  store: Store;
  /** Replaces the rules in force (hot reload). */
  setAuthorizer(authorizer: Authorizer): void;
  /** Replaces the indexes in force (null: serve every query). */
  setIndexes(indexes: IndexConfig | null): void;
  /** The Cloud Storage server (src/storage/), on its own port: http://host:port */
  storageUrl: string;
  storage: RunningStorage;
  /** Replaces the storage rules in force (hot reload). */
  setStorageAuthorizer(authorizer: StorageAuthorizer): void;
  /** Stops accepting requests, waits for the log, closes the files. */
  close(): Promise<void>;
}

export async function createEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const store = await Store.open({ dataDir: options.dataDir ?? null, fresh: options.fresh, compactBytes: options.compactBytes });
  const service = new FirestoreService(store);
  if (options.authorizer) service.setAuthorizer(options.authorizer);
  if (options.indexes) service.setIndexes(options.indexes);
  if (options.rulesCoverage) service.rulesCoverage = options.rulesCoverage;
  const server = createServer((req, res) => {
    handle(service, req, res).catch((error: unknown) => {
      const api = toApiError(error);
      if (api.status === 'INTERNAL') console.error('Firestore emulator: internal error', error);
      if (!res.headersSent) send(req, res, api.httpStatus, api.toJSON());
      else res.end();
    });
  });
  const host = options.host ?? '127.0.0.1';
  const firestore = await serve(server, options.port ?? 0, host, () => store.close());
  const storage = await createStorageServer({
    host,
    port: options.storagePort ?? 0,
    dataDir: options.storageDataDir ?? null,
    fresh: options.fresh,
    maxBytes: options.storageMaxBytes,
    authorizer: options.storageAuthorizer,
    firestore: store,
  }).catch(async (error: unknown) => {
    await firestore.close();
    throw error;
  });
  return {
    port: firestore.port,
    host,
    url: firestore.url,
    service,
    store,
    setAuthorizer: (a) => service.setAuthorizer(a),
    setIndexes: (i) => service.setIndexes(i),
    storageUrl: storage.url,
    storage,
    setStorageAuthorizer: (a) => storage.setAuthorizer(a),
    close: () => Promise.all([firestore.close(), storage.close()]).then(() => {}),
  };
}

async function handle(service: FirestoreService, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'OPTIONS') {
    res.writeHead(204, corsHeaders(req)).end();
    return;
  }
  if (url.pathname === '/' && req.method === 'GET') {
    res.writeHead(200, { ...corsHeaders(req), 'Content-Type': 'text/plain' }).end('Ok');
    return;
  }
  const clear = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents\/?$/.exec(url.pathname);
  if (clear && req.method === 'DELETE') {
    await service.clear(decodeURIComponent(clear[1]), decodeURIComponent(clear[2]));
    send(req, res, 200, {});
    return;
  }
  const clock = /^\/emulator\/v1\/projects\/[^/:]+\/clock(:advance)?$/.exec(url.pathname);
  if (clock && req.method === (clock[1] ? 'POST' : 'GET')) {
    if (clock[1]) advanceClock(service.store, await readJson(req));
    send(req, res, 200, clockReport(service.store));
    return;
  }
  const hotspots = /^\/emulator\/v1\/projects\/([^/:]+):hotspots$/.exec(url.pathname);
  if (hotspots && (req.method === 'GET' || req.method === 'DELETE')) {
    const project = decodeURIComponent(hotspots[1]);
    if (req.method === 'DELETE') service.writeMeter.reset(project);
    const top = Number(url.searchParams.get('top') ?? 10);
    if (!Number.isInteger(top) || top < 1) throw invalid('top must be a positive integer.');
    send(req, res, 200, { windowSeconds: HOT_WINDOW_MS / 1000, documents: service.writeMeter.top(project, top) });
    return;
  }
  const usage = /^\/emulator\/v1\/projects\/([^/:]+):rulesUsage$/.exec(url.pathname);
  if (usage && (req.method === 'GET' || req.method === 'DELETE')) {
    const project = decodeURIComponent(usage[1]);
    if (req.method === 'DELETE') service.rulesUsage.reset(project);
    const since = Number(url.searchParams.get('since') ?? 0);
    if (!Number.isInteger(since) || since < 0) throw invalid('since must be a non-negative integer.');
    send(req, res, 200, { requests: service.rulesUsage.list(project, since) });
    return;
  }
  // The rules are the emulator's, not a project's: every project's requests count.
  if (/^\/emulator\/v1\/projects\/[^/:]+:rulesCoverage$/.test(url.pathname) && (req.method === 'GET' || req.method === 'DELETE')) {
    const coverage = service.rulesCoverage;
    if (!coverage) throw new ApiError('FAILED_PRECONDITION', 'Rules coverage is off: start the emulator with --rules FILE --rules-coverage.');
    if (req.method === 'DELETE') coverage.reset();
    send(req, res, 200, coverage.report());
    return;
  }
  if (/^\/emulator\/v1\/projects\/[^/]+:indexUsage$/.test(url.pathname) && req.method === 'GET') {
    send(req, res, 200, service.indexUsageReport());
    return;
  }
  if (!url.pathname.startsWith('/v1/')) throw new ApiError('NOT_FOUND', `Not found: ${req.method} ${url.pathname}`);
  const { resource, method } = splitRoute(url.pathname.slice('/v1/'.length));
  // An ID token must be for the project the request names. Its expiry is checked against the wall
  // clock (Date.now()), never the database clock: the Auth emulator's clock does not move.
  const caller = callerFromHeader(req.headers.authorization, projectOf(resource), Date.now());

  if (!method) {
    const segments = resource.split('/').length - 5; // after projects/p/databases/d/documents
    const isDocument = segments > 0 && segments % 2 === 0;
    switch (req.method) {
      case 'GET':
        if (isDocument) {
          return send(
            req,
            res,
            200,
            await service.getDocument(caller, resource, {
              mask: queryList(url, 'mask.fieldPaths'),
              transaction: url.searchParams.get('transaction') ?? undefined,
            }),
          );
        }
        return send(
          req,
          res,
          200,
          await service.listDocuments(caller, resource, {
            pageSize: Number(url.searchParams.get('pageSize') ?? 0) || undefined,
            pageToken: url.searchParams.get('pageToken') ?? undefined,
            mask: queryList(url, 'mask.fieldPaths'),
            showMissing: url.searchParams.get('showMissing') === 'true',
          }),
        );
      case 'PATCH':
        return send(req, res, 200, await patchDocument(service, caller, resource, url, await readJson(req)));
      case 'DELETE':
        return send(req, res, 200, await deleteDocument(service, caller, resource, url));
      case 'POST':
        return send(req, res, 200, await createDocument(service, caller, resource, url, await readJson(req)));
      default:
        throw new ApiError('UNIMPLEMENTED', `${req.method} is not supported on ${resource}.`);
    }
  }

  if (req.method !== 'POST') throw new ApiError('NOT_FOUND', `${req.method} ${url.pathname} is not a Firestore method.`);
  const body = await readJson(req);
  switch (method) {
    case 'commit':
      return send(req, res, 200, await service.commit(caller, resource, body));
    case 'batchGet':
      return send(req, res, 200, await service.batchGet(caller, resource, body));
    case 'runQuery':
      return send(req, res, 200, await service.runQuery(caller, resource, body));
    case 'runAggregationQuery':
      return send(req, res, 200, await service.runAggregationQuery(caller, resource, body));
    case 'batchWrite':
      return send(req, res, 200, await service.batchWrite(caller, resource, body));
    case 'beginTransaction':
      return send(req, res, 200, service.beginTransaction(resource, body));
    case 'rollback':
      return send(req, res, 200, service.rollback(resource, body));
    case 'listCollectionIds':
      return send(req, res, 200, await service.listCollectionIds(caller, resource));
    default:
      throw new ApiError('UNIMPLEMENTED', `Method "${method}" is not supported by this emulator.`);
  }
}

// ---------- the database clock ----------

/**
 * `clock:advance`: moves database time forward by `seconds` (body `{"seconds": n}`). The clock is
 * the whole emulator's (every project and database share it); the project in the path is there
 * for symmetry with the emulator's other endpoints.
 */
function advanceClock(store: Store, body: Record<string, unknown>) {
  const seconds = body.seconds;
  if (typeof seconds !== 'number') throw invalid('clock:advance needs a JSON body {"seconds": <positive number>}.');
  try {
    store.clock.advance(seconds);
  } catch (error) {
    if (error instanceof RangeError) throw invalid(error.message);
    throw error;
  }
}

/** Database time now (what the next read sees, RFC 3339) and how far ahead of the wall clock it was moved. */
function clockReport(store: Store) {
  return { now: store.readTime(), offsetSeconds: store.clock.offsetMicros / 1e6 };
}

// ---------- REST conveniences, expressed as commits ----------

type Caller = ReturnType<typeof callerFromHeader>;

function databaseOf(name: string): string {
  return name.slice(0, name.indexOf('/documents') + '/documents'.length);
}

function precondition(url: URL): Record<string, unknown> | undefined {
  const exists = url.searchParams.get('currentDocument.exists');
  const updateTime = url.searchParams.get('currentDocument.updateTime');
  if (exists !== null) return { exists: exists === 'true' };
  if (updateTime !== null) return { updateTime };
  return undefined;
}

async function patchDocument(service: FirestoreService, caller: Caller, name: string, url: URL, body: Record<string, unknown>) {
  const mask = queryList(url, 'updateMask.fieldPaths');
  const write: Record<string, unknown> = { update: { name, fields: body.fields ?? {} }, currentDocument: precondition(url) };
  if (url.searchParams.has('updateMask.fieldPaths')) write.updateMask = { fieldPaths: mask };
  await service.commit(caller, databaseOf(name), { writes: [write] });
  return service.getDocument({ kind: 'owner' }, name, { mask: queryList(url, 'mask.fieldPaths') });
}

async function deleteDocument(service: FirestoreService, caller: Caller, name: string, url: URL) {
  await service.commit(caller, databaseOf(name), { writes: [{ delete: name, currentDocument: precondition(url) }] });
  return {};
}

async function createDocument(service: FirestoreService, caller: Caller, collection: string, url: URL, body: Record<string, unknown>) {
  const id = url.searchParams.get('documentId') || autoId();
  const name = `${collection}/${id}`;
  await service.commit(caller, databaseOf(name), { writes: [{ update: { name, fields: body.fields ?? {} }, currentDocument: { exists: false } }] });
  return service.getDocument({ kind: 'owner' }, name, { mask: queryList(url, 'mask.fieldPaths') });
}

const AUTO_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character id, as the SDKs generate. */
export function autoId(): string {
  let id = '';
  for (let i = 0; i < 20; i++) id += AUTO_ID_CHARS[Math.floor(Math.random() * AUTO_ID_CHARS.length)];
  return id;
}
