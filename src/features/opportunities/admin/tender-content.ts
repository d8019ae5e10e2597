// Tenders as the content kit edits them, in the shape /tenders reads: reference, plain-text
// description, closing date and time, and documents as named links.
import { href } from 'react-router';
import { z } from 'zod';
import type { ContentConfig } from '../../../admin/content/content-config.ts';
import { dateTimeField, linkListField, publishedField, requiredText } from '../../../admin/content/field-schemas.ts';
import { formatDateTime } from '../../../components/format.ts';

export const tenderSchema = z.object({
  title: requiredText('Title', 200),
  reference: requiredText('Reference', 60),
  description: requiredText('Description', 3000),
  closingDate: dateTimeField('Closing date'),
  documents: linkListField(),
  published: publishedField(),
});

export const tenderContent: ContentConfig = {
  collection: 'tenders',
  noun: 'tender',
  title: 'Tenders',
  summary: `Procurement opportunities for suppliers, listed on ${href('/tenders')} when published.`,
  path: '/admin/tenders',
  titleField: 'title',
  schema: tenderSchema,
  searchable: true,
  fields: [
    { name: 'title', kind: 'text', label: 'Title' },
    { name: 'reference', kind: 'text', label: 'Reference', hint: 'For example NCI/T/2027/004.' },
    { name: 'description', kind: 'textarea', label: 'Description' },
    { name: 'closingDate', kind: 'datetime', label: 'Closing date and time' },
    { name: 'documents', kind: 'links', label: 'Documents', hint: 'Tender documents bidders download, each with a name and its address.' },
  ],
  columns: [
    { header: 'Reference', value: (d) => String(d.reference ?? '') },
    { header: 'Closes', value: (d) => formatDateTime(d.closingDate as Date | undefined) },
  ],
  publicPath: () => href('/tenders'),
};
