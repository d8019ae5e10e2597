import { Link, useParams, type MetaFunction } from 'react-router';
import { FormAlert } from '../../components/fields.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { RichText } from '../../components/RichText.tsx';
import { usePublication } from './api.ts';

export const meta: MetaFunction = ({ params }) => pageMeta((params.slug ?? 'Article').replace(/-/g, ' '), 'An article from the National Cancer Summit.');

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export default function ArticlePage() {
  const { slug = '' } = useParams();
  const article = usePublication(slug);
  if (article.isPending) return <div className="container-page py-12"><h1>Loading article…</h1></div>;
  if (article.isError) return <div className="container-page py-12"><h1>Article</h1><FormAlert>We could not load this article. Check your connection and reload the page.</FormAlert></div>;
  const a = article.data;
  if (!a) {
    return (
      <div className="container-page py-12">
        <h1>Article not found</h1>
        <p className="mt-4">
          It may have been moved or unpublished. See the <Link className="text-brand-700 underline" to="/blogs">latest articles</Link>.
        </p>
      </div>
    );
  }
  return (
    <article className="container-page max-w-3xl py-12">
      <p className="text-sm uppercase tracking-wide text-brand-700">{a.category}</p>
      <h1 className="mt-2">{a.title}</h1>
      <p className="mt-2 text-slate-600">
        {a.author}
        {a.publishedAt && <> · {dateFormat.format(a.publishedAt)}</>}
      </p>
      <p className="mt-6 text-lg text-slate-800">{a.summary}</p>
      <div className="mt-6 text-slate-900">
        <RichText doc={a.body} />
      </div>
    </article>
  );
}
