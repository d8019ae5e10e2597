import { describe, expect, it } from 'vitest';
import { guardRouterReloads, isChunkLoadError, RELOAD_GUARD_MS, RELOAD_KEY, shouldReloadForChunkError } from './chunk-reload.ts';

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

  it.each([
    ['Chrome', new TypeError('Failed to fetch dynamically imported module: https://summit.example.org/assets/JobPage-abc.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: https://summit.example.org/assets/JobPage-abc.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['webpack-style', new Error('ChunkLoadError: Loading chunk 42 failed.')],
    ['a named chunk', new Error('Loading chunk vendors-main failed')],
    ['another case', new Error('FAILED TO FETCH DYNAMICALLY IMPORTED MODULE')],
    ['a rejection with a string', 'Failed to fetch dynamically imported module: /assets/x.js'],
  ])('recognises %s’s failed import', (_, error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    ['an unrelated error', new Error('Failed to fetch')],
    ['a chunk that loaded', new Error('Loading chunk 42 succeeded')],
    ['a chunk without a name', new Error('Loading chunk  failed')],
    ['nothing', undefined],
  ])('does not take %s for a failed import', (_, error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });

  it('records the reload in sessionStorage’s chunkReloadAt, the key the page loader reads', () => {
    const storage = memoryStorage();
    expect(shouldReloadForChunkError(storage, 1_234_567)).toBe(true);
    expect(storage.getItem(RELOAD_KEY)).toBe('1234567');
    expect(RELOAD_KEY).toBe('chunkReloadAt');
  });

  it('reloads once, then not again within 10 s, then again after', () => {
    const storage = memoryStorage();
    expect(shouldReloadForChunkError(storage, 1_000_000)).toBe(true);
    expect(shouldReloadForChunkError(storage, 1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(shouldReloadForChunkError(storage, 1_000_000 + RELOAD_GUARD_MS + 1)).toBe(true);
  });

  it('guards for exactly ten seconds (SPEC section 8): 9.999 s after, no; 10 s after, yes', () => {
    const storage = memoryStorage();
    expect(shouldReloadForChunkError(storage, 50_000)).toBe(true);
    expect(shouldReloadForChunkError(storage, 51_000)).toBe(false);
    expect(shouldReloadForChunkError(storage, 59_999)).toBe(false);
    expect(shouldReloadForChunkError(storage, 60_000)).toBe(true);
    // A refused attempt does not move the guard: the next window counts from the last reload.
    expect(shouldReloadForChunkError(storage, 69_999)).toBe(false);
    expect(shouldReloadForChunkError(storage, 70_000)).toBe(true);
  });

  it('reloads when the record is not a time (a damaged entry never blocks reloading), and records the time', () => {
    const storage = memoryStorage();
    storage.setItem('chunkReloadAt', 'garbage');
    expect(shouldReloadForChunkError(storage, Date.UTC(2027, 4, 12))).toBe(true);
    expect(storage.getItem('chunkReloadAt')).toBe(String(Date.UTC(2027, 4, 12)));
  });
});

describe('React Router’s own reload after a failed route module', () => {
  const routerLog = 'Error loading route module `/assets/JobPage-abc.js`, reloading page...';

  it('lets the first reload happen and records it, then stops one within 10 s with a chunk-load error', () => {
    const storage = memoryStorage();
    const logged: unknown[][] = [];
    const target = { error: (...args: unknown[]) => void logged.push(args) };
    let clock = 5_000_000;
    guardRouterReloads(target, storage, () => clock);
    expect(() => target.error(routerLog)).not.toThrow();
    clock += RELOAD_GUARD_MS - 1;
    let thrown: unknown;
    try {
      target.error(routerLog);
    } catch (error) {
      thrown = error;
    }
    expect(isChunkLoadError(thrown)).toBe(true);
    clock += 2;
    expect(() => target.error(routerLog)).not.toThrow();
    // Every message is still logged.
    expect(logged).toHaveLength(3);
  });

  it('shares the guard with the app’s own chunk reload, and leaves other errors alone', () => {
    const storage = memoryStorage();
    const target = { error: (..._args: unknown[]) => undefined };
    guardRouterReloads(target, storage, () => 9_000_000);
    expect(shouldReloadForChunkError(storage, 9_000_000)).toBe(true);
    expect(() => target.error(routerLog)).toThrow(new TypeError('Failed to fetch dynamically imported module (not reloading again within 10 s)'));
    expect(() => target.error('Error loading route module, reloading page (not the router’s exact words)')).not.toThrow();
    expect(() => target.error(new Error(routerLog))).not.toThrow();
    expect(() => target.error(`Warning: ${routerLog}`)).not.toThrow();
    // Only the router's own log line (a string) counts, not an object that merely reads like it.
    expect(() => target.error({ toString: () => routerLog })).not.toThrow();
    expect(() => target.error('Error loading route module `/assets/a.js`, retrying')).not.toThrow();
  });

  it('passes every logged argument on to the console as it was', () => {
    const logged: unknown[][] = [];
    const target = { error: (...args: unknown[]) => void logged.push(args) };
    guardRouterReloads(target, memoryStorage(), () => 1);
    const detail = { route: 'jobs' };
    target.error('Something failed', detail, 42);
    expect(logged).toEqual([['Something failed', detail, 42]]);
  });
});
