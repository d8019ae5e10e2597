// /events: upcoming events soonest first, and past ones apart, most recent first. The split is at
// the start of today in Nairobi, so an event stays "upcoming" all of its day.
import { publishedPagesQuery, type PublishedView } from '../../data/published.ts';
import { nairobiDayStart, toNairobiDate } from '../../lib/nairobi-time.ts';

export interface SummitEvent {
  id: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  venue: string;
  registrationUrl?: string;
}

export type EventsWhen = 'upcoming' | 'past';

export function eventsView(when: EventsWhen, now = new Date()): PublishedView {
  const today = toNairobiDate(now);
  const start = nairobiDayStart(today);
  return when === 'upcoming'
    ? { key: ['upcoming', today], where: [['startsAt', '>=', start]], orderBy: ['startsAt', 'asc'] }
    : { key: ['past', today], where: [['startsAt', '<', start]], orderBy: ['startsAt', 'desc'] };
}

export const eventsQuery = (when: EventsWhen, now?: Date) => publishedPagesQuery<SummitEvent>('events', eventsView(when, now));
