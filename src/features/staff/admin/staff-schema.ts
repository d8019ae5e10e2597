// Manage Users: staff/{lower-case email} → role. The rules accept exactly these fields.
import { z } from 'zod';
import type { StaffRole } from '../../../admin/staff-context.ts';

export const STAFF_ROLES = ['admin', 'editor', 'finance'] as const satisfies readonly StaffRole[];

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  admin: 'Administrator: everything, including users and settings',
  editor: 'Editor: publications, events, jobs, tenders, resources, speakers, programme',
  finance: 'Finance: payments, invoices, donations, procurement, check-in',
};

export interface StaffEntry {
  id: string;
  email: string;
  role: StaffRole;
  displayName?: string;
}

export const newStaffSchema = z.object({
  // Lower-cased: staff entries are keyed by lower-case email, as the rules look them up.
  email: z.string().trim().toLowerCase().max(254, 'Email must be at most 254 characters.').pipe(z.email('Enter a valid email address, like name@example.org.')),
  displayName: z.string().trim().max(120, 'The name must be at most 120 characters.'),
  role: z.enum(STAFF_ROLES, { message: 'Choose a role.' }),
});

export type NewStaff = z.infer<typeof newStaffSchema>;
export type NewStaffInput = z.input<typeof newStaffSchema>;
