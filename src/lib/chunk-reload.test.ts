import { describe, expect, it } from 'vitest';
import { isChunkLoadError, RELOAD_GUARD_MS, shouldReloadForChunkError } from './chunk-reload.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('chunk reload guard', () => {
  it('recognises the browsers’ failed dynamic import messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, then not again within 10 s, then again after', () => {
    const storage = memoryStorage();
    expect(shouldReloadForChunkError(storage, 1_000_000)).toBe(true);
    expect(shouldReloadForChunkError(storage, 1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(shouldReloadForChunkError(storage, 1_000_000 + RELOAD_GUARD_MS + 1)).toBe(true);
  });
});
