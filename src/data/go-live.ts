// Going live: which settings still hold demo or missing values. One definition of "placeholder",
// read by the Overview (what is left to fill in) and the Settings form (registration may not open
// while payers would be told to pay into a placeholder Paybill or account).
import type { SiteSettings } from './site-settings-schema.ts';

/** Words that mark a value as not real: "DEMO Paybill", "test@summit.test", "summit.example.org". */
const MARKER_WORDS = /(^|[^a-z])(demo|test|sample|placeholder|example|dummy|changeme|tbc|tbd|xxx+)([^a-z]|$)/i;
/** Safaricom's sandbox Paybills and test phone number: real-looking, never a live account. */
const SANDBOX_NUMBERS = new Set(['174379', '600000', '254708374149']);

/**
 * A value nobody should see once the summit is live: empty; marked as demo, test or example; only
 * zeros (a Paybill of 000000) or a long run of them (+254 20 000 0000, P.O. Box 00000-00100; a real
 * postal code such as 00100 is fine); or one of M-Pesa's sandbox numbers.
 */
export function isPlaceholder(value: unknown): boolean {
  if (typeof value !== 'string' || !value.trim()) return true;
  if (MARKER_WORDS.test(value)) return true;
  const digits = value.replace(/\D/g, '');
  return (digits.length > 0 && /^0+$/.test(digits)) || /0{6,}/.test(digits) || SANDBOX_NUMBERS.has(digits);
}

/** The public site's address is missing, local, or not served over https. */
const isPlaceholderSite = (value: unknown) =>
  isPlaceholder(value) || !/^https:\/\//i.test(String(value)) || /^https?:\/\/(localhost|127\.|0\.0\.0\.0|\[::1\])/i.test(String(value));

export interface GoLiveItem {
  /** What is missing, as staff name it. */
  label: string;
  /** Where in Settings it is filled in (the field's label there). */
  field: string;
  /** Whether registration may not open while it is a placeholder (payers would be sent to it). */
  blocksRegistration: boolean;
}

type Check = GoLiveItem & { placeholder: (s: Partial<SiteSettings>) => boolean };

const payment = (s: Partial<SiteSettings>, key: string) => (s.payment ?? {})[key];

const CHECKS: Check[] = [
  { label: 'M-Pesa Paybill number', field: 'Paybill number', blocksRegistration: true, placeholder: (s) => isPlaceholder(payment(s, 'mobileMoneyPaybill')) },
  { label: 'Bank account number', field: 'Account number', blocksRegistration: true, placeholder: (s) => isPlaceholder(payment(s, 'bankAccountNumber')) },
  { label: 'Bank account name', field: 'Account name', blocksRegistration: true, placeholder: (s) => isPlaceholder(payment(s, 'bankAccountName')) },
  { label: 'Bank name', field: 'Bank name', blocksRegistration: true, placeholder: (s) => isPlaceholder(payment(s, 'bankName')) },
  { label: 'Contact phone', field: 'Contact phone', blocksRegistration: false, placeholder: (s) => isPlaceholder(s.contactPhone) },
  {
    label: 'Contact mailboxes',
    field: 'Contact emails, one per line',
    blocksRegistration: false,
    placeholder: (s) => !Array.isArray(s.contactEmails) || s.contactEmails.length === 0 || s.contactEmails.some(isPlaceholder),
  },
  { label: 'Institute postal address', field: 'Institute address', blocksRegistration: false, placeholder: (s) => isPlaceholder(s.instituteAddress) },
  // Every invoice prints it (a Kenyan tax invoice names the seller's PIN); the seed's is all zeros.
  { label: 'Institute KRA PIN', field: 'Institute KRA PIN', blocksRegistration: false, placeholder: (s) => isPlaceholder(s.instituteKraPin) },
  { label: 'Public site address (https)', field: 'Public site address', blocksRegistration: false, placeholder: (s) => isPlaceholderSite(s.siteUrl) },
];

/** What is still demo or missing in settings, in the order Settings shows it. */
export function goLiveGaps(settings: Partial<SiteSettings> | null | undefined): GoLiveItem[] {
  const s = settings ?? {};
  return CHECKS.filter((c) => c.placeholder(s)).map(({ label, field, blocksRegistration }) => ({ label, field, blocksRegistration }));
}

/** The payment details that keep registration closed (empty when it may open). */
export const registrationBlockers = (settings: Partial<SiteSettings> | null | undefined) => goLiveGaps(settings).filter((g) => g.blocksRegistration);
