// The waiting list end to end: a full summit offers it (under the same proven address), a seat
// given back goes to the first person in line as an offer they claim on "my registration", an
// unpaid hold lapses by the clock and its seat goes to the next person, staff reorder the list and
// an offer nobody claims in time passes on, and staff see the seat figures move. The summit is made full cheaply (records.ts: fillSummit marks every other slot
// taken) and put back afterwards, so the other specs see the demo's 1200 seats.
//
// The timed work (src/data/timed-work: offers of free seats, lapsed offers passed on, each waiting
// person's place, an unpaid hold's one reminder) is the stack's schedule's, every few seconds
// (emulator/timed-work.ts), with nobody in the back office: so these tests wait for its documents
// and emails, and set every state up so that it has nothing to do until they mean it to (the summit
// filled before anyone joins; the waiting list emptied before a seat is given back in a cleanup).
//
// This file runs LAST, and its clock tests last in it: playwright runs files alphabetically with one
// worker, and advanceServerClock moves the Firestore emulator's clock forward for good (until the
// stack restarts), so every spec after it would find holds lapsed and offers expired. Keep its name
// sorting after every other spec's (visitor.spec.ts is the last before it). (summit-day.spec.ts moves
// the clock a day on before it, to check in on the summit's second day: everything here is dated by
// the database's clock, and the schedule decides by it too. check-in-camera.spec.ts runs after it
// all the same, in a worker of its own for its fake-camera launch options: it puts the summit
// around the database's today, wherever.)
import { expect, test, type Page } from './test.ts';
import { findDocuments, writeDocuments } from '../emulator/seed/rest.ts';
import { decodeFields } from '../src/lib/firestore-rest.ts';
import { FREE_SEAT, seatPath } from '../src/data/seats.ts';
import { formatDateTime, formatDeadline } from '../src/lib/nairobi-time.ts';
import { emailsTo, emailTo, type Email } from './inbox.ts';
import { clearWaitlist, fillSummit, makeRegistration, readDocument, removeRegistration, restoreCapacity, stack, SUMMIT_CAPACITY } from './records.ts';
import {
  admin,
  advanceServerClock,
  expectAccessible,
  fillRegistration,
  followEmailedLink,
  signIn,
  signInToMyRegistration,
  startApp,
  useServerClock,
} from './support.ts';

/** Joins the waiting list through /register (the summit is full), proving the address by the emailed link. */
async function joinWaitingList(page: Page, name: string, { checkA11y = false } = {}) {
  await page.goto('/register');
  await startApp(page);
  await expect(page.getByRole('heading', { name: 'Every seat is taken' })).toBeVisible();
  if (checkA11y) await expectAccessible(page);
  const typed = await fillRegistration(page, { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.org` });
  await page.getByRole('button', { name: 'Join the waiting list' }).click();
  await followEmailedLink(page, typed.email);
  await expect(page.getByRole('heading', { name: 'You are on the waiting list' })).toBeVisible();
  if (checkA11y) await expectAccessible(page);
  expect(await readDocument(`waitlist/${typed.email}`)).toMatchObject({ status: 'waiting', offer: null, fullName: name });
  return typed;
}

/** The registration an attendee holds now, by their address's entry. */
async function registrationOf(email: string) {
  const entry = await readDocument(`attendees/${email}`);
  return entry ? readDocument(`registrations/${String(entry.registrationId)}`) : null;
}

/**
 * Claims the seat offered to the signed-in attendee on "my registration", which names the new
 * registration by its payment code; resolves to the registration's reference (what the code names).
 */
async function claimOffer(page: Page) {
  await expect(page.getByText('A seat is offered to you.')).toBeVisible();
  await page.getByRole('button', { name: 'Claim your seat' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Your seat is yours' });
  await expect(done).toBeVisible();
  const code = /registration (NCS-[A-Z0-9]{5})\./.exec((await done.textContent())!)![1];
  return String((await readDocument(`paymentCodes/${code}`))!.recordId);
}

/** One of the seat figures staff see (admin/ui/SeatFigures.tsx: counted by aggregation over the slots). */
const seatFigure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Seats' })
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole('definition');

/** The figures on the waiting-list screen, read again (the screen counts when it opens). */
async function expectSeatFigures(page: Page, figures: Record<string, number>) {
  await page.goto('/admin/waitlist');
  for (const [label, value] of Object.entries(figures)) await expect(seatFigure(page, label), label).toHaveText(value.toLocaleString('en-KE'));
}

/** How long a test waits for the schedule's work: a run every few seconds, so a minute is many runs. */
const SCHEDULE_WAIT = { timeout: 60_000 };

/** When the schedule last finished a run (timedWork/schedule, stamped by the database), in ms. */
const lastScheduleRun = async () => ((await readDocument('timedWork/schedule'))?.lastRunAt as Date | undefined)?.getTime() ?? 0;

/**
 * Resolves once the schedule has finished `runs` more runs from now. A run under way now counts as
 * the first, so a state made just before is certainly seen by the second.
 */
async function afterScheduleRuns(runs: number) {
  const from = await lastScheduleRun();
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        const last = await lastScheduleRun();
        if (last > from) seen.add(last);
        return seen.size;
      },
      { ...SCHEDULE_WAIT, message: `${runs} more runs of the schedule` },
    )
    .toBeGreaterThanOrEqual(runs);
}

/** A waiting-list entry's field, as the schedule leaves it. */
const entryField = async (email: string, field: string) => (await readDocument(`waitlist/${email}`))?.[field];

const OFFER_SUBJECT = /^A seat at the National Cancer Summit is yours to take$/;

/** The emails to `to` whose subject matches, so far. */
const emailsAbout = async (to: string, subject: RegExp) => (await emailsTo(to)).filter((m) => subject.test(m.subject));

/** The email to `to` whose subject matches, sent by the schedule: it may take a run or two and the mail worker. */
async function scheduledEmailTo(to: string, subject: RegExp): Promise<Email> {
  await expect
    .poll(async () => (await emailsAbout(to, subject)).length, { ...SCHEDULE_WAIT, message: `an email to ${to} matching ${subject}` })
    .toBeGreaterThan(0);
  return (await emailsAbout(to, subject))[0];
}

/** After clearWaitlist: a slot still offered to an entry that is gone is free again (nobody could claim it). */
async function freeOfferedSeat(seat: string) {
  if ((await readDocument(seatPath(seat)))?.state === 'offered') await writeDocuments(stack, [[seatPath(seat), { ...FREE_SEAT }]]);
}

/** Who wrote the activity-log lines with exactly this message (the schedule's lines say 'schedule'). */
async function loggedBy(message: string) {
  const lines = await findDocuments(stack, 'logs', 'message', message);
  return lines.map((line) => decodeFields((line as { fields: Parameters<typeof decodeFields>[0] }).fields).userEmail);
}

test.beforeEach(async () => {
  await clearWaitlist();
});

test('a full summit offers the waiting list; a seat given back is offered to the first in line, who claims it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const holder = await makeRegistration();
  const undo = await fillSummit();
  const staff = await browser.newPage();
  let claimed = '';
  try {
    const first = await joinWaitingList(page, 'Wambui First', { checkA11y: true });
    // Joining is confirmed by email, and "my registration" shows the entry from that moment.
    const joined = await emailTo(first.email, /You are on the waiting list/);
    expect(joined.text).toContain('Dear Wambui First,');
    expect(joined.text).toContain('http://localhost:4173/my-registration');
    await page.goto('/my-registration');
    await startApp(page);
    await expect(page.getByRole('region', { name: 'Waiting list' })).toContainText('You are on the waiting list since');
    // A second person behind them: the offer goes to the first.
    const second = await joinWaitingList(await browser.newPage(), 'Kiprop Second');

    // Staff see the summit full: every slot taken (records.ts: fillSummit), none held, offered or free.
    await signIn(staff, admin);
    await expectSeatFigures(staff, { 'Held unpaid': 0, Offered: 0, Free: 0 });
    const rows = staff.getByRole('row');
    await expect(rows.filter({ hasText: 'Wambui First' })).toBeVisible();
    await expect(rows.filter({ hasText: 'Kiprop Second' })).toBeVisible();

    // Staff cancel the holder's registration: its seat is offered to the first in line, in the same commit.
    await staff.goto(`/admin/registrations/registrations/${holder.id}`);
    await staff.getByRole('button', { name: 'Cancel', exact: true }).click();
    const confirm = staff.getByRole('alertdialog', { name: `Cancel the registration of ${holder.fullName}?` });
    // Two answers that cannot be mistaken for each other.
    await expect(confirm.getByRole('button', { name: 'Keep the registration' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel the registration' }).click();
    await expect(staff.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
    // The holder is told, whoever cancels.
    expect((await emailTo(holder.email, /is cancelled/)).text).toContain('is cancelled, and its seat is free for someone else');
    await expect.poll(async () => (await readDocument(`seats/${holder.seat}`))?.state).toBe('offered');
    const entry = (await readDocument(`waitlist/${first.email}`))!;
    expect(entry).toMatchObject({ status: 'offered', offer: { seat: holder.seat } });
    expect((await readDocument(`seats/${holder.seat}`))!.claim).toBe((entry.offer as { claim: string }).claim);
    expect(await readDocument(`waitlist/${second.email}`)).toMatchObject({ status: 'waiting' });

    // They hear of it by email, with the way to "my registration".
    const offer = await emailTo(first.email, /^A seat at the National Cancer Summit is yours to take$/);
    expect(offer.text).toContain('http://localhost:4173/my-registration');
    await expectSeatFigures(staff, { 'Held unpaid': 0, Offered: 1, Free: 0 });

    // And claim it there (still signed in from joining).
    await page.goto('/my-registration');
    await startApp(page);
    await expect(page.getByText('A seat is offered to you.')).toBeVisible();
    await expectAccessible(page);
    claimed = await claimOffer(page);
    const registration = (await readDocument(`registrations/${claimed}`))!;
    // "My registration" names it by its payment code, as everywhere a person reads it.
    await expect(page.getByRole('article', { name: `Registration ${String(registration.paymentCode)}` }).getByText('Awaiting payment')).toBeVisible();
    expect(registration).toMatchObject({ email: first.email, fullName: 'Wambui First', seat: holder.seat, status: 'pending' });
    expect(await readDocument(`seats/${holder.seat}`)).toMatchObject({ state: 'held', claim: registration.seatClaim });
    expect(await readDocument(`waitlist/${first.email}`)).toMatchObject({ status: 'registered' });
    await expect(page.getByText('You claimed the seat offered to you')).toBeVisible();
    // Now held, unpaid, by the new registration.
    await expectSeatFigures(staff, { 'Held unpaid': 1, Offered: 0, Free: 0 });
  } finally {
    await staff.close();
    // The list first: a seat given back while someone still waits would be offered by the schedule.
    await clearWaitlist();
    if (claimed) await removeRegistration(claimed);
    await removeRegistration(holder.id);
    await undo();
  }
});

/** Sets the capacity in Settings and saves; resolves to the notice the save shows. */
async function saveCapacity(page: Page, capacity: number) {
  await page.goto('/admin/settings');
  await page.getByLabel('Capacity (seats)').fill(String(capacity));
  await page.getByRole('button', { name: 'Save settings' }).click();
}

/** What the staff figures say, read again: taken, held and offered add up to the seats in use. */
async function seatsInUse(page: Page) {
  await page.goto('/admin/waitlist');
  const read = async (label: string) => Number((await seatFigure(page, label).textContent())!.replace(/,/g, ''));
  await expect(seatFigure(page, 'Taken')).toHaveText(/\d/);
  return (await read('Taken')) + (await read('Held unpaid')) + (await read('Offered'));
}

test('the capacity lowered to the seats in use: nobody registers, a seat given back is offered and claimed below it, and raising it frees seats again', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const holder = await makeRegistration();
  const staff = await browser.newPage();
  let claimed = '';
  try {
    await signIn(staff, admin);
    const inUse = await seatsInUse(staff);
    expect(inUse).toBeGreaterThan(0);

    // Below the seats in use it is refused, beside the field, and nothing changes.
    await saveCapacity(staff, inUse - 1);
    await expect(
      staff.getByText(`${inUse.toLocaleString('en-KE')} seats are taken, held unpaid or offered: the capacity cannot be lower than that.`, { exact: false }),
    ).toBeVisible();
    await expect(staff.getByLabel('Capacity (seats)')).toBeFocused();
    expect(await readDocument('settings/site')).toMatchObject({ capacity: SUMMIT_CAPACITY });

    // At exactly the seats in use: the seats held above it move below it, the slots above go.
    await saveCapacity(staff, inUse);
    await expect(staff.getByRole('status')).toContainText(`Seat slots: ${(SUMMIT_CAPACITY - inUse).toLocaleString('en-KE')} removed`);
    const moved = (await readDocument(`registrations/${holder.id}`))!;
    expect(Number(moved.seat)).toBeLessThanOrEqual(inUse);
    expect(await readDocument(`seats/${String(moved.seat)}`)).toMatchObject({ state: 'taken', claim: holder.seatClaim });
    expect(await readDocument(`seats/${SUMMIT_CAPACITY}`)).toBeNull();
    await expectSeatFigures(staff, { Capacity: inUse, Free: 0 });
    await expect(staff.getByText(/held above the capacity/)).toHaveCount(0);

    // Every seat in use: a visitor is offered the waiting list, not a seat.
    const first = await joinWaitingList(page, 'Njeri Capacity');

    // A seat given back goes to them, below the capacity.
    await staff.goto(`/admin/registrations/registrations/${holder.id}`);
    await staff.getByRole('button', { name: 'Cancel', exact: true }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Cancel the registration' }).click();
    await expect(staff.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
    await expect.poll(async () => (await readDocument(`waitlist/${first.email}`))?.status).toBe('offered');
    const offer = (await readDocument(`waitlist/${first.email}`))!.offer as { seat: string };
    expect(offer.seat).toBe(moved.seat);
    await expectSeatFigures(staff, { Capacity: inUse, Offered: 1, Free: 0 });

    // They claim it: the summit stays exactly full.
    await page.goto('/my-registration');
    await startApp(page);
    claimed = await claimOffer(page);
    expect(await readDocument(`registrations/${claimed}`)).toMatchObject({ seat: offer.seat, status: 'pending' });
    await expectSeatFigures(staff, { Capacity: inUse, Offered: 0, Free: 0 });

    // Raised again: the new seats are free, and the figures add up to the capacity.
    await saveCapacity(staff, SUMMIT_CAPACITY);
    await expect(staff.getByRole('status')).toContainText(`Seat slots: ${(SUMMIT_CAPACITY - inUse).toLocaleString('en-KE')} created`);
    await expectSeatFigures(staff, { Capacity: SUMMIT_CAPACITY, Free: SUMMIT_CAPACITY - inUse });
  } finally {
    await staff.close();
    await clearWaitlist();
    if (claimed) await removeRegistration(claimed);
    await removeRegistration(holder.id);
    if ((await readDocument('settings/site'))?.capacity !== SUMMIT_CAPACITY) await restoreCapacity();
  }
});

test('each person waiting reads their place in line on "my registration", numbered by the schedule with nobody in the back office', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // Full first, so the schedule has no seat to offer: both stay waiting.
  const undo = await fillSummit();
  const secondContext = await browser.newContext();
  try {
    const first = await joinWaitingList(page, 'Nafula Front');
    const secondPage = await secondContext.newPage();
    const second = await joinWaitingList(secondPage, 'Odhiambo Behind');

    // The schedule numbers them in list order.
    await expect.poll(() => entryField(second.email, 'place'), SCHEDULE_WAIT).toBe(2);
    expect(await readDocument(`waitlist/${first.email}`)).toMatchObject({ status: 'waiting', place: 1 });

    // Each reads their own place (both still signed in from joining).
    await secondPage.goto('/my-registration');
    await startApp(secondPage);
    const secondCard = secondPage.getByRole('region', { name: 'Waiting list' });
    await expect(secondCard).toContainText('You are number 2 in line.');
    await expect(secondCard).not.toContainText('the next seat that frees up is offered to you');
    await page.goto('/my-registration');
    await startApp(page);
    await expect(page.getByRole('region', { name: 'Waiting list' })).toContainText('You are number 1 in line: the next seat that frees up is offered to you.');

    // The first leaves the list: the schedule moves the second up, and their page says so.
    await page.getByRole('button', { name: 'Leave the waiting list' }).click();
    await expect(page.getByRole('region', { name: 'Waiting list' })).toContainText('You left the waiting list.');
    await expect(page.getByRole('region', { name: 'Waiting list' })).not.toContainText('in line');
    await expect.poll(() => entryField(second.email, 'place'), SCHEDULE_WAIT).toBe(1);
    await secondPage.reload();
    await startApp(secondPage);
    await expect(secondCard).toContainText('You are number 1 in line: the next seat that frees up is offered to you.');
    expect(await readDocument(`waitlist/${second.email}`)).toMatchObject({ status: 'waiting', offer: null });
  } finally {
    await secondContext.close();
    await clearWaitlist();
    await undo();
  }
});

// LAST: moves the database's clock forward for good (see the top of this file).
test('an unpaid hold lapses after the hours in Settings, and its seat goes to the next person in line', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const settings = (await readDocument('settings/site'))!;
  const holdHours = Number(settings.unpaidHoldHours);
  const unpaid = await makeRegistration({ status: 'pending', paymentStatus: 'unpaid' });
  const undo = await fillSummit({ keep: [unpaid.seat!] });
  let claimed = '';
  try {
    const next = await joinWaitingList(page, 'Chebet Next');
    // Within its hold the seat is the unpaid registration's: the schedule, running meanwhile, offers
    // nobody anything (it has seen Chebet: it numbered them first in line).
    await expect.poll(() => entryField(next.email, 'place'), SCHEDULE_WAIT).toBe(1);
    await afterScheduleRuns(2);
    expect(await readDocument(`waitlist/${next.email}`)).toMatchObject({ status: 'waiting', offer: null });
    expect(await readDocument(`seats/${unpaid.seat}`)).toMatchObject({ state: 'held', claim: unpaid.seatClaim });
    const early = await browser.newPage();
    await signIn(early, admin);
    await expectSeatFigures(early, { 'Held unpaid': 1, Offered: 0, Free: 0 });
    await expect(early.getByRole('row').filter({ hasText: 'Chebet Next' })).toContainText(/waiting/i);
    expect(await readDocument(`waitlist/${next.email}`)).toMatchObject({ status: 'waiting' });
    await early.close();

    await advanceServerClock((holdHours + 1) * 3600);

    // The registration says its hold lapsed (the browser's clock agrees with the database's).
    const holderContext = await browser.newContext();
    const holderPage = await holderContext.newPage();
    await useServerClock(holderPage);
    await signInToMyRegistration(holderPage, unpaid.email);
    await expect(holderPage.getByText('Your hold lapsed: the seat was released.')).toBeVisible();
    await holderContext.close();

    // The schedule gives the lapsed seat to the next person in line, in its own name.
    await expect.poll(() => entryField(next.email, 'status'), SCHEDULE_WAIT).toBe('offered');
    expect(await readDocument(`waitlist/${next.email}`)).toMatchObject({ offer: { seat: unpaid.seat } });
    expect(await readDocument(`seats/${unpaid.seat}`)).toMatchObject({ state: 'offered' });
    expect(await loggedBy(`Offered (automatically) seat ${unpaid.seat} to ${next.email} from the waiting list`)).toEqual(['schedule']);
    // Staff see the offer in the figures, and when the schedule last ran.
    const staff = await browser.newPage();
    await useServerClock(staff);
    await signIn(staff, admin);
    await expectSeatFigures(staff, { 'Held unpaid': 0, Offered: 1, Free: 0 });
    await expect(staff.getByRole('region', { name: 'The schedule' })).toContainText(/Last ran \d/);
    await expect(staff.getByRole('region', { name: 'The schedule' }).getByRole('alert')).toHaveCount(0);
    await staff.close();

    const later = await page.context().newPage();
    await useServerClock(later);
    await later.goto('/my-registration');
    await startApp(later);
    claimed = await claimOffer(later);
    expect(await registrationOf(next.email)).toMatchObject({ id: claimed, seat: unpaid.seat });
    // The lapsed registration lost its seat for good: paying for it now is refused.
    expect((await readDocument(`seats/${unpaid.seat}`))!.claim).not.toBe(unpaid.seatClaim);
  } finally {
    await clearWaitlist();
    if (claimed) await removeRegistration(claimed);
    await removeRegistration(unpaid.id);
    await freeOfferedSeat(unpaid.seat!);
    await undo();
  }
});

// A clock test too (after the one above): the offer runs out by the database's clock.
test('staff move someone up the list, who is offered the next seat; unclaimed in time, it passes to the next person', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const settings = (await readDocument('settings/site'))!;
  const offerHours = Number(settings.offerHours);
  const holder = await makeRegistration();
  const undo = await fillSummit();
  try {
    // Both join with the browser's clock where the database's is (the earlier test moved it on).
    await useServerClock(page);
    const first = await joinWaitingList(page, 'Atieno Early');
    const laterContext = await browser.newContext();
    const laterPage = await laterContext.newPage();
    await useServerClock(laterPage);
    const moved = await joinWaitingList(laterPage, 'Mutua Moved Up');
    await laterContext.close();

    const staff = await browser.newPage();
    await useServerClock(staff);
    await signIn(staff, admin);
    await staff.goto('/admin/waitlist');
    const rows = staff.getByRole('row');
    await expect(rows.nth(1)).toContainText('Atieno Early');
    await staff.getByRole('button', { name: 'Move up: Mutua Moved Up' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Moved Mutua Moved Up up the waiting list.' })).toBeVisible();
    await expect(rows.nth(1)).toContainText('Mutua Moved Up');
    await expect(rows.nth(2)).toContainText('Atieno Early');
    // Every move is logged.
    expect(await findDocuments(stack, 'logs', 'message', `Moved ${moved.email} up the waiting list`)).toHaveLength(1);

    // A seat comes free (the holder's record goes): the schedule offers it to the first in line,
    // with no screen open or reloaded.
    await staff.close();
    await removeRegistration(holder.id);
    await expect.poll(() => entryField(moved.email, 'status'), SCHEDULE_WAIT).toBe('offered');
    expect(await readDocument(`waitlist/${moved.email}`)).toMatchObject({ offer: { seat: holder.seat } });
    expect(await readDocument(`waitlist/${first.email}`)).toMatchObject({ status: 'waiting' });

    // Nobody claims it within the offer's hours: the schedule passes it to the next person, the same seat.
    await advanceServerClock((offerHours + 1) * 3600);
    await expect.poll(() => entryField(first.email, 'status'), SCHEDULE_WAIT).toBe('offered');
    const handedOn = (await readDocument(`waitlist/${first.email}`))!;
    expect(handedOn).toMatchObject({ status: 'offered', offer: { seat: holder.seat } });
    expect(await readDocument(`waitlist/${moved.email}`)).toMatchObject({ status: 'passed', offer: null });
    expect(await readDocument(`seats/${holder.seat}`)).toMatchObject({ state: 'offered', claim: (handedOn.offer as { claim: string }).claim });
    expect(await loggedBy(`Passed the lapsed offer of seat ${holder.seat} to ${moved.email}; offered it to ${first.email}`)).toEqual(['schedule']);

    // The one who let it lapse reads so on "my registration".
    const theirs = await browser.newContext();
    const theirPage = await theirs.newPage();
    await useServerClock(theirPage);
    await signInToMyRegistration(theirPage, moved.email);
    await expect(theirPage.getByText('A seat was offered to you but not claimed in time')).toBeVisible();
    await theirs.close();
  } finally {
    await clearWaitlist();
    await removeRegistration(holder.id);
    // Its slot, offered when the record went, is free again.
    await writeDocuments(stack, [[seatPath(holder.seat!), { ...FREE_SEAT }]]);
    await undo();
  }
});

// The schedule's work with nobody in the back office: no staff page in these tests. Clock tests too
// (after the ones above): each moves the database's clock on.

test('a hold lapses with nobody in the back office: the schedule offers its seat to the first in line, who is emailed', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const holdHours = Number((await readDocument('settings/site'))!.unpaidHoldHours);
  const unpaid = await makeRegistration({ status: 'pending', paymentStatus: 'unpaid' });
  const undo = await fillSummit({ keep: [unpaid.seat!] });
  const secondContext = await browser.newContext();
  try {
    await useServerClock(page);
    const first = await joinWaitingList(page, 'Achieng Lapse');
    const secondPage = await secondContext.newPage();
    await useServerClock(secondPage);
    const second = await joinWaitingList(secondPage, 'Barasa Lapse');
    // Within the hold the schedule has seen them both and offered nothing.
    await expect.poll(() => entryField(second.email, 'place'), SCHEDULE_WAIT).toBe(2);
    await afterScheduleRuns(2);
    expect(await readDocument(`waitlist/${first.email}`)).toMatchObject({ status: 'waiting', offer: null });
    expect(await emailsAbout(first.email, OFFER_SUBJECT)).toEqual([]);

    await advanceServerClock((holdHours + 1) * 3600);

    // A run or two later the first in line is emailed the offer, with the way to claim it.
    const offer = await scheduledEmailTo(first.email, OFFER_SUBJECT);
    expect(offer.text).toContain('Dear Achieng Lapse,');
    expect(offer.text).toContain('http://localhost:4173/my-registration');
    expect(await readDocument(`waitlist/${first.email}`)).toMatchObject({ status: 'offered', offer: { seat: unpaid.seat } });
    const entry = (await readDocument(`waitlist/${first.email}`))!;
    expect(await readDocument(`seats/${unpaid.seat}`)).toMatchObject({ state: 'offered', claim: (entry.offer as { claim: string }).claim });
    expect(await loggedBy(`Offered (automatically) seat ${unpaid.seat} to ${first.email} from the waiting list`)).toEqual(['schedule']);
    // The second waits on, now first in line, and is offered nothing (one seat came back).
    await expect.poll(() => entryField(second.email, 'place'), SCHEDULE_WAIT).toBe(1);
    expect(await readDocument(`waitlist/${second.email}`)).toMatchObject({ status: 'waiting', offer: null });
    expect(await emailsAbout(second.email, OFFER_SUBJECT)).toEqual([]);

    // "My registration" shows the offer (still signed in from joining).
    await page.goto('/my-registration');
    await startApp(page);
    await expect(page.getByRole('region', { name: 'Waiting list' })).toContainText('A seat is offered to you.');
  } finally {
    await secondContext.close();
    await clearWaitlist();
    await removeRegistration(unpaid.id);
    await freeOfferedSeat(unpaid.seat!);
    await undo();
  }
});

test('an offer nobody claims passes on with nobody in the back office: the next in line is emailed, the first reads it passed', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const offerHours = Number((await readDocument('settings/site'))!.offerHours);
  const holder = await makeRegistration();
  const undo = await fillSummit();
  const contexts = [await browser.newContext(), await browser.newContext()];
  try {
    await useServerClock(page);
    const first = await joinWaitingList(page, 'Cherono Unclaimed');
    const secondPage = await contexts[0].newPage();
    await useServerClock(secondPage);
    const second = await joinWaitingList(secondPage, 'Duba Next');
    await expect.poll(() => entryField(second.email, 'place'), SCHEDULE_WAIT).toBe(2);

    // The holder gives their seat back themselves, on "my registration".
    const holderPage = await contexts[1].newPage();
    await useServerClock(holderPage);
    await signInToMyRegistration(holderPage, holder.email);
    await holderPage
      .getByRole('article', { name: `Registration ${holder.id}` })
      .getByRole('button', { name: 'Cancel registration' })
      .click();
    await holderPage
      .getByRole('alertdialog', { name: `Cancel registration ${holder.id}?` })
      .getByRole('button', { name: 'Yes, cancel my registration' })
      .click();
    await expect(holderPage.getByRole('status').filter({ hasText: 'is cancelled' })).toBeVisible();

    // The schedule offers it to the first in line.
    const firstOffer = await scheduledEmailTo(first.email, OFFER_SUBJECT);
    expect(firstOffer.text).toContain('Dear Cherono Unclaimed,');
    expect(await readDocument(`waitlist/${first.email}`)).toMatchObject({ status: 'offered', offer: { seat: holder.seat } });
    expect(await readDocument(`waitlist/${second.email}`)).toMatchObject({ status: 'waiting', offer: null });

    // Unclaimed within the offer's hours, it passes to the next person: the same seat, by email.
    await advanceServerClock((offerHours + 1) * 3600);
    const secondOffer = await scheduledEmailTo(second.email, OFFER_SUBJECT);
    expect(secondOffer.text).toContain('Dear Duba Next,');
    expect(secondOffer.text).toContain('http://localhost:4173/my-registration');
    expect(await readDocument(`waitlist/${first.email}`)).toMatchObject({ status: 'passed', offer: null });
    const handedOn = (await readDocument(`waitlist/${second.email}`))!;
    expect(handedOn).toMatchObject({ status: 'offered', offer: { seat: holder.seat } });
    expect(await readDocument(`seats/${holder.seat}`)).toMatchObject({ state: 'offered', claim: (handedOn.offer as { claim: string }).claim });
    expect(await loggedBy(`Passed the lapsed offer of seat ${holder.seat} to ${first.email}; offered it to ${second.email}`)).toEqual(['schedule']);
    // The first was offered it once, and is not offered it again.
    expect(await emailsAbout(first.email, OFFER_SUBJECT)).toHaveLength(1);

    // Each reads where they stand (still signed in from joining).
    await page.goto('/my-registration');
    await startApp(page);
    await expect(page.getByRole('region', { name: 'Waiting list' })).toContainText('A seat was offered to you but not claimed in time');
    await secondPage.goto('/my-registration');
    await startApp(secondPage);
    await expect(secondPage.getByRole('region', { name: 'Waiting list' })).toContainText('A seat is offered to you.');
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
    await clearWaitlist();
    await removeRegistration(holder.id);
    await freeOfferedSeat(holder.seat!);
    await undo();
  }
});

test('an unpaid hold ending soon is reminded once by email, with nobody in the back office, however often the schedule runs', async () => {
  test.setTimeout(150_000);
  const settings = (await readDocument('settings/site'))!;
  const holdHours = Number(settings.unpaidHoldHours);
  const reminderHours = Number(settings.holdReminderHours);
  expect(reminderHours).toBeGreaterThan(1);
  const unpaid = await makeRegistration({ status: 'pending', paymentStatus: 'unpaid' });
  const REMINDER = /^Your summit seat .* is held until /;
  try {
    // A fresh hold is not due yet: the schedule runs and sends nothing.
    await afterScheduleRuns(2);
    expect(await emailsAbout(unpaid.email, REMINDER)).toEqual([]);
    expect(await readDocument(`mail/hold-reminder-${unpaid.id}`)).toBeNull();

    // An hour inside the reminder's hours before the hold ends.
    await advanceServerClock((holdHours - reminderHours + 1) * 3600);
    const heldSince = (await readDocument(`seats/${unpaid.seat}`))!.heldSince as Date;
    const end = new Date(heldSince.getTime() + holdHours * 3_600_000);
    const reminder = await scheduledEmailTo(unpaid.email, REMINDER);
    // It names the registration's code and the hold's end, and what to pay.
    expect(reminder.subject).toBe(`Your summit seat ${unpaid.id} is held until ${formatDeadline(end)}`);
    expect(reminder.text).toContain(`Dear ${unpaid.fullName},`);
    expect(reminder.text).toContain('KES 15,000');
    expect(await loggedBy(`Reminded ${unpaid.email} that the unpaid hold of registration ${unpaid.id} ends ${formatDateTime(end)}`)).toEqual(['schedule']);

    // Several runs later: still the one email, and the hold still the registration's.
    await afterScheduleRuns(3);
    expect(await emailsAbout(unpaid.email, REMINDER)).toHaveLength(1);
    expect(await findDocuments(stack, 'mail', 'recordId', unpaid.id)).toHaveLength(1);
    expect(await readDocument(`seats/${unpaid.seat}`)).toMatchObject({ state: 'held', claim: unpaid.seatClaim });
  } finally {
    await removeRegistration(unpaid.id);
  }
});
