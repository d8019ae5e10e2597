import { describe, expect, it } from 'vitest';
import { ARCHIVABLE_COLLECTIONS, mayReadArchived, mayRemove } from './archive-permissions.ts';

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
