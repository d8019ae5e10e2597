import { BUILD_TIME, readPageLoaderConfig } from '../lib/page-loader.ts';
import { useHydrated } from './use-hydrated.ts';

/**
 * The time a page decides "open or closed" by. While prerendering, and while React hydrates the
 * prerendered page, the time the build rendered it (the page carries it), so the first browser
 * render matches the HTML; from the render after, the visitor's clock. (The page's loader starts
 * the app when a `data-changes-at` moment has passed since the build: scripts/page-loader.ts.)
 */
export function useNow(): Date {
  const hydrated = useHydrated();
  if (hydrated) return new Date();
  return new Date(typeof document === 'undefined' ? BUILD_TIME : (readPageLoaderConfig()?.builtAt ?? Date.now()));
}
