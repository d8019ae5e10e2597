// The one route table: every public and admin route of SPEC section 2. Each page is its own lazily
// loaded chunk. firebase.json's rewrites are derived from this file (scripts/build/hosting-config.ts).
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { ADMIN_SCREENS } from './admin/admin-screens.ts';

const info = (path: string, id: string) => route(path, '../features/pages/InfoPage.tsx', { id });

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
    route('my-registration', '../features/registrations/MyRegistrationPage.tsx'),
    route('abstracts', '../features/abstracts/AbstractsPage.tsx'),
    route('abstracts/:id', '../features/abstracts/PublishedAbstractPage.tsx'),
    route('abstract-book', '../features/abstracts/AbstractBookPage.tsx'),
    route('my-abstracts', '../features/abstracts/MyAbstractsPage.tsx'),
    route('checkout', '../features/payments/CheckoutLookupPage.tsx'),
    route('checkout/:id', '../features/payments/CheckoutPage.tsx'),
    route('certificates/:id', '../features/certificates/VerifyCertificatePage.tsx'),
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
  // The back office: every screen declared once in admin/admin-screens.ts (route, title, capability, menu).
  route(
    'admin',
    'admin/AdminLayout.tsx',
    { id: 'admin' },
    ADMIN_SCREENS.map((s) => (s.path ? route(s.path, s.file, { id: s.id }) : index(s.file, { id: s.id }))),
  ),
] satisfies RouteConfig;
