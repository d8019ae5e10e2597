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
  type Capability,
} from './permissions.ts';

// The same table as firestore.rules' mayRead / mayRemove (tests/integration proves the rules side).
describe('archive permissions mirror the rules', () => {
  const readable = (role: 'admin' | 'editor' | 'finance') => ARCHIVABLE_COLLECTIONS.filter((c) => mayReadArchived(role, c));
  const restorable = (role: 'admin' | 'editor' | 'finance') => ARCHIVABLE_COLLECTIONS.filter((c) => mayRemove(role, c));

  it('the admin reads and restores every collection', () => {
    expect(readable('admin')).toEqual([...ARCHIVABLE_COLLECTIONS]);
    expect(restorable('admin')).toEqual([...ARCHIVABLE_COLLECTIONS]);
  });

  it('an editor reads what staff read and restores published content only', () => {
    expect(readable('editor')).not.toContain('payments');
    expect(readable('editor')).not.toContain('donations');
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
  const held = (role: 'admin' | 'editor' | 'finance') => (Object.keys(CAPABILITIES) as Capability[]).filter((c) => can(role, c));

  it('an administrator holds every capability', () => {
    expect(held('admin')).toEqual(Object.keys(CAPABILITIES));
  });

  it('an editor reads records, edits content, reads messages, the log and the archive', () => {
    expect(held('editor')).toEqual(['registrations:read', 'content', 'procurement:read', 'messages', 'logs', 'archive']);
  });

  it('finance handles registrations, money and procurement, but archives nothing and edits no content', () => {
    expect(held('finance')).toEqual([
      'registrations:read',
      'registrations:update',
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
      expect(ROLES_OF[copy.get!], c).toEqual(ROLES_OF[ACCESS[c].get!]);
    }
  });
});
