// Setting the scene with the emulator's `owner` bypass (as the seed does), so fixtures never go
// through the rules under test. Every case gets its own document ids, so cases never interfere.
import { applicationCheckoutOf, applicationCheckoutPath } from '../../../src/data/application-record.ts';
import { deleteDocuments, patchDocument, writeDocuments } from '../../../emulator/seed/rest.ts';
import { decodeFields } from '../../../src/lib/firestore-rest.ts';
import { stack } from './clients.ts';
import { newPaymentCode, paymentCodePath } from '../../../src/data/payment-codes.ts';

let n = 0;
/** A fresh document id, readable in failures: `reg-m3k2-17`. */
export const uniqueId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;

/**
 * The claim a record's payment code has when the site stored it (paymentCodes/{code}): fixtures
 * of registrations and applications that carry a code bring it, as the site's commit would, and
 * so do their archived copies (claims are never freed).
 */
export function codeClaims(path: string, data: object): Array<[string, Record<string, unknown>]> {
  const [, collection, id] = /^(?:archive\/)?(registrations|partners)\/(?:items\/)?([^/]+)$/.exec(path) ?? [];
  const code = (data as { paymentCode?: unknown }).paymentCode;
  if (!collection || path.startsWith('archive/') !== path.includes('/items/') || typeof code !== 'string') return [];
  return [[paymentCodePath(code), { collection, recordId: id }]];
}

const drawn = new Set<string>();

/** A code no other case of this file drew (a case that needs one unclaimed in the emulator uses unclaimedCode). */
export function freshCode(): string {
  let code = newPaymentCode();
  while (drawn.has(code)) code = newPaymentCode();
  drawn.add(code);
  return code;
}

/** A code nobody holds in the emulator (test files run side by side, each drawing its own). */
export async function unclaimedCode(): Promise<string> {
  let code = freshCode();
  while (await ownerGet(paymentCodePath(code))) code = freshCode();
  return code;
}

/**
 * Writes `data` at `path` with the `id` and `timestamp` the data module would have added (and its
 * code's claim; an application's checkout projection too, as its creating commit writes it).
 */
export async function fixture(path: string, data: object): Promise<string> {
  const id = path.split('/').pop()!;
  const stored = { id, timestamp: new Date(), ...data };
  const projection: Array<[string, Record<string, unknown>]> = /^partners\/[^/]+$/.test(path)
    ? [[applicationCheckoutPath(id), applicationCheckoutOf(stored)]]
    : [];
  await writeDocuments(stack(), [[path, stored], ...codeClaims(path, data), ...projection]);
  return id;
}

/** Removes documents past the rules (a claim a previous case left on a transaction code). */
export const ownerDelete = (...paths: string[]) => deleteDocuments(stack(), paths);

/** Reads a document past the rules; null when it does not exist. Plain values (ints as numbers). */
export async function ownerGet(path: string): Promise<Record<string, unknown> | null> {
  const { firestore, projectId } = stack();
  const root = `projects/${projectId}/databases/(default)/documents`;
  const res = await fetch(`http://${firestore}/v1/${root}:batchGet`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ documents: [`${root}/${path}`] }),
  });
  if (!res.ok) throw new Error(`Reading ${path} failed: ${res.status} ${await res.text()}`);
  const [result] = (await res.json()) as Array<{ found?: { fields?: Parameters<typeof decodeFields>[0] } }>;
  return result?.found ? decodeFields(result.found.fields ?? {}) : null;
}

/**
 * Runs `run` with some settings/site fields changed (registration closed, capacity reached …) and
 * puts the old values back afterwards, whatever happens. Only the named fields are touched.
 */
export async function withSettings<T>(change: Record<string, unknown>, run: () => Promise<T>): Promise<T> {
  const site = (await ownerGet('settings/site'))!;
  const before = Object.fromEntries(Object.keys(change).map((k) => [k, site[k]]));
  await patchDocument(stack(), 'settings/site', change);
  try {
    return await run();
  } finally {
    await patchDocument(stack(), 'settings/site', before);
  }
}
