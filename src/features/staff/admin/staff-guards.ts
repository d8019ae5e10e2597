// What the Users screen lets an administrator do to one staff entry. The rules already refuse
// changes to one's own entry; the only-administrator guard is the screen's own, so the summit can
// never be left without someone who can manage users and settings.
import type { Role } from '../../../admin/permissions.ts';
import type { StaffEntry } from './staff-schema.ts';

export interface RowControls {
  changeRole: boolean;
  remove: boolean;
  /** Why the controls are missing, shown in their place. */
  reason?: string;
}

export const SELF_REASON = 'This is you: nobody changes their own role or removes themselves. Another administrator can.';
export const LAST_ADMIN_REASON = 'The only administrator cannot be removed or given another role. Make someone else an administrator first.';

export function rowControls(entry: Pick<StaffEntry, 'email' | 'role'>, myEmail: string, adminCount: number): RowControls {
  if (entry.email === myEmail.toLowerCase()) return { changeRole: false, remove: false, reason: SELF_REASON };
  if (isOnlyAdmin(entry, adminCount)) return { changeRole: false, remove: false, reason: LAST_ADMIN_REASON };
  return { changeRole: true, remove: true };
}

const isOnlyAdmin = (entry: Pick<StaffEntry, 'role'>, adminCount: number) => entry.role === 'admin' && adminCount <= 1;

/** Checked again on fresh data just before a change is written (see UsersPage's transactions). */
export function refuseLosingLastAdmin(entry: Pick<StaffEntry, 'role'>, nextRole: Role | null, adminCount: number) {
  if (isOnlyAdmin(entry, adminCount) && nextRole !== 'admin') throw new Error(LAST_ADMIN_REASON);
}
