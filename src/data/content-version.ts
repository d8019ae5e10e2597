// The public site's content version: a counter the back office moves, in the same commit, with
// every change to something a public page shows. A prerendered page carries the version it was
// built from, and its loader (scripts/page-loader.js) starts the app, which reads everything
// again, only when the database's version differs. So a reader who never taps downloads no
// JavaScript and still never reads content older than the back office's last change.
import { serverValues, type BatchWrite } from '../lib/db.ts';
import { db } from '../lib/data.ts';

export const CONTENT_VERSION = { collection: 'counters', id: 'content' } as const;

/** Collections some public page shows (settings/site on every page). */
const PUBLIC_COLLECTIONS = new Set(['settings', 'publications', 'events', 'jobs', 'tenders', 'resources', 'speakers', 'sessions', 'sponsors']);

/** Whether writes to these "collection/id" paths (archive copies included) change a public page. */
export function changesPublicContent(paths: string[]): boolean {
  return paths.some((path) => {
    const [first, second] = path.split('/');
    return PUBLIC_COLLECTIONS.has(first === 'archive' ? second : first);
  });
}

/** The version's move by one, as a write of the commit, when writes to these paths change a public page. */
export function contentVersionWrites(paths: string[]): BatchWrite[] {
  if (!changesPublicContent(paths)) return [];
  return [{ set: `${CONTENT_VERSION.collection}/${CONTENT_VERSION.id}`, data: { version: serverValues.increment(1) }, merge: true }];
}

/** The version now (0 before the first change). */
export async function fetchContentVersion(): Promise<number> {
  const stored = await db.fetchDocument<{ version?: number }>(CONTENT_VERSION.collection, CONTENT_VERSION.id);
  return stored?.version ?? 0;
}
