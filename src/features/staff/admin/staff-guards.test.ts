import { describe, expect, it } from 'vitest';
import { LAST_ADMIN_REASON, refuseLosingLastAdmin, rowControls, SELF_REASON } from './staff-guards.ts';

describe('what an administrator may do to a staff entry', () => {
  it('nothing to their own entry, whatever the case of their sign-in email, and the screen says why', () => {
    expect(rowControls({ email: 'admin@summit.test', role: 'admin' }, 'Admin@Summit.test', 3)).toEqual({
      changeRole: false,
      remove: false,
      reason: SELF_REASON,
    });
  });

  it('never demote or remove the only administrator', () => {
    expect(rowControls({ email: 'other@summit.test', role: 'admin' }, 'admin@summit.test', 1)).toEqual({
      changeRole: false,
      remove: false,
      reason: LAST_ADMIN_REASON,
    });
    expect(() => refuseLosingLastAdmin({ role: 'admin' }, 'editor', 1)).toThrow(LAST_ADMIN_REASON);
    expect(() => refuseLosingLastAdmin({ role: 'admin' }, null, 1)).toThrow(LAST_ADMIN_REASON);
  });

  it('anything to another administrator while there are two or more, and to editors and finance staff', () => {
    expect(rowControls({ email: 'other@summit.test', role: 'admin' }, 'admin@summit.test', 2)).toEqual({ changeRole: true, remove: true });
    expect(rowControls({ email: 'ed@summit.test', role: 'editor' }, 'admin@summit.test', 1)).toEqual({ changeRole: true, remove: true });
    expect(() => refuseLosingLastAdmin({ role: 'admin' }, 'editor', 2)).not.toThrow();
    expect(() => refuseLosingLastAdmin({ role: 'editor' }, null, 1)).not.toThrow();
  });
});
