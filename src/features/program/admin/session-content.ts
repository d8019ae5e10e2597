// Programme sessions as the content kit edits them, in the shape /program reads (see ../api.ts):
// day number, start and end as Dates, track, room and the ids of speakers chosen from the list.
import { href } from 'react-router';
import { z } from 'zod';
import type { ContentConfig } from '../../../admin/content/content-config.ts';
import { dateTimeField, endsAfterStart, idListField, publishedField, requiredText, wholeNumberField } from '../../../admin/content/field-schemas.ts';
import { formatDateTime } from '../../../components/format.ts';

export const sessionSchema = z
  .object({
    title: requiredText('Title', 200),
    description: requiredText('Description', 2000),
    day: wholeNumberField('Day', 1, 14),
    startsAt: dateTimeField('Start'),
    endsAt: dateTimeField('End'),
    track: requiredText('Track', 80),
    room: requiredText('Room', 80),
    speakerIds: idListField(),
    published: publishedField(),
  })
  .refine(...endsAfterStart);

export const sessionContent: ContentConfig = {
  collection: 'sessions',
  noun: 'session',
  title: 'Programme',
  summary: `Sessions of the summit programme, shown on ${href('/program')} in time order when published.`,
  path: '/admin/programme',
  titleField: 'title',
  schema: sessionSchema,
  listOrder: ['startsAt', 'asc'],
  fields: [
    { name: 'title', kind: 'text', label: 'Title' },
    { name: 'description', kind: 'textarea', label: 'Description' },
    { name: 'day', kind: 'number', label: 'Day', hint: 'Day 1 is the first day of the summit.' },
    { name: 'startsAt', kind: 'datetime', label: 'Starts' },
    { name: 'endsAt', kind: 'datetime', label: 'Ends' },
    { name: 'track', kind: 'text', label: 'Track', hint: 'Visitors filter the programme by track, so reuse the same words (e.g. Prevention).' },
    { name: 'room', kind: 'text', label: 'Room' },
    { name: 'speakerIds', kind: 'choices', optionsFrom: 'speakers', label: 'Speakers' },
  ],
  defaults: { day: 1 },
  columns: [
    { header: 'Day', value: (d) => String(d.day ?? '') },
    { header: 'Starts', value: (d) => formatDateTime(d.startsAt as Date | undefined) },
    { header: 'Track', value: (d) => String(d.track ?? '') },
    { header: 'Room', value: (d) => String(d.room ?? '') },
  ],
  publicPath: () => href('/program'),
};
