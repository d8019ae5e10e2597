// The Settings form over settings/site (SiteSettings, which every public page reads): the form's
// shape and validation, the conversions both ways, and which fields a save changes.
import { z } from 'zod';
import { RESPONSE_DAYS_BOUNDS, responseDays } from '../../../content/response-days.ts';
import { keepsRetentionNotice, RETENTION_MONTHS_BOUNDS, RETENTION_NOTICE_DAYS, retentionEndsAt, retentionMonths } from '../../../content/retention.ts';
import { DEFAULT_SETTINGS } from '../../../content/site.ts';
import type { SiteSettings } from '../../../data/site-settings-schema.ts';
import { registrationBlockers } from '../../../data/go-live.ts';
import { formatDate, fromNairobiDateTime, toNairobiDate, toNairobiDateTime } from '../../../lib/nairobi-time.ts';
import { MAX_SUMMIT_DAYS, summitDays } from '../../../data/certificates.ts';
import { kraPinField, withWebScheme } from '../../../lib/validation.ts';

export const SOCIAL_KEYS = ['tiktok', 'instagram', 'twitter', 'facebook', 'youtube'] as const;

/** Payment instructions shown at checkout, on invoices and on /donate. */
export const PAYMENT_FIELDS = [
  ['mobileMoneyProvider', 'Mobile money provider'],
  ['mobileMoneyPaybill', 'Paybill number'],
  ['bankName', 'Bank name'],
  ['bankAccountName', 'Account name'],
  ['bankAccountNumber', 'Account number'],
  ['bankBranch', 'Branch'],
  ['bankSwift', 'SWIFT code'],
] as const;
type PaymentKey = (typeof PAYMENT_FIELDS)[number][0];

const text = (label: string, max: number, min = 0) =>
  z.string().trim().min(min, `Enter the ${label}.`).max(max, `The ${label} must be at most ${max} characters.`);
const number = (label: string, min: number, max: number) =>
  z
    .number({ error: `Enter the ${label} as a number.` })
    .int(`Enter the ${label} as a whole number.`)
    .min(min, `The ${label} must be at least ${min}.`)
    .max(max, `The ${label} must be at most ${max.toLocaleString('en-GB')}.`);
const url = (label: string) =>
  z
    .string()
    .transform(withWebScheme) // a bare domain means https://
    .pipe(
      z
        .string()
        .max(300, `The ${label} must be at most 300 characters.`)
        .refine((v) => v === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/.test(v), `Enter the ${label}, like www.example.org, or leave it empty.`),
    );
const dateTime = (label: string) => z.string().refine((v) => v === '' || fromNairobiDateTime(v) !== null, `Enter the ${label} as a date and time.`);
const lines = (v: string) =>
  v
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** One registration category, partner tier or booth type. `benefits` (one per line) is for tiers. */
const feeOption = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'Use 1 to 40 lower-case letters, digits or hyphens, like "early-bird".'),
  label: text('name', 80, 1),
  fee: number('fee', 0, 100_000_000),
  benefits: z.string().max(2000, 'Keep the benefits to 2000 characters.'),
});
export type FeeOptionRow = z.infer<typeof feeOption>;
export const FEE_LISTS = ['categories', 'partnerTiers', 'boothTypes'] as const;
export type FeeList = (typeof FEE_LISTS)[number];

/** The public site's address, which every email's links start with: an origin, no path. */
const siteAddress = z
  .string()
  .trim()
  .max(200, 'The site address must be at most 200 characters.')
  .transform((v) => v.replace(/\/+$/, ''))
  .refine((v) => /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(v), 'Enter the public site address alone, like https://summit.example.org (no page after it).');

export const settingsFormSchema = z
  .object({
    summitName: text('summit name', 200, 1),
    siteUrl: siteAddress,
    tagline: text('tagline', 300),
    startDate: dateTime('start'),
    endDate: dateTime('end'),
    venue: text('venue', 200),
    registrationOpen: z.boolean(),
    capacity: number('capacity', 0, 1_000_000),
    unpaidHoldHours: number('unpaid hold', 1, 720),
    holdReminderHours: number('reminder time', 0, 719),
    offerHours: number('offer time', 1, 720),
    dataRequestDays: number('response time', RESPONSE_DAYS_BOUNDS.min, RESPONSE_DAYS_BOUNDS.max),
    retentionMonths: number('months personal data is kept', RETENTION_MONTHS_BOUNDS.min, RETENTION_MONTHS_BOUNDS.max),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Enter a three-letter currency code, like KES.'),
    categories: z.array(feeOption).min(1, 'Add at least one registration category.'),
    partnerTiers: z.array(feeOption),
    boothTypes: z.array(feeOption),
    contactPhone: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\+?[0-9 ()-]{7,20}$/.test(v), 'Enter a phone number with 7 to 20 digits, like +254 20 000 0000.'),
    contactEmails: z.string().superRefine((v, ctx) => {
      const bad = lines(v).find((e) => !z.email().safeParse(e).success);
      if (bad) ctx.addIssue({ code: 'custom', message: `“${bad}” is not an email address. Put one address on each line.` });
    }),
    social: z.object(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, url('link')])) as Record<(typeof SOCIAL_KEYS)[number], ReturnType<typeof url>>),
    instituteName: text('institute name', 160, 1),
    instituteUrl: url('institute website'),
    instituteAddress: text('address', 300),
    instituteKraPin: kraPinField(),
    ministryUrl: url('ministry website'),
    payment: z.object(
      Object.fromEntries(PAYMENT_FIELDS.map(([k, label]) => [k, text(label.toLowerCase(), 120)])) as Record<PaymentKey, ReturnType<typeof text>>,
    ),
    invoicePrefix: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9/-]{1,20}$/, 'Use 1 to 20 letters, digits, hyphens or slashes, like INV-2027-.'),
    invoiceStartNumber: number('first invoice number', 1, 999_999),
    policies: z.object({
      services: text('services text', 6000, 1),
      refunds: text('refund policy', 3000, 1),
      accessibility: text('accessibility text', 3000, 1),
    }),
  })
  .superRefine((f, ctx) => {
    const start = fromNairobiDateTime(f.startDate);
    const end = fromNairobiDateTime(f.endDate);
    if (start && end && end < start) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The summit must end after it starts.' });
    // Its days are saved as a list the rules read (summitDays), which holds at most MAX_SUMMIT_DAYS.
    else if (start && end && summitDays(start, end).at(-1) !== toNairobiDate(end))
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: `The summit can last at most ${MAX_SUMMIT_DAYS} days.` });
    // The reminder goes out before the hold ends, so it must come at least an hour before the end.
    if (Number.isInteger(f.holdReminderHours) && Number.isInteger(f.unpaidHoldHours) && f.unpaidHoldHours >= 1 && f.holdReminderHours >= f.unpaidHoldHours)
      ctx.addIssue({
        code: 'custom',
        path: ['holdReminderHours'],
        message: `The reminder must come before the hold ends: at most ${Math.max(0, f.unpaidHoldHours - 1)} hours before, or 0 for no reminder.`,
      });
    for (const list of FEE_LISTS) {
      const seen = new Set<string>();
      f[list].forEach((row, i) => {
        if (seen.has(row.key))
          ctx.addIssue({ code: 'custom', path: [list, i, 'key'], message: `The key "${row.key}" is already used above: each needs its own.` });
        seen.add(row.key);
      });
    }
  });

export type SettingsForm = z.infer<typeof settingsFormSchema>;

const asText = (v: unknown) => (typeof v === 'string' ? v : '');
const asNumber = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const asDate = (v: unknown) => (v instanceof Date ? toNairobiDateTime(v) : '');

function toRows(options: unknown): FeeOptionRow[] {
  if (!options || typeof options !== 'object') return [];
  return Object.entries(options as Record<string, { label?: unknown; fee?: unknown; benefits?: unknown }>).map(([key, o]) => ({
    key,
    label: asText(o?.label),
    fee: asNumber(o?.fee, 0),
    benefits: Array.isArray(o?.benefits) ? o.benefits.map(String).join('\n') : '',
  }));
}

/** settings/site as stored (null when it does not exist yet) → the form's values. */
export function toFormValues(stored: Record<string, unknown> | null): SettingsForm {
  const s = { ...DEFAULT_SETTINGS, ...(stored ?? {}) } as Record<string, unknown> & SiteSettings;
  const map = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
  return {
    summitName: asText(s.summitName),
    siteUrl: asText(s.siteUrl),
    tagline: asText(s.tagline),
    startDate: asDate(s.startDate),
    endDate: asDate(s.endDate),
    venue: asText(s.venue),
    registrationOpen: s.registrationOpen === true,
    capacity: asNumber(s.capacity, 0),
    unpaidHoldHours: asNumber(s.unpaidHoldHours, DEFAULT_SETTINGS.unpaidHoldHours),
    holdReminderHours: asNumber(s.holdReminderHours, DEFAULT_SETTINGS.holdReminderHours),
    offerHours: asNumber(s.offerHours, DEFAULT_SETTINGS.offerHours),
    dataRequestDays: responseDays(s),
    retentionMonths: retentionMonths(s),
    currency: asText(s.currency),
    categories: toRows(s.categories),
    partnerTiers: toRows(s.partnerTiers),
    boothTypes: toRows(s.boothTypes),
    contactPhone: asText(s.contactPhone),
    contactEmails: Array.isArray(s.contactEmails) ? s.contactEmails.map(String).join('\n') : '',
    social: Object.fromEntries(SOCIAL_KEYS.map((k) => [k, asText(map(s.social)[k])])) as SettingsForm['social'],
    instituteName: asText(s.instituteName),
    instituteUrl: asText(s.instituteUrl),
    instituteAddress: asText(s.instituteAddress),
    instituteKraPin: asText(s.instituteKraPin),
    ministryUrl: asText(s.ministryUrl),
    payment: Object.fromEntries(PAYMENT_FIELDS.map(([k]) => [k, asText(map(s.payment)[k])])) as SettingsForm['payment'],
    invoicePrefix: asText(s.invoicePrefix),
    invoiceStartNumber: asNumber(s.invoiceStartNumber, 1),
    // Each falls back to the product's wording, so a page is never left without it.
    policies: {
      services: asText(map(s.policies).services) || DEFAULT_SETTINGS.policies.services,
      refunds: asText(map(s.policies).refunds) || DEFAULT_SETTINGS.policies.refunds,
      accessibility: asText(map(s.policies).accessibility) || DEFAULT_SETTINGS.policies.accessibility,
    },
  };
}

const nonEmpty = (o: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(o)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );

function toOptions(rows: FeeOptionRow[], withBenefits: boolean) {
  return Object.fromEntries(
    rows.map((r) => [r.key, withBenefits ? { label: r.label, fee: r.fee, benefits: lines(r.benefits) } : { label: r.label, fee: r.fee }]),
  );
}

/** The form's values → settings/site, in the SiteSettings shape public pages read. */
export function toSettingsDocument(
  f: SettingsForm,
): Omit<SiteSettings, 'social' | 'payment'> & { social: Record<string, string>; payment: Record<string, string> } {
  return {
    summitName: f.summitName,
    siteUrl: f.siteUrl,
    tagline: f.tagline,
    startDate: fromNairobiDateTime(f.startDate),
    endDate: fromNairobiDateTime(f.endDate),
    summitDays: summitDays(fromNairobiDateTime(f.startDate), fromNairobiDateTime(f.endDate)),
    venue: f.venue,
    registrationOpen: f.registrationOpen,
    capacity: f.capacity,
    unpaidHoldHours: f.unpaidHoldHours,
    holdReminderHours: f.holdReminderHours,
    offerHours: f.offerHours,
    dataRequestDays: f.dataRequestDays,
    retentionMonths: f.retentionMonths,
    currency: f.currency,
    categories: toOptions(f.categories, false),
    partnerTiers: toOptions(f.partnerTiers, true),
    boothTypes: toOptions(f.boothTypes, false),
    contactPhone: f.contactPhone,
    contactEmails: lines(f.contactEmails),
    social: nonEmpty(f.social),
    instituteName: f.instituteName,
    instituteUrl: f.instituteUrl,
    instituteAddress: f.instituteAddress,
    instituteKraPin: f.instituteKraPin,
    ministryUrl: f.ministryUrl,
    payment: nonEmpty(f.payment),
    invoicePrefix: f.invoicePrefix,
    invoiceStartNumber: f.invoiceStartNumber,
    policies: f.policies,
  };
}

/** How the activity log names each field ("Updated settings: capacity, venue"). */
export const FIELD_NAMES: Record<keyof SettingsForm, string> = {
  summitName: 'summit name',
  siteUrl: 'public site address',
  tagline: 'tagline',
  startDate: 'start date',
  endDate: 'end date',
  venue: 'venue',
  registrationOpen: 'registration open',
  capacity: 'capacity',
  unpaidHoldHours: 'unpaid hold',
  holdReminderHours: 'hold reminder',
  offerHours: 'offer time',
  dataRequestDays: 'data request response time',
  retentionMonths: 'personal data keeping time',
  currency: 'currency',
  categories: 'registration categories',
  partnerTiers: 'partner tiers',
  boothTypes: 'booth types',
  contactPhone: 'contact phone',
  contactEmails: 'contact emails',
  social: 'social links',
  instituteName: 'institute name',
  instituteUrl: 'institute website',
  instituteAddress: 'institute address',
  instituteKraPin: 'institute KRA PIN',
  ministryUrl: 'ministry website',
  payment: 'payment instructions',
  invoicePrefix: 'invoice prefix',
  invoiceStartNumber: 'invoice start number',
  policies: 'public policies',
};

/** Order-independent comparison: Firestore returns maps with their keys sorted. */
function stable(v: unknown): string {
  if (v instanceof Date) return `date:${v.toISOString()}`;
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * The settings/site fields a save changes, comparing both sides after the same conversion (so a
 * field the admin did not touch never counts as changed), and the values to write for them.
 */
export function settingsChanges(before: SettingsForm, after: SettingsForm) {
  const [was, now] = [toSettingsDocument(before), toSettingsDocument(after)];
  // summitDays follows the dates (not a field of the form), and goes with every save: a document
  // saved before it existed gains it, as the rules refuse settings/site without it.
  const fields = (Object.keys(now) as Array<keyof typeof now>).filter((k): k is keyof SettingsForm => k !== 'summitDays' && stable(was[k]) !== stable(now[k]));
  return {
    fields,
    data: { ...Object.fromEntries(fields.map((k) => [k, now[k]])), summitDays: now.summitDays } as Record<string, unknown>,
    log: `Updated settings: ${
      fields
        .map((k) => FIELD_NAMES[k])
        .sort()
        .join(', ') || "the summit's days"
    }`,
  };
}

/**
 * Whether a stored settings/site lacks the summitDays its dates give (saved before the rules read
 * them, or written by hand): then a save with no field changed still writes them, so "save Settings
 * once" after deploying is all it takes for check-ins and certificates to find the summit's days.
 */
export function summitDaysStale(stored: Record<string, unknown> | null): boolean {
  return !!stored && stable(stored.summitDays ?? null) !== stable(toSettingsDocument(toFormValues(stored)).summitDays);
}

/**
 * Why this save may not open registration, or null. Registration cannot be switched on, nor its
 * payment details changed while it is on, while payers would be told to pay into a demo or missing
 * Paybill or account (data/go-live.ts). A save that touches neither is never refused, so staff can
 * still edit the rest of a demo project.
 */
export function registrationOpeningRefusal(before: SettingsForm, after: SettingsForm): string | null {
  if (!after.registrationOpen) return null;
  const { fields } = settingsChanges(before, after);
  if (before.registrationOpen && !fields.includes('payment')) return null;
  const blockers = registrationBlockers(toSettingsDocument(after));
  if (!blockers.length) return null;
  const names = blockers.map((b) => b.field).join(', ');
  return `Registration cannot be open while payment details are demo values or missing (${names}): payers would be told to pay into them. Fill them in under Payment instructions, or leave registration closed.`;
}

const keeping = (f: Pick<SettingsForm, 'endDate' | 'retentionMonths'>) => ({ endDate: fromNairobiDateTime(f.endDate), retentionMonths: f.retentionMonths });

/** "… anonymised from 5 March 2029.": when the form's values would start anonymising (or that it waits for an end date). */
export function retentionHint(f: Pick<SettingsForm, 'endDate' | 'retentionMonths'>): string {
  const ends = retentionEndsAt(keeping(f));
  return ends ? `With these values, attendees' personal data is anonymised from ${formatDate(ends)}.` : 'Anonymising waits for the summit’s end date.';
}

/**
 * Why a save may not move the keeping time (firestore.rules retentionKept refuses the same): it
 * would start anonymising within the week's notice the overview gives, and sooner than before.
 */
export function retentionRefusal(before: SettingsForm, after: SettingsForm, now = new Date()): string | null {
  if (keepsRetentionNotice(keeping(before), keeping(after), now)) return null;
  const ends = retentionEndsAt(keeping(after)) as Date;
  return `This would start anonymising attendees' personal data on ${formatDate(ends)}, less than ${RETENTION_NOTICE_DAYS} days from now: the overview lists what will be anonymised a week ahead. Keep it longer, or leave the end date as it was.`;
}
