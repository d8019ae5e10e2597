import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False on the server and while the app hydrates a prerendered page, true from the render after;
 * true at once for anything mounted later (a page reached by navigation). A prerendered page was
 * built for its path only, so state read from the query string (filters) must wait for this, or
 * the first browser render would not match the HTML it adopts. React hydrates with the server
 * snapshot and then renders again with the browser's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
