// Sponsors, the public face of confirmed partners, as the content kit edits them, in the shape
// /about and the home page read (src/data/partners.ts). Tiers are the keys of settings' partnerTiers.
import { href } from 'react-router';
import { z } from 'zod';
import type { ContentConfig } from '../../../admin/content/content-config.ts';
import { addressField, pickedText, publishedField, requiredText } from '../../../admin/content/field-schemas.ts';

export const sponsorSchema = z.object({
  organisation: requiredText('Organisation', 160),
  tier: pickedText('Tier'),
  website: addressField('Website', { required: false }),
  logoUrl: addressField('Logo address', { required: false }),
  published: publishedField(),
});

export const sponsorContent: ContentConfig = {
  collection: 'sponsors',
  noun: 'sponsor',
  title: 'Sponsors',
  summary: `Partners shown on ${href('/about')} and the home page by tier when published.`,
  path: '/admin/sponsors',
  titleField: 'organisation',
  schema: sponsorSchema,
  searchable: true,
  fields: [
    { name: 'organisation', kind: 'text', label: 'Organisation' },
    { name: 'tier', kind: 'select', optionsFrom: 'tiers', label: 'Tier', hint: 'The partnership tiers in Settings.' },
    { name: 'website', kind: 'text', inputType: 'url', label: 'Website (optional)', hint: 'https://…' },
    { name: 'logoUrl', kind: 'image', label: 'Logo (optional)', hint: 'A JPEG, PNG or WebP image: upload it, or paste its address.' },
  ],
  columns: [{ header: 'Tier', value: (d) => String(d.tier ?? '') }],
  publicPath: () => `${href('/about')}#partners`,
};
