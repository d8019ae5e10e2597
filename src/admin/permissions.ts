// What each staff role may see and change in the back office. This mirrors firestore.rules (the
// real boundary): the UI hides what a role may not do, the rules refuse it if tried anyway.
import type { StaffRole } from './staff-context.ts';

export type Capability =
  | 'registrations:read' // attendee, partner and booth records
  | 'registrations:update' // status changes, check-in
  | 'registrations:archive'
  | 'payments' // verify, reject, record, totals
  | 'invoices'
  | 'donations'
  | 'content' // publications, events, jobs, tenders, resources, speakers, programme, sponsors
  | 'procurement:read'
  | 'procurement:write'
  | 'procurement:archive' // rules: only admins delete (and so archive) procurement records
  | 'messages'
  | 'logs'
  | 'users'
  | 'certificates' // CPD: settings, evaluations, issue, revoke, export (firestore.rules: administrators)
  | 'settings'
  | 'archive'
  | 'timed-work:run'; // "Run now": the schedule's offers, passes, places and reminders, by hand

const GRANTS: Record<StaffRole, readonly Capability[]> = {
  admin: [
    'registrations:read',
    'registrations:update',
    'registrations:archive',
    'payments',
    'invoices',
    'donations',
    'content',
    'procurement:read',
    'procurement:write',
    'procurement:archive',
    'messages',
    'logs',
    'users',
    'certificates',
    'settings',
    'archive',
    'timed-work:run',
  ],
  editor: ['registrations:read', 'content', 'procurement:read', 'messages', 'logs', 'archive'],
  finance: [
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
  ],
};

export function can(role: StaffRole, capability: Capability): boolean {
  return GRANTS[role].includes(capability);
}
