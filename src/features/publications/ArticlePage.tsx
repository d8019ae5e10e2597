import { Suspense } from 'react';
import { Link, useParams, type MetaFunction } from 'react-router';
import { FormAlert } from '../../components/fields.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { usePublication } from './api.ts';
import { ArticleView } from './ArticleView.tsx';

export const meta: MetaFunction = ({ params }) => pageMeta((params.slug ?? 'Article').replace(/-/g, ' '), 'An article from the National Cancer Summit.');

function Article({ slug }: { slug: string }) {
  const { data: article } = usePublication(slug);
  if (!article) {
    return (
      <div className="container-page py-12">
        <h1>Article not found</h1>
        <p className="mt-4">
          It may have been moved or unpublished. See the <Link className="text-brand-700 underline" to="/blogs">latest articles</Link>.
        </p>
      </div>
    );
  }
  return <ArticleView article={article} />;
}

export default function ArticlePage() {
  const { slug = '' } = useParams();
  return (
    <Suspense fallback={<div className="container-page py-12"><h1>Loading article…</h1></div>}>
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
