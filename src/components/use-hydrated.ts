import { useEffect, useState } from 'react';

/** Set once the app's first render in this browser has committed (module state: one app per page). */
let appHydrated = false;

/**
 * False on the server and while the app hydrates a prerendered page, true from the render after;
 * true at once for anything mounted later (a page reached by navigation). A prerendered page was
 * built for its path only, so state read from the query string (filters) must wait for this, or
 * the first browser render would not match the HTML it adopts. Not useSyncExternalStore's server
 * snapshot: Preact's compat layer ignores it, and Preact keeps the attributes of the HTML it
 * hydrates, so a first render that differed would leave them stale.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(appHydrated);
  useEffect(() => {
    appHydrated = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
