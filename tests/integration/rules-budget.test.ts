// The rules budget (emulator/rules-budget.ts: 8 document reads an operation, 16 a request of
// several, 600 expressions an operation), counted from the emulator's log of what each request's
// rules spent, on the heaviest paths the app takes: registering (the visitor's whole commit), the
// CPD settings with eight questions, and issuing a certificate. Every stack enforces the budget,
// so any path over it fails the tests that take it; these count it, so a path creeping up is
// seen here by its figures (`npm run rules-budget` prints them all).
import { doc, setDoc, updateDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES_BUDGET } from '../../emulator/rules-budget.ts';
import type { RequestRecord } from '../../emulator/src/rules-usage.ts';
import { signInActors, verdict, type Actors } from './support/actors.ts';
import { certifiedRegistration, CPD, DAY1, DAY2, useCpdSettings } from './support/certificates.ts';
import { closeClients, stack } from './support/clients.ts';
import { commit, paymentCommit, paymentDoc, registrationDraft } from './support/forms.ts';
import { createDb, type BatchWrite } from '../../src/lib/db.ts';
import { invoiceMail } from '../../src/data/mail.ts';
import { decideIssue, issuePaths } from '../../src/features/invoices/admin/issue-invoice.ts';
import type { StoredInvoice } from '../../src/features/invoices/admin/schema.ts';
import { invoiceDraft, INVOICE_PDF } from './support/invoices.ts';
import { throttleWrite, type ThrottleEntry } from '../../src/data/visitor-throttle.ts';
import { ownerGet } from './support/owner.ts';
import { patchDocument } from '../../emulator/seed/rest.ts';
import { summitDays } from '../../src/data/certificates.ts';
import { correctionOf, correctionWrites } from '../../src/features/registrations/corrections.ts';
import { collection, getDocs, query, where } from 'firebase/firestore/lite';
import { created, everything } from './support/your-data.ts';
import { ownerDelete } from './support/owner.ts';
import { serverNow } from './support/clock.ts';
import { RETENTION_MONTH_MINUTES } from '../../src/content/retention.ts';
import { abstractDraft, COMPLETE, REVIEW, storedAbstract, storedAssignment, TEST_CALL, useClosedCall, useOpenCall } from './support/abstracts.ts';
import { saveAbstractWrite } from '../../src/data/abstracts.ts';
import { ABSTRACTS_PER_COMMIT, assignmentCommits } from '../../src/data/abstract-assignment.ts';
import { saveReviewWrite } from '../../src/data/abstract-review.ts';
import { decideWrites } from '../../src/data/abstract-decision.ts';
import { placeWrite, publishCommits, PUBLISH_PER_COMMIT, unpublishWrites } from '../../src/data/published-abstracts.ts';
import { contentVersionWrites } from '../../src/admin/content-version.ts';
import { activityWrite, writePath } from '../../src/lib/db-shapes.ts';
import { decidedAbstract, storedPaths, storedSession } from './support/published.ts';
import { ownerWrite } from './support/seats.ts';
import { ACCOUNTS } from './support/actors.ts';
import { systemRunnerFor } from '../../emulator/timed-work.ts';
import { reviewReminderMail } from '../../src/data/mail.ts';
import { formatDeadline } from '../../src/lib/nairobi-time.ts';
import { fixture } from './support/owner.ts';
import { decideKeep, decisionPaths } from '../../src/features/payments/admin/refunds.ts';
import type { MoneyKept } from '../../src/data/money-kept.ts';
import { decideStatusChange } from '../../src/features/registrations/admin/record-actions.ts';
import { FREE_SEAT, seatPath } from '../../src/data/seats.ts';
import { seatedFixture } from './support/seats.ts';
import { waitingEntry } from './support/waiting.ts';
import { uniqueId } from './support/owner.ts';
import { SAMPLE_REGISTRATION } from '../../emulator/seed/sample-forms.ts';

let as: Actors;
let restoreCpd: () => Promise<void>;

beforeAll(async () => {
  as = await signInActors();
  // Issuing with each day's evaluation required: the heavier figure.
  restoreCpd = await useCpdSettings({ ...CPD, requireEvaluation: true });
});

afterAll(async () => {
  await restoreCpd();
  await ownerDelete(...created);
  await closeClients();
});

async function usage(since = 0): Promise<RequestRecord[]> {
  const { firestore, projectId } = stack();
  const r = await fetch(`http://${firestore}/emulator/v1/projects/${projectId}:rulesUsage?since=${since}`);
  return ((await r.json()) as { requests: RequestRecord[] }).requests;
}

/** What the rules spent on the requests `run` made (every request since it started). */
async function spentBy(run: () => Promise<unknown>): Promise<RequestRecord[]> {
  const before = (await usage()).at(-1)?.seq ?? 0;
  await run();
  return usage(before);
}

/** The commits among `requests`, each as its worst figures. */
function commits(requests: RequestRecord[]) {
  return requests
    .filter((r) => r.kind === 'commit')
    .map((r) => ({
      operations: r.operations.map((o) => `${o.method} ${o.path.split('/')[0]}`),
      allowed: r.operations.every((o) => o.allowed),
      readsPerOperation: Math.max(...r.operations.map((o) => o.reads.length)),
      readsPerRequest: r.documentReads,
      expressionsPerOperation: Math.max(...r.operations.map((o) => o.expressions)),
    }));
}

function expectWithinBudget(c: ReturnType<typeof commits>[number]) {
  expect(c.allowed).toBe(true);
  expect(c.readsPerOperation).toBeLessThanOrEqual(RULES_BUDGET.readsPerOperation);
  expect(c.readsPerRequest).toBeLessThanOrEqual(c.operations.length > 1 ? RULES_BUDGET.readsPerMultiRequest : RULES_BUDGET.readsPerSingleRequest);
  expect(c.expressionsPerOperation).toBeLessThanOrEqual(RULES_BUDGET.expressionsPerOperation);
}

describe('the rules budget on the heaviest paths', () => {
  it('is a margin under Cloud Firestore’s limits that every stack enforces', () => {
    expect(RULES_BUDGET).toEqual({ readsPerOperation: 8, readsPerSingleRequest: 8, readsPerMultiRequest: 16, expressionsPerOperation: 600, callDepth: 20 });
  });

  it('a visitor registering: the record, its checkout, slot, code, address entry, throttle and email in one commit', async () => {
    const draft = await registrationDraft();
    const spent = commits(await spentBy(async () => expect(await verdict(commit(draft.by.db, draft.writes()))).toBe('allowed')));
    expect(spent).toHaveLength(1);
    const [registering] = spent;
    expect(registering.operations).toEqual(
      expect.arrayContaining(['create registrations', 'update seats', 'create checkouts', 'create paymentCodes', 'create mail']),
    );
    expectWithinBudget(registering);
    // The registration's own rule reads the settings, its code's claim (before and after), its
    // address's entry, its slot, the other collection under its id, its checkout and its throttle.
    expect(registering.readsPerOperation).toBe(8);
  });

  it('an administrator saving the site settings with a month-long summit: its 31 days checked one against the next', async () => {
    const site = (await ownerGet('settings/site'))!;
    const [startDate, endDate] = [new Date('2027-02-28T21:00:00Z'), new Date('2027-03-31T14:00:00Z')];
    const days = summitDays(startDate, endDate);
    expect(days).toHaveLength(31);
    try {
      const spent = commits(
        await spentBy(async () =>
          expect(await verdict(updateDoc(doc(as.db.admin, 'settings', 'site'), { startDate, endDate, summitDays: days, tagline: site.tagline }))).toBe(
            'allowed',
          ),
        ),
      );
      expect(spent).toHaveLength(1);
      expectWithinBudget(spent[0]);
      // The 30 comparisons ran (about 500 expressions, docs/boundary.md "The rules budget").
      expect(spent[0].expressionsPerOperation).toBeGreaterThan(400);
    } finally {
      await patchDocument(stack(), 'settings/site', { startDate: site.startDate, endDate: site.endDate, summitDays: site.summitDays });
    }
  });

  it('an administrator saving the CPD settings with eight questions', async () => {
    const eight = Array.from({ length: 8 }, (_, i) => ({
      id: `q-${i}`,
      label: `${'Question '.repeat(22)}${i}`.slice(0, 200),
      kind: i % 2 ? 'text' : 'rating',
    }));
    const spent = commits(
      await spentBy(async () => expect(await verdict(setDoc(doc(as.db.admin, 'settings', 'cpd'), { ...CPD, questions: eight }))).toBe('allowed')),
    );
    expect(spent).toHaveLength(1);
    expectWithinBudget(spent[0]);
    expect(spent[0].expressionsPerOperation).toBeGreaterThan(100);
  });

  it('an administrator issuing a certificate: it, its public check, the registration naming it and the email', async () => {
    const evaluated = { evaluatedDays: { [DAY1]: new Date(), [DAY2]: new Date() } };
    const spent = commits(await spentBy(() => certifiedRegistration(as.db.admin, [DAY1, DAY2], evaluated)));
    const issuing = spent.find((c) => c.operations.includes('create certificates'));
    expect(issuing?.operations).toEqual(expect.arrayContaining(['create certificateChecks', 'update registrations', 'create mail']));
    for (const c of spent) expectWithinBudget(c);
  });

  it('finance issuing an invoice with both KRA PINs, its counter and its email: the PINs read nothing more than settings/site', async () => {
    const spent = commits(
      await spentBy(() =>
        createDb(() => as.db.finance).transact(issuePaths({}), (docs) => {
          const { writes } = decideIssue(docs, { draft: invoiceDraft(), issuedBy: 'finance@summit.test', issuedAt: new Date() });
          const invoice = (writes[0] as unknown as { data: StoredInvoice }).data;
          return { writes: [...writes, invoiceMail(`budget-${invoice.number}`, invoice, 'KES 50,000.00', '28 February 2027', invoice.number, INVOICE_PDF)] };
        }),
      ),
    );
    expect(spent).toHaveLength(1);
    expect(spent[0].operations).toEqual(expect.arrayContaining(['create invoices', 'create mail']));
    expectWithinBudget(spent[0]);
    // docs/boundary.md's figures (4 · 6 · 489 when measured): the PINs are checked against documents
    // the rules read already (settings/site for the number, the invoice for its email), so a read
    // more would show here.
    expect([spent[0].readsPerOperation, spent[0].readsPerRequest]).toEqual([4, 6]);
  });

  it('an administrator moving a month-long summit’s dates later while anonymising is due, once invoices exist: every check of the save runs', async () => {
    // The invoice test above issued one: the numbering lock is in force.
    expect(await ownerGet('counters/invoices')).not.toBeNull();
    const site = (await ownerGet('settings/site'))!;
    const now = (await serverNow()).getTime();
    const end = new Date(now - 4 * RETENTION_MONTH_MINUTES * 60_000);
    const startOf = (e: Date) => new Date(e.getTime() - 30 * 86_400_000);
    try {
      await patchDocument(stack(), 'settings/site', { startDate: startOf(end), endDate: end, summitDays: summitDays(startOf(end), end), retentionMonths: 3 });
      const later = new Date(end.getTime() + 86_400_000);
      const change = { startDate: startOf(later), endDate: later, summitDays: summitDays(startOf(later), later), retentionMonths: 3 };
      expect(change.summitDays).toHaveLength(31);
      const [saving] = commits(await spentBy(() => updateDoc(doc(as.db.admin, 'settings', 'site'), change)));
      expectWithinBudget(saving);
    } finally {
      await patchDocument(stack(), 'settings/site', {
        startDate: site.startDate,
        endDate: site.endDate,
        summitDays: site.summitDays,
        retentionMonths: site.retentionMonths ?? 24,
      });
    }
  });

  it('an attendee correcting their registration (the record, its checkout and the log line), and their export’s owner queries', async () => {
    const a = await everything();
    const current = { ...(await ownerGet(`registrations/${a.id}`))!, id: a.id };
    const writes = correctionWrites(current, { ...correctionOf(current), fullName: 'Wanjiru Kamau', dietaryNeeds: 'Vegetarian' }, a.who.email);
    const [correcting] = commits(await spentBy(() => commit(a.who.db, writes)));
    expect(correcting.operations).toEqual(['update registrations', 'update checkouts', 'create logs']);
    expectWithinBudget(correcting);
    created.push(`logs/${String((await ownerGet(`registrations/${a.id}`))!.correctionLog)}`);
    const pinned = (on: string) => query(collection(a.who.db, on), where('targetCollection', '==', 'registrations'), where('targetId', '==', a.id));
    const reads = await spentBy(() =>
      Promise.all([
        getDocs(pinned('payments')),
        getDocs(pinned('statementLines')),
        getDocs(query(collection(a.who.db, 'mail'), where('to', '==', a.who.email))),
      ]),
    );
    const queries = reads.filter((r) => r.kind === 'query');
    expect(queries).toHaveLength(3);
    for (const q of queries) {
      expect(q.operations.every((o) => o.allowed)).toBe(true);
      expect(q.documentReads).toBeLessThanOrEqual(RULES_BUDGET.readsPerSingleRequest);
      expect(Math.max(...q.operations.map((o) => o.expressions))).toBeLessThanOrEqual(RULES_BUDGET.expressionsPerOperation);
    }
  });

  it('a registrant sending a payment reference: the registration’s update rule, its own branch first (it changes nothing the other checks guard)', async () => {
    const draft = await registrationDraft();
    expect(await verdict(commit(draft.by.db, draft.writes()))).toBe('allowed');
    const r: Record<string, unknown> & { id: string } = { ...(await ownerGet(`registrations/${draft.id}`))!, id: draft.id };
    const id = `pay-${draft.id}`;
    const uid = draft.by.uid;
    const throttle = throttleWrite(uid, 'payments', id, (await ownerGet(`throttles/${uid}`))?.payments as ThrottleEntry | undefined);
    const writes = [
      ...paymentCommit(id, paymentDoc(id, 'registrations', draft.id, { amount: r.fee as number }), { collection: 'registrations', id: draft.id, record: r }),
      throttle,
    ];
    const [paying] = commits(await spentBy(() => commit(draft.by.db, writes)));
    expect(paying.operations).toEqual(expect.arrayContaining(['update registrations', 'create payments']));
    expectWithinBudget(paying);
    // 298 when measured (594 when it ran every other path's checks too): the branch is what keeps it far under.
    expect(paying.expressionsPerOperation).toBeLessThan(400);
  });

  it('an author submitting an abstract at every word limit, and submitting a draft later: each part counted, the whole summed', async () => {
    const closeCall = await useOpenCall();
    try {
      const full = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
      const w = TEST_CALL.wordLimits;
      // Two parts at their limits and the whole at its total.
      const atLimits = {
        background: full(w.background),
        methods: full(w.methods),
        results: full(w.total - w.background - w.methods - 5),
        conclusions: full(5),
      };
      const draft = await abstractDraft(atLimits);
      const [submitting] = commits(await spentBy(() => commit(draft.by.db, draft.writes())));
      expect(submitting.operations).toEqual(['create abstracts', 'create throttles']);
      expectWithinBudget(submitting);
      const later = await abstractDraft({ status: 'draft' });
      expect(await verdict(commit(later.by.db, later.writes()))).toBe('allowed');
      const submit = saveAbstractWrite(later.id, later.by.email!, { ...COMPLETE, ...atLimits }, 'submitted', { status: 'draft' });
      const [fromDraft] = commits(await spentBy(() => commit(later.by.db, [submit])));
      expect(fromDraft.operations).toEqual(['update abstracts']);
      expectWithinBudget(fromDraft);
    } finally {
      await closeCall();
    }
  });

  it('the call with ten criteria and twenty tracks; a full commit of assignments; a review of ten criteria with both comments full, its revision; a decision quoting five reviews', async () => {
    const restore = await useClosedCall();
    try {
      const call = (await ownerGet('settings/abstracts'))!;
      const ten = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`criterion-${i}`, `${'Criterion '.repeat(12)}${i}`.slice(0, 120)]));
      const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`track-${i}`, `${'Track '.repeat(20)}${i}`.slice(0, 120)]));
      // With a reviews due date (a day after the call closed): the heaviest save.
      const reviewsDueAt = new Date((call.closesAt as Date).getTime() + 86_400_000);
      const full = { ...call, tracks: { ...twenty, prevention: 'Prevention' }, criteria: ten, reviewersPerAbstract: 5, reviewsDueAt };
      // (21 tracks is one too many: 20 with prevention among them.)
      delete (full.tracks as Record<string, string>)['track-19'];
      const [saving] = commits(await spentBy(async () => expect(await verdict(setDoc(doc(as.db.admin, 'settings', 'abstracts'), full))).toBe('allowed')));
      expectWithinBudget(saving);

      // One commit as assignmentCommits makes them: ABSTRACTS_PER_COMMIT abstracts, five reviewers each.
      const abstracts = await Promise.all(Array.from({ length: ABSTRACTS_PER_COMMIT }, () => storedAbstract()));
      const five = Array.from({ length: 5 }, (_, i) => `budget-reviewer-${i}@example.org`);
      const [writes, ...more] = assignmentCommits(
        abstracts.flatMap((a) => five.map((reviewer) => ({ abstractId: a.id, reviewer }))),
        new Map(abstracts.map((a) => [a.id, a])),
      );
      expect(more).toEqual([]);
      const [assigning] = commits(await spentBy(() => commit(as.db.admin, writes)));
      expect(assigning.operations).toHaveLength(ABSTRACTS_PER_COMMIT * 5);
      expectWithinBudget(assigning);
      // The administrator's entry, the call, and each abstract once (cached for its five copies).
      expect(assigning.readsPerRequest).toBe(ABSTRACTS_PER_COMMIT + 2);

      const { id, abstract } = await storedAssignment(ACCOUNTS.reviewer.email);
      const scores = Object.fromEntries(Object.keys(ten).map((k) => [k, 5]));
      const input = { ...REVIEW, scores, toAuthors: 'a'.repeat(3000), toCommittee: 'c'.repeat(3000) };
      const assignment = { id, abstractId: abstract.id, reviewer: ACCOUNTS.reviewer.email };
      const [reviewing] = commits(await spentBy(() => commit(as.db.reviewer, [saveReviewWrite(assignment, input, null)])));
      expectWithinBudget(reviewing);
      const [revising] = commits(await spentBy(() => commit(as.db.reviewer, [saveReviewWrite(assignment, { ...input, toCommittee: 'Revised.' }, { id })])));
      expectWithinBudget(revising);

      // The decision quoting five reviews, with its email: the heaviest read of the blind review.
      const decided = await storedAbstract();
      const quoted: Array<{ id: string; abstractId: string; conflict: boolean; toAuthors: string }> = [];
      for (let i = 0; i < 5; i++) {
        const reviewId = `${decided.id}__budget-reviewer-${i}@example.org`;
        const stored = {
          ...input,
          id: reviewId,
          abstractId: decided.id,
          reviewer: `budget-reviewer-${i}@example.org`,
          createdAt: new Date(),
          updatedAt: new Date(),
        };
        await ownerWrite([`reviews/${reviewId}`, stored]);
        quoted.push(stored);
      }
      const [deciding] = commits(await spentBy(() => commit(as.db.admin, decideWrites(decided, 'oral', quoted, ACCOUNTS.admin.email))));
      expect(deciding.operations).toEqual(['create abstractDecisions', 'create mail', 'create abstractOutcomes']);
      expectWithinBudget(deciding);
      // The administrator's entry, the abstract, the five reviews and the email after the commit.
      expect(deciding.readsPerOperation).toBe(8);
      // Those, and the decision and the author's copy after the commit, the decision before it.
      expect(deciding.readsPerRequest).toBe(11);
    } finally {
      await restore();
    }
  });
  it('publishing a full commit of accepted abstracts at their largest, with the content version and the log line; placing one; unpublishing one', async () => {
    const big = (n: number, c: string) => c.repeat(n);
    const largest = {
      title: big(300, 'T'),
      authors: Array.from({ length: 20 }, (_, i) => `${big(197, 'a')}${String(i).padStart(3, '0')}`),
      affiliations: Array.from({ length: 20 }, (_, i) => `${big(197, 'u')}${String(i).padStart(3, '0')}`),
      presenting: 19,
      keywords: big(300, 'k'),
      background: big(6000, 'b'),
      methods: big(6000, 'm'),
      results: big(6000, 'r'),
      conclusions: big(6000, 'c'),
    };
    const abstracts = await Promise.all(Array.from({ length: PUBLISH_PER_COMMIT }, () => decidedAbstract('oral', largest)));
    const [writes, ...more] = publishCommits(abstracts.map((abstract) => ({ abstract, presentation: 'oral' as const })));
    expect(more).toEqual([]);
    const log = activityWrite('Published accepted abstracts (part 1 of 1)', ACCOUNTS.admin.email);
    const [publishing] = commits(await spentBy(() => commit(as.db.admin, [...writes, ...contentVersionWrites(['publishedAbstracts/x']), log])));
    expect(publishing.operations).toHaveLength(PUBLISH_PER_COMMIT * 2 + 2);
    expectWithinBudget(publishing);
    // The administrator's entry, and per abstract: it, its decision, its listing and its text after the commit.
    expect(publishing.readsPerRequest).toBe(1 + 4 * PUBLISH_PER_COMMIT);
    created.push(...[...writes, log].map((w) => writePath(w)));

    const session = await storedSession();
    const [placing] = commits(await spentBy(() => commit(as.db.admin, [placeWrite(abstracts[0].id, session, 999)])));
    expectWithinBudget(placing);
    const [unpublishing] = commits(await spentBy(() => commit(as.db.admin, unpublishWrites(abstracts[1].id))));
    expectWithinBudget(unpublishing);
    await ownerDelete(...storedPaths);
  });

  it('the call saved with a reviews due date; a reviewer’s reminder of reviews due, with its log line, as the timed work commits it', async () => {
    const saved = await ownerGet('settings/abstracts');
    const now = (await serverNow()).getTime();
    const HOUR = 3_600_000;
    const call = { ...TEST_CALL, opensAt: new Date(now - 72 * HOUR), closesAt: new Date(now - 24 * HOUR), reviewsDueAt: new Date(now + 24 * HOUR) };
    const runner = systemRunnerFor(stack());
    const reviewer = `budget-reminded-${Date.now().toString(36)}@example.org`;
    try {
      const [saving] = commits(await spentBy(async () => expect(await verdict(setDoc(doc(as.db.admin, 'settings', 'abstracts'), call))).toBe('allowed')));
      expectWithinBudget(saving);
      await fixture(`staff/${reviewer}`, { email: reviewer, role: 'reviewer', institution: 'KEMRI', tracks: ['prevention'] });
      const { id, abstract } = await storedAssignment(reviewer);
      const system = await runner.signedIn();
      const writes = [reviewReminderMail(reviewer, id, 12, formatDeadline(call.reviewsDueAt)), system.activityWrite(`Reminded ${reviewer}`, 'schedule')];
      const [reminding] = commits(await spentBy(() => system.commit(writes)));
      expect(reminding.operations).toEqual(['create mail', 'create logs']);
      expectWithinBudget(reminding);
      // The assignment, the reviewer's entry, the call, whether a review or a decision exists.
      expect(reminding.readsPerOperation).toBe(5);
      await ownerDelete(`staff/${reviewer}`, `blindAbstracts/${id}`, `abstracts/${abstract.id}`, (writes[0] as { set: string }).set);
    } finally {
      await runner.close();
      if (saved) await ownerWrite(['settings/abstracts', saved]);
      else await ownerDelete('settings/abstracts');
    }
  });
  it('finance keeping money, not refunding it: from Refunds due; cancelling a paid registration keeping it; and with its seat offered to the waiting list', async () => {
    const staffEmail = ACCOUNTS.finance.email;
    const seats: string[] = [];
    const paid = async (status: string) => {
      const id = uniqueId('budget-kept');
      const email = `${id}@example.org`;
      const { seat } = await seatedFixture(id, {
        ...SAMPLE_REGISTRATION,
        email,
        category: 'delegate',
        fee: 15_000,
        currency: 'KES',
        status,
        paymentStatus: 'paid',
        searchTokens: [],
        receivedMinor: 1_500_000,
      });
      seats.push(seatPath(seat));
      created.push(`registrations/${id}`, `checkouts/${id}`, `attendees/${email}`);
      return id;
    };
    const reason = 'Cancelled 10 days before the summit: the refund policy refunds cancellations made 30 days or more before it.';
    // As the app's transactions send them (useStaffTransaction): with the activity log's line.
    const logged = (writes: BatchWrite[], log: string) => {
      const all = [...writes, activityWrite(log, staffEmail)];
      created.push(...all.map((w) => writePath(w)).filter((p) => !p.startsWith('seats/') && !p.startsWith('counters/')));
      return { writes: all };
    };
    const fromList = async () => {
      const k: MoneyKept = {
        keptId: uniqueId('budget-kept'),
        collection: 'registrations',
        id: await paid('cancelled'),
        amountMinor: 1_500_000,
        reason,
        staffEmail,
      };
      return createDb(() => as.db.finance).transact(decisionPaths(k), (docs) => {
        const { writes, log } = decideKeep(docs, k);
        return logged(writes, log);
      });
    };
    const cancelKeeping = async (waiting?: string) => {
      const id = await paid('confirmed');
      return createDb(() => as.db.finance).transact([`registrations/${id}`], async ([current], read) => {
        const seat = await read(seatPath(String(current!.seat)));
        const next = waiting ? await read(`waitlist/${waiting}`) : null;
        const times = { unpaidHoldHours: 72, offerHours: 48, holdReminderHours: 24 };
        const keep = { keptId: uniqueId('budget-kept'), reason, staffEmail };
        const { writes, log } = decideStatusChange(
          current,
          seat,
          { record: current as never, name: 'Wanjiru Kamau', status: 'cancelled', keep },
          {
            next,
            times,
            mailId: uniqueId('budget-mail'),
          },
        );
        return logged(writes, log);
      });
    };
    try {
      const [keeping] = commits(await spentBy(fromList));
      expect(keeping.operations).toEqual(expect.arrayContaining(['create keptMoney', 'create mail', 'update registrations', 'create logs']));
      expectWithinBudget(keeping);
      const [cancelling] = commits(await spentBy(() => cancelKeeping()));
      expect(cancelling.operations).toEqual(expect.arrayContaining(['update registrations', 'update seats', 'create keptMoney', 'create mail']));
      expectWithinBudget(cancelling);
      const waiting = await waitingEntry();
      created.push(`waitlist/${waiting}`);
      const [offering] = commits(await spentBy(() => cancelKeeping(waiting)));
      expect(offering.operations).toEqual(
        expect.arrayContaining(['update registrations', 'update seats', 'update waitlist', 'create keptMoney', 'create mail']),
      );
      expectWithinBudget(offering);
      // docs/boundary.md's figures (op reads · request reads; expressions 505, 526, 526 when measured).
      // The worst, the cancel with the offer, reads 14 documents of the 16 a commit may: its
      // registration's rule reads the decision before and after the commit on top of the offer's.
      expect([keeping, cancelling, offering].map((c) => [c.readsPerOperation, c.readsPerRequest])).toEqual([
        [4, 6],
        [5, 8],
        [6, 14],
      ]);
    } finally {
      await ownerWrite(...seats.map((p): [string, Record<string, unknown>] => [p, { ...FREE_SEAT }]));
    }
  });
});
