// Manage Users' reads and staff actions, each logged ("Added … as editor", "Changed the role of …").
import { useMutation, useQuery } from '@tanstack/react-query';
import { inviteStaffAccount } from '../../../lib/auth-accounts.ts';
import { SIGN_IN_PATH } from '../../../lib/auth-paths.ts';
import { useStaffTransaction } from '../../../admin/use-staff-action.ts';
import { REVIEWER, type Role } from '../../../admin/permissions.ts';
import { db } from '../../../lib/data.ts';
import { serverValues } from '../../../lib/db.ts';
import { refuseLosingLastAdmin } from './staff-guards.ts';
import { profileFields, type NewStaff, type ReviewerProfile, type StaffEntry } from './staff-schema.ts';
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
      const data = {
        id: v.email,
        email: v.email,
        role: v.role,
        timestamp: serverValues.now(),
        ...(v.displayName ? { displayName: v.displayName } : {}),
        ...profileFields(v),
      };
      return { writes: [{ set: `staff/${v.email}`, data }], log: `Added ${v.email} to the staff as ${v.role}` };
    },
    invalidate: touched,
  });
}

/** A reviewer's entry must say where they work and what they review (the rules' reviewerProfile). */
export const NEEDS_PROFILE = 'A reviewer needs an institution and at least one track: give them before changing the role.';

/**
 * Changes the role; making someone a reviewer who has no institution and tracks yet writes the
 * `profile` given with it (in the same update, as the rules require).
 */
export function useChangeRole() {
  return useStaffTransaction<{ email: string; role: Role; adminCount: number; profile?: ReviewerProfile }>({
    paths: (v) => [`staff/${v.email}`],
    decide: ([current], v) => {
      if (!current) throw new Error(`${v.email} is no longer on the staff list.`);
      refuseLosingLastAdmin({ role: current.role as Role }, v.role, v.adminCount);
      const profile = v.role === REVIEWER && v.profile ? v.profile : null;
      if (v.role === REVIEWER && !profile && !(current.institution && current.tracks)) throw new Error(NEEDS_PROFILE);
      return {
        writes: [{ update: `staff/${v.email}`, data: { role: v.role, ...profile } }],
        log: `Changed the role of ${v.email} from ${current.role} to ${v.role}`,
      };
    },
    invalidate: touched,
  });
}

/** A reviewer's institution and tracks, changed. */
export function useChangeProfile() {
  return useStaffTransaction<{ email: string; profile: ReviewerProfile }>({
    paths: (v) => [`staff/${v.email}`],
    decide: ([current], { email, profile }) => {
      if (!current) throw new Error(`${email} is no longer on the staff list.`);
      return {
        writes: [{ update: `staff/${email}`, data: { institution: profile.institution, tracks: profile.tracks } }],
        // Not the institution itself: the log line's 500 characters must hold any address (the entry keeps it).
        log: `Changed the institution and tracks of ${email} (${profile.tracks.length} ${profile.tracks.length === 1 ? 'track' : 'tracks'})`,
      };
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
      refuseLosingLastAdmin({ role: current.role as Role }, null, adminCount);
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
