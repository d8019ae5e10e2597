// /abstract-book: every accepted (published) abstract, by track in the call's order, each linking
// to its page, and the book's PDF (settings/abstractBook) when one has been made. Prerendered with
// the list, the call and the PDF's record (app/prerender-data.ts); the list carries no abstract
// text, so the page stays light with hundreds of abstracts.
import { Link, href, type MetaFunction } from 'react-router';
import { AuthorNames } from '../../components/AuthorNames.tsx';
import { FormAlert } from '../../components/fields.tsx';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { useAbstractBookFile, type AbstractBookFile } from '../../data/abstract-book.ts';
import { useAbstractCall } from '../../data/abstract-call.ts';
import { PRESENTATION_LABELS } from '../../data/abstracts.ts';
import { abstractsByTrack } from '../../data/published-abstract-lists.ts';
import { useAbstractBook } from '../../data/published-abstract-queries.ts';
import { sizeText } from '../../data/upload-limits.ts';
import { formatDeadline } from '../../lib/nairobi-time.ts';
import { fileUrl } from '../../lib/storage-urls.ts';

export const meta: MetaFunction = () =>
  pageMeta('Abstract book', 'Every abstract accepted for the National Cancer Summit, by track, with its authors and presentation, and the book as a PDF.');

const link = 'text-brand-700 underline';
const count = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'abstract' : 'abstracts'}`;

function PdfLink({ book }: { book: AbstractBookFile }) {
  return (
    <p className="mt-6">
      <a className="btn-secondary" href={fileUrl(book.file)}>
        Download the abstract book
      </a>{' '}
      <span className="text-slate-700">
        (PDF, {sizeText(book.bytes)}, {count(book.abstracts)}, made {formatDeadline(book.generatedAt)})
      </span>
    </p>
  );
}

export default function AbstractBookPage() {
  const abstracts = useAbstractBook();
  const call = useAbstractCall();
  const { data: book } = useAbstractBookFile();
  const groups = abstracts.data && call.data ? abstractsByTrack(abstracts.data, call.data.tracks) : [];
  return (
    <div className="container-page max-w-4xl py-12">
      <h1>Abstract book</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">
        The abstracts the scientific committee accepted for the summit, by track. Each links to its full text; the{' '}
        <Link className={link} to={href('/program')}>
          programme
        </Link>{' '}
        says when each is presented.
      </p>
      {book && <PdfLink book={book} />}
      {abstracts.isPending || call.isPending ? (
        <LoadingLine>Loading the abstract book…</LoadingLine>
      ) : abstracts.isError || call.isError ? (
        <div className="mt-8">
          <FormAlert>We could not load the abstract book. Check your connection and reload the page.</FormAlert>
        </div>
      ) : groups.length === 0 ? (
        <p className="mt-8">The abstract book is published once the committee has accepted abstracts.</p>
      ) : (
        <>
          <nav aria-labelledby="contents-heading" className="mt-8">
            <h2 id="contents-heading">Contents</h2>
            <ol className="mt-3 list-decimal space-y-1 pl-6">
              {groups.map((g, i) => (
                <li key={g.key}>
                  <a className={link} href={`#track-${i + 1}`}>
                    {g.label}
                  </a>{' '}
                  <span className="text-slate-700">({count(g.abstracts.length)})</span>
                </li>
              ))}
            </ol>
          </nav>
          {groups.map((g, i) => (
            <section key={g.key} id={`track-${i + 1}`} aria-labelledby={`track-${i + 1}-heading`} className="mt-10">
              <h2 id={`track-${i + 1}-heading`}>{g.label}</h2>
              <p className="text-slate-700">{count(g.abstracts.length)}</p>
              <ol className="mt-4 space-y-4">
                {g.abstracts.map((a) => (
                  <li key={a.id}>
                    <h3 className="text-lg font-semibold">
                      <Link className={link} to={href('/abstracts/:id', { id: a.id })}>
                        {a.title}
                      </Link>
                    </h3>
                    <p>
                      <AuthorNames authors={a.authors} presenting={a.presenting} />
                    </p>
                    <p className="text-sm text-slate-700">{PRESENTATION_LABELS[a.presentation]}</p>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
