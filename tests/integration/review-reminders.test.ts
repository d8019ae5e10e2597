// Reminders of reviews due (issue 39) through the real emulator and rules, as the system identity
// the timed work runs as: in the days before the call's reviewsDueAt, each reviewer with an
// assignment still without a review gets ONE email (two runners at once send one), with a log line;
// a reviewer who has written every review, or who is no longer a reviewer, gets none. Hostile
// commits as the system: a reminder to someone who is not a reviewer, to an address with no
// outstanding review, to another address than the assignment's, a second reminder, outside the
// window, with a count or date that is not one; nobody but the timed work (and administrators'
// "Run now") sends one; the system reads reviewers' work only in the window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRunnerFor } from '../../emulator/timed-work.ts';
import { assignmentId } from '../../src/data/abstract-review.ts';
import { REVIEWER_ROLE } from '../../src/data/abstracts.ts';
import { reviewReminderMail, reviewReminderMailId } from '../../src/data/mail.ts';
import { fetchReviewerWork, readReviewsDue, sendReviewReminders, transactAs } from '../../src/data/timed-work/run.ts';
import type { BatchWrite, Db } from '../../src/lib/db.ts';
import { createDb } from '../../src/lib/db.ts';
import { formatDeadline } from '../../src/lib/nairobi-time.ts';
import { ACCOUNTS, signInActors, verdict, type Actors } from './support/actors.ts';
import { closeClients, stack } from './support/clients.ts';
import { serverNow } from './support/clock.ts';
import { fixture, ownerDelete, ownerGet, uniqueId } from './support/owner.ts';
import { ownerWrite } from './support/seats.ts';
import { REVIEW, TEST_CALL, storedAssignment } from './support/abstracts.ts';
import { findDocuments } from '../../emulator/seed/rest.ts';

const HOUR = 3_600_000;
const DUE_TEXT = /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2} \(Nairobi time\)$/;

let as: Actors;
let runners: Array<ReturnType<typeof systemRunnerFor>>;
let system: Db;
let savedCall: Record<string, unknown> | null;
const created: string[] = [];

/** When reviews are due, as dueIn last set it. */
let due = new Date();

/** The call closed yesterday, reviews due `hoursLeft` from the database's now (past the rules). */
async function dueIn(hoursLeft: number) {
  const now = (await serverNow()).getTime();
  due = new Date(now + hoursLeft * HOUR);
  await ownerWrite(['settings/abstracts', { ...TEST_CALL, opensAt: new Date(now - 72 * HOUR), closesAt: new Date(now - 24 * HOUR), reviewsDueAt: due }]);
}

/** A reviewer's staff entry (past the rules). */
async function reviewer(prefix = 'rr') {
  const email = `${uniqueId(prefix)}@example.org`;
  await fixture(`staff/${email}`, { email, role: REVIEWER_ROLE, institution: 'KEMRI', tracks: ['prevention'] });
  created.push(`staff/${email}`);
  return email;
}

/** `email` assigned a new abstract, reviewed or not (past the rules): the assignment's id. */
async function assigned(email: string, reviewed = false) {
  const { id, abstract } = await storedAssignment(email);
  created.push(`abstracts/${abstract.id}`, `blindAbstracts/${id}`);
  if (reviewed) {
    const at = new Date();
    await ownerWrite([`reviews/${id}`, { ...REVIEW, id, abstractId: abstract.id, reviewer: email, createdAt: at, updatedAt: at }]);
    created.push(`reviews/${id}`);
  }
  return id;
}

const reminderOf = (email: string) => ownerGet(`mail/${reviewReminderMailId(email)}`);
const logsAbout = async (email: string) =>
  (await findDocuments(stack(), 'logs', 'userEmail', 'schedule')).filter((d) => JSON.stringify(d).includes(`Reminded ${email} that`));

/** A reminder commit as the system, with its log line (as the timed work makes it). */
const asSystem = (writes: BatchWrite[]) => verdict(system.commit([...writes, system.activityWrite('Reminded someone', 'schedule')]));

beforeAll(async () => {
  as = await signInActors();
  savedCall = await ownerGet('settings/abstracts');
  runners = [systemRunnerFor(stack()), systemRunnerFor(stack())];
  system = await runners[0].signedIn();
});
afterAll(async () => {
  // Every reminder the runs sent, this file's reviewers' and any other file's left assigned.
  const sent = await findDocuments(stack(), 'mail', 'template.name', 'review-reminder');
  await ownerDelete(...created, ...sent.map((d) => String(d.name).split('/documents/')[1]));
  if (savedCall) await ownerWrite(['settings/abstracts', savedCall]);
  else await ownerDelete('settings/abstracts');
  await Promise.all(runners.map((r) => r.close()));
  await closeClients();
});

describe('the timed work, in the days before reviews are due', () => {
  it('reminds each reviewer with a review to write once, however many runs at once: how many, when, a link; nothing of the abstracts', async () => {
    await dueIn(48);
    const busy = await reviewer();
    const first = await assigned(busy);
    await assigned(busy, true);
    await assigned(busy);
    const done = await reviewer('done');
    await assigned(done, true);
    const idle = await reviewer('idle');

    const [a, b] = await Promise.all(runners.map((r) => r.runOnce()));
    expect(a.outcome.reviewsReminded + b.outcome.reviewsReminded).toBeGreaterThanOrEqual(1);
    expect(a.outcome.failed + b.outcome.failed).toBe(0);
    const mail = (await reminderOf(busy))!;
    expect(mail).toMatchObject({
      to: busy,
      recordCollection: 'blindAbstracts',
      recordId: first,
      template: { name: 'review-reminder', data: { outstanding: 2, due: expect.stringMatching(DUE_TEXT) } },
    });
    expect(JSON.stringify(mail)).not.toContain('Kisumu');
    expect(await logsAbout(busy)).toHaveLength(1);
    // Nobody with nothing outstanding, nobody without assignments.
    expect(await reminderOf(done)).toBeNull();
    expect(await reminderOf(idle)).toBeNull();
    // The back office's status says what the run did.
    expect(await ownerGet('timedWork/schedule')).toMatchObject({ reviewsReminded: expect.any(Number) });

    // Runs later send nothing more, even with another review outstanding.
    await assigned(busy);
    await runners[0].runOnce();
    expect(await logsAbout(busy)).toHaveLength(1);
    expect((await reminderOf(busy))!.template).toMatchObject({ data: { outstanding: 2 } });
  });

  it('reminds nobody before the window opens, or once the due date has passed, or with no due date', async () => {
    const email = await reviewer();
    await assigned(email);
    for (const hoursLeft of [4 * 24, -1]) {
      await dueIn(hoursLeft);
      expect((await runners[0].runOnce()).outcome.reviewsReminded).toBe(0);
    }
    await ownerWrite(['settings/abstracts', { ...TEST_CALL, opensAt: null, closesAt: null }]);
    expect(await readReviewsDue(system)).toBeNull();
    expect((await runners[0].runOnce()).outcome.reviewsReminded).toBe(0);
    expect(await reminderOf(email)).toBeNull();
  });

  it('skips a reviewer no longer one (their entry changed) and an assignment decided meanwhile', async () => {
    await dueIn(24);
    const former = await reviewer('former');
    await assigned(former);
    await ownerWrite([`staff/${former}`, { email: former, role: 'editor' }]);
    const decided = await reviewer('decided');
    const id = await assigned(decided);
    const abstractId = id.split('__')[0];
    await ownerWrite([
      `abstractDecisions/${abstractId}`,
      { id: abstractId, outcome: 'reject', reviewIds: [], comments: [], decidedBy: ACCOUNTS.admin.email, decidedAt: new Date() },
    ]);
    await ownerWrite([
      `abstractOutcomes/${abstractId}`,
      { id: abstractId, email: 'author@example.org', outcome: 'reject', comments: [], decidedAt: new Date() },
    ]);
    created.push(`abstractDecisions/${abstractId}`, `abstractOutcomes/${abstractId}`);
    const outcome = { offered: 0, passed: 0, reminded: 0, reviewsReminded: 0, placed: 0, anonymised: 0, failed: 0 };
    await sendReviewReminders(system, transactAs(system, 'schedule'), () => new Date(), outcome);
    expect(await reminderOf(former)).toBeNull();
    expect(await reminderOf(decided)).toBeNull();
    expect(outcome.failed).toBe(0);
  });
});

describe('the rules, as the system identity', () => {
  let busy: string;
  let outstanding: string;
  let reviewed: string;
  beforeAll(async () => {
    await dueIn(24);
    busy = await reviewer();
    outstanding = await assigned(busy);
    reviewed = await assigned(busy, true);
  });

  const reminder = (to: string, assignment: string, outstandingCount = 1, dueText = formatDeadline(due)) =>
    reviewReminderMail(to, assignment, outstandingCount, dueText);

  it.each<[string, () => Promise<BatchWrite[]>]>([
    [
      'to an address that is not a reviewer (an editor’s, assigned all the same)',
      async () => [reminder(ACCOUNTS.editor.email, await assigned(ACCOUNTS.editor.email))],
    ],
    ['to an address with no staff entry at all', async () => [reminder('stranger@example.org', await assigned('stranger@example.org'))]],
    ['about an assignment already reviewed', async () => [reminder(busy, reviewed)]],
    ['about another reviewer’s assignment', async () => [reminder(busy, await assigned(await reviewer()))]],
    ['about no assignment', async () => [reminder(busy, assignmentId('nothing', busy))]],
    ['under an id not the reviewer’s mailbox', async () => [{ ...reminder(busy, outstanding), set: `mail/review-reminder-${uniqueId('x')}@example.org` }]],
    ['with nothing outstanding', async () => [reminder(busy, outstanding, 0)]],
    ['with a count that is not a whole number', async () => [reminder(busy, outstanding, 1.5)]],
    ['with words for a date', async () => [reminder(busy, outstanding, 1, 'whenever you like, <a href="https://evil.example">here</a>')]],
    ['with another date than the call’s', async () => [reminder(busy, outstanding, 1, formatDeadline(new Date(due.getTime() + 24 * HOUR)))]],
    ['with the call’s date a minute off', async () => [reminder(busy, outstanding, 1, formatDeadline(new Date(due.getTime() - 60_000)))]],
    [
      'with an abstract’s title in it',
      async () => {
        const w = reminder(busy, outstanding) as { set: string; data: { template: { data: object } } };
        return [{ ...w, data: { ...w.data, template: { ...w.data.template, data: { ...w.data.template.data, title: 'Screening in Kisumu' } } } }];
      },
    ],
  ])('refuses a reminder %s', async (_, writes) => {
    expect(await asSystem(await writes())).toBe('denied');
  });

  it('sends one (the control), and refuses the second to the same mailbox, a +tag included', async () => {
    expect(await asSystem([reminder(busy, outstanding, 1)])).toBe('allowed');
    expect(await asSystem([reminder(busy, outstanding, 1)])).toBe('denied');
    const tagged = busy.replace('@', '+again@');
    expect(reviewReminderMailId(tagged)).toBe(reviewReminderMailId(busy));
  });

  it('refuses one outside the window', async () => {
    const email = await reviewer();
    const id = await assigned(email);
    await dueIn(4 * 24);
    try {
      expect(await asSystem([reminder(email, id)])).toBe('denied');
    } finally {
      await dueIn(24);
    }
  });

  it('nobody else sends one: not the reviewer, not editors or finance', async () => {
    const email = await reviewer();
    const id = await assigned(email);
    for (const actor of ['reviewer', 'editor', 'finance', 'signedIn'] as const)
      expect(await verdict(createDb(() => as.db[actor]).commit([reminder(email, id)])), actor).toBe('denied');
    // An administrator's "Run now" of the timed work sends the same reminder, under the same rules.
    const admin = createDb(() => as.db.admin);
    expect(await verdict(admin.commit([reminder(email, id), admin.activityWrite(`Reminded ${email}`, ACCOUNTS.admin.email)]))).toBe('allowed');
  });

  it('reads reviewers’ assignments and reviews only in the window', async () => {
    expect((await fetchReviewerWork(system, busy)).assigned.map((a) => a.id)).toContain(outstanding);
    await dueIn(4 * 24);
    try {
      expect(await verdict(fetchReviewerWork(system, busy))).toBe('denied');
    } finally {
      await dueIn(24);
    }
  });
});
