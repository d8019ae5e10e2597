// Jobs as the content kit edits them, in the shape /careers and /careers/{slug} read (see ../jobs.ts):
// body is a tiptap document, deadline is the end of a day in Nairobi or absent ("open until filled").
import { href } from 'react-router';
import { z } from 'zod';
import type { ContentConfig } from '../../../admin/content/content-config.ts';
import { addressField, optionalDateField, publishedField, requiredText, richTextField, slugField } from '../../../admin/content/field-schemas.ts';
import { deadlineText } from '../jobs.ts';

export const jobSchema = z.object({
  title: requiredText('Title', 200),
  slug: slugField(),
  summary: requiredText('Summary', 500),
  body: richTextField('Description'),
  location: requiredText('Location', 120),
  deadline: optionalDateField('Deadline'),
  howToApply: requiredText('How to apply', 1000),
  advertUrl: addressField('Job advert address', { required: false }),
  published: publishedField(),
});

export const jobContent: ContentConfig = {
  collection: 'jobs',
  noun: 'job',
  title: 'Jobs',
  summary: `Open positions, listed on ${href('/careers')} when published.`,
  path: '/admin/jobs',
  titleField: 'title',
  schema: jobSchema,
  searchable: true,
  fields: [
    { name: 'title', kind: 'text', label: 'Title' },
    {
      name: 'slug',
      kind: 'slug',
      from: 'title',
      label: 'Address (slug)',
      hint: `The position is at ${href('/careers/:slug', { slug: '' })} followed by this. Made from the title.`,
    },
    { name: 'summary', kind: 'textarea', rows: 3, label: 'Summary' },
    { name: 'body', kind: 'richtext', label: 'Description' },
    { name: 'location', kind: 'text', label: 'Location' },
    {
      name: 'deadline',
      kind: 'date',
      label: 'Deadline (optional)',
      hint: 'Applications close at the end of this day, Nairobi time. Leave empty for "open until filled".',
    },
    { name: 'howToApply', kind: 'textarea', rows: 3, label: 'How to apply' },
    {
      name: 'advertUrl',
      kind: 'document',
      label: 'Job advert (optional)',
      hint: 'The advert as a PDF, offered for download on the position’s page: upload it, or paste its address.',
    },
  ],
  columns: [
    { header: 'Location', value: (d) => String(d.location ?? '') },
    { header: 'Deadline', value: (d) => deadlineText(d.deadline instanceof Date ? d.deadline : undefined) },
  ],
  publicPath: (d) => (typeof d.slug === 'string' ? href('/careers/:slug', { slug: d.slug }) : null),
};
