// settings/site: everything public pages read that staff can change (issue: "a change shows on
// the public site at once"). The demo seed in emulator/seed/demo-data.ts writes this shape.
export interface FeeOption {
  label: string;
  fee: number;
}

export interface SiteSettings {
  summitName: string;
  /** The public site's address (an origin): where the links in every email point. */
  siteUrl: string;
  tagline: string;
  startDate: Date | null;
  endDate: Date | null;
  /**
   * The summit's days, Nairobi dates from startDate's to endDate's (data/certificates.ts summitDays),
   * saved with the dates: the rules test a check-in's and a certificate's days against it.
   */
  summitDays: string[];
  venue: string;
  registrationOpen: boolean;
  capacity: number;
  /** How long an unpaid registration keeps its seat, in hours (the rules read it). */
  unpaidHoldHours: number;
  /** How long before the hold lapses the attendee is reminded, in hours. */
  holdReminderHours: number;
  /** How long the waiting list's first person has to claim a seat offered to them, in hours. */
  offerHours: number;
  /** The response time the institute commits to for data requests, in days (data-requests.ts responseDays; the rules read it). */
  dataRequestDays?: number;
  /** How many months attendees' personal data is kept after the summit ends (content/retention.ts; the rules read it). */
  retentionMonths?: number;
  currency: string;
  categories: Record<string, FeeOption>;
  partnerTiers: Record<string, FeeOption & { benefits?: string[] }>;
  boothTypes: Record<string, FeeOption>;
  contactPhone: string;
  contactEmails: string[];
  social: Partial<Record<'tiktok' | 'instagram' | 'twitter' | 'facebook' | 'youtube', string>>;
  instituteName: string;
  instituteUrl: string;
  instituteAddress: string;
  /** The institute's KRA PIN (src/lib/kra-pin.ts KRA_PIN_PATTERN), '' until entered: every invoice prints it. */
  instituteKraPin: string;
  ministryUrl: string;
  payment: Record<string, string>;
  invoicePrefix: string;
  invoiceStartNumber: number;
  /** Public copy staff keep true: paragraphs separated by blank lines (see components/CopyText.tsx). */
  policies: SitePolicies;
}

export interface SitePolicies {
  /** /services: each block's first line is its heading. */
  services: string;
  /** The refund policy, in the terms and the FAQ. */
  refunds: string;
  /** What the venue and the organisers offer for accessibility, in the FAQ. */
  accessibility: string;
}
