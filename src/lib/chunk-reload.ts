// After a deploy, an open tab may ask for a code chunk that no longer exists. Reloading fetches
// the new build; the 10 s guard (SPEC section 8) stops a reload loop when the chunk is truly broken.
// (The page loader, scripts/page-loader.ts, reloads by the same key, guard and pattern.)
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_KEY = 'chunkReloadAt';
export const CHUNK_LOAD_ERROR = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed/i;

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
