// The SDK's multipart upload body (`Content-Type: multipart/related; boundary=…`): a JSON part with
// the declared metadata, then a part with the bytes and their Content-Type.
import { badRequest } from './errors.ts';

export interface MultipartUpload {
  metadata: Record<string, unknown>;
  contentType: string | undefined;
  bytes: Buffer;
}

interface Part {
  headers: Record<string, string>;
  body: Buffer;
}

function parts(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const out: Part[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw badRequest('The multipart body has no boundary.');
  for (;;) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') return out;
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), start);
    if (next < 0) throw badRequest('The multipart body is not terminated.');
    const part = body.subarray(start + 2, next); // after the CRLF that ends the delimiter line
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) throw badRequest('A multipart part has no header block.');
    const headers: Record<string, string> = {};
    for (const line of part.subarray(0, split).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    out.push({ headers, body: part.subarray(split + 4) });
    at = next + 2;
  }
}

export function parseMultipart(contentType: string | undefined, body: Buffer): MultipartUpload {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (!boundary) throw badRequest('A multipart upload needs Content-Type: multipart/related; boundary=….');
  const [meta, data] = parts(body, boundary);
  if (!meta || !data) throw badRequest('A multipart upload has two parts: the metadata (JSON), then the bytes.');
  let metadata: unknown;
  try {
    metadata = JSON.parse(meta.body.toString('utf8') || '{}');
  } catch {
    throw badRequest('The metadata part of the multipart upload is not JSON.');
  }
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) throw badRequest('The metadata part must be a JSON object.');
  return { metadata: metadata as Record<string, unknown>, contentType: data.headers['content-type'], bytes: data.body };
}
