// The article and abstract pages the build prerenders: every article published, and every
// accepted abstract published (publishedAbstracts), when the build runs, read over
// Firestore's REST API from the database the app is built for (the local emulator unless
// VITE_FIREBASE_PROJECT_ID is set), as an anonymous visitor would, so the rules apply.
// A database the build cannot reach is not an error: those pages are then served by the SPA
// fallback, exactly as an article or abstract published after the build is.
import { loadEnv } from 'vite';
import { firestoreDocumentsUrl } from '../../src/lib/firestore-rest.ts';
import type { PUBLISHED } from '../../src/data/published-abstracts.ts';
import { isPublishedAbstractId } from '../../src/data/published-abstract-lists.ts';

type Env = Record<string, string | undefined>;

export function runQueryUrl(env: Env): string {
  const project = env.VITE_FIREBASE_PROJECT_ID;
  const documents = project
    ? firestoreDocumentsUrl(project, null)
    : firestoreDocumentsUrl('demo-nci-summit', env.VITE_FIRESTORE_EMULATOR_HOST || '127.0.0.1:8080');
  const key = project && env.VITE_FIREBASE_API_KEY ? `?key=${encodeURIComponent(env.VITE_FIREBASE_API_KEY)}` : '';
  return `${documents}:runQuery${key}`;
}

/** Published articles' slugs only (a projection: the build does not download the bodies). */
export const PUBLISHED_SLUGS = {
  structuredQuery: {
    from: [{ collectionId: 'publications' }],
    where: { fieldFilter: { field: { fieldPath: 'published' }, op: 'EQUAL', value: { booleanValue: true } } },
    select: { fields: [{ fieldPath: 'slug' }] },
  },
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function articlePaths(rows: Array<{ document?: { fields?: { slug?: { stringValue?: string } } } }>): string[] {
  const slugs = rows.map((r) => r.document?.fields?.slug?.stringValue).filter((s): s is string => !!s && SLUG.test(s));
  return [...new Set(slugs)].sort().map((s) => `/blogs/${s}`);
}

// The collection's name as the data module spells it (a type, so the build does not load the app's data layer).
const PUBLISHED_ABSTRACTS: typeof PUBLISHED = 'publishedAbstracts';

/** Published abstracts' ids only (a projection of one short field: the build does not download their listings). */
export const PUBLISHED_ABSTRACT_IDS = {
  structuredQuery: {
    from: [{ collectionId: PUBLISHED_ABSTRACTS }],
    select: { fields: [{ fieldPath: 'id' }] },
  },
};

export function abstractPaths(rows: Array<{ document?: { name?: string } }>): string[] {
  const ids = rows.map((r) => r.document?.name?.split('/').at(-1)).filter((id): id is string => !!id && isPublishedAbstractId(id));
  return [...new Set(ids)].sort().map((id) => `/abstracts/${id}`);
}

type Rows = Parameters<typeof articlePaths>[0] & Parameters<typeof abstractPaths>[0];

async function readPaths(what: string, query: object, paths: (rows: Rows) => string[], env: Env, timeoutMs: number): Promise<string[]> {
  try {
    const response = await fetch(runQueryUrl(env), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(query),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return paths(await response.json());
  } catch (error) {
    console.warn(`${what} are not prerendered (${(error as Error).message} from ${runQueryUrl(env).replace(/\?key=.*/, '')}): the SPA fallback serves them.`);
    return [];
  }
}

export const publishedArticlePaths = (env: Env = loadEnv('production', process.cwd(), 'VITE_'), timeoutMs = 5_000) =>
  readPaths('Articles', PUBLISHED_SLUGS, articlePaths, env, timeoutMs);

export const publishedAbstractPaths = (env: Env = loadEnv('production', process.cwd(), 'VITE_'), timeoutMs = 5_000) =>
  readPaths('Abstracts', PUBLISHED_ABSTRACT_IDS, abstractPaths, env, timeoutMs);
