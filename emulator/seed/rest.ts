// Minimal REST writers for seeding: they speak the Firestore and Auth emulator protocols directly
// (Firestore `commit` with the `owner` bypass, Auth's identitytoolkit endpoints), so the seed works
// the same against our emulator and the official ones, without pulling the client SDKs into Node.
// Values are encoded and decoded by the app's own REST codec (src/lib/firestore-rest.ts), exactly as
// the SDK would: the seed and the tools write what the app would write.
import { encodeFields, encodeValue } from '../../src/lib/firestore-rest.ts';

export interface StackAddress {
  projectId: string;
  /** host:port of the Firestore emulator */
  firestore: string;
  /** host:port of the Cloud Storage emulator (the same process as Firestore's) */
  storage?: string;
  /** host:port of the Auth emulator */
  auth: string;
  /** host:port of MailDev's web UI and REST API, where the stack's emails land */
  mail?: string;
}

export const ownerHeaders = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

export function docsRoot(a: StackAddress) {
  return `projects/${a.projectId}/databases/(default)/documents`;
}

/** One commit with owner access (rules bypassed), as seeding and tests need. */
async function commit(a: StackAddress, writes: object[], what: string) {
  const res = await fetch(`http://${a.firestore}/v1/${docsRoot(a)}:commit`, { method: 'POST', headers: ownerHeaders, body: JSON.stringify({ writes }) });
  if (!res.ok) throw new Error(`${what} failed: ${res.status} ${await res.text()}`);
}

/** Writes documents (path → data) in commits of at most 500 writes, as Firestore allows. */
export async function writeDocuments(a: StackAddress, docs: Array<[string, Record<string, unknown>]>) {
  for (let i = 0; i < docs.length; i += 500) {
    const writes = docs.slice(i, i + 500).map(([path, data]) => ({ update: { name: `${docsRoot(a)}/${path}`, fields: encodeFields(data) } }));
    await commit(a, writes, 'Seeding Firestore');
  }
}

/** Deletes documents (paths) with owner access, in one commit. */
export async function deleteDocuments(a: StackAddress, paths: string[]) {
  if (paths.length)
    await commit(
      a,
      paths.map((path) => ({ delete: `${docsRoot(a)}/${path}` })),
      'Deleting documents',
    );
}

export async function documentExists(a: StackAddress, path: string): Promise<boolean> {
  const res = await fetch(`http://${a.firestore}/v1/${docsRoot(a)}:batchGet`, {
    method: 'POST',
    headers: ownerHeaders,
    body: JSON.stringify({ documents: [`${docsRoot(a)}/${path}`] }),
  });
  if (!res.ok) throw new Error(`Reading ${path} failed: ${res.status} ${await res.text()}`);
  const [result] = (await res.json()) as Array<{ found?: unknown }>;
  return Boolean(result?.found);
}

export async function clearFirestore(a: StackAddress) {
  const res = await fetch(`http://${a.firestore}/emulator/v1/projects/${a.projectId}/databases/(default)/documents`, {
    method: 'DELETE',
  });
  if (!res.ok) throw new Error(`Clearing Firestore failed: ${res.status}`);
}

export async function clearAuth(a: StackAddress) {
  const res = await fetch(`http://${a.auth}/emulator/v1/projects/${a.projectId}/accounts`, { method: 'DELETE' });
  if (!res.ok) throw new Error(`Clearing Auth failed: ${res.status}`);
}

/** Creates (or finds) an email/password account and marks its email verified. Returns the uid. */
export async function ensureAuthUser(
  a: StackAddress,
  user: { email: string; password: string; displayName?: string; emailVerified?: boolean },
): Promise<string> {
  const base = `http://${a.auth}/identitytoolkit.googleapis.com/v1`;
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { ok: res.ok, json: (await res.json()) as Record<string, unknown> & { error?: { message?: string } } };
  };
  let r = await post('accounts:signUp?key=demo-api-key', { email: user.email, password: user.password, returnSecureToken: true });
  if (!r.ok && r.json.error?.message?.startsWith('EMAIL_EXISTS')) {
    r = await post('accounts:signInWithPassword?key=demo-api-key', {
      email: user.email,
      password: user.password,
      returnSecureToken: true,
    });
  }
  if (!r.ok) throw new Error(`Seeding Auth user ${user.email} failed: ${JSON.stringify(r.json.error)}`);
  const localId = String(r.json.localId);
  const update = await post(
    `projects/${a.projectId}/accounts:update`,
    { localId, emailVerified: user.emailVerified ?? true, displayName: user.displayName },
    { Authorization: 'Bearer owner' },
  );
  if (!update.ok) throw new Error(`Verifying ${user.email} failed: ${JSON.stringify(update.json.error)}`);
  return localId;
}

/** Changes only the given top-level fields of a document (an update with a field mask). */
export async function patchDocument(a: StackAddress, path: string, data: Record<string, unknown>) {
  const write = {
    update: { name: `${docsRoot(a)}/${path}`, fields: encodeFields(data) },
    updateMask: { fieldPaths: Object.keys(data) },
    currentDocument: { exists: true },
  };
  await commit(a, [write], `Patching ${path}`);
}

/** Documents of a collection whose `field` equals `value`, read with the owner bypass. */
export async function findDocuments(a: StackAddress, collectionId: string, field: string, value: unknown): Promise<Array<Record<string, unknown>>> {
  const res = await fetch(`http://${a.firestore}/v1/${docsRoot(a)}:runQuery`, {
    method: 'POST',
    headers: ownerHeaders,
    body: JSON.stringify({
      structuredQuery: { from: [{ collectionId }], where: { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: encodeValue(value) } } },
    }),
  });
  if (!res.ok) throw new Error(`Query on ${collectionId} failed: ${res.status}`);
  return ((await res.json()) as Array<{ document?: Record<string, unknown> }>).filter((r) => r.document).map((r) => r.document!);
}

/**
 * Uploads a file to the Storage emulator with the owner bypass, as the SDK's multipart upload
 * sends it (one request: the metadata as JSON, then the bytes). Replaces a file of the same name.
 */
export async function uploadFile(a: StackAddress, bucket: string, file: { name: string; contentType: string; bytes: Uint8Array }) {
  if (!a.storage) throw new Error('Uploading needs the Storage emulator’s address.');
  const boundary = `seed-${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify({ name: file.name, contentType: file.contentType })}\r\n--${boundary}\r\nContent-Type: ${file.contentType}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--`)]);
  const res = await fetch(`http://${a.storage}/v0/b/${bucket}/o?name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { Authorization: 'Firebase owner', 'X-Goog-Upload-Protocol': 'multipart', 'Content-Type': `multipart/related; boundary=${boundary}` },
    body,
  });
  if (!res.ok) throw new Error(`Uploading ${file.name} failed: ${res.status} ${await res.text()}`);
}

/** The names of every file under `prefix` (its sub-folders included), listed with the owner bypass. */
export async function listFiles(a: StackAddress, bucket: string, prefix: string): Promise<string[]> {
  if (!a.storage) throw new Error('Listing files needs the Storage emulator’s address.');
  const res = await fetch(`http://${a.storage}/v0/b/${bucket}/o?prefix=${encodeURIComponent(prefix)}`, { headers: { Authorization: 'Firebase owner' } });
  if (!res.ok) throw new Error(`Listing ${prefix} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { items?: Array<{ name: string }> }).items?.map((i) => i.name) ?? [];
}

/** Deletes a file from the Storage emulator with the owner bypass; a file already gone is fine. */
export async function deleteFile(a: StackAddress, bucket: string, name: string) {
  if (!a.storage) throw new Error('Deleting a file needs the Storage emulator’s address.');
  const res = await fetch(`http://${a.storage}/v0/b/${bucket}/o/${encodeURIComponent(name)}`, {
    method: 'DELETE',
    headers: { Authorization: 'Firebase owner' },
  });
  if (!res.ok && res.status !== 404) throw new Error(`Deleting ${name} failed: ${res.status} ${await res.text()}`);
}
