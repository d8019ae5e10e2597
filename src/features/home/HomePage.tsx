import { Link, type MetaFunction } from 'react-router';
import { formatDateRange } from '../../components/format.ts';
import { DEFAULT_SETTINGS } from '../../content/site.ts';
import { useSiteSettings } from '../../data/site-settings.ts';

export const meta: MetaFunction = () => [
  { title: 'National Cancer Summit 2027' },
  { name: 'description', content: 'Register for the National Cancer Summit: three days on cancer prevention, early detection, treatment and care.' },
];

export default function HomePage() {
  const { data: s = DEFAULT_SETTINGS } = useSiteSettings();
  return (
    <section className="bg-brand-50">
      <div className="container-page py-16 sm:py-24">
        <h1>{s.summitName}</h1>
        <p className="mt-4 max-w-2xl text-xl text-slate-700">{s.tagline}</p>
        <p className="mt-6 text-lg font-medium text-slate-900">
          {formatDateRange(s.startDate, s.endDate)}
          {s.venue && <> · {s.venue}</>}
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link className="btn-primary" to="/register">
            Register to attend
          </Link>
          <Link className="btn-secondary" to="/program">
            See the programme
          </Link>
        </div>
      </div>
    </section>
  );
}
