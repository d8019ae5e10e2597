// HTTP: the Firestore REST API v1 routes the SDKs use, CORS, and the emulator's own endpoints.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callerFromHeader } from './auth-token.ts';
import { ApiError, invalid } from './errors.ts';
import { FirestoreService } from './service.ts';
import { Store } from './store.ts';
import type { Authorizer } from './rules/contract.ts';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Max-Age': '86400',
};

const MAX_BODY_BYTES = 12 * 1024 * 1024; // a 500-write commit of large documents, with room

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw invalid('Request body too large.');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalid('Request body is not valid JSON.');
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { ...CORS, 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export interface EmulatorOptions {
  port?: number;
  host?: string;
  dataDir?: string | null;
  fresh?: boolean;
  authorizer?: Authorizer;
  compactAfter?: number;
}

export interface RunningEmulator {
  port: number;
  url: string;
  host: string;
  service: FirestoreService;
  setAuthorizer(a: Authorizer): void;
  close(): Promise<void>;
}

export async function createEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const store = new Store(options.dataDir ?? null, { fresh: options.fresh, compactAfter: options.compactAfter });
  const service = new FirestoreService(store);
  if (options.authorizer) service.setAuthorizer(options.authorizer);
  const server = createServer((req, res) => {
    handle(service, req, res).catch((error: unknown) => {
      const api = error instanceof ApiError ? error : new ApiError('INTERNAL', error instanceof Error ? error.message : String(error));
      if (api.status === 'INTERNAL') console.error(error);
      send(res, api.httpStatus, api.toJSON());
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    host,
    url: `http://${host}:${port}`,
    service,
    setAuthorizer: (a) => service.setAuthorizer(a),
    close: () => closeServer(server).then(() => store.close()),
  };
}

function closeServer(server: Server) {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

async function handle(service: FirestoreService, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = decodeURIComponent(url.pathname);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, CORS).end();
    return;
  }
  if (path === '/' && req.method === 'GET') {
    res.writeHead(200, { ...CORS, 'Content-Type': 'text/plain' }).end('Ok');
    return;
  }
  const clear = /^\/emulator\/v1\/projects\/[^/]+\/databases\/([^/]+)\/documents$/.exec(path);
  if (clear && req.method === 'DELETE') {
    service.store.clear(clear[1]);
    send(res, 200, {});
    return;
  }
  if (!path.startsWith('/v1/')) throw new ApiError('NOT_FOUND', `Not found: ${path}`);
  const resource = path.slice('/v1/'.length);
  const caller = callerFromHeader(req.headers.authorization);
  const colon = resource.lastIndexOf(':');
  const hasMethod = colon > resource.lastIndexOf('/');
  const name = hasMethod ? resource.slice(0, colon) : resource;
  const method = hasMethod ? resource.slice(colon + 1) : '';

  if (req.method === 'GET' && !method) {
    send(res, 200, service.getDocument(caller, name));
    return;
  }
  if (req.method !== 'POST') throw new ApiError('UNIMPLEMENTED', `${req.method} ${path} is not supported by this emulator.`);
  const body = await readJson(req);
  switch (method) {
    case 'commit':
      return send(res, 200, await service.commit(caller, name, body));
    case 'batchGet':
      return send(res, 200, service.batchGet(caller, name, body));
    case 'runQuery':
      return send(res, 200, service.runQuery(caller, name, body));
    case 'runAggregationQuery':
      return send(res, 200, service.runAggregationQuery(caller, name, body));
    case 'beginTransaction':
      return send(res, 200, service.beginTransaction());
    case 'rollback':
      return send(res, 200, service.rollback(body));
    default:
      throw new ApiError('UNIMPLEMENTED', `Method ${method} is not supported by this emulator.`);
  }
}
