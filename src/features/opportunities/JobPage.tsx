import { Link, href, useParams, type MetaFunction } from 'react-router';
import { FormAlert } from '../../components/fields.tsx';
import { DocumentTitle } from '../../components/DocumentTitle.tsx';
import { RichText, safeUrl } from '../../components/RichText.tsx';
import { usePublishedBySlug } from '../../data/published.ts';
import { deadlineText, type Job } from './jobs.ts';

// The page's title and description are the position's (DocumentTitle); an empty meta keeps the
// root's generic ones out of the head.
export const meta: MetaFunction = () => [];

const ABOUT_A_POSITION = 'A position with the National Cancer Summit.';

export default function JobPage() {
  const { slug = '' } = useParams();
  const job = usePublishedBySlug<Job>('jobs', slug);
  if (job.isPending)
    return (
      <div className="container-page py-12">
        <DocumentTitle title="Careers" description={ABOUT_A_POSITION} />
        <h1>Loading position…</h1>
      </div>
    );
  if (job.isError)
    return (
      <div className="container-page py-12">
        <DocumentTitle title="Careers" description={ABOUT_A_POSITION} />
        <h1>Careers</h1>
        <FormAlert>We could not load this position. Reload the page to try again.</FormAlert>
      </div>
    );
  if (!job.data)
    return (
      <div className="container-page py-12">
        <DocumentTitle title="Position not found" description={ABOUT_A_POSITION} noindex />
        <h1>Position not found</h1>
        <p className="mt-4">
          There is no open position at this address: it may have been filled or closed. See the{' '}
          <Link className="text-brand-700 underline" to={href('/careers')}>
            open positions
          </Link>
          , or the{' '}
          <Link className="text-brand-700 underline" to={href('/work-with-us')}>
            other ways to work with us
          </Link>
          .
        </p>
      </div>
    );
  const j = job.data;
  const advert = j.advertUrl ? safeUrl(j.advertUrl, { images: true }) : null;
  return (
    <article className="container-page max-w-3xl py-12">
      <DocumentTitle title={j.title} description={j.summary || ABOUT_A_POSITION} />
      <h1>{j.title}</h1>
      <p className="mt-2 text-slate-600">
        {j.location} · {deadlineText(j.deadline)}
      </p>
      <p className="mt-6 text-lg">{j.summary}</p>
      <div className="mt-6">
        <RichText doc={j.body} />
      </div>
      <h2 className="mt-8">How to apply</h2>
      <p className="mt-2">{j.howToApply}</p>
      {advert && (
        <p className="mt-4">
          <a className="text-brand-700 underline" href={advert} download rel="noopener noreferrer">
            Download the job advert (PDF)
          </a>
        </p>
      )}
    </article>
  );
}
