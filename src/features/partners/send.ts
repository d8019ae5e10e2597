// What sending an application needs and reading /partnerships does not: the forms' validation
// (zod) and the write. Loaded when the visitor starts on a form (ApplicationForms.tsx).
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { APPLICATION_CHECKOUTS, applicationCheckoutWrite } from '../../data/application-record.ts';
import { applicationMail } from '../../data/mail.ts';
import { claimPaymentCode } from '../../data/payment-codes.ts';
import { recordSearchTokens } from '../../data/search-tokens.ts';
import type { SiteSettings } from '../../data/site-settings-schema.ts';
import { submitAsVisitor } from '../../data/visitor-submit.ts';
import { db } from '../../lib/data.ts';
import { createWrite } from '../../lib/db.ts';
import { boothDocument, boothFormSchema, partnerDocument, partnerFormSchema, type BoothForm, type PartnerForm } from './schema.ts';

/** A form's fields as typed, with the hidden field bots fill. */
export type PartnerFields = PartnerForm & { faxNumber?: string };
export type BoothFields = z.input<typeof boothFormSchema> & { faxNumber?: string };

export const partnerResolver: Resolver<PartnerFields> = zodResolver(partnerFormSchema);
export const boothResolver: Resolver<BoothFields, unknown, BoothForm & { faxNumber?: string }> = zodResolver(boothFormSchema);

export type Application = { kind: 'partner'; form: PartnerForm } | { kind: 'booth'; form: BoothForm };

/**
 * Creates `partners/{id}` with the fee from settings and a free payment code claimed in the same
 * commit (retry-safe under its id), and returns the code that landed.
 */
export async function sendApplication(id: string, application: Application, settings: SiteSettings): Promise<string | undefined> {
  const stored =
    application.kind === 'partner'
      ? partnerDocument(application.form, settings.partnerTiers[application.form.tier]?.fee ?? 0, settings.currency)
      : boothDocument(application.form, settings.boothTypes[application.form.boothType]?.fee ?? 0, settings.currency);
  await submitAsVisitor(
    'partners',
    id,
    async (read) => {
      const { code, write } = await claimPaymentCode({ collection: 'partners', recordId: id }, read);
      const withCode = { ...stored, paymentCode: code };
      const searchable = { ...withCode, searchTokens: recordSearchTokens({ ...withCode, id }) };
      return [createWrite('partners', id, searchable), applicationCheckoutWrite({ ...withCode, id }), write, applicationMail(id, withCode, settings)];
    },
    () => db.fetchDocument(APPLICATION_CHECKOUTS, id).then(Boolean),
  );
  // Read back (the application's checkout: the application itself is staff's): after a lost reply
  // the code that landed is the first attempt's, not the last drawn.
  const landed = await db.fetchDocument<{ paymentCode?: string }>(APPLICATION_CHECKOUTS, id).catch(() => null);
  return landed?.paymentCode;
}
