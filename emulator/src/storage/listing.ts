// list / listAll: the objects under a prefix, those deeper than the next delimiter folded into
// `prefixes` (each ending in the delimiter), both in name order, `maxResults` entries a page and
// `nextPageToken` while more remain (the token is the last entry given, so a page is stable
// against writes elsewhere in the bucket).
import { badRequest } from './errors.ts';
import type { StoredObject } from './object-metadata.ts';

export interface ListOptions {
  bucket: string;
  prefix: string;
  delimiter: string;
  maxResults: number;
  pageToken: string | null;
}

export function listObjects(objects: StoredObject[], options: ListOptions) {
  const { bucket, prefix, delimiter, maxResults } = options;
  let after = '';
  if (options.pageToken) {
    after = Buffer.from(options.pageToken, 'base64url').toString('utf8');
    if (!after.startsWith(prefix)) throw badRequest('The pageToken is not one this listing gave.');
  }
  const prefixes: string[] = [];
  const items: { name: string; bucket: string }[] = [];
  let last = '';
  for (const object of objects) {
    if (!object.name.startsWith(prefix)) continue;
    const cut = delimiter ? object.name.indexOf(delimiter, prefix.length) : -1;
    const key = cut >= 0 ? object.name.slice(0, cut + delimiter.length) : object.name;
    if (key <= after || key === last) continue;
    if (prefixes.length + items.length === maxResults) {
      return { prefixes, items, nextPageToken: Buffer.from(last).toString('base64url') };
    }
    if (cut >= 0) prefixes.push(key);
    else items.push({ name: object.name, bucket });
    last = key;
  }
  return { prefixes, items };
}
