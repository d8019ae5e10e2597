// Manage Users: staff/{lower-case email} → role, and for a reviewer where they work and which of
// the call's tracks they review. The rules accept exactly these fields (staff, reviewerProfile).
import { z } from 'zod';
import { REVIEWER, ROLES, type Role } from '../../../admin/permissions.ts';
import { lineField } from '../../../lib/validation.ts';

export { ROLES };

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Administrator: everything, including users and settings',
  editor: 'Editor: publications, events, jobs, tenders, resources, speakers, programme',
  finance: 'Finance: payments, invoices, donations, procurement, check-in',
  reviewer: 'Reviewer: scores the abstracts assigned to them, blind (nothing else)',
};

export interface StaffEntry {
  id: string;
  email: string;
  role: Role;
  displayName?: string;
  /** A reviewer's (the rules require both for the role; kept if the role changes). */
  institution?: string;
  tracks?: string[];
}

/** The rules' bounds (reviewerProfile): an institution of 1–200 characters on one line, 1–20 track keys. */
export const INSTITUTION_MAX = 200;

export const reviewerProfileSchema = z.object({
  institution: lineField(
    1,
    INSTITUTION_MAX,
    'Enter the institution they work at: they are never given an abstract from it.',
    `The institution must be at most ${INSTITUTION_MAX} characters.`,
  ),
  tracks: z.array(z.string()).min(1, 'Choose at least one track they review.').max(20, 'At most 20 tracks.'),
});

export type ReviewerProfile = z.infer<typeof reviewerProfileSchema>;

export const newStaffSchema = z
  .object({
    // Lower-cased: staff entries are keyed by lower-case email, as the rules look them up.
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'Email must be at most 254 characters.')
      .pipe(z.email('Enter a valid email address, like name@example.org.')),
    displayName: z.string().trim().max(120, 'The name must be at most 120 characters.'),
    role: z.enum(ROLES, { message: 'Choose a role.' }),
    // Asked (and checked) only for a reviewer; another role's entry holds neither.
    institution: z.string(),
    tracks: z.array(z.string()),
  })
  .transform((v, ctx) => {
    if (v.role !== REVIEWER) return { ...v, institution: '', tracks: [] };
    const profile = reviewerProfileSchema.safeParse(v);
    if (profile.success) return { ...v, ...profile.data };
    for (const issue of profile.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });

export type NewStaff = z.output<typeof newStaffSchema>;
export type NewStaffInput = z.input<typeof newStaffSchema>;

/** The entry's reviewer fields, for a write: only a reviewer's are written. */
export const profileFields = (v: { role: Role; institution: string; tracks: string[] }) =>
  v.role === REVIEWER ? { institution: v.institution, tracks: v.tracks } : {};
