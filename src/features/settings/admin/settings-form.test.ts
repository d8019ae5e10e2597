import { describe, expect, it } from 'vitest';
import { demoDocuments } from '../../../../emulator/seed/demo-data.ts';
import { toNairobiDateTime } from '../../../lib/nairobi-time.ts';
import {
  registrationOpeningRefusal,
  settingsChanges,
  settingsFormSchema,
  summitDaysStale,
  toFormValues,
  toSettingsDocument,
  type SettingsForm,
} from './settings-form.ts';

const seed = new Map(demoDocuments(new Date('2027-01-01T00:00:00Z'))).get('settings/site')!;
const form = () => toFormValues(seed);
const problems = (values: SettingsForm) => {
  const r = settingsFormSchema.safeParse(values);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('settings form', () => {
  it('the seeded settings pass validation and come back unchanged: every field public pages read', () => {
    expect(problems(form())).toEqual([]);
    expect(toSettingsDocument(settingsFormSchema.parse(form()))).toEqual(seed);
  });

  it('dates are edited in Nairobi time', () => {
    expect(form().startDate).toMatch(/T09:00$/);
  });

  it('a save names and writes only the fields that changed, in the log’s words', () => {
    const after = { ...form(), venue: 'Safari Park Hotel, Nairobi', capacity: 1500 };
    const changes = settingsChanges(form(), settingsFormSchema.parse(after));
    expect(changes.fields.sort()).toEqual(['capacity', 'venue']);
    // The summit's days go with every save (a document saved before they existed gains them).
    expect(changes.data).toEqual({ venue: 'Safari Park Hotel, Nairobi', capacity: 1500, summitDays: expect.any(Array) });
    expect(changes.log).toBe('Updated settings: capacity, venue');
  });

  it('nothing changed is nothing to write, even though maps come back with their keys in another order', () => {
    const reordered = { ...form(), categories: [...form().categories].reverse() };
    expect(settingsChanges(form(), settingsFormSchema.parse(reordered)).fields).toEqual([]);
  });

  it('a removed category, a new tier benefit or a cleared social link replaces that whole map', () => {
    const f = form();
    const after = { ...f, categories: f.categories.filter((c) => c.key !== 'student'), social: { ...f.social, tiktok: '' } };
    const { data } = settingsChanges(f, settingsFormSchema.parse(after));
    expect(Object.keys(data.categories as object)).not.toContain('student');
    expect(data.social).not.toHaveProperty('tiktok');
  });

  it('takes a bare domain as https://', () => {
    const parsed = settingsFormSchema.parse({ ...form(), social: { ...form().social, youtube: 'youtube.com/@ncisummit' }, instituteUrl: 'www.nci.go.ke' });
    expect(parsed.social.youtube).toBe('https://youtube.com/@ncisummit');
    expect(parsed.instituteUrl).toBe('https://www.nci.go.ke');
  });

  it('refuses what public pages could not use, naming the field', () => {
    const f = form();
    const bad: SettingsForm = {
      ...f,
      summitName: ' ',
      endDate: '2020-01-01T09:00',
      capacity: Number.NaN,
      currency: 'shillings',
      categories: [...f.categories, { key: 'delegate', label: 'Again', fee: 1, benefits: '' }],
      boothTypes: [{ key: 'Big Booth', label: '', fee: -5, benefits: '' }],
      contactEmails: 'info@summit.example.org\nnot-an-address',
      social: { ...f.social, youtube: 'youtube channel' },
      invoiceStartNumber: 0,
    };
    expect(problems(bad)).toEqual(
      expect.arrayContaining([
        ['summitName', 'Enter the summit name.'],
        ['capacity', 'Enter the capacity as a number.'],
        ['currency', 'Enter a three-letter currency code, like KES.'],
        ['boothTypes.0.key', 'Use 1 to 40 lower-case letters, digits or hyphens, like "early-bird".'],
        ['boothTypes.0.label', 'Enter the name.'],
        ['boothTypes.0.fee', 'The fee must be at least 0.'],
        ['contactEmails', '“not-an-address” is not an email address. Put one address on each line.'],
        ['social.youtube', 'Enter the link, like www.example.org, or leave it empty.'],
        ['invoiceStartNumber', 'The first invoice number must be at least 1.'],
      ]),
    );
    // Cross-field checks run once the fields themselves are valid.
    const crossed = { ...f, endDate: '2020-01-01T09:00', categories: [...f.categories, { key: 'delegate', label: 'Again', fee: 1, benefits: '' }] };
    expect(problems(crossed)).toEqual([
      ['endDate', 'The summit must end after it starts.'],
      [`categories.${f.categories.length}.key`, 'The key "delegate" is already used above: each needs its own.'],
    ]);
    expect(problems({ ...f, categories: [] })).toEqual([['categories', 'Add at least one registration category.']]);
  });

  it('a missing settings document gives the defaults to start from', () => {
    const blank = toFormValues(null);
    expect(blank.summitName).toBe('National Cancer Summit');
    expect(blank.categories).toEqual([]);
  });
});

describe('the seat times', () => {
  it('an unpaid hold and an offer last 1 to 720 hours, whole hours', () => {
    expect(problems({ ...form(), unpaidHoldHours: 0 })).toEqual([['unpaidHoldHours', 'The unpaid hold must be at least 1.']]);
    expect(problems({ ...form(), unpaidHoldHours: 721 })).toEqual([['unpaidHoldHours', 'The unpaid hold must be at most 720.']]);
    expect(problems({ ...form(), offerHours: 0 })).toEqual([['offerHours', 'The offer time must be at least 1.']]);
    expect(problems({ ...form(), offerHours: 1.5 })).toEqual([['offerHours', 'Enter the offer time as a whole number.']]);
    expect(problems({ ...form(), offerHours: Number.NaN })).toEqual([['offerHours', 'Enter the offer time as a number.']]);
    expect(problems({ ...form(), unpaidHoldHours: 720, offerHours: 720, holdReminderHours: 719 })).toEqual([]);
  });

  it('the reminder comes before the hold ends: 0 (none) up to an hour before', () => {
    expect(problems({ ...form(), unpaidHoldHours: 24, holdReminderHours: 0 })).toEqual([]);
    expect(problems({ ...form(), unpaidHoldHours: 24, holdReminderHours: 23 })).toEqual([]);
    expect(problems({ ...form(), unpaidHoldHours: 24, holdReminderHours: 24 })).toEqual([
      ['holdReminderHours', 'The reminder must come before the hold ends: at most 23 hours before, or 0 for no reminder.'],
    ]);
    expect(problems({ ...form(), holdReminderHours: -1 })).toEqual([['holdReminderHours', 'The reminder time must be at least 0.']]);
  });

  it('are read from the settings (or the defaults) and saved and logged like the rest', () => {
    expect(form()).toMatchObject({
      unpaidHoldHours: seed.unpaidHoldHours ?? 72,
      holdReminderHours: seed.holdReminderHours ?? 24,
      offerHours: seed.offerHours ?? 48,
    });
    expect(toFormValues(null)).toMatchObject({ unpaidHoldHours: 72, holdReminderHours: 24, offerHours: 48 });
    const changes = settingsChanges(form(), settingsFormSchema.parse({ ...form(), unpaidHoldHours: 48, offerHours: 24 }));
    expect(changes.data).toEqual({ unpaidHoldHours: 48, offerHours: 24, summitDays: expect.any(Array) });
    expect(changes.log).toBe('Updated settings: offer time, unpaid hold');
  });
});

describe('the public site address', () => {
  const base = toFormValues(new Map(demoDocuments()).get('settings/site')!);
  const check = (siteUrl: string) => settingsFormSchema.safeParse({ ...base, siteUrl });
  it.each(['https://summit.example.org', 'http://localhost:5173', 'https://summit.example.org/'])('accepts %s (stored without a trailing slash)', (v) => {
    const parsed = check(v);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.siteUrl).toBe(v.replace(/\/$/, ''));
  });
  it.each(['', 'summit.example.org', 'https://summit.example.org/register', 'javascript:alert(1)', 'https://evil.example?x=1', 'https://a b.org'])(
    'refuses %j',
    (v) => {
      expect(check(v).success).toBe(false);
    },
  );
});

describe('opening registration while payment details are placeholders', () => {
  const REAL = {
    mobileMoneyProvider: 'M-Pesa',
    mobileMoneyPaybill: '522533',
    bankName: 'Kenya Commercial Bank',
    bankAccountName: 'National Cancer Institute of Kenya',
    bankAccountNumber: '1234567890',
    bankBranch: 'Moi Avenue',
    bankSwift: 'KCBLKENX',
  };
  const closed = () => ({ ...form(), registrationOpen: false });

  it('refuses switching registration on with the demo Paybill and account, naming them', () => {
    const refusal = registrationOpeningRefusal(closed(), { ...closed(), registrationOpen: true });
    expect(refusal).toMatch(/^Registration cannot be open while payment details are demo values or missing \(Paybill number, Account number/);
  });

  it('allows switching it on once the payment details are real, in the same save', () => {
    expect(registrationOpeningRefusal(closed(), { ...closed(), registrationOpen: true, payment: REAL })).toBeNull();
  });

  it('refuses one placeholder left among real details, and an emptied one', () => {
    expect(registrationOpeningRefusal(closed(), { ...closed(), registrationOpen: true, payment: { ...REAL, bankAccountNumber: '0000000000' } })).toMatch(
      /\(Account number\)/,
    );
    expect(registrationOpeningRefusal(closed(), { ...closed(), registrationOpen: true, payment: { ...REAL, mobileMoneyPaybill: '  ' } })).toMatch(
      /\(Paybill number\)/,
    );
  });

  it('refuses changing the payment details to placeholders while registration is open', () => {
    const open = { ...form(), registrationOpen: true, payment: REAL };
    expect(registrationOpeningRefusal(open, { ...open, payment: { ...REAL, mobileMoneyPaybill: 'DEMO 123' } })).toMatch(/Paybill number/);
  });

  it('never refuses closing registration, or a save that touches neither registration nor payment', () => {
    const openDemo = { ...form(), registrationOpen: true };
    expect(registrationOpeningRefusal(openDemo, { ...openDemo, registrationOpen: false })).toBeNull();
    expect(registrationOpeningRefusal(openDemo, { ...openDemo, venue: 'Safari Park Hotel' })).toBeNull();
    expect(registrationOpeningRefusal(closed(), { ...closed(), venue: 'Safari Park Hotel' })).toBeNull();
  });
});

describe("the summit's days", () => {
  it('are saved from the dates, Nairobi days first to last (20:59:59Z is the day before, 21:00:00Z the day itself)', () => {
    const f = settingsFormSchema.parse({ ...form(), startDate: toNairobiDateTime(new Date('2027-03-09T21:00:00Z')), endDate: '2027-03-12T17:00' });
    expect(toSettingsDocument(f).summitDays).toEqual(['2027-03-10', '2027-03-11', '2027-03-12']);
    const late = settingsFormSchema.parse({ ...f, startDate: toNairobiDateTime(new Date('2027-03-09T20:59:00Z')) });
    expect(toSettingsDocument(late).summitDays[0]).toBe('2027-03-09');
  });

  it('refuse a summit longer than the 31 days the rules can check; 31 are fine', () => {
    expect(settingsFormSchema.safeParse({ ...form(), startDate: '2027-03-01T09:00', endDate: '2027-03-31T17:00' }).success).toBe(true);
    const long = settingsFormSchema.safeParse({ ...form(), startDate: '2027-03-01T09:00', endDate: '2027-04-01T09:00' });
    expect(long.success).toBe(false);
    expect(long.error?.issues.map((i) => i.message)).toContain('The summit can last at most 31 days.');
  });
});

describe("the stored summit's days", () => {
  const stored = { ...new Map(demoDocuments()).get('settings/site')! };
  it('are stale when missing or not those the dates give, and current as the settings form saves them', () => {
    expect(summitDaysStale(stored)).toBe(false);
    const { summitDays: _days, ...before } = stored;
    expect(summitDaysStale(before)).toBe(true);
    expect(summitDaysStale({ ...stored, summitDays: ['2020-01-01'] })).toBe(true);
    // Nothing stored yet: the first save writes the whole document anyway.
    expect(summitDaysStale(null)).toBe(false);
  });
});
