// Reading and writing nested fields of a document by field path segments. Documents are never
// mutated in place (the store, indexes and open snapshots share them), so writes copy the maps
// on the way down.
import type { Fields, Value } from './value-types.ts';
import { makeMap, mapFields } from './values.ts';

export function getField(fields: Fields, path: string[]): Value | undefined {
  let current: Fields | undefined = fields;
  for (let i = 0; i < path.length - 1; i++) {
    const v: Value | undefined = current[path[i]];
    if (!v || !('mapValue' in v)) return undefined;
    current = mapFields(v);
  }
  return current[path[path.length - 1]];
}

/** A copy of `fields` with `value` at `path`, creating maps on the way; undefined deletes. */
export function setField(fields: Fields, path: string[], value: Value | undefined): Fields {
  const [head, ...rest] = path;
  const copy = { ...fields };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const child = copy[head];
  const isMap = !!child && 'mapValue' in child;
  // Deleting below something that is not a map deletes nothing.
  if (value === undefined && !isMap) return copy;
  copy[head] = makeMap(setField(isMap ? mapFields(child) : {}, rest, value));
  return copy;
}

/** Keeps only the given field paths (a projection or a read mask). */
export function project(fields: Fields, paths: string[][]): Fields {
  let out: Fields = {};
  for (const p of paths) {
    const v = getField(fields, p);
    if (v !== undefined) out = setField(out, p, v);
  }
  return out;
}
