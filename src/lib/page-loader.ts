// The contract between a prerendered page and its loader (scripts/build/page-loader.ts), which starts
// the app's JavaScript only when the page needs it: at the visitor's first tap or key, when a part
// only the app can show comes into view, or when the content changed since the build. The build
// writes this config into the page; the app announces when it has hydrated, so the loader can
// replay a tap it held.

import { jsonDataBlock, readJsonDataBlock } from './json-data-block.ts';

export const PAGE_LOADER_CONFIG_ID = 'page-loader-config';

/** When this build renders its pages (meaningful only in the prerender, which runs at build time). */
export const BUILD_TIME = Date.now();
export const HYDRATED_EVENT = 'app-hydrated';

export interface PageLoaderConfig {
  /** The content version the page was built from (data/content-version.ts). */
  version: number;
  /** Where the version is read, over Firestore's REST API (no SDK needed). */
  versionUrl: string;
  /** When the build rendered the page: what it decided "open or closed" by (components/use-now.ts). */
  builtAt: number;
  /** Set when analytics is on: the loader counts the page view, since the app may never start. */
  pageview?: { domain: string; endpoint: string };
}

export function pageLoaderConfigTag(config: PageLoaderConfig): string {
  return jsonDataBlock(PAGE_LOADER_CONFIG_ID, JSON.stringify(config));
}

export function readPageLoaderConfig(doc: Document | undefined = globalThis.document): PageLoaderConfig | null {
  const text = readJsonDataBlock(PAGE_LOADER_CONFIG_ID, doc);
  return text ? (JSON.parse(text) as PageLoaderConfig) : null;
}

/** Called once the app has hydrated: marks the page (`html[data-hydrated]`) and tells the loader. */
export function announceHydrated(doc: Document = document) {
  doc.documentElement.dataset.hydrated = 'true';
  doc.dispatchEvent(new Event(HYDRATED_EVENT));
}
