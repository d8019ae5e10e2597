import { DEMO_BUCKET, DEMO_STAFF, demoDocuments } from './demo-data.ts';
import { demoFiles } from './demo-files.ts';
import { defaultMailTemplates, type MailSettings } from '../../src/data/mail-templates.ts';
import { clearAuth, clearFirestore, documentExists, ensureAuthUser, fileExists, uploadFile, writeDocuments, type StackAddress } from './rest.ts';

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
  for (const staff of DEMO_STAFF) await ensureAuthUser(address, staff);
  if (address.storage) await uploadDemoFiles(address);
  if (!fresh && (await documentExists(address, 'settings/site'))) return { seededFirestore: false };
  const docs = demoDocuments(new Date(), siteUrl, address.storage).map(([path, data]): [string, Record<string, unknown>] =>
    path === 'settings/site' && siteUrl ? [path, { ...data, siteUrl }] : [path, data],
  );
  const settings = new Map(docs).get('settings/site') as MailSettings;
  // The emails' wording, and the partials (links, contacts, how to pay) built from these settings.
  const templates = Object.entries(defaultMailTemplates(settings)).map(([name, t]): [string, Record<string, unknown>] => [`templates/${name}`, { ...t }]);
  await writeDocuments(address, [...docs, ...templates]);
  return { seededFirestore: true };
}

/** The demo's photos, logos and PDFs, made and uploaded where missing (a restart keeps what is there). */
async function uploadDemoFiles(address: StackAddress) {
  const missing = [];
  for (const file of demoFiles().all) if (!(await fileExists(address, DEMO_BUCKET, file.name))) missing.push(file);
  await Promise.all(missing.map(async (file) => uploadFile(address, DEMO_BUCKET, { ...file, bytes: await file.bytes() })));
}
