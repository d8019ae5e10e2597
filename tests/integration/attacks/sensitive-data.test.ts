// Attacker's suite: sensitive personal data (issue 38). Accessibility and dietary needs are data
// about health under Kenya's Data Protection Act, read only by the tier src/admin/permissions.ts
// names (SENSITIVE_DATA: finance and administrators). The rules hold every document that keeps
// them, or names an attendee, from anyone else on staff: an editor reads no registration, waiting-list
// entry, archived registration, attendee entry, registration email, nor a list of checkouts.
// Each attack has its control: the readers read the same documents.
import { collection, doc, getDoc, getDocs, limit, query, where, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors, verdict, type Actor, type Actors } from '../support/actors.ts';
import { closeClients } from '../support/clients.ts';
import { fixture, ownerDelete, uniqueId } from '../support/owner.ts';

let as: Actors;
const created: string[] = [];
beforeAll(async () => {
  as = await signInActors();
});
afterAll(async () => {
  await ownerDelete(...created);
  await closeClients();
});

const NEEDS = { accessibilityNeeds: 'Wheelchair access; a sign-language interpreter', dietaryNeeds: 'Coeliac: no gluten' };

async function stored(path: string, data: Record<string, unknown>) {
  await fixture(path, data);
  created.push(path);
  return path;
}

/** One attendee's footprint, stored past the rules: the attack is the read. */
async function footprint() {
  const id = uniqueId('needs');
  const email = `${id}@example.org`;
  const registration = { id, email, fullName: 'Wanjiru Kamau', phone: '+254700000001', status: 'confirmed', ...NEEDS };
  return {
    email,
    registration: await stored(`registrations/${id}`, registration),
    archived: await stored(`archive/registrations/items/${id}`, registration),
    waitlist: await stored(`waitlist/${id}@example.org`, { email, fullName: 'Wanjiru Kamau', status: 'waiting', form: { email, ...NEEDS } }),
    attendee: await stored(`attendees/${id}@example.org`, { registrationId: id }),
    mail: await stored(`mail/${id}`, { to: [email], recordCollection: 'registrations', recordId: id, template: { name: 'registration-received', data: {} } }),
  };
}

const readers: Actor[] = ['finance', 'admin'];
const read = (db: Firestore, path: string) => getDoc(doc(db, path));

describe('an editor reads no attendee’s data (control: finance and administrators do)', () => {
  it('no registration, archived registration, waiting-list entry, attendee entry or registration email, by its path', async () => {
    const f = await footprint();
    for (const path of [f.registration, f.archived, f.waitlist, f.attendee, f.mail]) {
      expect(await verdict(read(as.db.editor, path)), path).toBe('denied');
      for (const actor of readers) expect(await verdict(read(as.db[actor], path)), `${actor} ${path}`).toBe('allowed');
    }
    // What the readers read is the needs themselves.
    expect((await read(as.db.finance, f.registration)).data()).toMatchObject(NEEDS);
  });

  it.each([
    ['registrations', ['email', '==', 'x@example.org']],
    ['waitlist', ['status', '==', 'waiting']],
    ['attendees', ['registrationId', '==', 'x']],
    ['checkouts', ['email', '==', 'x@example.org']],
    ['archive/registrations/items', ['status', '==', 'confirmed']],
  ] as const)('no list of %s, even filtered', async (path, [field, op, value]) => {
    const q = (db: Firestore) => getDocs(query(collection(db, path), where(field, op, value), limit(1)));
    expect(await verdict(q(as.db.editor))).toBe('denied');
    for (const actor of readers) expect(await verdict(q(as.db[actor])), actor).toBe('allowed');
  });

  it('still reads partner applications (organisations’ contacts, no health data)', async () => {
    const id = uniqueId('partner');
    const path = await stored(`partners/${id}`, { id, organisation: 'Hospice Kenya', email: `${id}@example.org` });
    expect(await verdict(read(as.db.editor, path))).toBe('allowed');
  });
});
