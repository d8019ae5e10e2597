// Resumable upload sessions (X-Goog-Upload-Protocol: resumable), as the SDK's
// uploadBytesResumable drives them: `start` declares the metadata and the size and gets an upload
// URL; `upload` sends a chunk at `X-Goog-Upload-Offset`; `upload, finalize` (or `finalize`) sends
// the last one and creates the object; `query` reports the bytes received; `cancel` ends the
// session. A chunk counts only once wholly received (a chunk cut off by a pause is not kept; the
// SDK asks with `query` where to resume). The sessions live in memory; their bytes in a file.
import { randomUUID } from 'node:crypto';
import { appendFile, rm } from 'node:fs/promises';
import type { Caller } from '../auth-token.ts';
import type { DeclaredMetadata } from './object-metadata.ts';
import { badRequest, notFound } from './errors.ts';

export interface UploadSession {
  id: string;
  bucket: string;
  name: string;
  declared: DeclaredMetadata;
  /** X-Goog-Upload-Header-Content-Type, when the metadata declares none. */
  contentTypeHeader?: string;
  /** X-Goog-Upload-Header-Content-Length: the size the upload announced (null: not announced). */
  size: number | null;
  received: number;
  file: string;
  caller: Caller;
  state: 'active' | 'final' | 'cancelled';
  /** One chunk at a time. */
  busy: boolean;
}

export class ResumableUploads {
  private readonly sessions = new Map<string, UploadSession>();

  start(fields: Omit<UploadSession, 'id' | 'received' | 'state' | 'busy'>): UploadSession {
    const session: UploadSession = { ...fields, id: randomUUID(), received: 0, state: 'active', busy: false };
    this.sessions.set(session.id, session);
    return session;
  }

  get(id: string, bucket: string, name: string): UploadSession {
    const session = this.sessions.get(id);
    if (!session || session.bucket !== bucket || session.name !== name) throw notFound(`No upload session ${id} for ${name}.`);
    return session;
  }

  /** Appends a wholly received chunk at `offset`, which must be where the session stands. */
  async append(session: UploadSession, offset: number, chunk: Buffer) {
    if (session.state !== 'active') throw badRequest(`The upload session is ${session.state}.`);
    if (offset !== session.received) throw badRequest(`X-Goog-Upload-Offset ${offset} does not match the ${session.received} bytes received.`);
    if (session.size !== null && session.received + chunk.length > session.size) {
      throw badRequest(`The chunk ends at byte ${session.received + chunk.length}, beyond the ${session.size} bytes the upload declared.`);
    }
    if (session.busy) throw badRequest('Another chunk of this upload is being received.');
    session.busy = true;
    try {
      await appendFile(session.file, chunk);
      session.received += chunk.length;
    } finally {
      session.busy = false;
    }
  }

  /** Forgets a session: its bytes file too, unless finalising moved it. */
  async end(session: UploadSession, state: 'final' | 'cancelled') {
    session.state = state;
    if (state === 'cancelled') await rm(session.file, { force: true });
    // Finished sessions stay answerable to `query` for a while (the SDK asks after a lost answer).
    setTimeout(() => this.sessions.delete(session.id), 10 * 60_000).unref();
  }
}
