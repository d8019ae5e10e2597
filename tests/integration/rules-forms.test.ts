// Every public form's real payload, built by the same schema builders as the UI, is allowed for
// an anonymous visitor, boundary values included: the rules and the zod schemas cannot drift.
import { doc, getDoc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDocuments } from '../../emulator/seed/rest.ts';
import { fixture, uniqueId } from './support/actors.ts';
import { client, closeClients, stack } from './support/clients.ts';
import { boothBooking, contactMessage, donation, partnerApplication, paymentSubmission, registration } from './support/payloads.ts';
import { submitPayment, submitRegistration } from './support/writes.ts';

let visitor: Firestore;
beforeAll(async () => {
  visitor = await client();
});
afterAll(closeClients);

const stamped = (id: string, data: object) => ({ ...data, id, timestamp: serverTimestamp() });

describe('public forms, as the UI writes them', () => {
  it('registers for a paid category with its confirmation email', async () => {
    const id = uniqueId('reg');
    await submitRegistration(visitor, id, registration());
    expect((await getDoc(doc(visitor, 'registrations', id))).data()).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', fee: 15000 });
  });

  it('registers for a free category, confirmed at once', async () => {
    const id = uniqueId('reg');
    await submitRegistration(visitor, id, registration({ category: 'survivor' }));
    expect((await getDoc(doc(visitor, 'registrations', id))).data()).toMatchObject({ status: 'confirmed', paymentStatus: 'not-required', fee: 0 });
  });

  it('accepts every text field at its maximum length', async () => {
    const id = uniqueId('reg');
    const long = registration({
      fullName: 'N'.repeat(120),
      organisation: 'O'.repeat(160),
      jobTitle: 'J'.repeat(120),
      country: 'C'.repeat(80),
      accessibilityNeeds: 'A'.repeat(1000),
      dietaryNeeds: 'D'.repeat(500),
      email: `${'e'.repeat(240)}@example.org`,
    });
    await expect(submitRegistration(visitor, id, long)).resolves.toBeUndefined();
  });

  it('applies as a partner, books a booth, sends a message and pledges a donation', async () => {
    for (const [collection, data] of [
      ['partners', partnerApplication()],
      ['partners', boothBooking()],
      ['messages', contactMessage()],
      ['donations', donation()],
    ] as const) {
      const id = uniqueId(collection);
      await expect(setDoc(doc(visitor, collection, id), stamped(id, data)), collection).resolves.toBeUndefined();
    }
  });

  it('submits a payment reference for a registration and for a booth', async () => {
    const reg = uniqueId('reg');
    await submitRegistration(visitor, reg, registration());
    await submitPayment(visitor, uniqueId('pay'), paymentSubmission('registrations', reg));
    expect((await getDoc(doc(visitor, 'registrations', reg))).data()?.paymentStatus).toBe('submitted');

    const booth = uniqueId('booth');
    await setDoc(doc(visitor, 'partners', booth), stamped(booth, boothBooking()));
    await submitPayment(visitor, uniqueId('pay'), paymentSubmission('partners', booth, 150000));
    expect((await getDoc(doc(visitor, 'partners', booth))).data()?.paymentStatus).toBe('submitted');
  });

  it('never over-books: with one seat left, five simultaneous registrations give exactly one', async () => {
    const counter = await getDoc(doc(visitor, 'counters', 'registrations'));
    const taken = (counter.data()?.count as number) ?? 0;
    const settings = (await getDoc(doc(visitor, 'settings', 'site'))).data()!;
    await writeDocuments(stack(), [['settings/site', { ...settings, startDate: settings.startDate.toDate(), endDate: settings.endDate.toDate(), capacity: taken + 1 }]]);
    try {
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => submitRegistration(visitor, uniqueId('rush'), registration())));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((await getDoc(doc(visitor, 'counters', 'registrations'))).data()?.count).toBe(taken + 1);
    } finally {
      await writeDocuments(stack(), [['settings/site', { ...settings, startDate: settings.startDate.toDate(), endDate: settings.endDate.toDate() }]]);
    }
  });

  it('lets the holder of a reference read that registration, and nobody list them', async () => {
    const id = uniqueId('reg');
    await fixture(`registrations/${id}`, registration());
    expect((await getDoc(doc(visitor, 'registrations', id))).exists()).toBe(true);
  });
});
