// The door: a ticket's QR code held up to the camera checks the attendee in. Chromium's fake
// capture device plays a video of the QR code, so the real camera path and decoder are exercised.
// (Launch switches force a browser of its own, hence a file of its own.)
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './test.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts';
import { writeQrVideo } from './fake-camera.ts';
import { makeRegistration, readDocument } from './records.ts';
import { admin, signIn, summitAroundServerToday, useServerClock } from './support.ts';

// Fixed: the file is loaded by more than one process, and each stack is fresh.
const TICKET = 'e2e-camera-ticket';
const video = join(tmpdir(), `summit-${TICKET}.y4m`);
writeQrVideo(TICKET, video);

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  },
});

test("scanning a ticket's QR code with the camera checks the attendee in", async ({ page, context }) => {
  // Today by the database's clock is the summit's first day (it runs last, after waiting-list.spec
  // moved that clock days on: the browser follows it).
  const summit = await summitAroundServerToday();
  try {
    const r = await makeRegistration({ id: TICKET });
    await context.grantPermissions(['camera']);
    await useServerClock(page);
    await signIn(page, admin);
    await page.goto('/admin/check-in');
    await expect(page.getByLabel('Day')).toHaveValue(summit.days[0]);
    await page.getByRole('button', { name: 'Scan QR code' }).click();
    await expect(page.getByText(new RegExp(`Checked in: ${r.fullName}, for .* — day 1 of 3`))).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel('Camera view')).toHaveCount(0);
    const stored = (await readDocument(`registrations/${TICKET}`))!;
    expect(Object.keys(stored.attendance as object)).toEqual([summit.days[0]]);
  } finally {
    await summit.restore();
  }
});
