import type { SiteSettings } from '../data/site-settings-schema.ts';

// Shown while settings/site loads, or if it cannot be read: the page stays useful offline.
export const DEFAULT_SETTINGS: SiteSettings = {
  summitName: 'National Cancer Summit',
  siteUrl: '',
  tagline: 'Prevention, early detection and care for every community',
  startDate: null,
  endDate: null,
  summitDays: [],
  venue: '',
  registrationOpen: false,
  capacity: 0,
  unpaidHoldHours: 72,
  holdReminderHours: 24,
  offerHours: 48,
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
  instituteKraPin: '',
  ministryUrl: 'https://www.health.go.ke',
  payment: {},
  invoicePrefix: 'INV-',
  invoiceStartNumber: 1,
  policies: {
    services: [
      'Screening\nFree cervical, breast and prostate cancer screening at county referral hospitals and outreach camps. Ask at any public health facility for the nearest screening day.',
      'Treatment referral\nRadiotherapy, chemotherapy and surgery are offered at regional cancer centres. Your facility refers you with your results; you do not need an appointment to be referred.',
      'Palliative care and support\nPain relief, counselling and home-based care through palliative care units and partner networks of survivors and caregivers.',
      'The national cancer registry\nPopulation-based data on cancer incidence and survival that guide national planning. Researchers can request anonymised data.',
    ].join('\n\n'),
    refunds:
      'Fees are in Kenyan shillings. Cancellations received 30 days or more before the summit are refunded less bank charges; later cancellations are not refunded, but the registration may be transferred to a colleague. Write to us with your reference to cancel or transfer.',
    accessibility:
      'Tell us your accessibility needs when you register (there is a field for them) and the organisers will contact you about seating, sign language interpretation or other support.',
  },
};

/**
 * The registration category of an accepted abstract's presenting author (issue 39): the decision
 * email and "my abstracts" link /register with it chosen. A settings key like any category's: the
 * demo seed gives it the delegate's fee, and an administrator sets it (or removes it: the link then
 * chooses nothing). Not in DEFAULT_SETTINGS.categories, which stay empty: they stand in only while
 * the settings cannot be read, with registration closed, and a fee there would be an invented one.
 */
export const PRESENTER_CATEGORY = { key: 'presenter', label: 'Abstract presenter' } as const;

export const SOCIAL_LABELS = { tiktok: 'TikTok', instagram: 'Instagram', twitter: 'Twitter/X', facebook: 'Facebook', youtube: 'YouTube' } as const;
