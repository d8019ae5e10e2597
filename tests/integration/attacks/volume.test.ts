// Attacker's suite, class 4: volume. One identity creates at most VISITOR_LIMITS[collection] documents
// per window in each visitor collection, one per request; the throttle it must move cannot be
// forged, reset early, skipped or borrowed; without an identity nothing is written. A person
// (a fresh identity, or the same one after the window) is never refused. CPD certificates: a
// megabyte answer or reason, more questions or answers than the rules check one by one, a month of days.
import { deleteDoc, doc, getDoc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverValues, writePath, type BatchWrite } from '../../../src/lib/db.ts';
import { VISITOR_LIMITS, type ThrottledCollection } from '../../../src/data/visitor-throttle.ts';
import { ACCOUNTS, verdict } from '../support/actors.ts';
import { client, closeClients, stack, visitor } from '../support/clients.ts';
import { commit, FORMS, REGISTRATION, registrationDraftForm, type PublicForm } from '../support/forms.ts';
import { joinWaitlistWrites, REJOIN_MINUTES, waitlistPath, withdrawWrites } from '../../../src/data/waitlist.ts';
import { ownerGet } from '../support/owner.ts';
import { attendee, ownerWrite } from '../support/seats.ts';
import { MAX_QUESTIONS } from '../../../src/data/certificates.ts';
import {
  ANSWERS,
  attendedRegistration,
  certifiedRegistration,
  CPD,
  DAY1,
  evaluate,
  evaluationDoc,
  issueCommit,
  revokeWrites,
  useCpdSettings,
} from '../support/certificates.ts';
import { patchDocument, writeDocuments } from '../../../emulator/seed/rest.ts';
import { abstractForm, useOpenCall } from '../support/abstracts.ts';

// Abstracts are written only while the call is open.
let closeCall: () => Promise<void>;
beforeAll(async () => {
  closeCall = await useOpenCall();
});
afterAll(async () => {
  await closeCall();
  await closeClients();
});

const FORM_OF: Record<ThrottledCollection, Pick<PublicForm, 'name' | 'draft'>> = {
  registrations: FORMS.registration,
  registrationDrafts: registrationDraftForm,
  partners: FORMS.partner,
  messages: FORMS.message,
  donations: FORMS.donation,
  payments: FORMS.registrationPayment,
  abstracts: abstractForm,
};

describe.each(Object.entries(FORM_OF) as Array<[ThrottledCollection, PublicForm]>)('%s', (collection, form) => {
  const limit = VISITOR_LIMITS[collection].count;
  // A registration needs an attendee (a verified address), who holds one active registration at a
  // time: each is cancelled (past the rules) before the same person registers again.
  const registering = collection === 'registrations';

  it(`one identity creates ${limit} in an hour, the next is refused and stores nothing; another identity is not held back`, async () => {
    // A registration's payment too: its attendee pays for their own (each a record of theirs).
    // An abstract's author, likewise (their own, under their proven address).
    const proven = registering || collection === 'payments' || collection === 'abstracts';
    const by: { db: Firestore; uid: string; email?: string } = proven ? await attendee() : await visitor();
    for (let i = 0; i < limit; i++) {
      const draft = await form.draft({}, by);
      expect([i, await verdict(commit(by.db, draft.writes()))]).toEqual([i, 'allowed']);
      if (registering) await patchDocument(stack(), `registrations/${draft.id}`, { status: 'cancelled' });
    }
    // The site refuses before sending (ThrottledError); a hand-made commit (a counter left at the limit) is refused by the rules.
    await expect(form.draft({}, by)).rejects.toThrow(/Too many submissions/);
    const over = await form.draft(
      registering ? { email: by.email } : {},
      collection === 'payments' || collection === 'abstracts' ? { ...(await visitor()), email: by.email } : await visitor(),
    );
    const forged: BatchWrite[] = over
      .writes()
      .map((w) =>
        writePath(w).startsWith('throttles/')
          ? { update: `throttles/${by.uid}`, data: { [`${collection}.count`]: serverValues.increment(1), [`${collection}.lastId`]: over.id } }
          : w,
      );
    expect(await verdict(commit(by.db, forged))).toBe('denied');
    expect((await ownerGet(`throttles/${by.uid}`))?.[collection]).toMatchObject({ count: limit });
    const someoneElse = await form.draft();
    expect(await verdict(commit(someoneElse.by.db, someoneElse.writes()))).toBe('allowed');
  });
});

describe('the throttle itself', () => {
  const atLimit = async () => {
    const by = await visitor();
    await writeDocuments(stack(), [
      [`throttles/${by.uid}`, { messages: { count: VISITOR_LIMITS.messages.count, windowStart: new Date(Date.now() - 60_000), lastId: 'earlier' } }],
    ]);
    return by;
  };

  it('a new window opens once the hour is over: the count starts again at one', async () => {
    const by = await visitor();
    await writeDocuments(stack(), [
      [`throttles/${by.uid}`, { messages: { count: VISITOR_LIMITS.messages.count, windowStart: new Date(Date.now() - 3_601_000), lastId: 'last-hour' } }],
    ]);
    const draft = await FORMS.message.draft({}, by);
    expect(await verdict(commit(by.db, draft.writes()))).toBe('allowed');
    expect((await ownerGet(`throttles/${by.uid}`))?.messages).toMatchObject({ count: 1, lastId: draft.id });
  });

  it.each([
    ['resetting the count while the window is open', () => ({ messages: { count: 1, windowStart: serverTimestamp(), lastId: '' } })],
    ['setting a negative count', () => ({ messages: { count: -100, windowStart: serverTimestamp(), lastId: '' } })],
    ['moving the window start back', () => ({ messages: { count: 1, windowStart: new Date(Date.now() - 7_200_000), lastId: '' } })],
    ['moving the window start forward', () => ({ messages: { count: 1, windowStart: new Date(Date.now() + 7_200_000), lastId: '' } })],
    ['adding a field of its own', () => ({ messages: { count: 1, windowStart: serverTimestamp(), lastId: '', vip: true } })],
  ])('refuses %s', async (_, entry) => {
    const by = await atLimit();
    const draft = await FORMS.message.draft({}, await visitor());
    const data = entry() as { messages: Record<string, unknown> };
    const writes = draft
      .writes()
      .map((w): BatchWrite =>
        writePath(w).startsWith('throttles/') ? { set: `throttles/${by.uid}`, data: { messages: { ...data.messages, lastId: draft.id } } } : w,
      );
    expect(await verdict(commit(by.db, writes))).toBe('denied');
  });

  it('refuses deleting one’s throttle, or writing it with no document behind it', async () => {
    const by = await atLimit();
    expect(await verdict(deleteDoc(doc(by.db, 'throttles', by.uid)))).toBe('denied');
    expect(await verdict(setDoc(doc(by.db, 'throttles', by.uid), { messages: { count: 0, windowStart: serverTimestamp(), lastId: 'none' } }))).toBe('denied');
  });

  it('refuses 500 messages in one request (the reported attack: 0.5 MB in 60 ms)', async () => {
    const by = await visitor();
    const drafts = await Promise.all(Array.from({ length: 500 }, () => FORMS.message.draft({}, by)));
    const writes = drafts.flatMap((d) => d.writes().filter((w) => !writePath(w).startsWith('throttles/')));
    expect(await verdict(commit(by.db, [...writes, drafts[0].writes().find((w) => writePath(w).startsWith('throttles/'))!]))).toBe('denied');
    expect(await ownerGet(`messages/${drafts[1].id}`)).toBeNull();
  });

  it('refuses any visitor form without an identity (no anonymous sign-in)', async () => {
    const nobody = await client();
    for (const form of Object.values(FORM_OF)) {
      const draft = await form.draft();
      expect([form.name, await verdict(commit(nobody, draft.writes()))]).toEqual([form.name, 'denied']);
    }
  });

  it('lets a visitor read their own throttle only (the site reads it to say when to try again)', async () => {
    const a = await atLimit();
    const b = await visitor();
    expect(await verdict(getDoc(doc(a.db, 'throttles', a.uid)))).toBe('allowed');
    expect(await verdict(getDoc(doc(b.db, 'throttles', a.uid)))).toBe('denied');
  });
});

// ---------- CPD certificates (issue 21) ----------

describe('CPD certificates and evaluations', () => {
  let restoreCpd: () => Promise<void>;
  let adminDb: Firestore;
  const admin = () => adminDb;
  const denied = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('denied');
  const allowed = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('allowed');
  beforeAll(async () => {
    adminDb = await client(ACCOUNTS.admin);
    restoreCpd = await useCpdSettings();
  });
  afterAll(() => restoreCpd());
  const certified = (days?: string[]) => certifiedRegistration(admin(), days);

  describe('volume', () => {
    it('refuses a one-megabyte text answer', async () => {
      const a = await attendedRegistration();
      const answers = ANSWERS.map((x) => (x.id === 'comments' ? { ...x, value: 'x'.repeat(1_000_000) } : x));
      await denied(evaluate(a.who, evaluationDoc(a.id, DAY1, a.who.email, answers)));
    });

    it('refuses a one-megabyte revocation reason', async () => {
      const { certId } = await certified();
      await denied(commit(admin(), revokeWrites(certId, 'r'.repeat(1_000_000))));
    });

    it(`holds at ${MAX_QUESTIONS} questions (each checked in turn), refuses ${MAX_QUESTIONS + 1}, and answers to match`, async () => {
      const questions = Array.from({ length: MAX_QUESTIONS }, (_, i) => ({ id: `q-${i}`, label: `Question ${i + 1}`, kind: i % 2 ? 'text' : 'rating' }));
      const answer = (i: number) => ({ id: `q-${i}`, value: i % 2 ? 'x'.repeat(1000) : 5 });
      await denied(setDoc(doc(admin(), 'settings', 'cpd'), { ...CPD, questions: [...questions, { id: 'q-8', label: 'Ninth', kind: 'rating' }] }));
      await allowed(setDoc(doc(admin(), 'settings', 'cpd'), { ...CPD, questions }));
      try {
        const a = await attendedRegistration();
        const eight = questions.map((_, i) => answer(i));
        await denied(evaluate(a.who, evaluationDoc(a.id, DAY1, a.who.email, [...eight, answer(8)])));
        // The last question is checked too: a wrong answer there is refused.
        await denied(evaluate(a.who, evaluationDoc(a.id, DAY1, a.who.email, [...eight.slice(0, 7), { id: 'q-7', value: 'x'.repeat(1001) }])));
        await allowed(evaluate(a.who, evaluationDoc(a.id, DAY1, a.who.email, eight)));
      } finally {
        await ownerWrite(['settings/cpd', { ...CPD }]);
      }
    });

    it('refuses settings stored with nine questions past the rules: no evaluation can then be checked', async () => {
      const nine = Array.from({ length: MAX_QUESTIONS + 1 }, (_, i) => ({ id: `q-${i}`, label: `Q${i}`, kind: 'rating' }));
      await ownerWrite(['settings/cpd', { ...CPD, questions: nine }]);
      try {
        const a = await attendedRegistration();
        await denied(
          evaluate(
            a.who,
            evaluationDoc(
              a.id,
              DAY1,
              a.who.email,
              nine.map((q) => ({ id: q.id, value: 3 })),
            ),
          ),
        );
      } finally {
        await ownerWrite(['settings/cpd', { ...CPD }]);
      }
    });

    it('counts a month of days (31), and refuses a 32nd', async () => {
      const month = Array.from({ length: 32 }, (_, i) => new Date(Date.UTC(2027, 2, 1 + i)).toISOString().slice(0, 10));
      const a = await attendedRegistration(month);
      await denied(commit(admin(), issueCommit(a, month).writes));
      await allowed(commit(admin(), issueCommit(a, month.slice(0, 31)).writes));
      expect((await ownerGet(`registrations/${a.id}`))?.certificateId).toBeTruthy();
    });
  });
});

// The register form as drafts and the waiting list keep it (issue 32, item 5): every value with the
// register form's grammar and bounds, nothing else; before, any map of twelve values was kept.
describe('the register form kept before registering (drafts, waiting-list entries)', () => {
  const HUGE = 'x'.repeat(1_000_000);
  const cases: Array<[string, Record<string, unknown>]> = [
    ['a megabyte name', { fullName: HUGE }],
    ['a megabyte accessibility need', { accessibilityNeeds: HUGE }],
    ['an organisation of 161 characters', { organisation: 'o'.repeat(161) }],
    ['a field the form does not have', { notes: 'x' }],
    ['a map for a name', { fullName: { first: 'Brian' } }],
    ['a line break in a name', { fullName: 'Brian\nOdhiambo' }],
    ['an address that is not one', { email: 'victim@example.org\r\nBcc: x@example.org' }],
    ['no consent', { consent: false }],
  ];
  const join = (who: { db: Firestore; email: string }, change: Record<string, unknown> = {}) =>
    commit(who.db, joinWaitlistWrites({ ...REGISTRATION, email: who.email, ...change }));

  it('keeps the form as the site sends it (the control), at its bounds', async () => {
    const bounds = { fullName: 'n'.repeat(120), organisation: 'o'.repeat(160), accessibilityNeeds: 'a'.repeat(1000), dietaryNeeds: 'd'.repeat(500) };
    const draft = await registrationDraftForm.draft(bounds);
    expect(await verdict(commit(draft.by.db, draft.writes()))).toBe('allowed');
    expect(await verdict(join(await attendee(), bounds))).toBe('allowed');
  });

  it.each(cases)('refuses a draft with %s', async (_, change) => {
    const draft = await registrationDraftForm.draft(change);
    expect(await verdict(commit(draft.by.db, draft.writes()))).toBe('denied');
  });

  // (An entry repeats the name beside the form: a megabyte name would be refused as a document over 1 MiB, not by the rules.)
  it.each(cases.filter(([, change]) => !('email' in change) && change.fullName !== HUGE))('refuses a waiting-list entry with %s', async (_, change) => {
    expect(await verdict(join(await attendee(), change))).toBe('denied');
  });
});

// Issue 32: a join moves the count of people waiting, so a loop of joining and leaving would
// write that one document many times a second. One mailbox holds one entry, and joins again only
// REJOIN_MINUTES after its last join.
describe('joining and leaving the waiting list', () => {
  it('refuses joining again at once after leaving; allows it once the last join is REJOIN_MINUTES old', async () => {
    const who = await attendee();
    const join = () => commit(who.db, joinWaitlistWrites({ ...REGISTRATION, email: who.email }));
    expect(await verdict(join())).toBe('allowed');
    expect(await verdict(commit(who.db, withdrawWrites({ email: who.email, status: 'waiting' })))).toBe('allowed');
    expect(await verdict(join())).toBe('denied');
    const entry = (await ownerGet(waitlistPath(who.email)))!;
    const almost = new Date(Date.now() - (REJOIN_MINUTES - 1) * 60_000);
    await ownerWrite([waitlistPath(who.email), { ...entry, timestamp: almost, position: almost }]);
    expect(await verdict(join())).toBe('denied');
    const old = new Date(Date.now() - (REJOIN_MINUTES + 1) * 60_000);
    await ownerWrite([waitlistPath(who.email), { ...entry, timestamp: old, position: old }]);
    expect(await verdict(join())).toBe('allowed');
  });
});
