// Manage Users' reads and staff actions, each logged ("Added … as editor", "Changed the role of …").
import { useMutation, useQuery } from '@tanstack/react-query';
import { inviteStaffAccount } from '../../../lib/auth-accounts.ts';
import { SIGN_IN_PATH } from '../../../lib/auth-paths.ts';
import { useStaffTransaction } from '../../../admin/use-staff-action.ts';
import type { StaffRole } from '../../../admin/staff-context.ts';
import { db } from '../../../lib/data.ts';
import { serverValues } from '../../../lib/db.ts';
import { refuseLosingLastAdmin } from './staff-guards.ts';
import type { NewStaff, StaffEntry } from './staff-schema.ts';
import { adminKey } from '../../../data/query-keys.ts';

export const STAFF_PAGE_SIZE = 25;
// Not ['staff']: that prefix also holds the admin layout's own entry (['staff', 'me']).
const listKey = [...adminKey('staff'), 'list'];
const adminsKey = [...adminKey('staff'), 'admin-count'];
const touched = [listKey, adminsKey];

export const staffPage = {
  key: listKey,
  fetch: (after: Parameters<typeof db.fetchPage>[1]['after']) =>
    db.fetchPage<StaffEntry>('staff', { orderBy: ['email', 'asc'], limit: STAFF_PAGE_SIZE, after }),
};

export const fetchAdminCount = () => db.fetchCount('staff', [['role', '==', 'admin']]);

/** How many administrators there are, counted afresh whenever the screen opens. */
export function useAdminCount() {
  return useQuery({ queryKey: adminsKey, queryFn: fetchAdminCount, staleTime: 0 });
}

export class AlreadyStaffError extends Error {}

/** What to tell the admin: the screen's own refusals say why; a failed write says what to do. */
export const problem = (error: Error, failed: string) => ('code' in error ? `${failed} Check your connection and try again.` : error.message);

export function useAddStaff() {
  return useStaffTransaction<NewStaff>({
    paths: (v) => [`staff/${v.email}`],
    decide: ([existing], v) => {
      // Adding someone already listed would silently change their role: refuse, and say so.
      if (existing) throw new AlreadyStaffError(`${v.email} is already on the staff list (as ${existing.role}). Change their role in the list instead.`);
      const data = { id: v.email, email: v.email, role: v.role, timestamp: serverValues.now(), ...(v.displayName ? { displayName: v.displayName } : {}) };
      return { writes: [{ set: `staff/${v.email}`, data }], log: `Added ${v.email} to the staff as ${v.role}` };
    },
    invalidate: touched,
  });
}

export function useChangeRole() {
  return useStaffTransaction<{ email: string; role: StaffRole; adminCount: number }>({
    paths: (v) => [`staff/${v.email}`],
    decide: ([current], v) => {
      if (!current) throw new Error(`${v.email} is no longer on the staff list.`);
      refuseLosingLastAdmin({ role: current.role as StaffRole }, v.role, v.adminCount);
      return { writes: [{ update: `staff/${v.email}`, data: { role: v.role } }], log: `Changed the role of ${v.email} from ${current.role} to ${v.role}` };
    },
    invalidate: touched,
  });
}

/** The removal and its log entry land together, decided on the entry as it is now. */
export function useRemoveStaff() {
  return useStaffTransaction<{ entry: StaffEntry; adminCount: number }>({
    paths: (v) => [`staff/${v.entry.email}`],
    decide: ([current], { entry, adminCount }) => {
      if (!current) throw new Error(`${entry.email} is no longer on the staff list.`);
      refuseLosingLastAdmin({ role: current.role as StaffRole }, null, adminCount);
      return { writes: [{ delete: `staff/${entry.email}` }], log: `Removed ${entry.email} (${current.role}) from the staff` };
    },
    invalidate: touched,
  });
}

/**
 * The invitation: a password account for the address if it has none, and Firebase's email with a
 * link to choose the password (which also verifies the address). Sent again from the list when it
 * expired (an hour) or went astray.
 */
export function useInviteStaff() {
  return useMutation({ mutationFn: (email: string) => inviteStaffAccount(email) });
}

export const invitationSent = (email: string) =>
  `We emailed ${email} a link to choose a password (it works for an hour). Once they have, they sign in at ${SIGN_IN_PATH}. With a Google account they can instead continue with Google straight away.`;
