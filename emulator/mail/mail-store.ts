// The mail worker's reads and writes of Firestore, over the emulator's REST API with the owner
// bypass (as the extension's Admin SDK bypasses the rules in production).
import type { TemplateDocument } from '../../src/lib/mail-render.ts';
import { docsRoot, ownerHeaders, type StackAddress } from '../seed/rest.ts';
import { decodeFields, encodeFields } from '../../src/lib/firestore-rest.ts';
import type { Delivery } from './delivery.ts';

export interface StoredMail {
  path: string;
  updateTime: string;
  data: Record<string, unknown>;
}

type RestDocument = { name: string; updateTime: string; fields?: Parameters<typeof decodeFields>[0] };

export class Conflict extends Error {}

async function call(a: StackAddress, verb: string, body: object) {
  const res = await fetch(`http://${a.firestore}/v1/${docsRoot(a)}${verb}`, { method: 'POST', headers: ownerHeaders, body: JSON.stringify(body) });
  const json = await res.json().catch(() => null);
  if (res.status === 400 && JSON.stringify(json).includes('FAILED_PRECONDITION')) throw new Conflict('The document changed meanwhile.');
  if (!res.ok) throw new Error(`${verb} failed: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const relativePath = (a: StackAddress, name: string) => name.slice(`projects/${a.projectId}/databases/(default)/documents/`.length);

/**
 * Every mail document with only its delivery (a field mask): the worker's poll. Firestore cannot
 * query for a missing field (a new document has no delivery yet), so the poll reads them all; the
 * mask keeps each small, and a local stack holds hundreds of messages, not millions.
 */
export async function listMail(a: StackAddress): Promise<StoredMail[]> {
  const rows = (await call(a, ':runQuery', {
    structuredQuery: { from: [{ collectionId: 'mail' }], select: { fields: [{ fieldPath: 'delivery' }] } },
  })) as Array<{ document?: RestDocument }>;
  return rows
    .filter((r) => r.document)
    .map(({ document: d }) => ({ path: relativePath(a, d!.name), updateTime: d!.updateTime, data: decodeFields(d!.fields ?? {}) }));
}

export async function readMail(a: StackAddress, path: string): Promise<StoredMail | null> {
  const [row] = (await call(a, ':batchGet', { documents: [`${docsRoot(a)}/${path}`] })) as Array<{ found?: RestDocument }>;
  return row?.found ? { path, updateTime: row.found.updateTime, data: decodeFields(row.found.fields ?? {}) } : null;
}

/** Writes the delivery field only; with `ifUnchangedSince`, only if nobody wrote the document since (Conflict otherwise). */
export async function writeDelivery(a: StackAddress, path: string, delivery: Delivery, ifUnchangedSince?: string): Promise<string> {
  const write = {
    update: { name: `${docsRoot(a)}/${path}`, fields: encodeFields({ delivery: delivery as unknown as Record<string, unknown> }) },
    updateMask: { fieldPaths: ['delivery'] },
    currentDocument: ifUnchangedSince ? { updateTime: ifUnchangedSince } : { exists: true },
  };
  const result = (await call(a, ':commit', { writes: [write] })) as { writeResults: Array<{ updateTime: string }> };
  return result.writeResults[0].updateTime;
}

/** The templates collection as it is now (an administrator's edit applies to the next message). */
export async function readTemplates(a: StackAddress): Promise<Record<string, TemplateDocument>> {
  const rows = (await call(a, ':runQuery', { structuredQuery: { from: [{ collectionId: 'templates' }] } })) as Array<{ document?: RestDocument }>;
  return Object.fromEntries(
    rows.filter((r) => r.document).map(({ document: d }) => [d!.name.split('/').pop()!, decodeFields(d!.fields ?? {}) as TemplateDocument]),
  );
}
