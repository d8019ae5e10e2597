import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PublicImage } from '../../components/PublicImage.tsx';
import { Link, href, type MetaFunction } from 'react-router';
import { formatDateRange, initials } from '../../components/format.ts';
import { DEFAULT_SETTINGS } from '../../content/site.ts';
import { usePublishedPartners } from '../../data/partners.ts';
import { useSiteSettings } from '../../data/site-settings.ts';
import { useSpeakers } from '../../data/speakers.ts';
import { latestArticlesQuery } from '../../data/publications.ts';

export const meta: MetaFunction = () => [
  { title: 'National Cancer Summit 2027' },
  { name: 'description', content: 'Register for the National Cancer Summit: three days on cancer prevention, early detection, treatment and care.' },
];

const HIGHLIGHTS = [
  { title: '3 days, 3 tracks', text: 'Prevention, treatment and policy, from the national registry to the village clinic.' },
  { title: 'Survivors at the table', text: 'Patients and caregivers attend free and speak in every track.' },
  { title: 'A national declaration', text: 'The summit closes with commitments the Ministry and partners sign together.' },
];

/** Days left, computed after mount so the page renders the same on every machine. */
function Countdown({ start }: { start: Date }) {
  const [days, setDays] = useState<number | null>(null);
  useEffect(() => setDays(Math.max(0, Math.ceil((start.getTime() - Date.now()) / 86_400_000))), [start]);
  if (days === null) return null;
  return <p className="mt-2 text-brand-800">{days === 0 ? 'The summit is on now.' : `${days} days to go.`}</p>;
}

export default function HomePage() {
  const { data: s = DEFAULT_SETTINGS } = useSiteSettings();
  // Prerendered with their data (app/prerender-data.ts), like /about: the page reads complete
  // without the app, and the app starts from the same data.
  const speakers = useSpeakers();
  const partners = usePublishedPartners();
  const articles = useQuery(latestArticlesQuery);
  return (
    <>
      <section className="bg-brand-50">
        <div className="container-page py-16 sm:py-24">
          <h1>{s.summitName}</h1>
          <p className="mt-4 max-w-2xl text-xl text-slate-700">{s.tagline}</p>
          {/* Space kept for the dates, venue and countdown, which arrive with the settings: nothing
              below them moves when they do (layout shift). */}
          <p className="mt-6 min-h-[5.25rem] text-lg font-medium text-slate-900 sm:min-h-[1.75rem]">
            {formatDateRange(s.startDate, s.endDate)}
            {s.venue && <> · {s.venue}</>}
          </p>
          <div className="min-h-8">{s.startDate && <Countdown start={s.startDate} />}</div>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link className="btn-primary" to={href('/register')}>
              Register to attend
            </Link>
            <Link className="btn-secondary" to={href('/program')}>
              See the programme
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="highlights" className="container-page py-12">
        <h2 id="highlights">Why attend</h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-3">
          {HIGHLIGHTS.map((h) => (
            <li key={h.title}>
              <h3 className="font-semibold">{h.title}</h3>
              <p className="mt-1 text-slate-700">{h.text}</p>
            </li>
          ))}
        </ul>
      </section>
      {!!speakers.data?.length && (
        <section aria-labelledby="speakers-preview" className="container-page py-8">
          <h2 id="speakers-preview">Speakers</h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {speakers.data.slice(0, 3).map((sp) => (
              <li key={sp.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-4">
                <PublicImage src={sp.photoUrl} alt={`Portrait of ${sp.name}`} width={48} height={48} className="rounded-full" fallback={initials(sp.name)} />
                <div>
                  <p className="font-semibold">{sp.name}</p>
                  <p className="text-sm text-slate-700">
                    {sp.title}, {sp.organisation}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Link className="mt-4 inline-block text-brand-700 underline" to={`${href('/about')}#speakers`}>
            All speakers
          </Link>
        </section>
      )}
      {!!articles.data?.length && (
        <section aria-labelledby="latest" className="container-page py-8">
          <h2 id="latest">Latest articles</h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {articles.data.map((a) => (
              <li key={a.id} className="rounded-lg border border-slate-200 p-4">
                <Link className="font-semibold hover:underline" to={href('/blogs/:slug', { slug: a.slug })}>
                  {a.title}
                </Link>
                <p className="mt-1 text-sm text-slate-700">{a.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!!partners.data?.length && (
        <section aria-labelledby="partners-preview" className="container-page py-8">
          <h2 id="partners-preview">Partners</h2>
          <p className="mt-2 text-slate-700">{partners.data.map((p) => p.organisation).join(' · ')}</p>
          <Link className="mt-4 inline-block text-brand-700 underline" to={href('/partnerships')}>
            Partner with us
          </Link>
        </section>
      )}
    </>
  );
}
