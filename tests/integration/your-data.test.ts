// @vitest-environment jsdom
// "Your data" in "my registration", through the app's own data module signed in as the attendee and
// the real SDK against the emulator enforcing firestore.rules: the export reads every part of the
// owner's data and nothing of anyone else's (forOwnRegistration, the mail list by `to`), and a
// correction changes only the owner's own fields, with its log line in the same commit
// (ownerCorrects, ownerLogsCorrection). Hostile cases try other attendees' documents, look-alike
// addresses, an unverified account, a custom token and hand-made commits.
import { collection, getDocs, query, where, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureAuthUser } from '../../emulator/seed/rest.ts';
import { newId, serverValues, type BatchWrite } from '../../src/lib/db.ts';
import { verdict } from './support/actors.ts';
import { closeClients, connect, stack } from './support/clients.ts';
import { PDF } from './support/certificates.ts';
import { created, everything, type Everything } from './support/your-data.ts';
import { asForged, forgedToken, verifiedClaims } from './support/forged.ts';
import { commit } from './support/forms.ts';
import { ownerDelete, ownerGet, uniqueId } from './support/owner.ts';
import { attendee, ownerWrite } from './support/seats.ts';

// The app reads the emulators' addresses when its Firebase modules load, which the support modules'
// imports may do: point them at this stack before any import runs.
await vi.hoisted(async () => {
  const { inject, vi } = await import('vitest');
  vi.stubEnv('VITE_FIRESTORE_EMULATOR_HOST', inject('stackAddress').firestore);
  vi.stubEnv('VITE_AUTH_EMULATOR_HOST', inject('stackAddress').auth);
});
const { signInWithPassword, signOut } = await import('../../src/lib/auth.ts');
const { fetchYourData, exportJson, exportCsv, PARTS } = await import('../../src/features/registrations/your-data.ts');
const { correctionWrites, correctOwnRegistration, correctionOf } = await import('../../src/features/registrations/corrections.ts');

const PASSWORD = 'attendee-password-1';
const KELVIN = '\u212A';

let me: Everything;
let other: Everything;
beforeAll(async () => {
  [me, other] = await Promise.all([everything(), everything()]);
  await ensureAuthUser(stack(), { email: me.who.email, password: PASSWORD, emailVerified: true });
});
afterAll(async () => {
  await signOut().catch(() => undefined);
  vi.unstubAllEnvs();
  await ownerDelete(...created);
  await closeClients();
});

const expectAllowed = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('allowed');
const expectDenied = async (operation: Promise<unknown>) => expect(await verdict(operation)).toBe('denied');

const ownPayments = (db: Firestore, registrationId: string, on: 'payments' | 'statementLines' = 'payments') =>
  getDocs(query(collection(db, on), where('targetCollection', '==', 'registrations'), where('targetId', '==', registrationId)));
const mailTo = (db: Firestore, to: string) => getDocs(query(collection(db, 'mail'), where('to', '==', to)));

describe('see and take: the export', () => {
  it('holds every part of the owner’s data, read through the app signed in as them, and nothing of another attendee’s', async () => {
    await signInWithPassword(me.who.email, PASSWORD);
    const data = await fetchYourData(me.who.email);
    expect(data.registrations.map((r) => r.id)).toEqual([me.id]);
    expect(data.attendeeEntry?.registrationId).toBe(me.id);
    expect(data.payments.map((p) => p.id)).toEqual([me.paymentId]);
    expect(data.statementLines.map((l) => l.id)).toEqual([me.lineKey]);
    expect(data.emails.map((m) => m.id)).toEqual([me.mailId]);
    expect(data.emails[0].delivery).toMatchObject({ state: 'SUCCESS' });
    expect(data.evaluations.map((e) => e.id)).toEqual([me.evaluationId]);
    expect(data.certificates.map((c) => c.id)).toEqual([me.certId]);

    const json = exportJson(data);
    const parsed = JSON.parse(json) as Record<string, unknown>;
    for (const part of PARTS) expect(parsed).toHaveProperty(part);
    for (const theirs of [other.id, other.paymentId, other.lineKey, other.mailId, other.certId, other.who.email]) expect(json).not.toContain(theirs);
    // Staff addresses are left out, an attachment is listed by name, type and size.
    expect(json).not.toContain('finance@summit.test');
    expect(json).not.toContain(PDF.content);
    const csv = exportCsv(data);
    expect(csv).toContain(String(me.stored.fullName));
    expect(csv).toContain(`'=HYPERLINK`);
    expect(csv).not.toContain(other.who.email);
  });

  it('another attendee reads none of the owner’s payments, statement lines, emails, evaluations or certificates', async () => {
    await expectDenied(ownPayments(other.who.db, me.id));
    await expectDenied(ownPayments(other.who.db, me.id, 'statementLines'));
    await expectDenied(mailTo(other.who.db, me.who.email));
    await expectDenied(getDocs(query(collection(other.who.db, 'certificates'), where('email', '==', me.who.email))));
    await expectDenied(getDocs(query(collection(other.who.db, 'evaluations'), where('email', '==', me.who.email))));
    // Controls: each reads their own.
    await expectAllowed(ownPayments(other.who.db, other.id));
    await expectAllowed(mailTo(other.who.db, other.who.email));
  });

  it('a query that does not pin the registration or the address is refused (rules are not filters)', async () => {
    await expectDenied(getDocs(query(collection(me.who.db, 'payments'), where('targetCollection', '==', 'registrations'))));
    await expectDenied(getDocs(query(collection(me.who.db, 'statementLines'), where('targetId', '==', me.id))));
    await expectDenied(getDocs(collection(me.who.db, 'mail')));
    await expectDenied(getDocs(query(collection(me.who.db, 'payments'), where('targetCollection', '==', 'partners'), where('targetId', '==', me.id))));
  });

  it('look-alike addresses read nothing: the same mailbox with a +tag, the address in capitals, an unverified account', async () => {
    const [local, domain] = me.who.email.split('@');
    const tagged = await attendee(`${local}+2@${domain}`);
    await expectDenied(mailTo(tagged.db, me.who.email));
    await expectDenied(ownPayments(tagged.db, me.id));
    // The owner's own token, asking with the address typed otherwise: `to` is stored in lower case, and only that is theirs.
    await expectDenied(mailTo(me.who.db, me.who.email.toUpperCase()));
    const unverified = await connect({ email: `${uniqueId('unv')}@example.org`, password: PASSWORD, emailVerified: false });
    await expectDenied(mailTo(unverified.db, me.who.email));
  });

  it('a KELVIN SIGN look-alike and a custom token carrying the owner’s address are refused; the owner’s own sign-in is the control', async () => {
    const body = (to: string) => ({
      body: {
        structuredQuery: {
          from: [{ collectionId: 'mail' }],
          where: { fieldFilter: { field: { fieldPath: 'to' }, op: 'EQUAL', value: { stringValue: to } } },
        },
      },
    });
    const ask = async (claims: Record<string, unknown>, to: string) => (await asForged(forgedToken(claims), ':runQuery', body(to))).status;
    // An address with a 'k' (KELVIN SIGN lower-cases to it), emailed once.
    const kate = `${uniqueId('kate')}@example.org`;
    const mailId = newId();
    await ownerWrite([
      `mail/${mailId}`,
      { to: kate, template: { name: 'waitlist-joined', data: {} }, recordCollection: 'waitlist', recordId: kate, timestamp: new Date() },
    ]);
    created.push(`mail/${mailId}`);
    expect(await ask(verifiedClaims(kate, 'emailLink'), kate)).toBe(200);
    expect(await ask(verifiedClaims(kate.replace('k', KELVIN), 'emailLink'), kate)).toBe(403);
    expect(await ask(verifiedClaims(kate, 'custom'), kate)).toBe(403);
  });
});

/** A correction as the app builds it, from the record as stored now, committed by `db`. */
async function correct(db: Firestore, target: Everything, change: Record<string, unknown>, extra: (w: BatchWrite[]) => BatchWrite[] = (w) => w) {
  const current = { ...(await ownerGet(`registrations/${target.id}`))!, id: target.id };
  return commit(db, extra(correctionWrites(current, { ...correctionOf(current), ...change } as never, target.who.email)));
}

describe('correct: the owner fixes their own details', () => {
  it('changes name, phone, organisation and needs through the app, with search tokens, checkout and one log line in step', async () => {
    await signInWithPassword(me.who.email, PASSWORD);
    const next = { ...correctionOf(me.stored), fullName: 'Wanjiru Kamau-Otieno', phone: '+254 700 111 222', accessibilityNeeds: 'Step-free access' };
    expect(await correctOwnRegistration(me.id, next, me.who.email)).toEqual(['fullName', 'phone', 'accessibilityNeeds']);
    const stored = (await ownerGet(`registrations/${me.id}`))!;
    expect(stored).toMatchObject({ fullName: next.fullName, phone: next.phone, accessibilityNeeds: 'Step-free access', email: me.who.email });
    expect(stored.searchTokens).toEqual(expect.arrayContaining(['wanjiru', 'otieno', me.id.toLowerCase(), me.who.email]));
    expect((await ownerGet(`checkouts/${me.id}`))!.fullName).toBe(next.fullName);
    const log = (await ownerGet(`logs/${String(stored.correctionLog)}`))!;
    created.push(`logs/${String(stored.correctionLog)}`);
    expect(log).toMatchObject({
      userEmail: me.who.email,
      registrationId: me.id,
      message: `Registration ${String(me.stored.paymentCode)} corrected by its attendee: name, phone, accessibility needs.`,
    });
    // The needs' old or new values never reach the log.
    expect(JSON.stringify(log)).not.toContain('Step-free');
    // The certificate still prints the old name: the page (certificateNameDiffers) tells the owner and staff.
    expect((await ownerGet(`certificates/${me.certId}`))!.fullName).toBe(me.stored.fullName);
  });

  it('control: the owner’s own correction by hand-built commit', async () => {
    await correct(other.who.db, other, { phone: '+254 799 000 009' });
  });

  it('refuses a correction of someone else’s registration', async () => {
    await expectDenied(correct(me.who.db, other, { phone: '+254 799 000 000' }));
  });

  let sneaks = 0;
  it.each([
    ['email', { email: 'someone-else@example.org' }],
    ['fee', { fee: 0 }],
    ['status', { status: 'confirmed' }],
    ['paymentStatus', { paymentStatus: 'unpaid' }],
    ['seat', { seat: '1' }],
    ['certificateId', { certificateId: '' }],
  ])('refuses %s changed in the same write', async (_, sneak) => {
    await expectDenied(
      correct(other.who.db, other, { phone: `+254 799 101 ${String(++sneaks).padStart(3, '0')}` }, (w) => [
        { ...w[0], data: { ...(w[0] as { data: object }).data, ...sneak } } as BatchWrite,
        ...w.slice(1),
      ]),
    );
  });

  it.each([
    ['a name over 120 characters', { fullName: 'N'.repeat(121) }],
    ['an empty name', { fullName: '' }],
    ['a name with a line break', { fullName: 'Amina\nOdhiambo' }],
    ['a name with a right-to-left override', { fullName: 'Amina \u202Eobmaihdo' }],
    ['an organisation over 160 characters', { organisation: 'O'.repeat(161) }],
    ['a phone with letters', { phone: '+254 7OO 123 456' }],
    ['dietary needs over 500 characters', { dietaryNeeds: 'd'.repeat(501) }],
    ['accessibility needs with a control character', { accessibilityNeeds: 'wheelchair\u0007' }],
  ])('refuses %s', async (_, change) => {
    await expectDenied(correct(other.who.db, other, change));
  });

  it('refuses a correction without its log line, and a log line without a correction', async () => {
    await expectDenied(correct(other.who.db, other, { phone: '+254 799 000 002' }, (w) => w.slice(0, 2)));
    const id = newId();
    await expectDenied(
      commit(other.who.db, [
        {
          set: `logs/${id}`,
          data: {
            id,
            message: 'Registration X corrected by its attendee: name.',
            userEmail: other.who.email,
            registrationId: other.id,
            timestamp: serverValues.now(),
          },
        },
      ]),
    );
  });

  it('refuses a log line with words of the attendee’s own (free text reaching staff), or naming fields that did not change', async () => {
    const withMessage = (message: string) => (w: BatchWrite[]) => [
      w[0],
      w[1],
      { ...w[2], data: { ...(w[2] as { data: object }).data, message } } as BatchWrite,
    ];
    await expectDenied(correct(other.who.db, other, { phone: '+254 799 000 003' }, withMessage('Please refund me to 0712 000 000')));
    await expectDenied(
      correct(
        other.who.db,
        other,
        { phone: '+254 799 000 004' },
        withMessage(`Registration ${String(other.stored.paymentCode)} corrected by its attendee: name.`),
      ),
    );
  });

  it('refuses a log line in another attendee’s name, or about another attendee’s registration', async () => {
    const renamed = (userEmail: string) => (w: BatchWrite[]) => [
      w[0],
      w[1],
      { ...w[2], data: { ...(w[2] as { data: object }).data, userEmail } } as BatchWrite,
    ];
    await expectDenied(correct(other.who.db, other, { phone: '+254 799 000 005' }, renamed(me.who.email)));
  });

  it('refuses a correction whose checkout keeps the old name, or whose search tokens lose the address', async () => {
    const staleCheckout = (w: BatchWrite[]) => [
      w[0],
      { ...w[1], data: { ...(w[1] as { data: object }).data, fullName: other.stored.fullName } } as BatchWrite,
      w[2],
    ];
    await expectDenied(correct(other.who.db, other, { fullName: 'Baraka Otieno' }, staleCheckout));
    const hidden = (w: BatchWrite[]) => [{ ...w[0], data: { ...(w[0] as { data: object }).data, searchTokens: ['baraka'] } } as BatchWrite, w[1], w[2]];
    await expectDenied(correct(other.who.db, other, { fullName: 'Baraka Otieno' }, hidden));
  });

  it('allows correcting a registration from before payment codes (its tokens hold its reference instead)', async () => {
    const a = await everything();
    const { paymentCode: _code, ...older } = (await ownerGet(`registrations/${a.id}`))!;
    await ownerWrite([`registrations/${a.id}`, older], [`checkouts/${a.id}`, { ...(await ownerGet(`checkouts/${a.id}`))!, paymentCode: '' }]);
    await correct(a.who.db, a, { phone: '+254 722 000 111' });
    const after = (await ownerGet(`registrations/${a.id}`))!;
    created.push(`logs/${String(after.correctionLog)}`);
    expect((await ownerGet(`logs/${String(after.correctionLog)}`))!.message).toBe(`Registration ${a.id} corrected by its attendee: phone.`);
  });

  it('allows the owner to correct a cancelled registration (the right to correct covers what is kept)', async () => {
    const a = await everything();
    await ownerWrite(
      [`registrations/${a.id}`, { ...(await ownerGet(`registrations/${a.id}`))!, status: 'cancelled' }],
      [`checkouts/${a.id}`, { ...(await ownerGet(`checkouts/${a.id}`))!, status: 'cancelled' }],
    );
    await correct(a.who.db, a, { organisation: 'Kenyatta National Hospital' });
    created.push(`logs/${String((await ownerGet(`registrations/${a.id}`))!.correctionLog)}`);
  });
});
