// The demo seed writes documents by hand; they must be documents the product could have written.
// Each collection with a stored-document schema checks every seeded document of it (archived
// copies included) against that one definition, so a schema change that the seed (or the product's
// stored data) no longer matches fails here rather than on a screen.
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { demoDocuments } from '../../emulator/seed/demo-data.ts';
import { registrationDocumentSchema } from '../../src/features/registrations/schema.ts';
import { partnerDocumentSchema } from '../../src/features/partners/schema.ts';
import { messageDocumentSchema } from '../../src/features/contact/schema.ts';
import { donationDocumentSchema } from '../../src/features/donations/schema.ts';
import { bankFormatFormSchema, statementFormatDocument, toBankFormatInput } from '../../src/data/statement-formats.ts';
import { type BankFormat } from '../../src/data/statement-layouts.ts';
import {
  CERTIFICATE_CSV_COLUMNS,
  CPD_SETTINGS_PATH,
  cpdSettingsGaps,
  dayLabel,
  DEFAULT_CPD_SETTINGS,
  eligibility,
  evaluationId,
  summitDays,
  type CpdSettings,
  type Evaluation,
} from '../../src/data/certificates.ts';
import { toNairobiDate } from '../../src/lib/nairobi-time.ts';

const SCHEMAS: Record<string, ZodType> = {
  registrations: registrationDocumentSchema,
  partners: partnerDocumentSchema,
  messages: messageDocumentSchema,
  donations: donationDocumentSchema,
};

const seeded = (collection: string) => demoDocuments().filter(([path]) => path.startsWith(`${collection}/`) || path.startsWith(`archive/${collection}/items/`));

describe('the demo seed, against each collection’s stored-document schema', () => {
  it.each(Object.keys(SCHEMAS))('every seeded %s document parses', (collection) => {
    const docs = seeded(collection);
    expect(docs.length).toBeGreaterThanOrEqual(2);
    const problems = docs.flatMap(([path, doc]) => {
      const result = SCHEMAS[collection].safeParse(doc);
      return result.success ? [] : [`${path}: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`];
    });
    expect(problems).toEqual([]);
  });

  it('the schemas refuse what a hand-written seed could get wrong', () => {
    const [, registration] = seeded('registrations')[0];
    expect(registrationDocumentSchema.safeParse({ ...registration, status: 'paid' }).success).toBe(false);
    expect(registrationDocumentSchema.safeParse({ ...registration, paymentStatus: 'verified' }).success).toBe(false);
    expect(registrationDocumentSchema.safeParse({ ...registration, currency: 'kes' }).success).toBe(false);
    expect(registrationDocumentSchema.safeParse({ ...registration, fee: -1 }).success).toBe(false);
    const [, partner] = seeded('partners')[0];
    expect(partnerDocumentSchema.safeParse({ ...partner, kind: 'sponsor' }).success).toBe(false);
    expect(partnerDocumentSchema.safeParse({ ...partner, published: 'no' }).success).toBe(false);
    const [, message] = seeded('messages')[0];
    expect(messageDocumentSchema.safeParse({ ...message, status: 'answered' }).success).toBe(false);
    const [, donation] = seeded('donations')[0];
    expect(donationDocumentSchema.safeParse({ ...donation, status: 'paid' }).success).toBe(false);
    expect(donationDocumentSchema.safeParse({ ...donation, amount: 0 }).success).toBe(false);
  });
});

describe('the demo seed’s statement formats', () => {
  it('are what the Statement formats form saves, under the id shape the rules take', () => {
    const docs = seeded('statementFormats');
    expect(docs.length).toBeGreaterThanOrEqual(1);
    for (const [path, doc] of docs) {
      const format = doc as unknown as BankFormat;
      expect(path).toBe(`statementFormats/${format.id}`);
      expect(format.id).toMatch(/^[a-z0-9-]{1,80}$/);
      expect(statementFormatDocument(format.id, bankFormatFormSchema.parse(toBankFormatInput(format)))).toEqual(doc);
    }
  });
});

describe('the demo seed’s CPD certificates', () => {
  const docs = new Map(demoDocuments(new Date('2026-10-01T09:00:00Z')));
  const site = docs.get('settings/site') as { startDate: Date; endDate: Date };
  const days = summitDays(site.startDate, site.endDate);
  const cpd = docs.get(CPD_SETTINGS_PATH) as unknown as CpdSettings;

  it('has complete settings: every field the domain names and no other, two ratings and a text question', () => {
    expect(Object.keys(cpd).sort()).toEqual(Object.keys(DEFAULT_CPD_SETTINGS).sort());
    expect(cpdSettingsGaps(cpd)).toEqual([]);
    expect(cpd).toMatchObject({ pointsPerDay: 6, minDays: 2, requireEvaluation: true, logoUrl: '/demo/logos/institute.png' });
    expect(cpd.questions.map((q) => q.kind)).toEqual(['rating', 'rating', 'text']);
    expect(cpd.exportColumns.every((c) => c in CERTIFICATE_CSV_COLUMNS)).toBe(true);
  });

  it('has the checked-in delegate attending the first two days, with day 1 evaluated: not yet eligible, and why', () => {
    expect(days).toHaveLength(3);
    const registration = docs.get('registrations/demo-registration-6') as {
      status: string;
      email: string;
      attendance: Record<string, Date>;
      checkedInAt: Date;
    };
    expect(registration.status).toBe('checked-in');
    expect(Object.keys(registration.attendance).sort()).toEqual(days.slice(0, 2));
    // Each time on its own Nairobi day, the latest being the last check-in.
    for (const [day, at] of Object.entries(registration.attendance)) expect(toNairobiDate(at)).toBe(day);
    expect(registration.checkedInAt).toEqual(registration.attendance[days[1]]);

    const evaluations = [...docs].filter(([path]) => path.startsWith('evaluations/'));
    expect(evaluations.map(([path]) => path)).toEqual([`evaluations/${evaluationId('demo-registration-6', days[0])}`]);
    const [, evaluation] = evaluations[0] as [string, unknown] as [string, Evaluation];
    expect(evaluation).toMatchObject({ registrationId: 'demo-registration-6', day: days[0], email: registration.email });
    expect(evaluation.answers.map((a) => a.id)).toEqual(cpd.questions.map((q) => q.id));

    const verdict = eligibility(registration, new Set([evaluation.day]), cpd, days);
    expect(verdict.eligible).toBe(false);
    expect(verdict.reasons).toEqual([`No evaluation for ${dayLabel(days[1])}.`]);
  });
});
