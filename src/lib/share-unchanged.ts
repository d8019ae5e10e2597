// TanStack Query keeps the unchanged parts of refetched data by reference ("structural sharing"),
// so components showing them do not render again. Its default stops at anything that is not a
// plain object or array, and our documents carry Dates (db.ts turns Timestamps into them), so every
// refetch looked like a change and re-rendered the page: on a prerendered page, right after
// hydration, for data identical to what the build read. This is the same rule, plus: two Dates
// of the same instant are the same value.

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** `next`, with every part equal to the same part of `prev` replaced by `prev`'s (so `prev` itself when all is equal). */
export function shareUnchanged(prev: unknown, next: unknown): unknown {
  if (prev instanceof Date && next instanceof Date) return prev.getTime() === next.getTime() ? prev : next;
  if (Array.isArray(prev) && Array.isArray(next)) {
    const shared = next.map((item, i) => shareUnchanged(prev[i], item));
    return shared.length === prev.length && shared.every((item, i) => item === prev[i]) ? prev : shared;
  }
  if (isRecord(prev) && isRecord(next)) {
    const keys = Object.keys(next);
    const shared = Object.fromEntries(keys.map((key) => [key, shareUnchanged(prev[key], next[key])]));
    return keys.length === Object.keys(prev).length && keys.every((key) => Object.hasOwn(prev, key) && shared[key] === prev[key]) ? prev : shared;
  }
  return Object.is(prev, next) ? prev : next;
}
