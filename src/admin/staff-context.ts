import { createContext, useContext } from 'react';
import type { Role } from './permissions.ts';

export interface StaffMember {
  /** Lower-case, as staff/{email} is keyed. */
  email: string;
  /** Exactly as the ID token carries it: the activity log's rules compare userEmail to it. */
  tokenEmail: string;
  /** A staff role, or 'reviewer' (who signs in to the back office only to review abstracts). */
  role: Role;
  displayName?: string | null;
}

export const StaffContext = createContext<StaffMember | null>(null);

/** The signed-in staff member; admin pages render only inside the admin layout, which provides it. */
export function useStaff(): StaffMember {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff() outside the admin layout');
  return staff;
}
