// Resources (documents and links) as the content kit edits them, in the shape /resources reads.
import { href } from 'react-router';
import { z } from 'zod';
import { choiceOptions, type ContentConfig } from '../../../admin/content/content-config.ts';
import { addressField, choiceField, publishedField, requiredText } from '../../../admin/content/field-schemas.ts';

export const RESOURCE_TYPES = ['document', 'report', 'guide', 'presentation', 'video', 'website'] as const;

export const resourceSchema = z.object({
  title: requiredText('Title', 200),
  type: choiceField('Type', RESOURCE_TYPES),
  description: requiredText('Description', 1000),
  url: addressField('Link'),
  published: publishedField(),
});

export const resourceContent: ContentConfig = {
  collection: 'resources',
  noun: 'resource',
  title: 'Resources',
  summary: `Documents and links, listed on ${href('/resources')} when published.`,
  path: '/admin/resources',
  titleField: 'title',
  schema: resourceSchema,
  searchable: true,
  fields: [
    { name: 'title', kind: 'text', label: 'Title' },
    { name: 'type', kind: 'select', label: 'Type', options: choiceOptions(RESOURCE_TYPES) },
    { name: 'description', kind: 'textarea', label: 'Description' },
    { name: 'url', kind: 'document', label: 'Document or link', hint: 'Upload a PDF, or paste the address of the document or page.' },
  ],
  columns: [{ header: 'Type', value: (d) => String(d.type ?? '') }],
  publicPath: () => href('/resources'),
};
