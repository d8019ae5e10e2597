import type { Capability } from '../components/admin/permissions.ts';

/** The back office menu: SPEC's labels first, then the screens staff need beyond SPEC's menu. */
export const ADMIN_NAV: ReadonlyArray<{ to: string; label: string; needs?: Capability }> = [
  { to: '/admin', label: 'Overview' },
  { to: '/admin/registrations', label: 'Registrations', needs: 'registrations:read' },
  { to: '/admin/check-in', label: 'Check-in', needs: 'registrations:update' },
  { to: '/admin/payments', label: 'Payments', needs: 'payments' },
  { to: '/admin/invoice-generator', label: 'Invoice Generator', needs: 'invoices' },
  { to: '/admin/publications', label: 'Publications', needs: 'content' },
  { to: '/admin/logs', label: 'View Logs', needs: 'logs' },
  { to: '/admin/users', label: 'Manage Users', needs: 'users' },
  { to: '/admin/events', label: 'Events', needs: 'content' },
  { to: '/admin/jobs', label: 'Jobs', needs: 'content' },
  { to: '/admin/procurement', label: 'Procurement', needs: 'procurement:read' },
  { to: '/admin/resources', label: 'Resources', needs: 'content' },
  { to: '/admin/settings', label: 'Settings', needs: 'settings' },
  { to: '/admin/emails', label: 'Emails', needs: 'settings' },
  { to: '/admin/tenders', label: 'Tenders', needs: 'content' },
  { to: '/admin/messages', label: 'Messages', needs: 'messages' },
  { to: '/admin/speakers', label: 'Speakers', needs: 'content' },
  { to: '/admin/programme', label: 'Programme', needs: 'content' },
  { to: '/admin/sponsors', label: 'Sponsors', needs: 'content' },
  { to: '/admin/archive', label: 'Archive', needs: 'archive' },
];
