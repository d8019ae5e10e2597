// `npm run mail-templates -- --project <id>`: puts the emails' wording into a Firebase project's
// templates collection, where the Trigger Email extension reads it. Templates that exist are kept
// (administrators may have edited them in the back office) unless --overwrite; the three partials
// (site address, contacts, how to pay) are always rebuilt from that project's settings/site.
// Authenticates with an OAuth access token (--token, or GOOGLE_OAUTH_ACCESS_TOKEN, e.g. from
// `gcloud auth print-access-token`), or talks to an emulator (--emulator host:port) as its owner.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { decodeFields, encodeFields } from '../../src/lib/firestore-rest.ts';
import { DEFAULT_MAIL_TEMPLATES, mailPartials, type MailSettings } from '../../src/data/mail-templates.ts';
import { MAIL_PARTIALS, MAIL_TEMPLATES } from '../../src/data/mail.ts';
import { firestoreDocumentsUrl } from '../../src/lib/firestore-rest.ts';
import type { TemplateDocument } from '../../src/lib/mail-render.ts';

export interface SyncTarget {
  projectId: string;
  /** host:port of an emulator, or null for the project's Cloud Firestore. */
  emulator: string | null;
  /** An OAuth access token (production) or 'owner' (an emulator). */
  token: string;
}

/** Which template documents to write: every partial, and the templates missing (all with `overwrite`). */
export function plannedWrites(existing: ReadonlySet<string>, settings: MailSettings, overwrite: boolean): Array<[string, TemplateDocument]> {
  const templates = MAIL_TEMPLATES.filter((name) => overwrite || !existing.has(name)).map((name): [string, TemplateDocument] => [
    name,
    DEFAULT_MAIL_TEMPLATES[name],
  ]);
  const partials = mailPartials(settings);
  return [...templates, ...MAIL_PARTIALS.map((name): [string, TemplateDocument] => [name, partials[name]])];
}

async function call(target: SyncTarget, verb: string, body: object) {
  const url = `${firestoreDocumentsUrl(target.projectId, target.emulator)}${verb}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${target.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${verb} on ${target.projectId} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

const docName = (target: SyncTarget, path: string) => `projects/${target.projectId}/databases/(default)/documents/${path}`;

export async function syncMailTemplates(target: SyncTarget, { overwrite = false, dryRun = false } = {}) {
  const [found] = (await call(target, ':batchGet', { documents: [docName(target, 'settings/site')] })) as Array<{
    found?: { fields?: Parameters<typeof decodeFields>[0] };
  }>;
  if (!found?.found) throw new Error(`${target.projectId} has no settings/site: save the Settings once in the back office first.`);
  const settings = decodeFields(found.found.fields ?? {}) as MailSettings;
  if (!settings.siteUrl) throw new Error('settings/site has no public site address (siteUrl): set it in Settings, or email links would lead nowhere.');
  const rows = (await call(target, ':runQuery', {
    structuredQuery: { from: [{ collectionId: 'templates' }], select: { fields: [{ fieldPath: '__name__' }] } },
  })) as Array<{ document?: { name: string } }>;
  const existing = new Set(rows.filter((r) => r.document).map((r) => r.document!.name.split('/').pop()!));
  const writes = plannedWrites(existing, settings, overwrite);
  if (!dryRun) {
    await call(target, ':commit', {
      writes: writes.map(([name, data]) => ({ update: { name: docName(target, `templates/${name}`), fields: encodeFields({ ...data }) } })),
    });
  }
  return { written: writes.map(([name]) => name), kept: MAIL_TEMPLATES.filter((name) => existing.has(name) && !overwrite) };
}

async function main() {
  const { values } = parseArgs({
    options: {
      project: { type: 'string' },
      token: { type: 'string' },
      emulator: { type: 'string' },
      overwrite: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    },
  });
  const emulator = values.emulator ?? null;
  const token = emulator ? 'owner' : (values.token ?? process.env.GOOGLE_OAUTH_ACCESS_TOKEN ?? '');
  if (!values.project || !token) {
    console.error(
      'Usage: npm run mail-templates -- --project <id> [--token <OAuth access token> | --emulator host:port] [--overwrite] [--dry-run]\n(the token may also come from GOOGLE_OAUTH_ACCESS_TOKEN, e.g. $(gcloud auth print-access-token))',
    );
    process.exit(2);
  }
  const { written, kept } = await syncMailTemplates({ projectId: values.project, emulator, token }, { overwrite: values.overwrite, dryRun: values['dry-run'] });
  console.log(`${values['dry-run'] ? 'Would write' : 'Wrote'} ${written.length} template documents: ${written.join(', ')}`);
  if (kept.length) console.log(`Kept ${kept.length} existing templates (edited in the back office; --overwrite replaces them): ${kept.join(', ')}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
