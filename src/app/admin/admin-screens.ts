// Every back-office screen, declared once: its route, its title, the capability that opens it and
// its menu entry. The route table (routes.ts) builds the /admin routes from this list, the layout
// builds the menu from it and, for the screen a route renders, sets the document title and refuses
// a role without the capability. Plain data: routes.ts reads it at build time, outside the browser.
import { can, type Capability, type Role } from '../../admin/permissions.ts';

export interface AdminScreen {
  /** The route's id, by which the layout finds the screen it renders. */
  id: string;
  /** Under /admin: '' is the overview. */
  path: string;
  /** The route module, relative to src/app (as routes.ts needs it). */
  file: string;
  /** The document title and the heading a role without access sees. */
  title: string;
  /** What a role needs to open the screen (the rules refuse the reads anyway); none: every staff member. */
  needs?: Capability;
  /** Its label in the back-office menu; screens reached from another one (a record, an editor) have none. */
  menu?: string;
  /**
   * Uses the camera. Hosting allows the camera to these screens' addresses only
   * (scripts/build/security-headers.ts), and a browser decides by the headers of the document it loaded:
   * the menu opens such a screen as a document of its own, not by a client-side navigation.
   */
  camera?: boolean;
  /**
   * Compiles Handlebars templates in the browser (the email preview), which Handlebars does with
   * `new Function`: Hosting allows 'unsafe-eval' to these screens' addresses only, and the menu
   * opens them as documents of their own, like the camera's.
   */
  evaluates?: boolean;
}

const feature = (file: string) => `../features/${file}`;

/** A screen, in the menu under its title unless `menu` is null. */
function screen(path: string, file: string, title: string, needs?: Capability, menu: string | null = title): AdminScreen {
  return { id: path ? `admin/${path}` : 'admin/overview', path, file: feature(file), title, needs, menu: menu ?? undefined };
}

/**
 * A staff-managed collection (the content kit): its list, in the menu, and its editor at /add and
 * /{id}. Opening the editor needs what the list needs; adding needs the collection's write
 * capability, which its content configuration states and the editor checks.
 */
function contentScreens(path: string, folder: string, module: string, title: string, item: string, needs: Capability = 'content'): AdminScreen[] {
  const editor = feature(`${folder}/${module}EditorPage.tsx`);
  return [
    { id: `admin/${path}`, path, file: feature(`${folder}/${module}ListPage.tsx`), title, needs, menu: title },
    { id: `admin/${path}/add`, path: `${path}/add`, file: editor, title: item, needs },
    { id: `admin/${path}/edit`, path: `${path}/:id`, file: editor, title: item, needs },
  ];
}

/** Whether a screen must be loaded as a document of its own (its headers differ from the site's). */
export const ownDocument = (s: AdminScreen) => !!(s.camera || s.evaluates);

/** In menu order: SPEC's menu first, then the screens staff need beyond it. */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  // Staff's first screen; whoever may not open it (a reviewer) starts on the first one they may (AdminLayout).
  screen('', 'overview/admin/OverviewPage.tsx', 'Overview', 'overview'),
  screen('registrations', 'registrations/admin/RegistrationsPage.tsx', 'Registrations', 'registrations:read'),
  screen('registrations/:collection/:id', 'registrations/admin/RegistrationDetailPage.tsx', 'Registration', 'registrations:read', null),
  // Finance and administrators make offers (the rules' staffMovesEntry), so the screen needs what status changes need.
  screen('waitlist', 'registrations/admin/WaitlistPage.tsx', 'Waiting list', 'registrations:update'),
  { ...screen('check-in', 'registrations/admin/CheckInPage.tsx', 'Check-in', 'registrations:update'), camera: true },
  screen('payments', 'payments/admin/PaymentsPage.tsx', 'Payments', 'payments'),
  screen('statements', 'payments/admin/statement/StatementsPage.tsx', 'Statements', 'payments'),
  screen('statements/:id', 'payments/admin/statement/ImportPage.tsx', 'Statement import', 'payments', null),
  screen('invoice-generator', 'invoices/admin/InvoiceGeneratorPage.tsx', 'Invoice Generator', 'invoices'),
  ...contentScreens('publications', 'publications/admin', 'Publication', 'Publications', 'Publication'),
  screen('logs', 'logs/admin/LogsPage.tsx', 'View Logs', 'logs'),
  screen('users', 'staff/admin/UsersPage.tsx', 'Manage Users', 'users'),
  ...contentScreens('events', 'events/admin', 'Event', 'Events', 'Event'),
  ...contentScreens('jobs', 'opportunities/admin', 'Job', 'Jobs', 'Job'),
  ...contentScreens('procurement', 'procurement/admin', 'Procurement', 'Procurement', 'Procurement record', 'procurement:read'),
  ...contentScreens('resources', 'resources/admin', 'Resource', 'Resources', 'Resource'),
  screen('settings', 'settings/admin/SettingsPage.tsx', 'Settings', 'settings'),
  { ...screen('emails', 'settings/admin/EmailsPage.tsx', 'Emails', 'settings'), evaluates: true },
  // Under Settings by its address, but finance's: they import the statements (Settings is administrators' only).
  screen('settings/statement-formats', 'settings/admin/StatementFormatsPage.tsx', 'Statement formats', 'payments'),
  ...contentScreens('tenders', 'opportunities/admin', 'Tender', 'Tenders', 'Tender'),
  screen('messages', 'contact/admin/MessagesPage.tsx', 'Messages', 'messages'),
  ...contentScreens('speakers', 'speakers/admin', 'Speaker', 'Speakers', 'Speaker'),
  ...contentScreens('programme', 'program/admin', 'Session', 'Programme', 'Programme session'),
  ...contentScreens('sponsors', 'sponsors/admin', 'Sponsor', 'Sponsors', 'Sponsor'),
  screen('certificates', 'certificates/admin/CertificatesPage.tsx', 'CPD certificates', 'certificates'),
  screen('certificates/settings', 'certificates/admin/CpdSettingsPage.tsx', 'CPD settings', 'certificates', null),
  screen('evaluations', 'certificates/admin/EvaluationsPage.tsx', 'Evaluations', 'certificates'),
  // What was submitted, the committee's table and decisions (reached from it: the call, assigning reviewers).
  screen('abstracts', 'abstracts/admin/AbstractsAdminPage.tsx', 'Abstracts', 'abstracts'),
  // A reviewer's own screen (administrators' too: the rules let them review).
  screen('reviews', 'abstracts/admin/ReviewsPage.tsx', 'Reviews', 'reviews'),
  // The call's dates, tracks, limits, guidelines and criteria: the site's settings, so administrators'.
  screen('abstracts/call', 'abstracts/admin/CallSettingsPage.tsx', 'Call for abstracts', 'settings', null),
  screen('abstracts/assign', 'abstracts/admin/AssignPage.tsx', 'Assign reviewers', 'abstracts:assign', null),
  // The accepted abstracts' public copies: published, placed in programme sessions, unpublished.
  screen('abstracts/programme', 'abstracts/admin/ProgrammePage.tsx', 'Abstracts in the programme', 'abstracts:publish'),
  // The public abstract book's PDF, regenerated on demand: its record is the site's settings, so administrators'.
  screen('abstracts/book', 'abstracts/admin/BookPdfPage.tsx', 'Abstract book', 'settings'),
  screen('data-requests', 'data-requests/admin/DataRequestsPage.tsx', 'Data requests', 'data-requests'),
  screen('archive', 'archive/admin/ArchivePage.tsx', 'Archive', 'archive'),
  screen('files', 'files/admin/UnusedFilesPage.tsx', 'Unused files', 'files:unused'),
];

/** The screens in `role`'s menu, in order. */
export const menuFor = (role: Role) => ADMIN_SCREENS.filter((s) => s.menu && (!s.needs || can(role, s.needs)));

/** The screen a route id renders (undefined for a route not declared here). */
export function adminScreen(routeId: string | undefined): AdminScreen | undefined {
  return ADMIN_SCREENS.find((s) => s.id === routeId);
}

/** The document title of a back-office screen. */
export const adminTitle = (title: string) => `${title} | Summit back office`;
