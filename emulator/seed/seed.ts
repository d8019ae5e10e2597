import { DEMO_BUCKET, DEMO_REVIEWERS, DEMO_STAFF, demoDocuments } from './demo-data.ts';
import { demoFiles } from './demo-files.ts';
import { defaultMailTemplates, type MailSettings } from '../../src/data/mail-templates.ts';
import { clearAuth, clearFirestore, documentExists, ensureAuthUser, uploadFile, writeDocuments, type StackAddress } from './rest.ts';

/**
 * Seeds the demo summit. Idempotent: existing Firestore data is kept (staff edits survive a
 * restart) unless `fresh`; the Auth accounts are (re)created every time because the Auth
 * emulator starts empty unless it imported an export.
 */
export async function seedDemo(
  address: StackAddress,
  { fresh = false, siteUrl }: { fresh?: boolean; siteUrl?: string } = {},
): Promise<{ seededFirestore: boolean }> {
  if (fresh) {
    await clearFirestore(address);
    await clearAuth(address);
  }
  for (const staff of [...DEMO_STAFF, ...DEMO_REVIEWERS]) await ensureAuthUser(address, staff);
  if (!fresh && (await documentExists(address, 'settings/site'))) return { seededFirestore: false };
  // With the records that link them: a restart keeps staff's files and their changes (a replaced
  // demo photo stays deleted).
  if (address.storage) await uploadDemoFiles(address);
  const docs = demoDocuments(new Date(), siteUrl, address.storage).map(([path, data]): [string, Record<string, unknown>] =>
    path === 'settings/site' && siteUrl ? [path, { ...data, siteUrl }] : [path, data],
  );
  const settings = new Map(docs).get('settings/site') as MailSettings;
  // The emails' wording, and the partials (links, contacts, how to pay) built from these settings.
  const templates = Object.entries(defaultMailTemplates(settings)).map(([name, t]): [string, Record<string, unknown>] => [`templates/${name}`, { ...t }]);
  await writeDocuments(address, [...docs, ...templates]);
  return { seededFirestore: true };
}

/** The demo's photos, logos and PDFs, made and uploaded under the names the seeded records link. */
async function uploadDemoFiles(address: StackAddress) {
  await Promise.all(demoFiles().all.map(async (file) => uploadFile(address, DEMO_BUCKET, { ...file, bytes: await file.bytes() })));
}
