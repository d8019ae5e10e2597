// Restoring an archived contact message: the visitor's create rule demands a fresh server
// timestamp, so messages have their own restore rule. It admits exactly the archived copy, only
// in the commit that removes it from the archive, and only for an administrator (who archives).
import { doc, setDoc, writeBatch, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/lib/db.ts';
import { ACCOUNTS, verdict } from './support/actors.ts';
import { client, closeClients } from './support/clients.ts';
import { donationDoc, fieldsOf, messageDoc } from './support/forms.ts';
import { fixture, ownerGet, uniqueId } from './support/owner.ts';

let admin: Firestore;
let editor: Firestore;
let finance: Firestore;
beforeAll(async () => {
  [admin, editor, finance] = await Promise.all([client(ACCOUNTS.admin), client(ACCOUNTS.editor), client(ACCOUNTS.finance)]);
});
afterAll(closeClients);

const archivedMessage = async () => {
  const id = uniqueId('archived-message');
  await fixture(`archive/messages/items/${id}`, { ...fieldsOf(messageDoc(id)), status: 'read' });
  return id;
};

describe('restoring an archived message', () => {
  it('the admin restores it: the original is back unchanged and the archived copy is gone', async () => {
    const id = await archivedMessage();
    const before = await ownerGet(`archive/messages/items/${id}`);
    expect(await verdict(createDb(() => admin).restoreFromArchive('messages', id))).toBe('allowed');
    expect(await ownerGet(`messages/${id}`)).toEqual(before);
    expect(await ownerGet(`archive/messages/items/${id}`)).toBeNull();
  });

  it('an editor may not restore it (only those who may delete messages may)', async () => {
    const id = await archivedMessage();
    expect(await verdict(createDb(() => editor).restoreFromArchive('messages', id))).toBe('denied');
  });

  it('the admin may not change the message while restoring it', async () => {
    const id = await archivedMessage();
    const archived = (await ownerGet(`archive/messages/items/${id}`))!;
    const batch = writeBatch(admin);
    batch.set(doc(admin, 'messages', id), { ...archived, subject: 'Rewritten' });
    batch.delete(doc(admin, 'archive', 'messages', 'items', id));
    expect(await verdict(batch.commit())).toBe('denied');
  });

  it('the admin may not write a message with a past timestamp outside a restore', async () => {
    const id = await archivedMessage();
    const archived = (await ownerGet(`archive/messages/items/${id}`))!;
    // The archived copy stays in place: this is a forged message, not a restore.
    expect(await verdict(setDoc(doc(admin, 'messages', id), archived))).toBe('denied');
  });
});

describe('restoring an archived donation pledge', () => {
  const archivedDonation = async () => {
    const id = uniqueId('archived-donation');
    await fixture(`archive/donations/items/${id}`, { ...fieldsOf(donationDoc(id)), status: 'received' });
    return id;
  };

  it('the admin restores it unchanged; finance (who may not delete pledges) may not', async () => {
    const id = await archivedDonation();
    expect(await verdict(createDb(() => finance).restoreFromArchive('donations', id))).toBe('denied');
    const before = await ownerGet(`archive/donations/items/${id}`);
    expect(await verdict(createDb(() => admin).restoreFromArchive('donations', id))).toBe('allowed');
    expect(await ownerGet(`donations/${id}`)).toEqual(before);
  });
});
