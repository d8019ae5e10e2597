// What sending a pledge needs and reading the page does not: the form's validation (zod) and the
// write. Loaded when the visitor starts on the form (DonatePage.tsx).
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { donationMail } from '../../data/mail.ts';
import { submitAsVisitor } from '../../data/visitor-submit.ts';
import { createWrite } from '../../lib/db.ts';
import { donationDocument, donationFormSchema, type DonationForm } from './schema.ts';

/** The form's fields as typed (and the hidden field bots fill), checked and turned into a pledge. */
export type DonationFields = z.input<typeof donationFormSchema> & { faxNumber?: string };
export const donationResolver: Resolver<DonationFields, unknown, DonationForm> = zodResolver(donationFormSchema);

/** Stores the pledge as `donations/{id}` with its acknowledgement email, in one commit. */
export function sendPledge(id: string, form: DonationForm, currency: string) {
  const pledge = donationDocument(form, currency);
  return submitAsVisitor('donations', id, [createWrite('donations', id, pledge), donationMail(id, pledge)]);
}
