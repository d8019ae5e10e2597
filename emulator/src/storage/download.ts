// Serving an object's bytes (`?alt=media`): its stored Content-Type, Content-Length,
// X-Content-Type-Options: nosniff, Content-Disposition / -Encoding / -Language and Cache-Control
// when set, an ETag (If-None-Match answers 304), and one byte range (`Range: bytes=a-b`, `a-`,
// `-n`: 206 with Content-Range; 416 when it lies past the end). The SDK's getBytes(ref, max)
// sends `Range: bytes=0-max`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { etagOf, type StoredObject } from './object-metadata.ts';

/** The one range asked for, as [start, end] inclusive; null to send everything; 'unsatisfiable'. */
export function parseRange(header: string | undefined, size: number): [number, number] | null | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null; // absent, several ranges or malformed: the whole object
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return [start, end];
}

export function download(
  req: IncomingMessage,
  res: ServerResponse,
  object: StoredObject,
  open: (range?: { start: number; end: number }) => Readable,
  cors: Record<string, string>,
) {
  const etag = `"${etagOf(object)}"`;
  const headers: Record<string, string | number> = {
    ...cors,
    'Content-Type': object.contentType,
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': new Date(object.updated).toUTCString(),
    ...(object.contentDisposition ? { 'Content-Disposition': object.contentDisposition } : {}),
    ...(object.contentEncoding ? { 'Content-Encoding': object.contentEncoding } : {}),
    ...(object.contentLanguage ? { 'Content-Language': object.contentLanguage } : {}),
    ...(object.cacheControl ? { 'Cache-Control': object.cacheControl } : {}),
  };
  if (req.headers['if-none-match'] === etag) return void res.writeHead(304, headers).end();
  const range = object.size === 0 ? null : parseRange(req.headers.range, object.size);
  if (range === 'unsatisfiable') return void res.writeHead(416, { ...headers, 'Content-Range': `bytes */${object.size}` }).end();
  const [start, end] = range ?? [0, object.size - 1];
  res.writeHead(range ? 206 : 200, {
    ...headers,
    'Content-Length': object.size === 0 ? 0 : end - start + 1,
    ...(range ? { 'Content-Range': `bytes ${start}-${end}/${object.size}` } : {}),
  });
  if (req.method === 'HEAD' || object.size === 0) return void res.end();
  const stream = open({ start, end });
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
