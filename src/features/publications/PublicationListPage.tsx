import { Link, href, useMatches, type MetaFunction } from 'react-router';
import { FormAlert } from '../../components/fields.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { ARTICLE_LISTS, usePublications } from '../../data/publications.ts';
import { formatDate } from '../../components/format.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';

// One page module serves the three article lists; the route id picks the categories.
const listFor = (id: string | undefined) => ARTICLE_LISTS[id ?? ''] ?? ARTICLE_LISTS.blogs;

export const meta: MetaFunction = ({ matches }) => {
  const list = listFor(matches[matches.length - 1]?.id);
  return pageMeta(list.title, list.description);
};

export default function PublicationListPage() {
  const list = listFor(useMatches().at(-1)?.id);
  const articles = usePublications(list.categories);
  const items = articles.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="container-page py-12">
      <h1>{list.title}</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">{list.description}</p>
      {articles.isPending ? (
        <LoadingLine>Loading articles…</LoadingLine>
      ) : articles.isError ? (
        <div className="mt-8">
          <FormAlert>We could not load the articles. Check your connection and reload the page.</FormAlert>
        </div>
      ) : items.length === 0 ? (
        <p className="mt-8 text-slate-700">No articles yet. Check back soon.</p>
      ) : (
        <>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((a) => (
              <li key={a.id} className="rounded-lg border border-slate-200 p-5">
                <p className="text-sm uppercase tracking-wide text-brand-700">{a.category}</p>
                <h2 className="mt-1 text-xl">
                  <Link className="hover:underline" to={href('/blogs/:slug', { slug: a.slug })}>
                    {a.title}
                  </Link>
                </h2>
                {a.publishedAt && <p className="mt-1 text-sm text-slate-600">{formatDate(a.publishedAt)}</p>}
                <p className="mt-3 text-slate-700">{a.summary}</p>
              </li>
            ))}
          </ul>
          {articles.hasNextPage && (
            <button type="button" className="btn-secondary mt-8" disabled={articles.isFetchingNextPage} onClick={() => articles.fetchNextPage()}>
              {articles.isFetchingNextPage ? 'Loading…' : 'More articles'}
            </button>
          )}
        </>
      )}
    </div>
  );
}
