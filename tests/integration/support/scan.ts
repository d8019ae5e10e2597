// Reading the whole database with the emulator's owner access, to prove something is nowhere:
// every top-level collection and every collection under a document (archive/{c}/items, …),
// page by page, as raw REST JSON (so a value hidden in a nested map or list is found too).
import { docsRoot, ownerHeaders } from '../../../emulator/seed/rest.ts';
import { stack } from './clients.ts';

interface RestDocument {
  name: string;
  fields?: Record<string, unknown>;
}

async function post<T>(path: string, body: object): Promise<T> {
  const a = stack();
  const res = await fetch(`http://${a.firestore}/v1/${path}`, { method: 'POST', headers: ownerHeaders, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const collectionIds = async (parent: string) =>
  (await post<{ collectionIds?: string[] }>(`${parent}:listCollectionIds`, { pageSize: 1000 })).collectionIds ?? [];

async function documentsOf(collectionPath: string): Promise<RestDocument[]> {
  const a = stack();
  const all: RestDocument[] = [];
  let pageToken = '';
  do {
    const url = `http://${a.firestore}/v1/${collectionPath}?pageSize=1000&showMissing=true${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`;
    const res = await fetch(url, { headers: ownerHeaders });
    if (!res.ok) throw new Error(`Listing ${collectionPath} failed: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { documents?: RestDocument[]; nextPageToken?: string };
    all.push(...(page.documents ?? []));
    pageToken = page.nextPageToken ?? '';
  } while (pageToken);
  return all;
}

export interface Scan {
  /** Every collection read, by path ('archive/registrations/items'). */
  collections: string[];
  documents: number;
  /** Each document whose name or fields contain a needle: its path and the needles found. */
  hits: Array<{ path: string; found: string[] }>;
}

/** Every document in the database (to a depth of three collections), searched for each needle, case-insensitively. */
export async function scanFor(needles: string[]): Promise<Scan> {
  const root = docsRoot(stack());
  const lowered = needles.map((n) => n.toLowerCase());
  const scan: Scan = { collections: [], documents: 0, hits: [] };
  const walk = async (parent: string, depth: number) => {
    for (const id of await collectionIds(parent)) {
      const path = `${parent}/${id}`;
      scan.collections.push(path.slice(root.length + 1));
      for (const d of await documentsOf(path)) {
        scan.documents++;
        const text = JSON.stringify(d).toLowerCase();
        const found = needles.filter((_, i) => text.includes(lowered[i]));
        if (found.length) scan.hits.push({ path: d.name.slice(root.length + 1), found });
        if (depth < 3) await walk(d.name, depth + 1);
      }
    }
  };
  await walk(root, 1);
  return scan;
}
