// What the emulator's HTTP servers (Firestore, Cloud Storage) share: CORS for the browser app,
// listening, closing.
import type { IncomingMessage, Server } from 'node:http';

export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return {
    // Echoing the origin (rather than "*") also serves requests made with credentials.
    'Access-Control-Allow-Origin': origin ?? '*',
    ...(origin ? { 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' } : {}),
    'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
    // "*" does not cover Authorization, so the requested headers are echoed back.
    'Access-Control-Allow-Headers':
      req.headers['access-control-request-headers'] ??
      'Authorization, Content-Type, X-Goog-Api-Client, X-Goog-Request-Params, Google-Cloud-Resource-Prefix, X-Firebase-GMPID, X-Firebase-AppCheck, X-Goog-AuthUser',
    'Access-Control-Max-Age': '86400',
  };
}

/** Listens on `port` (0: a free one); rejects on EADDRINUSE and the like. */
export function listen(server: Server, port: number, host: string) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export function closeServer(server: Server) {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    // Requests in flight get a moment to finish (their commits are already being made durable).
    setTimeout(() => server.closeAllConnections(), 200).unref();
  });
}
