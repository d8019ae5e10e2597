// The public site's content version: a counter the back office moves, in the same commit, with
// every change to something a public page shows (src/admin/content-version.ts moves it). A
// prerendered page carries the version it was built from, and its loader (scripts/build/page-loader.ts)
// starts the app, which reads everything again, only when the database's version differs. So a
// reader who never taps downloads no JavaScript and still never reads content older than the back
// office's last change.
import { publicReads } from '../lib/data.ts';

export const CONTENT_VERSION = { collection: 'counters', id: 'content' } as const;

/** The version now (0 before the first change). */
export async function fetchContentVersion(): Promise<number> {
  const stored = await publicReads.fetchDocument<{ version?: number }>(CONTENT_VERSION.collection, CONTENT_VERSION.id);
  return stored?.version ?? 0;
}
