import type { MetaFunction } from 'react-router';
import { ErrorPage } from '../../components/ErrorPage.tsx';
import { pageMeta } from '../../components/page-meta.ts';

export const meta: MetaFunction = () => pageMeta('Page Not Found', undefined, { index: false });

export default function NotFoundPage() {
  return <ErrorPage title="Page Not Found" message="The page you are looking for does not exist or has moved." />;
}
