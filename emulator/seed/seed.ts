import { DEMO_STAFF, demoDocuments } from './demo-data.ts';
import { clearAuth, clearFirestore, documentExists, ensureAuthUser, writeDocuments, type StackAddress } from './rest.ts';

/**
 * Seeds the demo summit. Idempotent: existing Firestore data is kept (staff edits survive a
 * restart) unless `fresh`; the Auth accounts are (re)created every time because the Auth
 * emulator starts empty unless it imported an export.
 */
export async function seedDemo(address: StackAddress, { fresh = false } = {}): Promise<{ seededFirestore: boolean }> {
  if (fresh) {
    await clearFirestore(address);
    await clearAuth(address);
  }
  for (const staff of DEMO_STAFF) await ensureAuthUser(address, staff);
  if (!fresh && (await documentExists(address, 'settings/site'))) return { seededFirestore: false };
  await writeDocuments(address, demoDocuments());
  return { seededFirestore: true };
}
