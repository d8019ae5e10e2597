// Attacker's suite, class: what a certificate certifies (issue 32, items 11 and 12). A certificate
// counts days of attendance, so every way a day reaches one is a door: a check-in recording a day
// that is not today (backdated to 2020, or tomorrow's typed in), a day that is not the summit's, a
// summit whose days are written to include others, attendance left from days outside the summit
// certified as it stands, and a day certified without the evaluation the settings require (which
// only the issuing screen checked). Each is refused by the rules themselves, at the day's edges:
// Nairobi's midnight (20:59:59Z is still yesterday there, 21:00:00Z today) and the summit's first
// and last day.
//
// The check-in cases run on the database's clock (today is its Nairobi date) without moving it:
// other files date their fixtures by the wall clock. Nairobi's midnight is tried on the rules' own
// day arithmetic through the summit's dates (20:59:59Z on the 9th is the 9th, 21:00:00Z the 10th).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteField, doc, serverTimestamp, updateDoc } from 'firebase/firestore/lite';
import { nairobiDayStart, toNairobiDate } from '../../../src/lib/nairobi-time.ts';
import { signInActors, verdict, type Actors } from '../support/actors.ts';
import { closeClients, stack } from '../support/clients.ts';
import { patchDocument, writeDocuments } from '../../../emulator/seed/rest.ts';
import { commit } from '../support/forms.ts';
import { ownerGet } from '../support/owner.ts';
import {
  attendedRegistration,
  CPD,
  checkInWrites,
  daysFrom,
  evaluate,
  evaluationDoc,
  issueCommit,
  serverToday,
  useCpdSettings,
  useSummit,
} from '../support/certificates.ts';

let as: Actors;
const restore: Array<() => Promise<void>> = [];
beforeAll(async () => {
  as = await signInActors();
});
afterAll(async () => {
  for (const undo of restore.reverse()) await undo();
  await closeClients();
});

const denied = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('denied');
const allowed = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('allowed');

/** A confirmed registration not yet checked in on any day (as a paid ticket stands before the door). */
const ticket = () => attendedRegistration([], { attendance: undefined, status: 'confirmed', checkedInAt: undefined });

describe('days outside the summit count for nothing', () => {
  it('a check-in records today in Nairobi, never a day typed in: not 2020-01-01, not tomorrow, not yesterday', async () => {
    const today = await serverToday();
    const [yesterday, , tomorrow] = daysFrom(toNairobiDate(new Date(nairobiDayStart(today).getTime() - 86_400_000)), 3);
    // The summit runs over all three, so only "today" tells them apart.
    restore.push(await useSummit([yesterday, today, tomorrow]));
    const a = await ticket();
    for (const day of ['2020-01-01', tomorrow, yesterday]) {
      await denied(commit(as.db.finance, await checkInWrites(a.id, day)));
      await denied(commit(as.db.admin, await checkInWrites(a.id, day)));
    }
    expect((await ownerGet(`registrations/${a.id}`))!.attendance).toBeUndefined();
    await allowed(commit(as.db.finance, await checkInWrites(a.id, today)));
    expect(Object.keys((await ownerGet(`registrations/${a.id}`))!.attendance as object)).toEqual([today]);
    await restore.pop()!();
  });

  it('a check-in on a day that is not the summit’s is refused, today or not', async () => {
    const today = await serverToday();
    const [next, after] = daysFrom(today, 3).slice(1);
    restore.push(await useSummit([next, after]));
    const a = await ticket();
    await denied(commit(as.db.finance, await checkInWrites(a.id, today)));
    await denied(commit(as.db.admin, await checkInWrites(a.id, today)));
    await restore.pop()!();
  });

  it("the summit's first and last day admit; the day before its first and the day after its last do not", async () => {
    const today = await serverToday();
    const [d0, d1, d2] = daysFrom(toNairobiDate(new Date(nairobiDayStart(today).getTime() - 2 * 86_400_000)), 3);
    const [, , , t1, t2] = daysFrom(d0, 5);
    expect(d2).toBe(today);
    for (const [summit, verdictToday] of [
      [[d0, d1], 'denied'], // ended yesterday: today is the day after its last
      [[t1, t2], 'denied'], // starts tomorrow: today is the day before its first
      [[d1, d2], 'allowed'], // today is its last day
      [[d2, t1], 'allowed'], // today is its first day
    ] as const) {
      restore.push(await useSummit(summit));
      const r = await ticket();
      expect(await verdict(commit(as.db.finance, await checkInWrites(r.id, today)))).toBe(verdictToday);
      await restore.pop()!();
    }
  });

  it('attendance left on 2020-01-01..03 earns no certificate: 18 points for days outside the summit are refused', async () => {
    restore.push(await useCpdSettings({ ...CPD, pointsPerDay: 6, minDays: 1, requireEvaluation: false }));
    const old = ['2020-01-01', '2020-01-02', '2020-01-03'];
    restore.push(await useSummit(daysFrom('2027-03-10', 3)));
    const a = await attendedRegistration(old);
    await denied(commit(as.db.admin, issueCommit(a, old, { points: 18, pointsPerDay: 6 }).writes));
    // One day outside among summit days is refused too; the summit's own days are certified.
    const mixed = await attendedRegistration(['2027-03-10', '2027-03-12', '2027-03-13']);
    await denied(commit(as.db.admin, issueCommit(mixed, ['2027-03-10', '2027-03-12', '2027-03-13'], { points: 18, pointsPerDay: 6 }).writes));
    await allowed(commit(as.db.admin, issueCommit(mixed, ['2027-03-10', '2027-03-12'], { points: 12, pointsPerDay: 6 }).writes));
    await restore.pop()!();
    await restore.pop()!();
  });

  it("the summit's days in settings are exactly its dates' days: none added, none left out, none from 2020", async () => {
    const site = (await ownerGet('settings/site'))!;
    const start = new Date('2027-03-10T06:00:00Z');
    const end = new Date('2027-03-12T14:00:00Z');
    const save = (summitDays: unknown, change: Record<string, unknown> = {}) =>
      updateDoc(doc(as.db.admin, 'settings', 'site'), { startDate: start, endDate: end, summitDays, ...change });
    const days = ['2027-03-10', '2027-03-11', '2027-03-12'];
    try {
      await denied(save(['2020-01-01', '2020-01-02', '2020-01-03']));
      await denied(save(['2027-03-10', '2020-01-01', '2027-03-12']));
      await denied(save(['2027-03-10', '2027-03-12']));
      await denied(save(['2027-03-10', '2027-03-11', '2027-03-12', '2027-03-13']));
      await denied(save(['2027-03-12', '2027-03-11', '2027-03-10']));
      await denied(save(['2027-03-10', '2027-03-10', '2027-03-12']));
      await denied(save(['2027-03-10,2027-03-11', '2027-03-12']));
      await denied(updateDoc(doc(as.db.admin, 'settings', 'site'), { startDate: start, endDate: end, summitDays: deleteField() }));
      // 20:59:59Z on the 9th is still the 9th in Nairobi; 21:00:00Z is the 10th.
      await denied(save(days, { startDate: new Date('2027-03-09T20:59:59Z') }));
      await allowed(save(days, { startDate: new Date('2027-03-09T21:00:00Z') }));
      await allowed(save(['2027-03-09', ...days], { startDate: new Date('2027-03-09T20:59:59Z') }));
      await allowed(save(days));
    } finally {
      await patchDocument(stack(), 'settings/site', { startDate: site.startDate, endDate: site.endDate, summitDays: site.summitDays ?? [] });
    }
  });

  it("settings saved before the summit's days existed gain them by a save of the days alone (the deploy step), by an administrator only", async () => {
    const site = (await ownerGet('settings/site'))!;
    const { summitDays: days, ...before } = site;
    expect(Array.isArray(days) && days.length > 0).toBe(true);
    await writeDocuments(stack(), [['settings/site', before]]);
    try {
      // What Settings writes when no field changed but the stored days are missing (settings-form.ts summitDaysStale).
      for (const actor of ['finance', 'editor'] as const) await denied(updateDoc(doc(as.db[actor], 'settings', 'site'), { summitDays: days }));
      await denied(updateDoc(doc(as.db.admin, 'settings', 'site'), { summitDays: ['2020-01-01'] }));
      await allowed(updateDoc(doc(as.db.admin, 'settings', 'site'), { summitDays: days }));
      expect((await ownerGet('settings/site'))!.summitDays).toEqual(days);
    } finally {
      await writeDocuments(stack(), [['settings/site', site]]);
    }
  });
});

describe('the evaluation the settings require', () => {
  it('a certificate counting a day with no evaluation is refused while the settings require one', async () => {
    restore.push(await useCpdSettings({ ...CPD, requireEvaluation: true, minDays: 2 }));
    restore.push(await useSummit(daysFrom('2027-03-10', 3)));
    const a = await attendedRegistration(['2027-03-10', '2027-03-11']);
    await denied(commit(as.db.admin, issueCommit(a, ['2027-03-10', '2027-03-11']).writes));
    // One day evaluated is not two.
    await allowed(evaluate(a.who, evaluationDoc(a.id, '2027-03-10', a.who.email)));
    await denied(commit(as.db.admin, issueCommit(a, ['2027-03-10', '2027-03-11']).writes));
    await allowed(evaluate(a.who, evaluationDoc(a.id, '2027-03-11', a.who.email)));
    await allowed(commit(as.db.admin, issueCommit(a, ['2027-03-10', '2027-03-11']).writes));
    await restore.pop()!();
    await restore.pop()!();
  });

  it('nobody marks a day evaluated without its evaluation: not an administrator, not the attendee', async () => {
    const a = await attendedRegistration(['2027-03-10', '2027-03-11']);
    await denied(updateDoc(doc(as.db.admin, 'registrations', a.id), { 'evaluatedDays.2027-03-10': serverTimestamp() }));
    await denied(updateDoc(doc(a.who.db, 'registrations', a.id), { 'evaluatedDays.2027-03-10': serverTimestamp() }));
    expect((await ownerGet(`registrations/${a.id}`))!.evaluatedDays).toBeUndefined();
  });
});
