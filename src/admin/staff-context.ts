import { createContext, useContext } from 'react';

export type StaffRole = 'admin' | 'editor' | 'finance';

export interface StaffMember {
  /** Lower-case, as staff/{email} is keyed. */
  email: string;
  /** Exactly as the ID token carries it: the activity log's rules compare userEmail to it. */
  tokenEmail: string;
  role: StaffRole;
  displayName?: string | null;
}

export const StaffContext = createContext<StaffMember | null>(null);

/** The signed-in staff member; admin pages render only inside the admin layout, which provides it. */
export function useStaff(): StaffMember {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff() outside the admin layout');
  return staff;
}
