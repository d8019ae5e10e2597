// The committee's screens' exact commits against the real rules (issue 39): Assign reviewers
// stores an automatic assignment in the data module's commits, each with its activity-log line
// (assignmentRun), and one by hand with its line; Abstracts decides with the email and the line in
// one commit (useStaffWrites adds the line, as here). The largest of each: twelve abstracts with
// five reviewers, a decision quoting five reviews. abstract-review.test.ts holds the refusals.
import type { Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABSTRACTS_PER_COMMIT, assignReviewers } from '../../src/data/abstract-assignment.ts';
import { assignWrite, assignmentId, unassignWrite } from '../../src/data/abstract-review.ts';
import { decideWrites, decisionMailId, decisionPath } from '../../src/data/abstract-decision.ts';
import type { Abstract } from '../../src/data/abstracts.ts';
import { activityWrite, type BatchWrite } from '../../src/lib/db-shapes.ts';
import { assignmentRun } from '../../src/features/abstracts/admin/assign-commits.ts';
import { ACCOUNTS, signInActors, verdict } from './support/actors.ts';
import { closeClients } from './support/clients.ts';
import { commit } from './support/forms.ts';
import { ownerDelete, ownerGet } from './support/owner.ts';
import { ownerWrite } from './support/seats.ts';
import { REVIEW, storedAbstract, useClosedCall } from './support/abstracts.ts';

let admin: Firestore;
let restoreCall: () => Promise<void>;
const created: string[] = [];
const admins = ACCOUNTS.admin.email;
const FIVE = Array.from({ length: 5 }, (_, i) => `committee-reviewer-${i}@example.org`);

/** Paths a commit sets, to delete afterwards. */
const note = (writes: BatchWrite[]) => created.push(...writes.flatMap((w) => ('set' in w ? [w.set] : [])));
const stored = async () => {
  const a = await storedAbstract();
  created.push(`abstracts/${a.id}`);
  return a;
};

beforeAll(async () => {
  admin = (await signInActors()).db.admin;
  restoreCall = await useClosedCall();
});
afterAll(async () => {
  await ownerDelete(...created);
  await restoreCall();
  await closeClients();
});

describe('Assign reviewers’ commits', () => {
  it('stores an automatic assignment of twelve abstracts with five reviewers each, and its log line, in one commit; the thirteenth in the next', async () => {
    const abstracts: Abstract[] = [];
    for (let i = 0; i <= ABSTRACTS_PER_COMMIT; i++) abstracts.push(await stored());
    // COMPLETE's authors are at Kenyatta National Hospital and Moi University: no conflict here.
    const reviewers = FIVE.map((email) => ({ email, institution: 'Aga Khan University Hospital', tracks: ['prevention'] }));
    const { assignments, shortfalls } = assignReviewers(abstracts, reviewers, 5);
    expect(shortfalls).toEqual([]);
    const run = assignmentRun(assignments, abstracts, admins);
    expect(run.map((c) => [c.abstracts, c.assignments])).toEqual([
      [ABSTRACTS_PER_COMMIT, ABSTRACTS_PER_COMMIT * 5],
      [1, 5],
    ]);
    for (const c of run) {
      note(c.writes);
      expect(await verdict(commit(admin, c.writes))).toBe('allowed');
    }
    expect(await ownerGet(`blindAbstracts/${assignmentId(abstracts[0].id, FIVE[0])}`)).toMatchObject({ abstractId: abstracts[0].id, reviewer: FIVE[0] });
    const log = run[0].writes.at(-1) as { set: string };
    expect(await ownerGet(log.set)).toMatchObject({
      message: expect.stringMatching(/^Assigned reviewers automatically: 60 assignments to 12 abstracts \(part 1 of 2\)$/),
    });
  });

  it('tops up after a run that stopped part-way: the second run stores only what the first did not, and the rules accept it', async () => {
    const abstracts: Abstract[] = [];
    for (let i = 0; i <= ABSTRACTS_PER_COMMIT; i++) abstracts.push(await stored());
    const reviewers = FIVE.slice(0, 2).map((email) => ({ email, institution: 'Aga Khan University Hospital', tracks: ['prevention'] }));
    const [first] = assignmentRun(assignReviewers(abstracts, reviewers, 2).assignments, abstracts, admins);
    note(first.writes);
    expect(await verdict(commit(admin, first.writes))).toBe('allowed');
    // Storing the first part again is refused (a copy keeps when it was assigned): why the screen drops a stale preview.
    expect(await verdict(commit(admin, first.writes.slice(0, 1)))).toBe('denied');
    const existing = first.writes.flatMap((w) =>
      'set' in w && w.set.startsWith('blindAbstracts/') ? [w.data as { abstractId: string; reviewer: string }] : [],
    );
    const again = assignReviewers(abstracts, reviewers, 2, existing);
    expect(again.assignments).toHaveLength(2);
    const rest = assignmentRun(again.assignments, abstracts, admins);
    expect(rest).toHaveLength(1);
    note(rest[0].writes);
    expect(await verdict(commit(admin, rest[0].writes))).toBe('allowed');
  });

  it('assigns and unassigns one by hand, each with its log line', async () => {
    const a = await stored();
    const assign = [assignWrite(a, FIVE[0]), activityWrite(`Assigned ${FIVE[0]} to review abstract ${a.id}`, admins)];
    note(assign);
    expect(await verdict(commit(admin, assign))).toBe('allowed');
    const unassign = [unassignWrite(a.id, FIVE[0]), activityWrite(`Unassigned ${FIVE[0]} from abstract ${a.id}`, admins)];
    note(unassign);
    expect(await verdict(commit(admin, unassign))).toBe('allowed');
    expect(await ownerGet(`blindAbstracts/${assignmentId(a.id, FIVE[0])}`)).toBeNull();
  });
});

describe('the Abstracts screen’s decision', () => {
  it('decides quoting five reviews, with its email and log line in one commit', async () => {
    const a = await stored();
    const reviews = [];
    for (const [i, reviewer] of FIVE.entries()) {
      const id = assignmentId(a.id, reviewer);
      const at = new Date();
      const review = { ...REVIEW, toAuthors: `Comment ${i + 1}.`, id, abstractId: a.id, reviewer, createdAt: at, updatedAt: at };
      await ownerWrite([`reviews/${id}`, review]);
      created.push(`reviews/${id}`);
      reviews.push(review);
    }
    const writes = [
      ...decideWrites(a, 'oral', reviews, admins),
      activityWrite(`Decided abstract ${a.id}: accepted as an oral presentation, and emailed its author`, admins),
    ];
    note(writes);
    expect(await verdict(commit(admin, writes))).toBe('allowed');
    expect(await ownerGet(decisionPath(a.id))).toMatchObject({ outcome: 'oral', comments: reviews.map((r) => r.toAuthors) });
    const mail = await ownerGet(`mail/${decisionMailId(a.id)}`);
    expect(mail).toMatchObject({ to: a.email, template: { data: { comments: ['Comment 1.', 'Comment 2.', 'Comment 3.', 'Comment 4.', 'Comment 5.'] } } });
    for (const reviewer of FIVE) expect(JSON.stringify(mail)).not.toContain(reviewer);
  });
});
