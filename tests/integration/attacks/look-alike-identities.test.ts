// Attacker's suite, class 8: look-alike identities. A verified token whose address differs from
// someone's only by a character that lower-cases to theirs (KELVIN SIGN U+212A lower-cases to an
// ASCII 'k', in the rules as in JavaScript) must not be taken for them: an address is lower-cased
// only once it has the forms' ASCII grammar. Tried on an attendee's registration (read, list by
// address, cancel) and on a staff role; the exact address is the control.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verdict } from '../support/actors.ts';
import { closeClients, stack } from '../support/clients.ts';
import { asForged, forgedToken, verifiedClaims } from '../support/forged.ts';
import { serverValues, writePath, type BatchWrite } from '../../../src/lib/db.ts';
import { joinWaitlistWrites, waitingCountWrite } from '../../../src/data/waitlist.ts';
import { mailboxOf } from '../../../src/lib/email-address.ts';
import { commit, REGISTRATION, registrationDraft } from '../support/forms.ts';
import { ownerDelete, ownerGet, uniqueId } from '../support/owner.ts';
import { attendee, ownerWrite } from '../support/seats.ts';

const KELVIN = '\u212A';

afterAll(closeClients);

describe('an attendee’s registration', () => {
  let email: string;
  let id: string;
  let seat: string;

  beforeAll(async () => {
    email = `${uniqueId('kate')}@example.org`;
    const draft = await registrationDraft({}, await attendee(email));
    expect(await verdict(commit(draft.by.db, draft.writes()))).toBe('allowed');
    id = draft.id;
    seat = draft.seat!.seat;
  });

  /** The attendee's own cancel, as "my registration" commits it: the record, its slot freed, its checkout in step. */
  const cancel = (token: string) => {
    const { projectId } = stack();
    const name = (path: string) => `projects/${projectId}/databases/(default)/documents/${path}`;
    const status = { status: { stringValue: 'cancelled' } };
    return asForged(token, ':commit', {
      body: {
        writes: [
          {
            update: { name: name(`registrations/${id}`), fields: status },
            updateMask: { fieldPaths: ['status'] },
            updateTransforms: [{ fieldPath: 'cancelledAt', setToServerValue: 'REQUEST_TIME' }],
          },
          { update: { name: name(`checkouts/${id}`), fields: status }, updateMask: { fieldPaths: ['status'] } },
          {
            update: {
              name: name(`seats/${seat}`),
              fields: { state: { stringValue: 'free' }, claim: { stringValue: '' }, heldSince: { timestampValue: '1970-01-01T00:00:00Z' } },
            },
          },
        ],
      },
    });
  };

  const lookAlike = () => forgedToken(verifiedClaims(email.replace('k', KELVIN), 'emailLink'));
  const owner = () => forgedToken(verifiedClaims(email, 'emailLink'));
  const listMine = (token: string) =>
    asForged(token, ':runQuery', {
      body: {
        structuredQuery: {
          from: [{ collectionId: 'registrations' }],
          where: { fieldFilter: { field: { fieldPath: 'email' }, op: 'EQUAL', value: { stringValue: email } } },
        },
      },
    });

  it('the look-alike address lower-cases to the attendee’s (what the attack relies on)', () => {
    expect(email.replace('k', KELVIN).toLowerCase()).toBe(email);
  });

  it('its owner reads it, by id and by address (the control)', async () => {
    expect((await asForged(owner(), `/registrations/${id}`)).status).toBe(200);
    expect((await listMine(owner())).status).toBe(200);
  });

  it('the look-alike reads nothing: not by id, not by address, not its address entry', async () => {
    expect((await asForged(lookAlike(), `/registrations/${id}`)).status).toBe(403);
    expect((await listMine(lookAlike())).status).toBe(403);
    expect((await asForged(lookAlike(), `/attendees/${encodeURIComponent(email)}`)).status).toBe(403);
  });

  // Last: the owner's cancel (the control) ends the registration.
  it('the look-alike cannot cancel it; its owner can', async () => {
    expect((await cancel(lookAlike())).status).toBe(403);
    expect((await cancel(owner())).status).toBe(200);
  });
});

describe('a staff role', () => {
  const staffEmail = `${uniqueId('kim')}@summit.test`;
  const readLogs = async (address: string) =>
    (
      await asForged(forgedToken(verifiedClaims(address, 'password')), ':runQuery', {
        body: { structuredQuery: { from: [{ collectionId: 'logs' }], limit: 1 } },
      })
    ).status;

  beforeAll(() => ownerWrite([`staff/${staffEmail}`, { email: staffEmail, role: 'admin' }]));
  afterAll(() => ownerDelete(`staff/${staffEmail}`));

  it('comes with the exact address (the control), never with a look-alike', async () => {
    expect(await readLogs(staffEmail)).toBe(200);
    expect(await readLogs(staffEmail.replace('k', KELVIN))).toBe(403);
  });
});

// One mailbox, one person (issue 32, item 2): `x+2@d` is delivered to `x@d`, so it is the same
// attendee. Its entries are keyed by the mailbox (lib/email-address.ts mailboxOf, the rules'
// mailbox()): a second seat or a second place on the waiting list under a +tag is refused, whether
// the commit keys its entry by the +tag address (as the rules allowed before) or by the mailbox.
describe('a +tag address of someone’s mailbox', () => {
  /** The commit with its address's entry keyed by `key` instead (the rules must refuse any key but the mailbox). */
  const keyedBy = (writes: BatchWrite[], key: string) =>
    writes.map((w): BatchWrite => (writePath(w).startsWith('attendees/') && 'set' in w ? { set: `attendees/${key}`, data: w.data } : w));

  it('refuses a second seat for the mailbox, keyed either way; the mailbox’s own address registers (the control)', async () => {
    const base = uniqueId('x');
    const owner = await attendee(`${base}@example.org`);
    const first = await registrationDraft({}, owner);
    expect(await verdict(commit(owner.db, first.writes()))).toBe('allowed');

    const tagged = await attendee(`${base}+2@example.org`);
    const second = await registrationDraft({}, tagged);
    expect(await verdict(commit(tagged.db, keyedBy(second.writes(), tagged.email)))).toBe('denied');
    expect(await verdict(commit(tagged.db, keyedBy(second.writes(), mailboxOf(tagged.email))))).toBe('denied');
    expect(await ownerGet(`registrations/${second.id}`)).toBeNull();
    // It reads the mailbox's registration (to be told where it is), but cannot cancel or list it as its own.
    expect((await asForged(forgedToken(verifiedClaims(tagged.email, 'emailLink')), `/registrations/${first.id}`)).status).toBe(200);
  });

  it('refuses a +tag address joining the waiting list beside the mailbox’s own entry', async () => {
    const base = uniqueId('w');
    const owner = await attendee(`${base}@example.org`);
    expect(await verdict(commit(owner.db, joinWaitlistWrites({ ...REGISTRATION, email: owner.email })))).toBe('allowed');
    const tagged = await attendee(`${base}+list@example.org`);
    const [entry] = joinWaitlistWrites({ ...REGISTRATION, email: tagged.email });
    const ownKey = { ...entry, set: `waitlist/${tagged.email}` } as BatchWrite;
    expect(
      await verdict(
        commit(tagged.db, [ownKey, { ...waitingCountWrite(tagged.email, 1), data: { waiting: serverValues.increment(1), lastAddress: tagged.email } }]),
      ),
    ).toBe('denied');
    expect(await verdict(commit(tagged.db, joinWaitlistWrites({ ...REGISTRATION, email: tagged.email })))).toBe('denied');
    expect(await ownerGet(`waitlist/${tagged.email}`)).toBeNull();
  });

  it('a +tag address that nobody else of its mailbox holds registers, keyed by the mailbox', async () => {
    const tagged = await attendee(`${uniqueId('y')}+summit@example.org`);
    const draft = await registrationDraft({}, tagged);
    expect(await verdict(commit(tagged.db, draft.writes()))).toBe('allowed');
    expect(await ownerGet(`attendees/${mailboxOf(tagged.email)}`)).toMatchObject({ registrationId: draft.id });
  });
});
