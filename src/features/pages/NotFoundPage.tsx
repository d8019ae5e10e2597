import type { MetaFunction } from 'react-router';
import { ErrorPage } from '../../components/ErrorPage.tsx';

export const meta: MetaFunction = () => [{ title: 'Page Not Found | National Cancer Summit' }, { name: 'robots', content: 'noindex' }];

export default function NotFoundPage() {
  return <ErrorPage title="Page Not Found" message="The page you are looking for does not exist or has moved." />;
}
