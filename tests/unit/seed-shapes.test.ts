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
