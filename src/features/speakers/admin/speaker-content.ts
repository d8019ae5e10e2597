// Summit speakers as the content kit edits them, in the shape /about, the home page and the
// programme read (src/data/speakers.ts), listed in their display order.
import { href } from 'react-router';
import { z } from 'zod';
import type { ContentConfig } from '../../../admin/content/content-config.ts';
import { addressField, publishedField, requiredText, wholeNumberField } from '../../../admin/content/field-schemas.ts';

export const speakerSchema = z.object({
  name: requiredText('Name', 120),
  title: requiredText('Title', 160),
  organisation: requiredText('Organisation', 160),
  bio: requiredText('Biography', 1500),
  photoUrl: addressField('Photo address', { required: false }),
  order: wholeNumberField('Display order', 1, 999),
  published: publishedField(),
});

export const speakerContent: ContentConfig = {
  collection: 'speakers',
  noun: 'speaker',
  title: 'Speakers',
  summary: `Summit speakers, shown on ${href('/about')} and the home page in their display order when published.`,
  path: '/admin/speakers',
  titleField: 'name',
  schema: speakerSchema,
  listOrder: ['order', 'asc'],
  fields: [
    { name: 'name', kind: 'text', label: 'Name' },
    { name: 'title', kind: 'text', label: 'Title', hint: 'Their role, e.g. Consultant Oncologist.' },
    { name: 'organisation', kind: 'text', label: 'Organisation' },
    { name: 'bio', kind: 'textarea', label: 'Biography' },
    { name: 'photoUrl', kind: 'image', label: 'Photo (optional)', hint: 'A JPEG, PNG or WebP image, shown small and round: upload it, or paste its address.' },
    { name: 'order', kind: 'number', label: 'Display order', hint: '1 is shown first.' },
  ],
  defaults: { order: 1 },
  columns: [
    { header: 'Organisation', value: (d) => String(d.organisation ?? '') },
    { header: 'Order', value: (d) => String(d.order ?? '') },
  ],
  publicPath: () => `${href('/about')}#speakers`,
};
