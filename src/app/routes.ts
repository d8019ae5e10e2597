// The one route table: every public and admin route of SPEC section 2. Each page is its own lazily
// loaded chunk. The preview server and firebase.json's rewrites are derived from this file.
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

const info = (path: string, id: string) => route(path, '../features/pages/InfoPage.tsx', { id });
const adminSection = (path: string, id: string) => route(path, '../features/admin/AdminSectionPage.tsx', { id });

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
    route('research', '../features/publications/PublicationListPage.tsx', { id: 'research' }),
    info('services', 'services'),
    route('tenders', '../features/opportunities/TendersPage.tsx'),
    info('terms-and-conditions', 'terms'),
    info('work-with-us', 'work-with-us'),
    route('login', '../features/auth/LoginPage.tsx', { id: 'login' }),
    route('admin-login', '../features/auth/LoginPage.tsx', { id: 'admin-login' }),
    route('*', '../features/pages/NotFoundPage.tsx'),
  ]),
  route('admin', 'layouts/AdminLayout.tsx', [
    index('../features/admin/OverviewPage.tsx'),
    adminSection('registrations', 'admin-registrations'),
    adminSection('payments', 'admin-payments'),
    adminSection('invoice-generator', 'admin-invoice-generator'),
    adminSection('publications', 'admin-publications'),
    adminSection('publications/add', 'admin-publications-add'),
    adminSection('logs', 'admin-logs'),
    adminSection('users', 'admin-users'),
    adminSection('events', 'admin-events'),
    adminSection('events/add', 'admin-events-add'),
    adminSection('jobs', 'admin-jobs'),
    adminSection('jobs/add', 'admin-jobs-add'),
    adminSection('procurement', 'admin-procurement'),
    adminSection('resources', 'admin-resources'),
    adminSection('resources/add', 'admin-resources-add'),
    adminSection('settings', 'admin-settings'),
    adminSection('tenders', 'admin-tenders'),
    adminSection('tenders/add', 'admin-tenders-add'),
  ]),
] satisfies RouteConfig;
