import { Suspense } from 'react';
import { Link, href, useParams, type MetaFunction } from 'react-router';
import { FormAlert } from '../../components/fields.tsx';
import { DocumentTitle } from '../../components/DocumentTitle.tsx';
import { usePublication } from '../../data/publications.ts';
import { ArticleView } from './ArticleView.tsx';

// The page's title and description are the article's (DocumentTitle); an empty meta keeps the
// root's generic ones out of the head.
export const meta: MetaFunction = () => [];

const ABOUT_AN_ARTICLE = 'An article from the National Cancer Summit.';

function Article({ slug }: { slug: string }) {
  const { data: article } = usePublication(slug);
  if (!article) {
    return (
      <div className="container-page py-12">
        <DocumentTitle title="Article not found" description={ABOUT_AN_ARTICLE} noindex />
        <h1>Article not found</h1>
        <p className="mt-4">
          There is no published article at this address: it may have been moved or unpublished, or the address was cut short. See the{' '}
          <Link className="text-brand-700 underline" to={href('/blogs')}>
            latest news and blogs
          </Link>
          ,{' '}
          <Link className="text-brand-700 underline" to={href('/research')}>
            research
          </Link>{' '}
          or{' '}
          <Link className="text-brand-700 underline" to={href('/awareness')}>
            awareness
          </Link>{' '}
          articles.
        </p>
      </div>
    );
  }
  return (
    <>
      <DocumentTitle title={article.title} description={article.summary || ABOUT_AN_ARTICLE} />
      <ArticleView article={article} />
    </>
  );
}

export default function ArticlePage() {
  const { slug = '' } = useParams();
  return (
    <Suspense
      fallback={
        <div className="container-page py-12">
          <DocumentTitle title="Article" description={ABOUT_AN_ARTICLE} />
          <h1>Loading article…</h1>
        </div>
      }
    >
      <Article key={slug} slug={slug} />
    </Suspense>
  );
}

/** The article could not be read (offline, or Firestore failed twice): the page says so. */
export function ErrorBoundary() {
  return (
    <div className="container-page py-12">
      <h1>Article</h1>
      <FormAlert>We could not load this article. Check your connection and reload the page.</FormAlert>
    </div>
  );
}
