import { describe, expect, it } from 'vitest';
import {
  ACCESS,
  ARCHIVABLE_COLLECTIONS,
  CAPABILITIES,
  can,
  capabilityTier,
  mayDo,
  mayReadArchived,
  mayRemove,
  ROLES_OF,
  SENSITIVE_DATA,
  STAFF_ROLES,
  type Capability,
  type Role,
  type Subject,
} from './permissions.ts';

// The same table as firestore.rules' mayRead / mayRemove (tests/integration proves the rules side).
describe('archive permissions mirror the rules', () => {
  const readable = (role: 'admin' | 'editor' | 'finance') => ARCHIVABLE_COLLECTIONS.filter((c) => mayReadArchived(role, c));
  const restorable = (role: 'admin' | 'editor' | 'finance') => ARCHIVABLE_COLLECTIONS.filter((c) => mayRemove(role, c));

  it('the admin reads and restores every collection', () => {
    expect(readable('admin')).toEqual([...ARCHIVABLE_COLLECTIONS]);
    expect(restorable('admin')).toEqual([...ARCHIVABLE_COLLECTIONS]);
  });

  it('an editor reads what staff read, no attendee records, and restores published content only', () => {
    expect(readable('editor')).not.toContain('payments');
    expect(readable('editor')).not.toContain('donations');
    expect(readable('editor')).not.toContain('registrations');
    expect(readable('editor')).toContain('messages');
    expect(restorable('editor')).toEqual(['publications', 'events', 'jobs', 'tenders', 'resources', 'speakers', 'sessions', 'sponsors']);
  });

  it('finance also reads payments and donations, and restores nothing', () => {
    expect(readable('finance')).toEqual(expect.arrayContaining(['payments', 'donations', 'registrations', 'procurement']));
    expect(restorable('finance')).toEqual([]);
  });
});

// What each role was granted when the capabilities were a hand-kept list: deriving them from ACCESS
// must not have moved any of them.
describe('capabilities derive from the access table', () => {
  const held = (role: Role) => (Object.keys(CAPABILITIES) as Capability[]).filter((c) => can(role, c));

  it('an administrator holds every capability', () => {
    expect(held('admin')).toEqual(Object.keys(CAPABILITIES));
  });

  it('an editor edits content, reads messages, the log and the archive, and no attendee’s record', () => {
    expect(held('editor')).toEqual(['overview', 'content', 'procurement:read', 'messages', 'logs', 'archive']);
  });

  it('finance handles registrations, money and procurement, but archives nothing and edits no content', () => {
    expect(held('finance')).toEqual([
      'overview',
      'registrations:read',
      'registrations:update',
      'registrations:export',
      'needs:read',
      'payments',
      'invoices',
      'donations',
      'procurement:read',
      'procurement:write',
      'messages',
      'logs',
      'archive',
    ]);
  });

  it('a reviewer reviews, and nothing else: not even the overview, whose figures are staff records', () => {
    expect(held('reviewer')).toEqual(['reviews']);
  });

  it('"Run now" is narrower than the rules: administrators only, with the reason written down', () => {
    expect(capabilityTier('timed-work:run')).toBe('admin');
    expect(mayDo('finance', 'waitlist', 'update')).toBe(true);
  });

  it('a capability follows its operation: change the table and the screens follow', () => {
    expect(capabilityTier('payments')).toBe(ACCESS.payments.update);
    expect(capabilityTier('content')).toBe(ACCESS.publications.update);
  });

  it('an archived copy is read by the original’s readers (staff only) and moved by its deleters; nobody edits one', () => {
    for (const c of ARCHIVABLE_COLLECTIONS) {
      const copy = ACCESS[`archive/${c}/items`];
      expect(copy.create, c).toBe(ACCESS[c].delete);
      expect(copy.delete, c).toBe(ACCESS[c].delete);
      expect(copy.update, c).toBe('nobody');
      // (A public original's readers include reviewers, who are no staff: the archive is staff's.)
      expect(ROLES_OF[copy.get!], c).toEqual(ROLES_OF[ACCESS[c].get!].filter((r) => (STAFF_ROLES as readonly string[]).includes(r)));
    }
  });
});

// Accessibility and dietary needs (health data): the table itself keeps them from anyone outside
// SENSITIVE_DATA.readers, so widening a collection's reads cannot leak them without failing here.
describe('sensitive data', () => {
  const readers = ROLES_OF[SENSITIVE_DATA.readers];
  const keepers: Subject[] = [...SENSITIVE_DATA.keptIn, 'archive/registrations/items'];

  it.each(keepers)('%s, which keeps needs, is read by their readers at most', (subject) => {
    for (const op of ['get', 'list'] as const) {
      const who = ACCESS[subject][op] ?? 'nobody';
      expect(
        ROLES_OF[who].every((role) => readers.includes(role)),
        `${subject} ${op}: ${who}`,
      ).toBe(true);
    }
  });

  it('editors read no needs, nor any record that keeps them', () => {
    expect(readers).not.toContain('editor');
    expect(can('editor', 'needs:read')).toBe(false);
    expect(can('editor', 'registrations:export')).toBe(false);
  });

  it('whoever may open or export attendees’ records reads needs (so those screens need not ask again)', () => {
    for (const role of STAFF_ROLES)
      for (const c of ['registrations:read', 'registrations:export'] as const) if (can(role, c)) expect(can(role, 'needs:read'), `${role} ${c}`).toBe(true);
  });

  it('whoever reads needs may read the records that keep them (the screens show them there)', () => {
    for (const role of readers) expect(can(role, 'registrations:read'), role).toBe(true);
  });
});

// A reviewer (issue 39) has a staff entry but is no staff: the table must not let them read
// anything but what anyone reads, the abstracts assigned to them and reviews.
describe('the reviewer', () => {
  it('holds only the reviews capability', () => {
    expect((Object.keys(CAPABILITIES) as Capability[]).filter((c) => can('reviewer', c))).toEqual(['reviews']);
  });

  it('reads nothing but public subjects, their assignments and reviews', () => {
    const readable = (Object.keys(ACCESS) as Subject[]).filter((s) => mayDo('reviewer', s, 'get') || mayDo('reviewer', s, 'list'));
    const beyondPublic = readable.filter((s) => !['everyone', 'signed-in', 'verified'].includes(ACCESS[s].get ?? 'nobody') || mayDo('reviewer', s, 'list'));
    // (Seats and the accepted abstracts' public copies anyone may list.)
    expect(beyondPublic.sort()).toEqual(['blindAbstracts', 'publishedAbstractTexts', 'publishedAbstracts', 'reviews', 'seats']);
  });

  it('is in no staff tier', () => {
    for (const tier of ['staff', 'editors', 'finance', 'admin'] as const) expect(ROLES_OF[tier]).not.toContain('reviewer');
  });
});
