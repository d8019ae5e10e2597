// The back office's side of the public content version (src/data/content-version.ts): which
// writes change a public page, and the version's move in the same commit as those writes.
import { serverValues, type BatchWrite } from '../lib/db.ts';
import { CONTENT_VERSION } from '../data/content-version.ts';

/** Collections some public page shows (settings/site on every page). */
const PUBLIC_COLLECTIONS = new Set([
  'settings',
  'publications',
  'events',
  'jobs',
  'tenders',
  'resources',
  'speakers',
  'sessions',
  'sponsors',
  // Accepted abstracts: /program (placed ones), /abstract-book and each abstract's page.
  'publishedAbstracts',
  'publishedAbstractTexts',
]);

/**
 * Documents of those collections no prerendered page shows: settings/cpd is read only by "my
 * registration" and the back office, in the browser, so saving it need not restart visitors' apps.
 */
const UNSHOWN_PATHS = new Set(['settings/cpd']);

/** Whether writes to these "collection/id" paths (archive copies included) change a public page. */
export function changesPublicContent(paths: string[]): boolean {
  return paths.some((path) => {
    if (UNSHOWN_PATHS.has(path)) return false;
    const [first, second] = path.split('/');
    return PUBLIC_COLLECTIONS.has(first === 'archive' ? second : first);
  });
}

/** The version's move by one, as a write of the commit, when writes to these paths change a public page. */
export function contentVersionWrites(paths: string[]): BatchWrite[] {
  if (!changesPublicContent(paths)) return [];
  return [{ set: `${CONTENT_VERSION.collection}/${CONTENT_VERSION.id}`, data: { version: serverValues.increment(1) }, merge: true }];
}
