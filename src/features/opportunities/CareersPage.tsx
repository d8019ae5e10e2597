import { Link, href, type MetaFunction } from 'react-router';
import { PagedList } from '../../components/PagedList.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { usePublishedPages } from '../../data/published.ts';
import { deadlineText, type Job } from './jobs.ts';
import { useNow } from '../../components/use-now.ts';
import { changesAt } from '../../lib/page-loader-triggers.ts';

export const meta: MetaFunction = () => pageMeta('Careers', 'Open positions with the summit and the institute.');

export default function CareersPage() {
  const jobs = usePublishedPages<Job>('jobs');
  const now = useNow();
  return (
    <div className="container-page py-12">
      <h1>Careers</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">Join the team that runs the summit.</p>
      <PagedList query={jobs} noun="positions" empty="There are no open positions right now.">
        {(items) => (
          <ul className="mt-8 space-y-4">
            {items.map((j) => (
              <li key={j.id} className="rounded-lg border border-slate-200 p-5">
                <h2 className="text-xl">
                  <Link className="hover:underline" to={href('/careers/:slug', { slug: j.slug })}>
                    {j.title}
                  </Link>
                </h2>
                <p className="mt-1 text-slate-600" {...changesAt(j.deadline > now ? j.deadline : null)}>
                  {j.location} · {deadlineText(j.deadline, now)}
                </p>
                <p className="mt-2 text-slate-700">{j.summary}</p>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
