import { useInfiniteQuery } from '@tanstack/react-query';
import type { MetaFunction } from 'react-router';
import { PagedList } from '../../components/PagedList.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { eventsQuery, type EventsWhen, type SummitEvent } from './api.ts';
import { nairobiFormat } from '../../lib/nairobi-time.ts';

export const meta: MetaFunction = () => pageMeta('Events', 'Webinars and events before and after the summit.');

const when = nairobiFormat({ dateStyle: 'full', timeStyle: 'short' });

function EventCard({ event: e, past }: { event: SummitEvent; past: boolean }) {
  return (
    <li className="rounded-lg border border-slate-200 p-5">
      <h3 className="text-xl">{e.title}</h3>
      <p className="mt-1 text-slate-600">
        {e.startsAt && when.format(e.startsAt)} · {e.venue}
      </p>
      <p className="mt-2 text-slate-700">{e.description}</p>
      {e.registrationUrl && !past && (
        <a className="btn-secondary mt-4" href={e.registrationUrl} rel="noopener" target="_blank">
          Register for this event <span className="sr-only">: {e.title} (opens in a new tab)</span>
        </a>
      )}
    </li>
  );
}

function EventList({ which, heading, empty }: { which: EventsWhen; heading: string; empty: string }) {
  const events = useInfiniteQuery(eventsQuery(which));
  return (
    <section aria-labelledby={`events-${which}`} className="mt-10">
      <h2 id={`events-${which}`}>{heading}</h2>
      <PagedList query={events} noun={`${which} events`} empty={empty}>
        {(items) => (
          <ul className="mt-4 space-y-4">
            {items.map((e) => (
              <EventCard key={e.id} event={e} past={which === 'past'} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

export default function EventsPage() {
  return (
    <div className="container-page py-12">
      <h1>Events</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">Webinars and events from the summit and its partners.</p>
      <EventList which="upcoming" heading="Coming up" empty="No events are scheduled yet." />
      <EventList which="past" heading="Past events" empty="No past events yet." />
    </div>
  );
}
