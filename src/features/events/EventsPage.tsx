import type { MetaFunction } from 'react-router';
import { PagedList } from '../../components/PagedList.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { usePublishedPages } from '../../data/published.ts';

export const meta: MetaFunction = () => pageMeta('Events', 'Webinars and events before and after the summit.');

interface SummitEvent { id: string; title: string; description: string; startsAt: Date; endsAt: Date; venue: string }
const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Africa/Nairobi' });

export default function EventsPage() {
  const events = usePublishedPages<SummitEvent>('events');
  return (
    <div className="container-page py-12">
      <h1>Events</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">Webinars and events from the summit and its partners.</p>
      <PagedList query={events} noun="events" empty="No events are scheduled yet.">
        {(items) => (
          <ul className="mt-8 space-y-4">
            {items.map((e) => (
              <li key={e.id} className="rounded-lg border border-slate-200 p-5">
                <h2 className="text-xl">{e.title}</h2>
                <p className="mt-1 text-slate-600">{e.startsAt && when.format(e.startsAt)} · {e.venue}</p>
                <p className="mt-2 text-slate-700">{e.description}</p>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
