// /abstracts/:id: an accepted abstract as the public reads it (data/published-abstracts.ts): its
// authors with numbered affiliations, track, presentation, the session it is presented in, its
// four parts and keywords. Like an article's page, it suspends until its data is read, so the
// build prerenders the abstracts published when it runs (react-router.config.ts) with their text,
// and an abstract published later is rendered in the browser from the SPA fallback.
import { useSuspenseQueries } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, href, useParams, type MetaFunction } from 'react-router';
import { AuthorNames } from '../../components/AuthorNames.tsx';
import { DocumentTitle } from '../../components/DocumentTitle.tsx';
import { FormAlert } from '../../components/fields.tsx';
import { abstractCallQuery } from '../../data/abstract-call.ts';
import { PRESENTATION_LABELS, keywordList } from '../../data/abstracts.ts';
import { isPublishedAbstractId, numberedAffiliations, trackLabel } from '../../data/published-abstract-lists.ts';
import { publishedAbstractQuery } from '../../data/published-abstract-queries.ts';
import { sessionsQuery, type Session } from '../../data/sessions.ts';
import { formatClock, nairobiFormat } from '../../lib/nairobi-time.ts';
import { AbstractParts } from './AbstractView.tsx';

// The title and description are the abstract's (DocumentTitle).
export const meta: MetaFunction = () => [];

const ABOUT_AN_ABSTRACT = 'An abstract accepted for presentation at the National Cancer Summit.';
const day = nairobiFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const link = 'text-brand-700 underline';

function NotFound() {
  return (
    <div className="container-page max-w-3xl py-12">
      <DocumentTitle title="Abstract not found" description={ABOUT_AN_ABSTRACT} noindex />
      <h1>Abstract not found</h1>
      <p className="mt-4">
        There is no published abstract at this address: it may have been withdrawn from the programme, or the address was cut short. See the{' '}
        <Link className={link} to={href('/abstract-book')}>
          abstract book
        </Link>{' '}
        or the{' '}
        <Link className={link} to={href('/program')}>
          programme
        </Link>
        .
      </p>
    </div>
  );
}

function SessionLine({ session }: { session: Session }) {
  return (
    <p className="mt-1">
      <Link className={link} to={href('/program')}>
        {session.title}
      </Link>
      , {day.format(session.startsAt)}, {formatClock(session.startsAt)}–{formatClock(session.endsAt)} (Nairobi time){session.room ? `, ${session.room}` : ''}
    </p>
  );
}

function PublishedAbstract({ id }: { id: string }) {
  const [{ data: item }, { data: call }, { data: sessions }] = useSuspenseQueries({
    queries: [publishedAbstractQuery(id), abstractCallQuery, sessionsQuery],
  });
  if (!item) return <NotFound />;
  const { list, numbers } = numberedAffiliations(item.affiliations);
  const session = item.sessionId ? sessions.find((s) => s.id === item.sessionId) : undefined;
  const keywords = keywordList(item.keywords);
  return (
    <article className="container-page max-w-3xl py-12" aria-labelledby="abstract-title">
      <DocumentTitle title={item.title} description={`${ABOUT_AN_ABSTRACT} ${item.authors.join(', ')}.`} />
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Abstract</p>
      <h1 id="abstract-title">{item.title}</h1>
      <p className="mt-4 text-lg">
        <AuthorNames
          authors={item.authors}
          presenting={item.presenting}
          after={(i) =>
            numbers[i] ? (
              <sup>
                <a className={link} href={`#affiliation-${numbers[i]}`} aria-label={`affiliation ${numbers[i]}`}>
                  {numbers[i]}
                </a>
              </sup>
            ) : null
          }
        />
      </p>
      {list.length > 0 && (
        <>
          <h2 className="sr-only">Affiliations</h2>
          <ol className="mt-3 space-y-1 text-slate-700">
            {list.map((affiliation, i) => (
              <li key={affiliation} id={`affiliation-${i + 1}`}>
                <sup>{i + 1}</sup> {affiliation}
              </li>
            ))}
          </ol>
        </>
      )}
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt className="text-slate-600">Track</dt>
        <dd>{trackLabel(call.tracks, item.track)}</dd>
        <dt className="text-slate-600">Accepted as</dt>
        <dd>{PRESENTATION_LABELS[item.presentation]}</dd>
        <dt className="text-slate-600">Session</dt>
        <dd>{session ? <SessionLine session={session} /> : 'Not yet placed in the programme.'}</dd>
      </dl>
      <AbstractParts item={item} />
      {keywords.length > 0 && (
        <section aria-labelledby="keywords-heading" className="mt-6">
          <h2 id="keywords-heading">Keywords</h2>
          <p className="mt-1">{keywords.join(', ')}</p>
        </section>
      )}
      <p className="mt-10">
        <Link className={link} to={href('/abstract-book')}>
          All accepted abstracts, in the abstract book
        </Link>
      </p>
    </article>
  );
}

export default function PublishedAbstractPage() {
  const { id = '' } = useParams();
  if (!isPublishedAbstractId(id)) return <NotFound />;
  return (
    <Suspense
      fallback={
        <div className="container-page max-w-3xl py-12">
          <DocumentTitle title="Abstract" description={ABOUT_AN_ABSTRACT} />
          <h1>Loading abstract…</h1>
        </div>
      }
    >
      <PublishedAbstract key={id} id={id} />
    </Suspense>
  );
}

/** The abstract could not be read (offline, or Firestore failed): the page says so. */
export function ErrorBoundary() {
  return (
    <div className="container-page max-w-3xl py-12">
      <h1>Abstract</h1>
      <FormAlert>We could not load this abstract. Check your connection and reload the page.</FormAlert>
    </div>
  );
}
