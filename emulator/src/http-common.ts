// What the emulator's HTTP servers (Firestore, Cloud Storage) share: CORS for the browser app,
// listening, closing.
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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

/**
 * Listens on `port` (0: a free one) and gives the address and a close() that closes the server and
 * then runs `release` (the files behind it), once. When listening fails, `release` runs at once.
 */
export async function serve(server: Server, port: number, host: string, release: () => Promise<void>) {
  try {
    await listen(server, port, host);
  } catch (error) {
    await release();
    throw error;
  }
  const actual = (server.address() as AddressInfo).port;
  let closing: Promise<void> | null = null;
  return {
    port: actual,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}`,
    close: () => (closing ??= closeServer(server).then(release)),
  };
}
