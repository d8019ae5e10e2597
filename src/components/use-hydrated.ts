import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while React hydrates a prerendered page, true from the render after.
 * A prerendered page was built for its path only, so state read from the query string (filters)
 * must wait for this, or the first browser render would not match the HTML it adopts.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
