// The waiting list end to end: a full summit offers it (under the same proven address), a seat
// given back goes to the first person in line as an offer they claim on "my registration", an
// unpaid hold lapses by the clock and its seat goes to the next person, staff reorder the list and
// an offer nobody claims in time passes on, and staff see the seat figures move. The summit is made full cheaply (records.ts: fillSummit marks every other slot
// taken) and put back afterwards, so the other specs see the demo's 1200 seats.
//
// This file runs LAST, and its clock tests last in it: playwright runs files alphabetically with one
// worker, and advanceServerClock moves the Firestore emulator's clock forward for good (until the
// stack restarts), so every spec after it would find holds lapsed and offers expired. Keep its name
// sorting after every other spec's (visitor.spec.ts is the last before it). (summit-day.spec.ts moves
// the clock a day on before it, to check in on the summit's second day: everything here is dated by
// the database's clock. check-in-camera.spec.ts runs after it all the same, in a worker of its own
// for its fake-camera launch options: it puts the summit around the database's today, wherever.)
import { expect, test, type Page } from './test.ts';
import { findDocuments, writeDocuments } from '../emulator/seed/rest.ts';
import { FREE_SEAT, seatPath } from '../src/data/seats.ts';
import { emailTo } from './inbox.ts';
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
    if (claimed) await removeRegistration(claimed);
    await removeRegistration(holder.id);
    await undo();
    await clearWaitlist();
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
    if (claimed) await removeRegistration(claimed);
    await removeRegistration(holder.id);
    if ((await readDocument('settings/site'))?.capacity !== SUMMIT_CAPACITY) await restoreCapacity();
    await clearWaitlist();
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
    // Within its hold the seat is the unpaid registration's: the offer pass offers nobody anything.
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

    // The automatic offer pass gives the lapsed seat to the next person in line.
    const staff = await browser.newPage();
    await useServerClock(staff);
    await signIn(staff, admin);
    await staff.goto('/admin/waitlist');
    await expect(staff.getByText(/^Automatically offered 1 seat to the waiting list/)).toBeVisible();
    await expect.poll(async () => (await readDocument(`waitlist/${next.email}`))?.status).toBe('offered');
    expect(await readDocument(`seats/${unpaid.seat}`)).toMatchObject({ state: 'offered' });
    await expectSeatFigures(staff, { 'Held unpaid': 0, Offered: 1, Free: 0 });
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
    if (claimed) await removeRegistration(claimed);
    await removeRegistration(unpaid.id);
    await undo();
    await clearWaitlist();
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

    // A seat comes free (the holder's record goes): the screen's pass offers it to the first in line now.
    await removeRegistration(holder.id);
    await staff.reload();
    await expect.poll(async () => (await readDocument(`waitlist/${moved.email}`))?.status).toBe('offered');
    expect(await readDocument(`waitlist/${first.email}`)).toMatchObject({ status: 'waiting' });
    await staff.close();

    // Nobody claims it within the offer's hours: it passes to the next person, the same seat.
    await advanceServerClock((offerHours + 1) * 3600);
    const later = await browser.newPage();
    await useServerClock(later);
    await signIn(later, admin);
    await later.goto('/admin/waitlist');
    await expect(later.getByText(/passed 1 lapsed offer/)).toBeVisible();
    const handedOn = (await readDocument(`waitlist/${first.email}`))!;
    expect(handedOn).toMatchObject({ status: 'offered', offer: { seat: holder.seat } });
    expect(await readDocument(`waitlist/${moved.email}`)).toMatchObject({ status: 'passed', offer: null });
    expect(await readDocument(`seats/${holder.seat}`)).toMatchObject({ state: 'offered', claim: (handedOn.offer as { claim: string }).claim });
    await later.close();

    // The one who let it lapse reads so on "my registration".
    const theirs = await browser.newContext();
    const theirPage = await theirs.newPage();
    await useServerClock(theirPage);
    await signInToMyRegistration(theirPage, moved.email);
    await expect(theirPage.getByText('A seat was offered to you but not claimed in time')).toBeVisible();
    await theirs.close();
  } finally {
    await removeRegistration(holder.id);
    // Its slot, offered when the record went, is free again.
    await writeDocuments(stack, [[seatPath(holder.seat!), { ...FREE_SEAT }]]);
    await undo();
    await clearWaitlist();
  }
});
