import type { SiteSettings } from '../data/site-settings-schema.ts';

// Shown while settings/site loads, or if it cannot be read: the page stays useful offline.
export const DEFAULT_SETTINGS: SiteSettings = {
  summitName: 'National Cancer Summit',
  siteUrl: '',
  tagline: 'Prevention, early detection and care for every community',
  startDate: null,
  endDate: null,
  venue: '',
  registrationOpen: false,
  capacity: 0,
  currency: 'KES',
  categories: {},
  partnerTiers: {},
  boothTypes: {},
  contactPhone: '',
  contactEmails: [],
  social: {},
  instituteName: 'National Cancer Institute',
  instituteUrl: 'https://www.nci.go.ke',
  instituteAddress: '',
  ministryUrl: 'https://www.health.go.ke',
  payment: {},
  invoicePrefix: 'INV-',
  invoiceStartNumber: 1,
};

export const PUBLIC_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/program', label: 'Program' },
  { to: '/partnerships', label: 'Partnerships' },
  { to: '/resources', label: 'Resources' },
  { to: '/contact', label: 'Contact' },
  { to: '/register', label: 'Register' },
] as const;

export const GET_INVOLVED_LINKS = [
  { to: '/partnerships', label: 'Partner With Us' },
  { to: '/contact', label: 'Contact Us' },
] as const;

export const FOOTER_LINKS = [
  { to: '/about', label: 'About the summit' },
  { to: '/program', label: 'Programme' },
  { to: '/register', label: 'Register' },
  { to: '/partnerships', label: 'Partnerships' },
  { to: '/resources', label: 'Resources' },
  { to: '/blogs', label: 'News and blogs' },
  { to: '/events', label: 'Events' },
  { to: '/careers', label: 'Careers' },
  { to: '/tenders', label: 'Tenders' },
  { to: '/faq', label: 'FAQ' },
  { to: '/donate', label: 'Donate' },
  { to: '/terms-and-conditions', label: 'Terms and conditions' },
] as const;

export const SOCIAL_LABELS = { tiktok: 'TikTok', instagram: 'Instagram', twitter: 'Twitter/X', facebook: 'Facebook', youtube: 'YouTube' } as const;
