// The production sync script against our emulator (as its owner): it restores a missing template,
// keeps one an administrator edited, rebuilds the partials from settings, and refuses a project
// whose settings lack the site address.
import { describe, expect, it } from 'vitest';
import { patchDocument, writeDocuments } from '../../emulator/seed/rest.ts';
import { DEFAULT_MAIL_TEMPLATES } from '../../src/data/mail-templates.ts';
import { syncMailTemplates } from '../../scripts/tools/sync-mail-templates.ts';
import { stack } from './support/clients.ts';
import { ownerDelete, ownerGet, withSettings } from './support/owner.ts';

const target = () => ({ projectId: stack().projectId, emulator: stack().firestore, token: 'owner' });

describe('npm run mail-templates', () => {
  it('restores a missing template, keeps an edited one, and rebuilds the partials from settings', async () => {
    await ownerDelete('templates/donation-thanks');
    await writeDocuments(stack(), [['templates/message-received', { subject: 'Edited by staff', html: '<p>Edited</p>', text: 'Edited' }]]);
    await withSettings({ contactPhone: '+254 711 222 333' }, async () => {
      const { written, kept } = await syncMailTemplates(target());
      expect(written).toContain('donation-thanks');
      expect(kept).toContain('message-received');
      expect(await ownerGet('templates/donation-thanks')).toEqual(DEFAULT_MAIL_TEMPLATES['donation-thanks']);
      expect((await ownerGet('templates/message-received'))?.subject).toBe('Edited by staff');
      expect(String((await ownerGet('templates/contacts'))?.text)).toContain('Phone +254 711 222 333');
    });
    // --overwrite puts the default wording back.
    await syncMailTemplates(target(), { overwrite: true });
    expect((await ownerGet('templates/message-received'))?.subject).toBe(DEFAULT_MAIL_TEMPLATES['message-received'].subject);
  });

  it('a dry run writes nothing', async () => {
    await ownerDelete('templates/booth-received');
    const { written } = await syncMailTemplates(target(), { dryRun: true });
    expect(written).toContain('booth-received');
    expect(await ownerGet('templates/booth-received')).toBeNull();
    await syncMailTemplates(target());
  });

  it('refuses a project whose settings have no public site address', async () => {
    const site = await ownerGet('settings/site');
    await patchDocument(stack(), 'settings/site', { siteUrl: '' });
    try {
      await expect(syncMailTemplates(target())).rejects.toThrow(/no public site address/);
    } finally {
      await patchDocument(stack(), 'settings/site', { siteUrl: site!.siteUrl });
    }
  });
});
