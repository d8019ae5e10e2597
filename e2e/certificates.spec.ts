// CPD certificates, the whole flow on the production build: an attendee admitted on two
// summit days (yesterday's on record, today's at the door) evaluates both days from "my
// registration", staff issue the certificate,
// the attendee downloads the PDF (its text holds their name and points), the QR code on it leads
// to the public check, which says "valid"; once staff correct it, the old one says "revoked" and
// leads to its replacement.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './test.ts';
import { certificatePoints, dayLabel, verifyPath } from '../src/data/certificates.ts';
import { nairobiDayStart } from '../src/lib/nairobi-time.ts';
import { pdfQrText } from '../src/data/certificate-pdf.test-support.ts';
import { pdfTexts } from '../src/lib/pdf-text.test-support.ts';
import { attachmentOfType, emailTo } from './inbox.ts';
import { makeRegistration, readDocument, removeRegistration } from './records.ts';
import { admin, expectAccessible, signIn, signInToMyRegistration, startApp, summitAroundServerToday, useServerClock } from './support.ts';

/** Admits the ticket at the check-in desk, which checks in for today (`day`). */
async function checkIn(staff: Page, code: string, day: string, name: string) {
  await staff.goto('/admin/check-in');
  await expect(staff.getByLabel('Day')).toHaveValue(day);
  await staff.getByLabel('Ticket code').fill(code);
  await staff.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(staff.getByText(`Checked in: ${name}, for ${dayLabel(day)}`)).toBeVisible();
}

/** Answers every question of the day's evaluation form (4 of 5 for a rating) and sends it. */
async function evaluate(attendee: Page, day: string) {
  const form = attendee.getByRole('form', { name: `Evaluate ${dayLabel(day)}` });
  await expect(form).toBeVisible();
  for (const group of await form.getByRole('group').all()) await group.getByRole('radio', { name: '4' }).check();
  for (const box of await form.getByRole('textbox').all()) await box.fill(`Good sessions on ${dayLabel(day)}.`);
  await form.getByRole('button', { name: 'Send evaluation' }).click();
  await expect(
    attendee
      .getByRole('status')
      .filter({ hasText: 'Thank you' })
      .filter({ hasText: dayLabel(day) }),
  ).toBeVisible();
}

/** The staff screen's row for the attendee. */
const row = (staff: Page, name: string) => staff.getByRole('row').filter({ hasText: name });

test('two days attended and evaluated → certificate issued → PDF downloaded → its QR code says valid; corrected → the old one says revoked', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // Today is the summit's second day (the rules record a check-in for today only, by the server's
  // clock). The first day's admission is on record as the desk wrote it yesterday: moving the
  // database's clock a day on here would last for every later spec (emails.spec issues an invoice
  // stamped by the browser's clock, which the rules want within an hour of the server's);
  // summit-day.spec checks in on two days by moving it.
  const summit = await summitAroundServerToday({ dayOfSummit: 2 });
  const cpd = (await readDocument('settings/cpd'))!;
  const days = summit.days.slice(0, 2);
  expect(days[1]).toBe(summit.today);
  const points = certificatePoints(2, Number(cpd.pointsPerDay));
  // First by name on the issuing screen (it lists checked-in attendees by name, 25 a page), however many others earlier specs checked in.
  const name = `Aamina Certificate ${Date.now()}`;
  const yesterday = new Date(nairobiDayStart(days[0]).getTime() + 9 * 3_600_000);
  const r = await makeRegistration({ fullName: name, status: 'checked-in', attendance: { [days[0]]: yesterday }, checkedInAt: yesterday });
  try {
    const staff = await browser.newPage();
    await useServerClock(staff);
    await signIn(staff, admin);
    await checkIn(staff, r.id, days[1], name);

    // Two days, but the settings want each day's evaluation: not eligible yet, and staff see why.
    await staff.goto('/admin/certificates');
    await expect(row(staff, name)).toContainText(`No evaluation for ${dayLabel(days[0])}.`);
    await expect(row(staff, name).getByRole('button', { name: `Issue a certificate to ${name}` })).toHaveCount(0);

    // The attendee evaluates both days from "my registration".
    const attendee = await browser.newPage();
    await signInToMyRegistration(attendee, r.email);
    for (const day of days) await evaluate(attendee, day);

    // Now eligible: staff issue it.
    await staff.reload();
    await row(staff, name)
      .getByRole('button', { name: `Issue a certificate to ${name}` })
      .click();
    await expect(staff.getByText(new RegExp(`Issued certificate [A-Za-z0-9]{20} to ${name}\\.`))).toBeVisible();
    const id = String((await readDocument(`registrations/${r.id}`))!.certificateId);
    await expect(staff.getByText(`Issued certificate ${id} to ${name}.`, { exact: false })).toBeVisible();

    // The attendee downloads the PDF: their name as registered and the points, as text.
    await attendee.reload();
    await startApp(attendee);
    const card = attendee.getByRole('article', { name: `Certificate ${id}` });
    const download = attendee.waitForEvent('download');
    await card.getByRole('button', { name: 'Download certificate (PDF)' }).click();
    const pdf = new Uint8Array(await readFile((await (await download).path())!));
    const texts = pdfTexts(pdf);
    expect(texts).toContain(name);
    expect(texts).toContain(`and is awarded ${points} CPD points`);
    expect(texts).toContain(`Certificate number ${id}`);

    // The email carries the certificate too: the same figures, and where anyone can check it.
    const mail = await emailTo(r.email, /CPD certificate/);
    expect(mail.text).toContain(`CPD points: ${points}.`);
    expect(mail.text).toContain(`${verifyPath(id)}`);
    const mailed = pdfTexts(await attachmentOfType(mail, 'application/pdf'));
    expect(mailed).toContain(name);
    expect(mailed).toContain(`Certificate number ${id}`);

    // Its QR code holds the verification address, printed under it too.
    const address = pdfQrText(pdf);
    expect(address).toMatch(new RegExp(`${verifyPath(id)}$`));
    expect(texts).toContain(address);

    // Anyone opening it (no sign-in) reads "valid", for whom, what and how many points.
    // (a page of its own context: axe needs one)
    const visitor = await (await browser.newContext()).newPage();
    const path = new URL(address!).pathname;
    // Nothing of it prerendered: the address gets the SPA shell, and the verdict is read when opened.
    const html = await (await visitor.request.get(path)).text();
    expect(html).toBe(await (await visitor.request.get('/__spa-fallback.html')).text());
    expect(html).not.toContain(name);
    await visitor.goto(path);
    const valid = visitor.getByRole('region', { name: 'Valid certificate' });
    await expect(valid).toContainText(name);
    await expect(valid).toContainText(String(cpd.activityName));
    await expect(valid).toContainText(String(cpd.providerNumber));
    await expect(valid).toContainText(`${points} CPD points`);
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectAccessible(visitor);

    // Staff correct it (revoke and reissue): the old address now says "revoked" and leads to the new one.
    await staff.reload();
    await row(staff, name)
      .getByRole('button', { name: `Correct the certificate of ${name}` })
      .click();
    const dialog = staff.getByRole('alertdialog');
    await dialog.getByLabel(/What is being corrected/).fill('Name spelling confirmed with the attendee.');
    await dialog.getByRole('button', { name: 'Revoke and reissue' }).click();
    await expect(staff.getByText(new RegExp(`Corrected: issued certificate [A-Za-z0-9]{20} to ${name}\\.`))).toBeVisible();
    const replacement = String((await readDocument(`registrations/${r.id}`))!.certificateId);
    expect(replacement).not.toBe(id);
    await expect(staff.getByText(`Corrected: issued certificate ${replacement} to ${name}.`, { exact: false })).toBeVisible();

    await visitor.reload();
    const revoked = visitor.getByRole('region', { name: 'Revoked certificate' });
    await expect(revoked).toContainText('and is no longer valid');
    await expect(visitor.getByRole('region', { name: 'Valid certificate' })).toHaveCount(0);
    await expectAccessible(visitor);
    await revoked.getByRole('link', { name: 'check the replacement certificate' }).click();
    await expect(visitor).toHaveURL(verifyPath(replacement));
    await expect(visitor.getByRole('region', { name: 'Valid certificate' })).toContainText(name);

    // A number nobody issued, and an odd one, are "not found".
    await visitor.goto(verifyPath('A'.repeat(20)));
    await expect(visitor.getByRole('region', { name: 'Certificate not found' })).toBeVisible();
    await visitor.goto('/certificates/not-a-certificate');
    await expect(visitor.getByRole('region', { name: 'Certificate not found' })).toBeVisible();
  } finally {
    await removeRegistration(r.id);
    await summit.restore();
  }
});
