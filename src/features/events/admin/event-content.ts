// Events (webinars and events around the summit) as the content kit edits them, in the shape
// /events reads: a plain-text description, start and end as Dates, a venue, a published flag.
import { href } from 'react-router';
import { z } from 'zod';
import type { ContentConfig } from '../../../admin/content/content-config.ts';
import { addressField, dateTimeField, endsAfterStart, publishedField, requiredText } from '../../../admin/content/field-schemas.ts';
import { formatDateTime } from '../../../components/format.ts';
import type { SummitEvent } from '../api.ts';

// What it stores is what /events reads (SummitEvent): the compiler keeps the two one shape.
export const eventSchema = z
  .object({
    title: requiredText('Title', 200),
    description: requiredText('Description', 2000),
    startsAt: dateTimeField('Start'),
    endsAt: dateTimeField('End'),
    venue: requiredText('Venue', 200),
    registrationUrl: addressField('Registration link', { required: false }),
    published: publishedField(),
  })
  .refine(...endsAfterStart) satisfies z.ZodType<Omit<SummitEvent, 'id'> & { published: boolean }, unknown>;

export const eventContent: ContentConfig = {
  collection: 'events',
  noun: 'event',
  title: 'Events',
  summary: `Webinars and events before and after the summit, listed on ${href('/events')} when published.`,
  path: '/admin/events',
  titleField: 'title',
  schema: eventSchema,
  searchable: true,
  fields: [
    { name: 'title', kind: 'text', label: 'Title' },
    { name: 'description', kind: 'textarea', label: 'Description' },
    { name: 'startsAt', kind: 'datetime', label: 'Starts' },
    { name: 'endsAt', kind: 'datetime', label: 'Ends' },
    { name: 'venue', kind: 'text', label: 'Venue', hint: 'A place, or "Online".' },
    { name: 'registrationUrl', kind: 'text', inputType: 'url', label: 'Registration link (optional)', hint: 'https://…' },
  ],
  columns: [
    { header: 'Starts', value: (d) => formatDateTime(d.startsAt as Date | undefined) },
    { header: 'Venue', value: (d) => String(d.venue ?? '') },
  ],
  publicPath: () => href('/events'),
};
