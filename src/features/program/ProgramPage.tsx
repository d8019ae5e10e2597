import { FilterSelect } from '../../components/FilterSelect.tsx';
import { Link, href, useSearchParams, type MetaFunction } from 'react-router';
import { AuthorNames } from '../../components/AuthorNames.tsx';
import { FormAlert } from '../../components/fields.tsx';
import { useHydrated } from '../../components/use-hydrated.ts';
import { pageMeta } from '../../components/page-meta.ts';
import { icsHref } from '../../lib/ics.ts';
import { useSiteSettings } from '../../data/site-settings.ts';
import { useSpeakers } from '../../data/speakers.ts';
import { PRESENTATION_SHORT, abstractsBySession } from '../../data/published-abstract-lists.ts';
import { type PublishedAbstract } from '../../data/published-abstracts.ts';
import { usePlacedAbstracts } from '../../data/published-abstract-queries.ts';
import { useSessions, type Session } from '../../data/sessions.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { formatClock, nairobiFormat } from '../../lib/nairobi-time.ts';

export const meta: MetaFunction = () => pageMeta('Programme', 'Three days of plenaries, panels and workshops: times, rooms and speakers, by day and track.');

const day = nairobiFormat({ weekday: 'long', day: 'numeric', month: 'long' });

function calendarEvent(s: Session, venue: string) {
  return {
    uid: `${s.id}@summit`,
    title: s.title,
    start: s.startsAt,
    end: s.endsAt,
    location: [s.room, venue].filter(Boolean).join(', '),
    description: s.description,
    revised: s.timestamp,
  };
}

/** A session's accepted abstracts in running order: each title links to its page. */
function SessionAbstracts({ abstracts }: { abstracts: PublishedAbstract[] }) {
  return (
    <>
      <h4 className="mt-3 text-sm font-semibold">Abstracts</h4>
      <ol className="mt-1 space-y-2">
        {abstracts.map((a) => (
          <li key={a.id}>
            <Link className="text-brand-700 underline" to={href('/abstracts/:id', { id: a.id })}>
              {a.title}
            </Link>{' '}
            <span className="text-sm text-slate-700">({PRESENTATION_SHORT[a.presentation]})</span>
            <br />
            <span className="text-sm">
              <AuthorNames authors={a.authors} presenting={a.presenting} />
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}

export default function ProgramPage() {
  const sessions = useSessions();
  // Only the abstracts placed in sessions; while they load (or if they fail) the sessions show without them.
  const placed = usePlacedAbstracts();
  const bySession = abstractsBySession(placed.data ?? []);
  const speakers = useSpeakers();
  const { data: settings } = useSiteSettings();
  const [params, setParams] = useSearchParams();
  // The prerendered programme is unfiltered: a filtered link filters once the page has hydrated,
  // and the filters (which need the page's script) are disabled until then.
  const hydrated = useHydrated();
  const dayFilter = hydrated ? (params.get('day') ?? '') : '';
  const trackFilter = hydrated ? (params.get('track') ?? '') : '';
  const all = sessions.data ?? [];
  const days = [...new Set(all.map((s) => s.day))].sort();
  const tracks = [...new Set(all.map((s) => s.track))].sort();
  const shown = all.filter((s) => (!dayFilter || String(s.day) === dayFilter) && (!trackFilter || s.track === trackFilter));
  const names = new Map((speakers.data ?? []).map((s) => [s.id, s.name]));
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const venue = settings?.venue ?? '';
  return (
    <div className="container-page py-12">
      <h1>Programme</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">
        Times are in Nairobi time (EAT). Filter by day or track, and add a session — or the whole programme — to your calendar.
      </p>
      {sessions.isPending ? (
        <LoadingLine>Loading the programme…</LoadingLine>
      ) : sessions.isError ? (
        <div className="mt-8">
          <FormAlert>We could not load the programme. Check your connection and reload the page.</FormAlert>
        </div>
      ) : all.length === 0 ? (
        <p className="mt-8">The programme will be published soon.</p>
      ) : (
        <>
          <div className="mt-8 flex flex-wrap items-end gap-4">
            <FilterSelect
              label="Day"
              all="All days"
              value={dayFilter}
              disabled={!hydrated}
              onChange={(v) => setFilter('day', v)}
              options={days.map((d) => ({ value: String(d), label: `Day ${d}` }))}
            />
            <FilterSelect
              label="Track"
              all="All tracks"
              value={trackFilter}
              disabled={!hydrated}
              onChange={(v) => setFilter('track', v)}
              options={tracks.map((t) => ({ value: t, label: t }))}
            />
            <a className="btn-secondary" href={icsHref(all.map((s) => calendarEvent(s, venue)))} download="summit-programme.ics">
              Add the whole programme to my calendar
            </a>
          </div>
          <p className="sr-only" aria-live="polite">
            {shown.length} sessions shown
          </p>
          {days
            .filter((d) => shown.some((s) => s.day === d))
            .map((d) => {
              const ofDay = shown.filter((s) => s.day === d);
              return (
                <section key={d} aria-labelledby={`day-${d}`} className="mt-10">
                  <h2 id={`day-${d}`}>
                    Day {d} · {day.format(ofDay[0].startsAt)}
                  </h2>
                  <ol className="mt-4 space-y-4">
                    {ofDay.map((s) => (
                      <li key={s.id} className="rounded-lg border border-slate-200 p-4 sm:flex sm:gap-6">
                        <p className="w-32 shrink-0 font-mono text-slate-700">
                          {formatClock(s.startsAt)}–{formatClock(s.endsAt)}
                        </p>
                        <div className="flex-1">
                          <h3 className="text-lg font-semibold">{s.title}</h3>
                          <p className="text-sm text-slate-600">
                            {s.track} · {s.room}
                          </p>
                          {s.speakerIds.length > 0 && (
                            <p className="mt-1">
                              {s.speakerIds
                                .map((id) => names.get(id) ?? '')
                                .filter(Boolean)
                                .join(', ')}
                            </p>
                          )}
                          <p className="mt-1 text-slate-700">{s.description}</p>
                          {bySession.has(s.id) && <SessionAbstracts abstracts={bySession.get(s.id)!} />}
                          <a className="mt-2 inline-block text-sm text-brand-700 underline" href={icsHref([calendarEvent(s, venue)])} download={`${s.id}.ics`}>
                            Add “{s.title}” to my calendar
                          </a>
                        </div>
                      </li>
                    ))}
                  </ol>
                </section>
              );
            })}
        </>
      )}
    </div>
  );
}
