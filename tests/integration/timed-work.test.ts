// The timed work (src/data/timed-work) against the rules, as the system identity it runs as in
// production: a custom token for uid 'timed-work' with the claim system: 'timed-work', minted by
// firebase-admin (unsigned, as the Auth emulator accepts) and used by the client SDK. Two runners
// racing never offer one seat twice or send one reminder twice; the identity may make exactly the
// timed work's writes and reads; a visitor cannot forge it; staff cannot pose as it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRunnerFor } from '../../emulator/timed-work.ts';
import { activityWrite, createDb, type BatchWrite, type Db } from '../../src/lib/db.ts';
import { holdReminderMailId } from '../../src/data/mail.ts';
import { FREE_SEAT, freeSeatWrite, newSeatClaim, seatMoveWrite, seatPath } from '../../src/data/seats.ts';
import { passWrite, placeWrite, waitlistPath, withdrawWrites } from '../../src/data/waitlist.ts';
import { scheduleStatusWrite, NOTHING_DONE } from '../../src/data/timed-work/status.ts';
import { remindedLately } from '../../src/data/timed-work/run.ts';
import { signInActors, verdict, type Actors } from './support/actors.ts';
import { closeClients, stack } from './support/clients.ts';
import { asForged, forgedToken, systemClaims } from './support/forged.ts';
import { ownerDelete, ownerGet, uniqueId } from './support/owner.ts';
import { attendee, freeSlot, ownerWrite, seatedFixture } from './support/seats.ts';
import { SAMPLE_REGISTRATION } from '../../emulator/seed/sample-forms.ts';
import { findDocuments, patchDocument } from '../../emulator/seed/rest.ts';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

let as: Actors;
let runners: Array<ReturnType<typeof systemRunnerFor>>;
let system: Db;
const created: string[] = [];

beforeAll(async () => {
  // The schedule acts on the whole list: people other files left waiting are set aside first, so
  // these runs offer seats to this file's people only (and are not spaced out by theirs).
  for (const d of await findDocuments(stack(), 'waitlist', 'status', 'waiting')) {
    await patchDocument(stack(), String(d.name).split('/documents/')[1], { status: 'withdrawn' });
  }
  as = await signInActors();
  runners = [systemRunnerFor(stack()), systemRunnerFor(stack())];
  system = await runners[0].signedIn();
});
afterAll(async () => {
  await ownerDelete(...created);
  await Promise.all(runners.map((r) => r.close()));
  await closeClients();
});

/** Someone waiting, first in line (a position before anyone else's), written past the rules with the count. */
async function waiting(hoursAgo = 100_000, over: Record<string, unknown> = {}) {
  const email = `${uniqueId('tw')}@example.org`;
  const position = ago(hoursAgo);
  await ownerWrite([
    waitlistPath(email),
    {
      email,
      fullName: 'Akinyi Waiting',
      category: 'delegate',
      form: { ...SAMPLE_REGISTRATION, email },
      position,
      status: 'waiting',
      offer: null,
      timestamp: position,
      ...over,
    },
  ]);
  created.push(waitlistPath(email));
  return email;
}

const logsOfSchedule = async (mentioning: string) =>
  (await findDocuments(stack(), 'logs', 'userEmail', 'schedule')).filter((d) => JSON.stringify(d).includes(mentioning));

describe('two runners at once', () => {
  it('offer the first person waiting one seat, with one email and one log line', async () => {
    const email = await waiting();
    const [a, b] = await Promise.all(runners.map((r) => r.runOnce()));
    const entry = (await ownerGet(waitlistPath(email)))!;
    expect(entry).toMatchObject({ status: 'offered' });
    const offer = entry.offer as { seat: string; claim: string };
    expect(await ownerGet(seatPath(offer.seat))).toMatchObject({ state: 'offered', claim: offer.claim });
    const mails = (await findDocuments(stack(), 'mail', 'recordId', email.toLowerCase())).filter((m) => JSON.stringify(m).includes('waitlist-offer'));
    expect(mails).toHaveLength(1);
    expect(await logsOfSchedule(email)).toHaveLength(1);
    // Each run counted its own offers only: this one was made once between them.
    expect(a.outcome.offered + b.outcome.offered).toBeGreaterThanOrEqual(1);
    // The loser of each race stepped aside: nothing was refused (a refusal would count as failed).
    expect(a.outcome.failed + b.outcome.failed).toBe(0);
    created.push(seatPath(offer.seat));
    await ownerWrite([seatPath(offer.seat), { ...FREE_SEAT }]);
  });

  it('send an unpaid hold its one reminder once, neither refused by the rules', async () => {
    const id = uniqueId('tw-reg');
    const email = `${id}@example.org`;
    // Held 60 h of 72: the hold ends within the 24 h reminder window.
    const { seat } = await seatedFixture(
      id,
      { ...SAMPLE_REGISTRATION, email, fullName: 'Moraa Unpaid', status: 'pending', paymentStatus: 'unpaid', fee: 15000, currency: 'KES' },
      { heldSince: ago(60) },
    );
    created.push(`registrations/${id}`, `checkouts/${id}`, seatPath(seat), `mail/${holdReminderMailId(id)}`);
    const [a, b] = await Promise.all(runners.map((r) => r.runOnce()));
    expect(a.outcome.reminded + b.outcome.reminded).toBeGreaterThanOrEqual(1);
    expect(a.outcome.failed + b.outcome.failed).toBe(0);
    expect(await ownerGet(`mail/${holdReminderMailId(id)}`)).toMatchObject({ to: email, template: { name: 'hold-reminder' } });
    expect(await logsOfSchedule(`registration ${id} `)).toHaveLength(1);
    // Run again: it was sent, and is not sent again (nor tried: nothing fails).
    const again = await runners[1].runOnce();
    expect(await logsOfSchedule(`registration ${id} `)).toHaveLength(1);
    expect(again.outcome.failed).toBe(0);
  });

  it('record when they last ran, stamped by the server', async () => {
    await Promise.all(runners.map((r) => r.runOnce()));
    const status = (await ownerGet('timedWork/schedule'))!;
    expect(status).toMatchObject({ failed: 0 });
    expect(Math.abs(Date.now() - (status.lastRunAt as Date).getTime())).toBeLessThan(60_000);
  });
});

const expectAllowed = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('allowed');
const expectDenied = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('denied');
const dbOf = (actor: keyof Actors['db']) => createDb(() => as.db[actor]);

describe('the system identity may make the timed work’s reads', () => {
  it('the people waiting and offered, the seats, the settings and the count', async () => {
    await expectAllowed(system.fetchDocuments('waitlist', { where: [['status', '==', 'waiting']], orderBy: ['position', 'asc'], limit: 5 }));
    await expectAllowed(system.fetchDocuments('waitlist', { where: [['status', '==', 'offered']], orderBy: null, limit: 5 }));
    await expectAllowed(system.fetchDocuments('seats', { where: [['state', '==', 'held']], orderBy: null, limit: 5 }));
    await expectAllowed(system.fetchDocument('settings', 'site'));
    await expectAllowed(system.fetchDocument('counters', 'waitlist'));
  });

  it('the registration holding a seat, and its own reminders (sent, or not yet: read as missing)', async () => {
    await expectAllowed(system.fetchDocuments('registrations', { where: [['seatClaim', '==', newSeatClaim()]], orderBy: null, limit: 1 }));
    await expectAllowed(remindedLately(system, { unpaidHoldHours: 72, offerHours: 48, holdReminderHours: 24 }));
    await expectAllowed(system.fetchDocument('mail', holdReminderMailId(uniqueId('none'))));
  });
});

describe('a reminder not sent yet, read as missing in the transaction that sends it', () => {
  it('by finance and administrators (Run now) as by the schedule; not by an editor, a visitor, nor under another id', async () => {
    const reminder = holdReminderMailId(uniqueId('none'));
    for (const actor of ['finance', 'admin'] as const) await expectAllowed(dbOf(actor).fetchDocument('mail', reminder));
    for (const actor of ['editor', 'signedIn', 'anonymous'] as const) await expectDenied(dbOf(actor).fetchDocument('mail', reminder));
    await expectDenied(dbOf('finance').fetchDocument('mail', uniqueId('mail')));
  });
});

describe('the system identity may not read anything else', () => {
  it.each([
    ['payments', 'payments'],
    ['staff', 'staff'],
    ['partnership applications', 'partners'],
    ['the activity log', 'logs'],
    ['messages', 'messages'],
    ['invoices', 'invoices'],
    ['refunds', 'refunds'],
    ['money kept, not refunded', 'keptMoney'],
    ['statement lines', 'statementLines'],
    ['the schedule’s own status (the screens’ to read)', 'timedWork'],
  ])('%s', async (_name, collection) => {
    await expectDenied(system.fetchDocuments(collection, { orderBy: null, limit: 1 }));
  });

  it('mail other than its reminders, or a message read by another id', async () => {
    await expectDenied(system.fetchDocuments('mail', { where: [['recordCollection', '==', 'registrations']], orderBy: null, limit: 1 }));
    await expectDenied(
      system.fetchDocuments('mail', {
        where: [
          ['recordCollection', '==', 'registrations'],
          ['template.name', '==', 'registration-confirmed'],
        ],
        orderBy: null,
        limit: 1,
      }),
    );
    await expectDenied(system.fetchDocument('mail', uniqueId('mail')));
  });
});

describe('the system identity’s writes', () => {
  it('numbers a waiting person’s place, and nothing but a whole number from 1 on an entry still waiting', async () => {
    const email = await waiting(1);
    await expectAllowed(system.commit([placeWrite(email, 3)]));
    expect(await ownerGet(waitlistPath(email))).toMatchObject({ place: 3, status: 'waiting' });
    for (const place of [0, -1, 1.5, '2', null, 100_001]) await expectDenied(system.commit([{ update: waitlistPath(email), data: { place } }]));
    await expectDenied(system.commit([{ update: waitlistPath(email), data: { place: 1, position: new Date(0) } }]));
    await expectDenied(system.commit([{ update: waitlistPath(email), data: { fullName: 'Someone Else' } }]));
    await expectDenied(system.commit([{ update: waitlistPath(email), data: { status: 'withdrawn', offer: null } }]));
    const offered = await waiting(1, { status: 'offered', offer: { seat: '1', claim: newSeatClaim(), at: new Date() } });
    await expectDenied(system.commit([placeWrite(offered, 1)]));
  });

  it('makes offers and passes lapsed ones on, but never withdraws anyone, reorders the list or takes back an open offer', async () => {
    const email = await waiting(1);
    await expectDenied(system.commit(withdrawWrites({ email, status: 'waiting' })));
    await expectDenied(system.commit([{ update: waitlistPath(email), data: { position: new Date(0) } }]));
    const open = await waiting(1, { status: 'offered', offer: { seat: '1', claim: newSeatClaim(), at: new Date() } });
    await expectDenied(system.commit([passWrite(open)]));
    const lapsed = await waiting(1, { status: 'offered', offer: { seat: '1', claim: newSeatClaim(), at: ago(49) } });
    await expectAllowed(system.commit([passWrite(lapsed)]));
    // Finance may do all of it (the screens' own moves).
    await expectAllowed(dbOf('finance').commit(withdrawWrites({ email, status: 'waiting' })));
  });

  it('only ever offers a slot: it may not free one, even a lapsed hold finance may free', async () => {
    const id = uniqueId('tw-reg');
    await seatedFixture(
      id,
      { ...SAMPLE_REGISTRATION, email: `${id}@example.org`, status: 'pending', paymentStatus: 'unpaid', fee: 15000, currency: 'KES' },
      { heldSince: ago(100) },
    );
    const seat = String((await ownerGet(`registrations/${id}`))!.seat);
    created.push(`registrations/${id}`, `checkouts/${id}`, seatPath(seat), `seatMoves/${seat}`);
    const free = [freeSeatWrite(seat), seatMoveWrite(seat, { collection: 'registrations', id }, null)];
    await expectDenied(system.commit(free));
    await expectAllowed(dbOf('finance').commit(free));
  });

  it('records its run with its counts and the server’s time, and nothing else there', async () => {
    await expectAllowed(system.commit([scheduleStatusWrite({ ...NOTHING_DONE, offered: 2 }, 40)]));
    const base = scheduleStatusWrite(NOTHING_DONE, 40) as { set: string; data: Record<string, unknown> };
    const variants: BatchWrite[] = [
      { set: base.set, data: { ...base.data, lastRunAt: new Date() } },
      { set: base.set, data: { ...base.data, offered: -1 } },
      { set: base.set, data: { ...base.data, ms: 'fast' } },
      { set: base.set, data: { ...base.data, note: 'hello' } },
      { set: 'timedWork/other', data: base.data },
    ];
    for (const write of variants) await expectDenied(system.commit([write]));
  });

  it('logs in its own name only', async () => {
    await expectAllowed(system.commit([activityWrite('Offered (automatically) seat 1 to nobody', 'schedule')]));
    await expectDenied(system.commit([activityWrite('Verified a payment', 'admin@summit.test')]));
    await expectDenied(system.commit([activityWrite('Something', '')]));
  });

  it('may not change registrations, settings, seats outside a move, payments or the content version', async () => {
    const id = uniqueId('tw-reg');
    await seatedFixture(id, { ...SAMPLE_REGISTRATION, email: `${id}@example.org`, status: 'pending', paymentStatus: 'unpaid', fee: 15000, currency: 'KES' });
    const stored = (await ownerGet(`registrations/${id}`))!;
    created.push(`registrations/${id}`, `checkouts/${id}`, seatPath(String(stored.seat)));
    await expectDenied(system.commit([{ update: `registrations/${id}`, data: { status: 'confirmed' } }]));
    await expectDenied(system.commit([{ update: 'settings/site', data: { capacity: 1 } }]));
    await expectDenied(system.commit([{ set: seatPath(String(stored.seat)), data: { ...FREE_SEAT } }]));
    await expectDenied(system.commit([{ delete: seatPath(await freeSlot()) }]));
    await expectDenied(system.commit([{ set: `payments/${uniqueId('pay')}`, data: { amount: 1 } }]));
    await expectDenied(system.commit([{ set: 'counters/content', data: { version: 1 } }]));
    await expectDenied(system.commit([{ set: `staff/intruder@example.org`, data: { email: 'intruder@example.org', role: 'admin' } }]));
  });

  it('may not write an email other than an offer or a reminder', async () => {
    const id = uniqueId('tw-reg');
    const email = `${id}@example.org`;
    await seatedFixture(id, { ...SAMPLE_REGISTRATION, email, fullName: 'Moraa', status: 'cancelled', paymentStatus: 'unpaid', fee: 15000, currency: 'KES' });
    const stored = (await ownerGet(`registrations/${id}`))!;
    created.push(`registrations/${id}`, `checkouts/${id}`, seatPath(String(stored.seat)));
    await expectDenied(
      system.commit([
        {
          set: `mail/registration-cancelled-${id}`,
          data: {
            to: email,
            template: { name: 'registration-cancelled', data: { name: 'Moraa', reference: id } },
            recordCollection: 'registrations',
            recordId: id,
            timestamp: new Date(),
          },
        },
      ]),
    );
  });
});

describe('nobody else is the system identity', () => {
  const schedule = (token: string) => asForged(token, ':runQuery', { body: { structuredQuery: { from: [{ collectionId: 'waitlist' }], limit: 1 } } });

  it.each([
    ['a password sign-in carrying the claim', { firebase: { sign_in_provider: 'password', identities: {} }, email: 'x@example.org', email_verified: true }],
    ['an email-link sign-in carrying the claim', { firebase: { sign_in_provider: 'emailLink', identities: {} } }],
    ['an anonymous visitor carrying the claim', { firebase: { sign_in_provider: 'anonymous', identities: {} } }],
    ['a custom token for another user', { sub: 'visitor-1', user_id: 'visitor-1' }],
    ['the claim as true instead of its name', { system: true }],
    ['the claim with another name', { system: 'timed-work ' }],
    ['no claim', { system: undefined }],
  ])('%s may not list the waiting list', async (_name, over) => {
    expect((await schedule(forgedToken(systemClaims(over)))).status).toBe(403);
  });

  it('staff may not record the schedule’s run; finance may number places (as a run by hand does), an editor or attendee may not', async () => {
    for (const actor of ['admin', 'finance', 'editor'] as const) await expectDenied(dbOf(actor).commit([scheduleStatusWrite(NOTHING_DONE, 1)]));
    const email = await waiting(1);
    await expectAllowed(dbOf('finance').commit([placeWrite(email, 2)]));
    await expectAllowed(dbOf('admin').commit([placeWrite(email, 1)]));
    await expectDenied(dbOf('editor').commit([placeWrite(email, 5)]));
    await expectDenied(dbOf('signedIn').commit([placeWrite(email, 5)]));
    // The person themself may not move their own number.
    const me = await attendee(email);
    await expectDenied(createDb(() => me.db).commit([placeWrite(email, 1)]));
  });

  it('staff read when the schedule last ran; visitors may not', async () => {
    for (const actor of ['admin', 'finance', 'editor'] as const) await expectAllowed(dbOf(actor).fetchDocument('timedWork', 'schedule'));
    for (const actor of ['anonymous', 'signedIn'] as const) await expectDenied(dbOf(actor).fetchDocument('timedWork', 'schedule'));
  });
});
