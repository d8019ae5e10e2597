// After a deploy, an open tab may ask for a code chunk that no longer exists. Reloading fetches
// the new build; the 10 s guard (SPEC section 8) stops a reload loop when the chunk is truly broken.
// (The page loader, scripts/build/page-loader.ts, reloads by the same key, guard and pattern.)
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_KEY = 'chunkReloadAt';
export const CHUNK_LOAD_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return CHUNK_LOAD_ERROR.test(error instanceof Error ? error.message : String(error));
}

/** Decides, and records, whether to reload now. Pure apart from the storage it is given. */
export function shouldReloadForChunkError(storage: Pick<Storage, 'getItem' | 'setItem'>, now = Date.now()): boolean {
  const last = Number(storage.getItem(RELOAD_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(RELOAD_KEY, String(now));
  return true;
}

/** What React Router logs just before it reloads the page because a route module failed to load. */
export const ROUTER_RELOAD_MESSAGE = /^Error loading route module `[^`]*`, reloading page/;

/**
 * React Router reloads the page itself when a route's module fails to import
 * (`window.location.reload()` right after logging ROUTER_RELOAD_MESSAGE), with no guard: a chunk
 * that is truly gone would reload the page forever. `location.reload` cannot be replaced, so this
 * watches for that log line: a reload the guard allows is recorded and goes ahead; one within
 * 10 s of the last is stopped by throwing a chunk-load error from the log call, which React Router
 * then treats as the route's error (the error page, which offers no further reload).
 */
export function guardRouterReloads(
  target: Pick<Console, 'error'> = console,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  now: () => number = Date.now,
): void {
  const original = target.error.bind(target);
  target.error = (...args: unknown[]) => {
    original(...args);
    if (typeof args[0] === 'string' && ROUTER_RELOAD_MESSAGE.test(args[0]) && !shouldReloadForChunkError(storage, now())) {
      throw new TypeError(`Failed to fetch dynamically imported module (not reloading again within ${RELOAD_GUARD_MS / 1000} s)`);
    }
  };
}
