// Hostile payloads: each is something a visitor or a staff member could send with the SDK or by
// hand, and each must be refused by firestore.rules.
import { deleteDoc, doc, getDoc, runTransaction, serverTimestamp, setDoc, updateDoc, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDocuments } from '../../emulator/seed/rest.ts';
import { EMAILS, fixture, signInActors, uniqueId, type Actor } from './support/actors.ts';
import { closeClients, stack } from './support/clients.ts';
import { contactMessage, paymentSubmission, registration } from './support/payloads.ts';
import { submitPayment, submitRegistration } from './support/writes.ts';

let as: Record<Actor, Firestore>;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const denied = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ code: 'permission-denied' });

describe('hostile registrations', () => {
  const tampered = (change: Record<string, unknown>) => ({ ...registration(), ...change });
  it.each([
    ['an extra field', tampered({ isVip: true })],
    ['a missing field', (({ consent: _c, ...rest }) => rest)(registration())],
    ['a wrong type', tampered({ fee: '15000' })],
    ['a 1 MiB name', tampered({ fullName: 'x'.repeat(1_000_000) })],
    ['a name one character too long', tampered({ fullName: 'x'.repeat(121) })],
    ['a bad email', tampered({ email: 'not an email' })],
    ['a fee other than the category’s', tampered({ fee: 1 })],
    ['an unknown category', tampered({ category: 'vip' })],
    ['status confirmed on a paid category', tampered({ status: 'confirmed' })],
    ['paymentStatus paid', tampered({ paymentStatus: 'paid' })],
    ['consent false', tampered({ consent: false })],
  ])('refuses %s', async (_name, data) => {
    await denied(submitRegistration(as.anonymous, uniqueId('bad'), data));
  });

  it('refuses a forged timestamp and a forged id', async () => {
    await denied(submitRegistration(as.anonymous, uniqueId('bad'), registration(), { timestamp: new Date(2020, 0, 1) }));
    const id = uniqueId('bad');
    await denied(setDoc(doc(as.anonymous, 'registrations', id), { ...registration(), id: 'someone-else', timestamp: serverTimestamp() }));
  });

  it('refuses a registration that does not take its seat, or takes two', async () => {
    await denied(submitRegistration(as.anonymous, uniqueId('bad'), registration(), { seats: 0 }));
    await denied(submitRegistration(as.anonymous, uniqueId('bad'), registration(), { seats: 2 }));
  });

  it('refuses registrations while registration is closed', async () => {
    const settings = (await getDoc(doc(as.anonymous, 'settings', 'site'))).data()!;
    const restore = { ...settings, startDate: settings.startDate.toDate(), endDate: settings.endDate.toDate() };
    await writeDocuments(stack(), [['settings/site', { ...restore, registrationOpen: false }]]);
    try {
      await denied(submitRegistration(as.anonymous, uniqueId('closed'), registration()));
    } finally {
      await writeDocuments(stack(), [['settings/site', restore]]);
    }
  });

  it('refuses free-form or misaddressed confirmation email', async () => {
    const data = registration();
    const template = (id: string) => ({ name: 'registration-confirmation', data: { fullName: data.fullName, reference: id } });
    let id = uniqueId('mail');
    await denied(submitRegistration(as.anonymous, id, data, { mail: { to: data.email, message: { subject: 'Hi', html: '<script>alert(1)</script>' } } }));
    id = uniqueId('mail');
    await denied(submitRegistration(as.anonymous, id, data, { mail: { to: 'victim@example.org', template: template(id) } }));
    id = uniqueId('mail');
    await denied(submitRegistration(as.anonymous, id, data, { mail: { to: data.email, template: { ...template(id), name: 'password-reset' } } }));
  });
});

describe('hostile payments', () => {
  it('refuses a payment submission that does not flip its registration, and a visitor marking it paid', async () => {
    const reg = uniqueId('reg');
    await submitRegistration(as.anonymous, reg, registration());
    await denied(submitPayment(as.anonymous, uniqueId('pay'), paymentSubmission('registrations', reg), { flipTarget: false }));
    await denied(updateDoc(doc(as.anonymous, 'registrations', reg), { paymentStatus: 'paid' }));
    await denied(updateDoc(doc(as.anonymous, 'registrations', reg), { status: 'confirmed' }));
  });

  it('refuses a payment for a registration that does not exist', async () => {
    const id = uniqueId('pay');
    // Refused either by the rules (the target cannot be read) or by the missing target itself.
    await expect(submitPayment(as.anonymous, id, paymentSubmission('registrations', 'no-such-registration'))).rejects.toMatchObject({ code: expect.stringMatching(/permission-denied|not-found/) });
    await denied(submitPayment(as.anonymous, uniqueId('pay'), paymentSubmission('registrations', 'no-such-registration'), { flipTarget: false }));
    expect((await getDoc(doc(as.finance, 'payments', id))).exists()).toBe(false);
  });
});

describe('forged identities and role escalation', () => {
  it('refuses a log entry in someone else’s name, and any change to the log', async () => {
    const id = uniqueId('log');
    await denied(setDoc(doc(as.editor, 'logs', id), { id, message: 'Deleted everything', userEmail: EMAILS.admin, timestamp: serverTimestamp() }));
    const existing = uniqueId('log');
    await fixture(`logs/${existing}`, { message: 'Real entry', userEmail: EMAILS.admin });
    await denied(updateDoc(doc(as.admin, 'logs', existing), { message: 'Rewritten' }));
    await denied(deleteDoc(doc(as.admin, 'logs', existing)));
  });

  it('refuses role escalation through staff', async () => {
    await denied(setDoc(doc(as.signedIn, 'staff', EMAILS.signedIn), { email: EMAILS.signedIn, role: 'admin' }));
    await denied(updateDoc(doc(as.editor, 'staff', EMAILS.editor), { role: 'admin' }));
    // An unverified account holding an admin entry is not an admin.
    await denied(setDoc(doc(as.unverified, 'staff', 'friend@example.org'), { email: 'friend@example.org', role: 'admin' }));
  });

  it('refuses an admin changing their own role or removing themselves (so the last admin stays)', async () => {
    await denied(updateDoc(doc(as.admin, 'staff', EMAILS.admin), { role: 'editor' }));
    await denied(deleteDoc(doc(as.admin, 'staff', EMAILS.admin)));
    expect((await getDoc(doc(as.admin, 'staff', EMAILS.admin))).data()?.role).toBe('admin');
  });

  it('refuses a role unknown to the policy', async () => {
    await denied(setDoc(doc(as.admin, 'staff', 'new-person@example.org'), { email: 'new-person@example.org', role: 'superuser' }));
  });
});

describe('roles stay in their lane', () => {
  it('refuses an editor writing payments and finance writing publications', async () => {
    const id = uniqueId('x');
    await denied(setDoc(doc(as.editor, 'payments', id), { id, amount: 1, timestamp: serverTimestamp() }));
    await denied(setDoc(doc(as.finance, 'publications', id), { id, title: 'x', published: true, timestamp: serverTimestamp() }));
  });

  it('refuses editing an issued invoice, deleting it, and changing numbering once invoices exist', async () => {
    await runTransaction(as.finance, async (tx) => {
      const counter = doc(as.finance, 'counters', 'invoices');
      const snap = await tx.get(counter);
      const next = (snap.exists() ? (snap.data().last as number) : 0) + 1;
      const number = `INV-2027-${String(next).padStart(4, '0')}`;
      tx.set(doc(as.finance, 'invoices', number), { number, sequence: next, status: 'issued', total: 1000 });
      tx.set(counter, { last: next });
    });
    const last = (await getDoc(doc(as.finance, 'counters', 'invoices'))).data()!.last as number;
    const number = `INV-2027-${String(last).padStart(4, '0')}`;
    await denied(updateDoc(doc(as.finance, 'invoices', number), { total: 1 }));
    await denied(deleteDoc(doc(as.admin, 'invoices', number)));
    await denied(updateDoc(doc(as.admin, 'settings', 'site'), { invoicePrefix: 'NEW-' }));
    await denied(setDoc(doc(as.finance, 'counters', 'invoices'), { last: last + 2 }));
  });

  it('refuses a visitor editing a message or reading the inbox', async () => {
    const id = uniqueId('msg');
    await fixture(`messages/${id}`, contactMessage());
    await denied(updateDoc(doc(as.anonymous, 'messages', id), { status: 'read' }));
    await denied(getDoc(doc(as.signedIn, 'messages', id)));
  });
});
