// Attacker's suite, class 11: resends as a mail cannon. Staff may send a delivered or failed
// message again, counted, three times at most (data/mail.ts MAX_RESENDS); the count cannot be
// skipped or wound back. (Issue 32, item 16.)
import { doc, updateDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESENDS, resendWrite } from '../../../src/data/mail.ts';
import { signInActors, verdict, type Actors } from '../support/actors.ts';
import { closeClients, stack } from '../support/clients.ts';
import { commit } from '../support/forms.ts';
import { fixture, ownerGet, uniqueId } from '../support/owner.ts';
import { patchDocument } from '../../../emulator/seed/rest.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

/** A delivered reply to a contact message (which editors read), as the extension leaves it. */
async function delivered() {
  const id = uniqueId('mail');
  await fixture(`mail/${id}`, {
    to: 'achieng@example.org',
    template: { name: 'message-received', data: { name: 'A', subject: 'B' } },
    recordCollection: 'messages',
    recordId: 'x',
    delivery: { state: 'SUCCESS', attempts: 1 },
  });
  return id;
}

/** The extension sends it again and marks it delivered (it writes past the rules). */
const sentAgain = (id: string) => patchDocument(stack(), `mail/${id}`, { delivery: { state: 'SUCCESS', attempts: 1 } });

describe('sending a message again', () => {
  it(`goes ${MAX_RESENDS} times, each counted, and never a fourth`, async () => {
    const id = await delivered();
    for (let i = 0; i < MAX_RESENDS; i++) {
      const resends = ((await ownerGet(`mail/${id}`))!.resends as number | undefined) ?? 0;
      expect([i, await verdict(commit(as.db.editor, [resendWrite({ id, resends })]))]).toEqual([i, 'allowed']);
      await sentAgain(id);
    }
    expect((await ownerGet(`mail/${id}`))!.resends).toBe(MAX_RESENDS);
    expect(await verdict(commit(as.db.editor, [resendWrite({ id, resends: MAX_RESENDS })]))).toBe('denied');
  });

  it('never without counting, skipping ahead, or winding the count back', async () => {
    const id = await delivered();
    expect(await verdict(updateDoc(doc(as.db.editor, 'mail', id), { 'delivery.state': 'RETRY' }))).toBe('denied');
    expect(await verdict(updateDoc(doc(as.db.editor, 'mail', id), { 'delivery.state': 'RETRY', resends: 3 }))).toBe('denied');
    expect(await verdict(commit(as.db.editor, [resendWrite({ id, resends: 0 })]))).toBe('allowed');
    await sentAgain(id);
    expect(await verdict(updateDoc(doc(as.db.editor, 'mail', id), { 'delivery.state': 'RETRY', resends: 1 }))).toBe('denied');
  });
});
