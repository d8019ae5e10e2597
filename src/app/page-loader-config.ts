// What a prerendered page's loader needs to know (lib/page-loader.ts): the content version the
// page is built from, where to read the current one, and whether to count the page view.
import { PLAUSIBLE_EVENTS } from '../lib/plausible-events.ts';
import { CONTENT_VERSION, fetchContentVersion } from '../data/content-version.ts';
import { firebaseConfig, firestoreEmulatorHost, plausibleDomain, usesEmulators } from '../lib/env.ts';
import { firestoreDocumentsUrl } from '../lib/firestore-rest.ts';
import { BUILD_TIME, type PageLoaderConfig } from '../lib/page-loader.ts';

export function contentVersionUrl(): string {
  const documents = firestoreDocumentsUrl(firebaseConfig.projectId, usesEmulators ? firestoreEmulatorHost : null);
  const query = new URLSearchParams({ 'mask.fieldPaths': 'version' });
  if (!usesEmulators) query.set('key', firebaseConfig.apiKey);
  return `${documents}/${CONTENT_VERSION.collection}/${CONTENT_VERSION.id}?${query}`;
}

/**
 * Read before the page's own data, so a change made while the build runs leaves the page with an
 * older version than the database's: the loader then refreshes it. Null when the database cannot
 * be read: the page was built without its data, and its loader starts the app at once.
 */
export async function pageLoaderConfig(): Promise<PageLoaderConfig | null> {
  const version = await fetchContentVersion().catch(() => null);
  if (version === null) return null;
  return {
    version,
    versionUrl: contentVersionUrl(),
    builtAt: BUILD_TIME,
    ...(plausibleDomain && { pageview: { domain: plausibleDomain, endpoint: PLAUSIBLE_EVENTS } }),
  };
}
