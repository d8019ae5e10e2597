import { RichText } from '../../components/RichText.tsx';
import type { Publication } from '../../data/publications.ts';
import { formatDate } from '../../components/format.ts';

/** An article as the public site shows it; also the back office's preview, so the two never differ. */
export function ArticleView({ article: a }: { article: Pick<Publication, 'category' | 'title' | 'author' | 'publishedAt' | 'summary' | 'body'> }) {
  return (
    <article className="container-page max-w-3xl py-12">
      <p className="text-sm uppercase tracking-wide text-brand-700">{a.category}</p>
      <h1 className="mt-2">{a.title}</h1>
      <p className="mt-2 text-slate-600">
        {a.author}
        {a.publishedAt && <> · {formatDate(a.publishedAt)}</>}
      </p>
      <p className="mt-6 text-lg text-slate-800">{a.summary}</p>
      <div className="mt-6 text-slate-900">
        <RichText doc={a.body} />
      </div>
    </article>
  );
}
