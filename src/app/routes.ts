// The one route table: every public and admin route of SPEC section 2. Each page is its own lazily
// loaded chunk. The preview server and firebase.json's rewrites are derived from this file.
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

const info = (path: string, id: string) => route(path, '../features/pages/InfoPage.tsx', { id });
// A staff-managed collection: its list, /add and /{id} (edit), in features/<folder>/.
const editable = (path: string, folder: string, noun: string) => [
  route(path, `../features/${folder}/${noun}ListPage.tsx`),
  route(`${path}/add`, `../features/${folder}/${noun}EditorPage.tsx`, { id: `${path}-add` }),
  route(`${path}/:id`, `../features/${folder}/${noun}EditorPage.tsx`, { id: `${path}-edit` }),
];

export default [
  layout('layouts/PublicLayout.tsx', [
    index('../features/home/HomePage.tsx'),
    route('about', '../features/about/AboutPage.tsx'),
    route('contact', '../features/contact/ContactPage.tsx', { id: 'contact' }),
    route('contact-us', '../features/contact/ContactPage.tsx', { id: 'contact-us' }),
    route('register', '../features/registrations/RegisterPage.tsx'),
    route('partnerships', '../features/partners/PartnershipsPage.tsx'),
    route('program', '../features/program/ProgramPage.tsx'),
    route('resources', '../features/resources/ResourcesPage.tsx'),
    route('awareness', '../features/publications/PublicationListPage.tsx', { id: 'awareness' }),
    route('blogs', '../features/publications/PublicationListPage.tsx', { id: 'blogs' }),
    route('blogs/:slug', '../features/publications/ArticlePage.tsx'),
    route('careers', '../features/opportunities/CareersPage.tsx'),
    route('careers/:slug', '../features/opportunities/JobPage.tsx'),
    route('checkout', '../features/payments/CheckoutLookupPage.tsx'),
    route('checkout/:id', '../features/payments/CheckoutPage.tsx'),
    route('donate', '../features/donations/DonatePage.tsx'),
    route('events', '../features/events/EventsPage.tsx'),
    info('faq', 'faq'),
    info('privacy-policy', 'privacy'),
    route('research', '../features/publications/PublicationListPage.tsx', { id: 'research' }),
    info('services', 'services'),
    route('tenders', '../features/opportunities/TendersPage.tsx'),
    info('terms-and-conditions', 'terms'),
    info('work-with-us', 'work-with-us'),
    route('login', '../features/auth/LoginPage.tsx', { id: 'login' }),
    route('admin-login', '../features/auth/LoginPage.tsx', { id: 'admin-login' }),
    route('admin-login/action', '../features/auth/AuthActionPage.tsx', { id: 'admin-login-action' }),
    route('*', '../features/pages/NotFoundPage.tsx'),
  ]),
  route('admin', 'layouts/AdminLayout.tsx', [
    index('../features/overview/OverviewPage.tsx'),
    route('registrations', '../features/registrations/admin/RegistrationsPage.tsx'),
    route('registrations/:collection/:id', '../features/registrations/admin/RegistrationDetailPage.tsx'),
    route('check-in', '../features/registrations/admin/CheckInPage.tsx'),
    route('messages', '../features/contact/admin/MessagesPage.tsx'),
    route('payments', '../features/payments/admin/PaymentsPage.tsx'),
    route('invoice-generator', '../features/invoices/InvoiceGeneratorPage.tsx'),
    ...editable('publications', 'publications/admin', 'Publication'),
    route('logs', '../features/logs/LogsPage.tsx'),
    route('users', '../features/staff/UsersPage.tsx'),
    ...editable('events', 'events/admin', 'Event'),
    ...editable('jobs', 'opportunities/admin', 'Job'),
    ...editable('procurement', 'procurement', 'Procurement'),
    ...editable('resources', 'resources/admin', 'Resource'),
    route('settings', '../features/settings/SettingsPage.tsx'),
    route('emails', '../features/settings/EmailsPage.tsx'),
    ...editable('tenders', 'opportunities/admin', 'Tender'),
    ...editable('speakers', 'speakers/admin', 'Speaker'),
    ...editable('programme', 'program/admin', 'Session'),
    ...editable('sponsors', 'sponsors/admin', 'Sponsor'),
    route('archive', '../features/archive/ArchivePage.tsx'),
  ]),
] satisfies RouteConfig;
