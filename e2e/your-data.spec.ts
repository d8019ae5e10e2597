// "Your data" from the attendee's side (issue 38): signed in by email link on "my registration",
// they download everything held about them as JSON and as the CSV summary, then correct their name
// and phone; the registration, its checkout and the activity log follow.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { findDocuments } from '../emulator/seed/rest.ts';
import { decodeFields } from '../src/lib/firestore-rest.ts';
import { commitDocuments, makeRegistration, readDocument, removeRegistration, stack } from './records.ts';
import { expectAccessible, signInToMyRegistration } from './support.ts';

/** Clicks `button` and resolves to the downloaded file's name and text. */
async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

test('an attendee downloads their data, then corrects their name and phone', async ({ page }) => {
  const r = await makeRegistration({ fullName: `Njeri Data ${Date.now()}`, phone: '+254 700 123 456', dietaryNeeds: 'Halal' });
  let logId = '';
  try {
    await signInToMyRegistration(page, r.email);
    const section = page.getByRole('region', { name: 'Your data' });
    await expect(section).toBeVisible();

    const json = await download(page, 'Download all your data (JSON)');
    expect(json.name).toMatch(/^summit-your-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(json.text) as Record<string, unknown> & { registrations: Array<Record<string, unknown>> };
    expect(data.email).toBe(r.email);
    expect(data.registrations.map((x) => x.id)).toEqual([r.id]);
    expect(data.registrations[0]).toMatchObject({ phone: '+254 700 123 456', dietaryNeeds: 'Halal' });
    for (const part of ['attendeeEntry', 'waitingList', 'payments', 'statementLines', 'emails', 'evaluations', 'certificates'])
      expect(data).toHaveProperty(part);
    await expect(section.getByRole('status')).toHaveText('Your data is downloaded as a JSON file.');

    const csv = await download(page, 'Download a readable summary (CSV)');
    expect(csv.text).toContain(`Registration,${r.id},Name,${r.fullName}`);

    const name = section.getByRole('textbox', { name: /Full name/ });
    await name.fill(`${r.fullName} Wambui`);
    await section.getByRole('textbox', { name: /Phone/ }).fill('+254 711 222 333');
    await expectAccessible(page);
    await section.getByRole('button', { name: 'Save the correction' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'corrected' })).toHaveText(`Your details on registration ${r.id} are corrected.`);
    await expect(
      page
        .getByRole('article', { name: `Registration ${r.id}` })
        .getByText(`${r.fullName} Wambui`)
        .first(),
    ).toBeVisible();

    const stored = (await readDocument(`registrations/${r.id}`))!;
    expect(stored).toMatchObject({ fullName: `${r.fullName} Wambui`, phone: '+254 711 222 333', dietaryNeeds: 'Halal' });
    expect(await readDocument(`checkouts/${r.id}`)).toMatchObject({ fullName: `${r.fullName} Wambui` });
    logId = String(stored.correctionLog);
    const [log] = await findDocuments(stack, 'logs', 'registrationId', r.id);
    expect(decodeFields(log.fields as Parameters<typeof decodeFields>[0])).toMatchObject({
      message: `Registration ${r.id} corrected by its attendee: name, phone.`,
      userEmail: r.email,
    });
  } finally {
    await removeRegistration(r.id);
    if (logId) await commitDocuments([{ delete: `logs/${logId}` }]);
  }
});
